/* lh-names.h: an enumeration's value from its name, for the tables of names
 * that the solvers' parameters and the record's JSON use. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lh_names_lookup:
 * @names: (array length=n_names): the names, indexed by value
 * @text: (nullable): the name to find (case-sensitive)
 * Returns: the index of @text in @names, or -1 when it is not there (or NULL).
 */
int lh_names_lookup (const char *const *names, guint n_names, const char *text);

G_END_DECLS
