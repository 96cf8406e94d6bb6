/* lh-tdl2048-file.c: reading TDL2048+'s weight files (see lh-tdl2048-file.h). */
#include "lh-config.h"
#include "lh-tdl2048-file.h"
#include "lh-le-bytes.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Most tables in one file: every shape of every stage. */
#define MAX_TABLES (LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_STAGES)
/* A table's fixed fields: code 1, name 8, element size 2, length 8. */
#define TABLE_HEAD 19

typedef struct {
  LhNtupleShape shape;
  guint         stage;
  guint         element_size;
  guint64       n_entries;
  const guint8 *weights;
  char          name[16];
} Table;

/* TDL2048+'s named networks (2048.cpp, resolve()), to name a file's
 * patterns as its author did. */
static const struct {
  const char *alias;
  const char *patterns;
} aliases[] = {
  { "4x6patt", "012345 456789 012456 45689a" },
  { "5x6patt", "012345 456789 89abcd 012456 45689a" },
  { "6x6patt", "012456 456789 012345 234569 01259a 345678" },
  { "7x6patt", "012456 456789 012345 234569 01259a 345678 134567" },
  { "8x6patt", "012456 456789 012345 234569 01259a 345678 134567 01489a" },
  { "5x4patt", "0123 4567 0145 1256 569a" },
  { "2x4patt", "0123 4567" },
};

/* lh_ntuple_file_set_error(), then FALSE for the caller to return. */
#define fail(error, code, name, ...) \
  (lh_ntuple_file_set_error ((error), (code), (name), __VA_ARGS__), FALSE)

#define DAMAGED LH_NTUPLE_FILE_ERROR_DAMAGED

gboolean
lh_tdl2048_file_sniff (const guint8 *data, gsize length)
{
  gsize at = 0;
  guint32 count;

  if (length > 0 && data[0] == 'w')
    at = 1;
  if (length < at + 6 || data[at] != 0)
    return FALSE;
  count = lh_le_get_u32 (data + at + 1);
  return count >= 1 && count <= MAX_TABLES && data[at + 5] == 4;
}

const char *
lh_tdl2048_file_default_stages (guint n_stages)
{
  switch (n_stages)
    {
    case 1:
      return "";
    case 2:
      return "16384";
    case 4:
      return "16384,32768,32768+16384";
    default:
      return NULL;
    }
}

/* IEEE 754 binary16 to float (all of it: zeros, subnormals, infinities and
 * NaNs, which the caller rejects). */
static float
half_to_float (guint16 h)
{
  guint sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float magnitude;

  if (exponent == 0)
    magnitude = ldexpf ((float) mantissa, -24);
  else if (exponent == 31)
    magnitude = mantissa == 0 ? INFINITY : NAN;
  else
    magnitude = ldexpf ((float) (mantissa | 0x400), (int) exponent - 25);
  return sign != 0 ? -magnitude : magnitude;
}

static float
get_weight (const guint8 *p, guint element_size)
{
  switch (element_size)
    {
    case 2:
      return half_to_float ((guint16) (p[0] | (p[1] << 8)));
    case 8:
      return (float) lh_le_get_f64 (p);
    default:
      return lh_le_get_f32 (p);
    }
}

/* Reads the name of the table at @head (its 8 name bytes) into @table: the
 * pattern from the last digits, the stage from those before.
 * @n_cells: the pattern's length, from the table's length. */
