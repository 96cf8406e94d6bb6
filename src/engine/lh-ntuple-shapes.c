/* lh-ntuple-shapes.c: the named shape sets of n-tuple networks, and shapes
 * written and described (see lh-ntuple.h). */
#include "lh-ntuple.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "lh-wide-board.h"

/* ---- Named shape sets ---------------------------------------------------- */

/* The digits of a cell: 0-9, then a-v (a shape's cells on 5x5 run to 24,
 * "o"); as the hex form's digits of a wide board's exponents. */
static const char cell_digits[] = "0123456789abcdefghijklmnopqrstuv";

typedef struct {
  const char *name;
  const char *cells;      /* 4x4 cells, shapes separated by spaces; NULL: built */
  const char *cells_5x5;  /* the same forms on 5x5, or NULL: 4x4 only */
} NamedSet;

static const NamedSet named_sets[] = {
  { "4x6", "012345 456789 012456 45689a", "012345 56789a 012567 567abc" },
  { "8x6", "012456 456789 012345 234569 01259a 345678 134567 01489a", NULL },
  { "2x4+2x6", "0123 4567 012456 45689a", NULL },
  { "lines+squares", NULL, NULL },
};

static const char *const shape_names[] = { "4x6", "8x6", "2x4+2x6", "lines+squares", NULL };

const char *const *
lh_ntuple_shape_names (void)
{
  return shape_names;
}

static guint
parse_set (const char *text, LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES])
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      LhNtupleShape *shape = &shapes[n++];

      shape->n_cells = (guint8) MIN (strlen (words[i]), LH_NTUPLE_MAX_CELLS);
      for (guint k = 0; k < shape->n_cells; k++)
        shape->cells[k] = (guint8) (strchr (cell_digits, words[i][k]) - cell_digits);
    }
  return n;
}

/* "lines+squares": the rows of the top half, on a rectangular board the
 * columns of the left half too, and the 2x2 squares whose top-left cell is
 * in the top-left quarter (on a square board on or above the diagonal):
 * one representative of each class under the geometry's symmetries. */
static guint
build_lines_and_squares (LhGeometry g, LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES])
{
  /* The geometry is valid (2..5 a side); MIN tells the compiler so. */
  guint rows = MIN (g.rows, LH_WIDE_MAX_SIDE), cols = MIN (g.cols, LH_WIDE_MAX_SIDE);
  gboolean square = rows == cols;
  guint stride = lh_geometry_cell_stride (g);
  guint n = 0;

  for (guint r = 0; r < (rows + 1u) / 2; r++)
    {
      LhNtupleShape *shape = &shapes[n++];

      shape->n_cells = (guint8) cols;
      for (guint c = 0; c < cols; c++)
        shape->cells[c] = (guint8) (stride * r + c);
    }
  if (!square)
    for (guint c = 0; c < (cols + 1u) / 2; c++)
      {
        LhNtupleShape *shape = &shapes[n++];

        shape->n_cells = (guint8) rows;
        for (guint r = 0; r < rows; r++)
          shape->cells[r] = (guint8) (stride * r + c);
      }
  for (guint r = 0; r <= (rows - 2u) / 2; r++)
    for (guint c = square ? r : 0; c <= (cols - 2u) / 2; c++)
      {
        LhNtupleShape *shape = &shapes[n++];
        guint top = stride * r + c;

        shape->n_cells = 4;
        shape->cells[0] = (guint8) top;
        shape->cells[1] = (guint8) (top + 1);
        shape->cells[2] = (guint8) (top + stride);
        shape->cells[3] = (guint8) (top + stride + 1);
      }
  return n;
}

gboolean
lh_ntuple_shapes_lookup (const char *name, LhGeometry geometry,
                         LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES], guint *n_shapes,
                         GError **error)
{
  g_return_val_if_fail (name != NULL && shapes != NULL && n_shapes != NULL, FALSE);

  if (!lh_wide_geometry_is_valid (geometry))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("An n-tuple network needs a board of 2 to 5 rows and columns, not %ux%u"),
                   geometry.rows, geometry.cols);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (named_sets); i++)
    {
      if (strcmp (name, named_sets[i].name) != 0)
        continue;
      memset (shapes, 0, sizeof (LhNtupleShape) * LH_NTUPLE_MAX_SHAPES);
      if (named_sets[i].cells == NULL)
        {
          *n_shapes = build_lines_and_squares (geometry, shapes);
          return TRUE;
        }
      if (geometry.rows == 4 && geometry.cols == 4)
        *n_shapes = parse_set (named_sets[i].cells, shapes);
      else if (geometry.rows == 5 && geometry.cols == 5 && named_sets[i].cells_5x5 != NULL)
        *n_shapes = parse_set (named_sets[i].cells_5x5, shapes);
      else
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       named_sets[i].cells_5x5 != NULL
                       ? _("The n-tuple shapes “%s” are for the 4x4 and 5x5 boards, not %ux%u; "
                           "use “lines+squares”")
                       : _("The n-tuple shapes “%s” are for the 4x4 board, not %ux%u; "
                           "use “lines+squares”"),
                       name, geometry.rows, geometry.cols);
          return FALSE;
        }
      return TRUE;
    }

  {
    g_autofree char *list = g_strjoinv (", ", (char **) shape_names);

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("Unknown n-tuple shapes “%s” (expected one of: %s)"), name, list);
  }
  return FALSE;
}

