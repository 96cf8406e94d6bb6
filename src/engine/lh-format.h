/* lh-format.h: numbers written for people, shared by the app's views and
 * the inspector's descriptions (GLib only). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lh_format_compact:
 * @value: a number (heuristic points, a mean value)
 * @show_sign: TRUE to write "+" before a positive value (for changes)
 * Returns: (transfer full): @value in at most 3 significant digits with a
 *   suffix k (thousand), M (million), G (10^9), T (10^12), e.g. "12.3k",
 *   "−1.50M", "0.25"; negative values take the minus sign U+2212; "NaN",
 *   "∞" and "−∞" for the values that are not finite.  Uses the locale's
 *   decimal separator.  Free with g_free().
 */
char *lh_format_compact (double value, gboolean show_sign);

G_END_DECLS