static gboolean
read_table_name (const guint8 *head, guint n_cells, gsize offset, Table *table,
                 const char *name, GError **error)
{
  guint32 sign = lh_le_get_u32 (head);
  guint width = head[4] | (head[5] << 8);
  gsize digits;
  guint stage = 0;

  if (head[6] != 0 || head[7] != 0)
    {
      g_autofree char *raw = g_strndup ((const char *) head, 8);
      g_autofree char *text = g_utf8_make_valid (raw, -1);

      g_strchomp (text);
      return fail (error, DAMAGED, name,
                   _("the table at byte %lu, “%s”, is not an n-tuple pattern (Lookahead "
                     "reads only tables named by their cells, such as “012345”)"),
                   (unsigned long) offset, text);
    }
  /* As TDL2048+ reads it back: width 0 is the pattern's length, a width too
   * short for the number is 8. */
  if (width == 0)
    width = n_cells;
  g_snprintf (table->name, sizeof table->name, "%x", sign);
  if (width < strlen (table->name) || width > 8)
    width = 8;
  g_snprintf (table->name, sizeof table->name, "%0*x", (int) width, sign);
  digits = strlen (table->name);
  if (digits < n_cells)
    return fail (error, DAMAGED, name,
                 _("the table at byte %lu, “%s”, is a pattern of %u cells, but its name has "
                   "only %lu digits"),
                 (unsigned long) offset, table->name, n_cells, (unsigned long) digits);
  /* The stage digits are stage's hexadecimal digits reversed. */
  for (gsize i = digits - n_cells; i > 0; i--)
    {
      guint d = (guint) g_ascii_xdigit_value (table->name[i - 1]);

      if (stage >= LH_NTUPLE_MAX_STAGES)
        break;
      stage = stage * 16 + d;
    }
  if (stage >= LH_NTUPLE_MAX_STAGES)
    return fail (error, DAMAGED, name,
                 _("the table “%s” belongs to a stage past the %d stages a network of "
                   "Lookahead holds"),
                 table->name, LH_NTUPLE_MAX_STAGES);
  table->stage = stage;
  table->shape.n_cells = (guint8) n_cells;
  for (guint k = 0; k < n_cells && k < LH_NTUPLE_MAX_CELLS; k++)
    table->shape.cells[k] = (guint8) g_ascii_xdigit_value (table->name[digits - n_cells + k]);
  return TRUE;
}

/* Reads the table at @data + *at and moves *at past it. */
static gboolean
read_table (const guint8 *data, gsize length, gsize *at, Table *table, const char *name,
            GError **error)
{
  gsize offset = *at, p = *at;
  guint64 n;
  guint n_cells = 0;

  if (length - p < TABLE_HEAD)
    return fail (error, DAMAGED, name,
                 _("the file is truncated: it ends at byte %lu inside a table's header"),
                 (unsigned long) length);
  if (data[p] != 4)
    return fail (error, DAMAGED, name,
                 _("the table at byte %lu has code %u; TDL2048+ writes 4"),
                 (unsigned long) offset, data[p]);
  table->element_size = data[p + 9] | (data[p + 10] << 8);
  n = lh_le_get_u64 (data + p + 11);
  if (table->element_size != 2 && table->element_size != 4 && table->element_size != 8)
    return fail (error, DAMAGED, name,
                 _("the table at byte %lu has weights of %u bytes; TDL2048+ writes 2, 4 or 8"),
                 (unsigned long) offset, table->element_size);
  for (guint64 m = n; m > 1 && (m & 0xf) == 0; m >>= 4)
    n_cells++;
  if (n_cells == 0 || n_cells > LH_NTUPLE_MAX_CELLS || n != (guint64) 1 << (4 * n_cells))
    return fail (error, DAMAGED, name,
                 _("the table at byte %lu has %llu entries; a pattern of k cells has 16^k, "
                   "k from 1 to %d"),
                 (unsigned long) offset, (unsigned long long) n, LH_NTUPLE_MAX_CELLS);
  if (!read_table_name (data + p + 1, n_cells, offset, table, name, error))
    return FALSE;
  table->n_entries = n;
  p += TABLE_HEAD;
  if ((length - p) / table->element_size < n)
    return fail (error, DAMAGED, name,
                 _("the file is truncated: the table “%s” at byte %lu needs %llu bytes of "
                   "weights, and %lu are left"),
                 table->name, (unsigned long) offset,
                 (unsigned long long) (n * table->element_size), (unsigned long) (length - p));
  table->weights = data + p;
  p += n * table->element_size;
  /* Further blocks (the TC tables) until a size of 0. */
  for (;;)
    {
      guint size;
      guint64 count;

      if (length - p < 2)
        return fail (error, DAMAGED, name,
                     _("the file is truncated: the table “%s” has no end mark"), table->name);
      size = data[p] | (data[p + 1] << 8);
      p += 2;
      if (size == 0)
        break;
      if (length - p < 8)
        return fail (error, DAMAGED, name,
                     _("the file is truncated inside the extra data of the table “%s”"),
                     table->name);
      count = lh_le_get_u64 (data + p);
      p += 8;
      if (count > (length - p) / size)
        return fail (error, DAMAGED, name,
                     _("the file is truncated inside the extra data of the table “%s”"),
                     table->name);
      p += count * size;
    }
  *at = p;
  return TRUE;
}