char *
lh_ntuple_shape_to_string (const LhNtupleShape *shape)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < shape->n_cells && k < LH_NTUPLE_MAX_CELLS; k++)
    g_string_append_c (s, cell_digits[shape->cells[k] & 0x1f]);
  return g_string_free (s, FALSE);
}

/* Where a cell set lies on the board: touching two borders that meet (a
 * corner), one border or two opposite ones (an edge), or none (the middle). */
typedef enum { PLACE_CORNER, PLACE_EDGE, PLACE_MIDDLE } Place;

static Place
place_of (guint r0, guint r1, guint c0, guint c1, LhGeometry geometry)
{
  gboolean top = r0 == 0, bottom = r1 + 1 == geometry.rows;
  gboolean left = c0 == 0, right = c1 + 1 == geometry.cols;

  if ((top || bottom) && (left || right))
    return PLACE_CORNER;
  if (top || bottom || left || right)
    return PLACE_EDGE;
  return PLACE_MIDDLE;
}

char *
lh_ntuple_shape_describe (const LhNtupleShape *shape, LhGeometry geometry)
{
  guint r0 = G_MAXUINT, r1 = 0, c0 = G_MAXUINT, c1 = 0, h, w, n;
  guint stride = lh_geometry_cell_stride (geometry);
  Place place;

  g_return_val_if_fail (shape != NULL && shape->n_cells > 0, NULL);

  n = MIN (shape->n_cells, LH_NTUPLE_MAX_CELLS);
  for (guint k = 0; k < n; k++)
    {
      guint r = shape->cells[k] / stride, c = shape->cells[k] % stride;

      r0 = MIN (r0, r);
      r1 = MAX (r1, r);
      c0 = MIN (c0, c);
      c1 = MAX (c1, c);
    }
  h = r1 - r0 + 1;
  w = c1 - c0 + 1;
  place = place_of (r0, r1, c0, c1, geometry);
  if (h * w == n && (h == 1 || w == 1))
    {
      /* A line: the network sees it in every orientation, so a row stands
       * for the columns too. */
      gboolean whole = (h == 1 && n == geometry.cols) || (w == 1 && n == geometry.rows);
      gboolean on_edge = (h == 1 && (r0 == 0 || r1 + 1 == geometry.rows))
                         || (w == 1 && (c0 == 0 || c1 + 1 == geometry.cols));

      if (whole)
        return g_strdup (on_edge ? _("Edge row") : _("Inner row"));
      return g_strdup_printf (on_edge
                              /* Translators: an n-tuple shape: %u cells in a line along the board's edge */
                              ? _("Edge row of %u")
                              /* Translators: an n-tuple shape: %u cells in a line inside the board */
                              : _("Inner row of %u"), n);
    }
  if (h * w == n)
    {
      guint a = MIN (h, w), b = MAX (h, w);

      switch (place)
        {
        /* Translators: an n-tuple shape: a block of %u×%u cells in a corner */
        case PLACE_CORNER: return g_strdup_printf (_("Corner %u×%u"), a, b);
        /* Translators: an n-tuple shape: a block of %u×%u cells along an edge */
        case PLACE_EDGE: return g_strdup_printf (_("Edge %u×%u"), a, b);
        case PLACE_MIDDLE:
        default:
          /* Translators: an n-tuple shape: a block of %u×%u cells off the edges */
          return g_strdup_printf (_("Middle %u×%u"), a, b);
        }
    }
  switch (place)
    {
    /* Translators: an n-tuple shape of %u cells, not a rectangle, in a corner */
    case PLACE_CORNER: return g_strdup_printf (_("Corner shape of %u"), n);
    /* Translators: an n-tuple shape of %u cells, not a rectangle, along an edge */
    case PLACE_EDGE: return g_strdup_printf (_("Edge shape of %u"), n);
    case PLACE_MIDDLE:
    default:
      /* Translators: an n-tuple shape of %u cells, not a rectangle, off the edges */
      return g_strdup_printf (_("Middle shape of %u"), n);
    }
}
