/* lh-names.c: an enumeration's value from its name (see lh-names.h). */
#include "lh-names.h"

int
lh_names_lookup (const char *const *names, guint n_names, const char *text)
{
  for (guint k = 0; k < n_names; k++)
    if (g_strcmp0 (text, names[k]) == 0)
      return (int) k;
  return -1;
}