/* Reads every table of every container into @tables. */
static gboolean
read_tables (const guint8 *data, gsize length, Table *tables, guint *n_tables, const char *name,
             GError **error)
{
  gsize at = length > 0 && data[0] == 'w' ? 1 : 0;

  *n_tables = 0;
  if (!lh_tdl2048_file_sniff (data, length))
    return fail (error, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK, name,
                 _("not a weight file of TDL2048+ (it does not start with a 0 byte, a table "
                   "count and a table)"));
  while (at < length)
    {
      guint32 count;

      if (data[at] != 0)
        return fail (error, DAMAGED, name,
                     _("unexpected byte %u at byte %lu, where a block of tables or the end "
                       "should be"),
                     data[at], (unsigned long) at);
      if (length - at < 5)
        return fail (error, DAMAGED, name,
                     _("the file is truncated: it ends at byte %lu inside a table count"),
                     (unsigned long) length);
      count = lh_le_get_u32 (data + at + 1);
      at += 5;
      if (count > MAX_TABLES - *n_tables)
        return fail (error, DAMAGED, name,
                     _("the file claims more than %d tables, the most a network of "
                       "Lookahead holds (%d patterns in %d stages)"),
                     MAX_TABLES, LH_NTUPLE_MAX_SHAPES, LH_NTUPLE_MAX_STAGES);
      for (guint32 i = 0; i < count; i++)
        if (!read_table (data, length, &at, &tables[(*n_tables)++], name, error))
          return FALSE;
    }
  if (*n_tables == 0)
    return fail (error, DAMAGED, name, _("the file holds no table"));
  return TRUE;
}

static gboolean
same_shape (const LhNtupleShape *a, const LhNtupleShape *b)
{
  return a->n_cells == b->n_cells && memcmp (a->cells, b->cells, a->n_cells) == 0;
}

/* Sorts @tables into @shapes (stage 0's order) and checks that every stage
 * has each of them once.  @order[t]: table t's shape. */
static gboolean
group_tables (const Table *tables, guint n_tables, LhNtupleShape *shapes, guint *n_shapes,
              guint *n_stages, guint *order, const char *name, GError **error)
{
  guint max_stage = 0;
  guint8 seen[LH_NTUPLE_MAX_STAGES][LH_NTUPLE_MAX_SHAPES] = { { 0 } };

  *n_shapes = 0;
  for (guint t = 0; t < n_tables; t++)
    if (tables[t].stage == 0)
      {
        for (guint s = 0; s < *n_shapes; s++)
          if (same_shape (&shapes[s], &tables[t].shape))
            return fail (error, DAMAGED, name, _("the pattern “%s” appears twice"),
                         tables[t].name);
        if (*n_shapes == LH_NTUPLE_MAX_SHAPES)
          return fail (error, DAMAGED, name,
                       _("more than %d patterns; a network of Lookahead holds at most %d"),
                       LH_NTUPLE_MAX_SHAPES, LH_NTUPLE_MAX_SHAPES);
        shapes[(*n_shapes)++] = tables[t].shape;
      }
  for (guint t = 0; t < n_tables; t++)
    {
      guint s = 0;

      while (s < *n_shapes && !same_shape (&shapes[s], &tables[t].shape))
        s++;
      if (s == *n_shapes)
        return fail (error, DAMAGED, name,
                     _("the table “%s” of stage %u has a pattern that stage 0 does not have; "
                       "every stage must have the same patterns"),
                     tables[t].name, tables[t].stage);
      if (seen[tables[t].stage][s]++)
        return fail (error, DAMAGED, name, _("the table “%s” appears twice"), tables[t].name);
      order[t] = s;
      max_stage = MAX (max_stage, tables[t].stage);
    }
  for (guint k = 0; k <= max_stage; k++)
    for (guint s = 0; s < *n_shapes; s++)
      if (!seen[k][s])
        {
          g_autofree char *cells = lh_ntuple_shape_to_string (&shapes[s]);

          return fail (error, DAMAGED, name,
                       _("stage %u has no table for the pattern %s; every stage must have the "
                         "same patterns"),
                       k, cells);
        }
  *n_stages = max_stage + 1;
  return TRUE;
}

