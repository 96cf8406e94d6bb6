/* fuzz-ntuple.h: the oracle the fuzz targets of network files share. */
#pragma once

#include <string.h>

#include "fuzz-common.h"
#include "lh-ntuple.h"

G_BEGIN_DECLS

/* Aborts unless @a and @b have the same geometry, stages, shapes and
 * weights, bit for bit. */
static inline void
lh_fuzz_assert_same_network (const LhNtuple *a, const LhNtuple *b)
{
  lh_fuzz_assert (lh_geometry_equal (lh_ntuple_get_geometry (a), lh_ntuple_get_geometry (b)));
  lh_fuzz_assert (lh_ntuple_get_n_shapes (a) == lh_ntuple_get_n_shapes (b));
  lh_fuzz_assert (lh_ntuple_get_n_stages (a) == lh_ntuple_get_n_stages (b));
  for (guint i = 0; i < lh_ntuple_get_n_shapes (a); i++)
    {
      const LhNtupleShape *sa = lh_ntuple_get_shape (a, i), *sb = lh_ntuple_get_shape (b, i);
      guint64 n, m;
      const float *wa = lh_ntuple_get_weights (a, i, &n);
      const float *wb = lh_ntuple_get_weights (b, i, &m);

      lh_fuzz_assert (sa->n_cells == sb->n_cells);
      lh_fuzz_assert (memcmp (sa->cells, sb->cells, sa->n_cells) == 0);
      lh_fuzz_assert (n == m);
      lh_fuzz_assert (memcmp (wa, wb, n * sizeof (float)) == 0);
    }
}

G_END_DECLS
