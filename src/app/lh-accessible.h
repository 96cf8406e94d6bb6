/* lh-accessible.h: accessible names without mnemonic underscores.
 *
 * GTK 4.8 names a button whose label has a mnemonic ("_Hint", use-underline)
 * twice: its own label property holds the raw text with the underscore, and
 * it is also labelled by its label child, whose text has none, so a screen
 * reader hears "_Hint Hint" (or "Hint Hint" when a .ui file sets the
 * accessible label too).  A check button has only the raw text: "_Check".
 * These helpers give such widgets one name, without the underscore.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * lh_accessible_strip_mnemonic:
 * @text: a label with mnemonics ("S_olver", "Save __As")
 * Returns: (transfer full): @text as shown: each single '_' dropped, "__"
 *   written as '_' ("Solver", "Save _As"); free with g_free().
 */
char *lh_accessible_strip_mnemonic (const char *text);

/**
 * lh_accessible_fix_mnemonic_names:
 * @root: a widget: it and every widget below it are fixed
 *
 * Every button (GtkButton, GtkToggleButton, GtkCheckButton) below @root
 * whose label (or label child) uses an underline gets one accessible name, its label as
 * shown (lh_accessible_strip_mnemonic(); it replaces an accessible label
 * set before, which GTK 4.8 offers no way to read back), and the
 * labelled-by relation that would repeat it is dropped.  Call it once the
 * widgets are built (a template's init, a dialog's responses added), and
 * again after changing such a label in code (GTK sets the raw text again).
 */
void lh_accessible_fix_mnemonic_names (GtkWidget *root);

G_END_DECLS