static char *
describe (const LhNtupleShape *shapes, guint n_shapes, const char *stages)
{
  g_autoptr(GString) patterns = g_string_new (NULL);
  const char *alias = NULL;

  for (guint s = 0; s < n_shapes; s++)
    {
      g_autofree char *cells = lh_ntuple_shape_to_string (&shapes[s]);

      g_string_append_printf (patterns, "%s%s", s > 0 ? " " : "", cells);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (aliases[i].patterns, patterns->str))
      alias = aliases[i].alias;
  /* A named set by its name alone; other patterns by their cells. */
  if (alias == NULL)
    alias = patterns->str;
  if (stages[0] != '\0')
    /* Translators: a network made by TDL2048+ (a program's name): its
     * patterns' name in TDL2048+ ("4x6patt") or the patterns themselves
     * ("012345 456789"), and its stages ("16384") */
    return g_strdup_printf (_("TDL2048+ %s, stages %s"), alias, stages);
  return g_strdup_printf ("TDL2048+ %s", alias);
}

LhNtuple *
lh_tdl2048_file_load_bytes (const guint8 *data, gsize length, const char *name,
                            const char *stages, LhNtupleFileInfo *info, GError **error)
{
  g_autoptr(LhNtuple) net = NULL;
  g_autofree Table *tables = g_new0 (Table, MAX_TABLES);
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint order[MAX_TABLES];
  guint16 stage_tiles[LH_NTUPLE_MAX_STAGES];
  guint n_tables = 0, n_shapes = 0, n_stages = 1, n_parsed = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_tables (data, length, tables, &n_tables, name, error)
      || !group_tables (tables, n_tables, shapes, &n_shapes, &n_stages, order, name, error))
    return NULL;

  if (stages == NULL)
    {
      stages = lh_tdl2048_file_default_stages (n_stages);
      if (stages == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("%s: the network has %u stages; give the tiles that begin stages 1 "
                         "to %u (TDL2048+'s -@ thresholds), for example “16384,32768”"),
                       name, n_stages, n_stages - 1);
          return NULL;
        }
    }
  if (!lh_ntuple_stages_parse (stages, stage_tiles, &n_parsed, error))
    return NULL;
  if (n_parsed != n_stages)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the network has %u stages, and “%s” names %u"), name, n_stages,
                   stages, n_parsed);
      return NULL;
    }

  {
    g_autoptr(GError) local = NULL;

    net = lh_ntuple_new_staged (LH_GEOMETRY_DEFAULT, shapes, n_shapes, stage_tiles, n_stages,
                                &local);
    if (net == NULL)
      {
        if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
          g_propagate_error (error, g_steal_pointer (&local));
        else
          lh_ntuple_file_set_error (error, DAMAGED, name, "%s", local->message);
        return NULL;
      }
  }

  for (guint t = 0; t < n_tables; t++)
    {
      const Table *table = &tables[t];
      float *weights = lh_ntuple_get_weights (net, order[t], NULL)
                       + table->stage * table->n_entries;

      for (guint64 i = 0; i < table->n_entries; i++)
        {
          float w = get_weight (table->weights + i * table->element_size, table->element_size);

          if (!isfinite (w))
            {
              lh_ntuple_file_set_error (error, DAMAGED, name,
                                        _("the table “%s” holds a weight that is not a finite "
                                          "number (entry %llu)"),
                                        table->name, (unsigned long long) i);
              return NULL;
            }
          weights[i] = w;
        }
    }

  if (info != NULL)
    {
      g_autofree char *stages_text = lh_ntuple_stages_to_string (net);

      info->games = 0;
      info->moves = 0;
      info->options = g_strdup ("");
      info->name = describe (shapes, n_shapes, stages_text);
    }
  return g_steal_pointer (&net);
}

LhNtuple *
lh_tdl2048_file_load (const char *path, const char *stages, LhNtupleFileInfo *info,
                      GError **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  mapped = lh_ntuple_file_map (path, &name, error);
  if (mapped == NULL)
    return NULL;
  return lh_tdl2048_file_load_bytes ((const guint8 *) g_mapped_file_get_contents (mapped),
                                     g_mapped_file_get_length (mapped), name, stages, info,
                                     error);
}
