/* lh-accessible.c: accessible names without mnemonics (see lh-accessible.h). */
#include "lh-config.h"
#include "lh-accessible.h"

#include <string.h>

char *
lh_accessible_strip_mnemonic (const char *text)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            {
              g_string_append_c (out, '_');
              p++;
            }
          continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* Names a button with a mnemonic by its label as shown, once. */
static void
fix_one (GtkWidget *widget)
{
  g_autofree char *name = NULL;

  if (GTK_IS_CHECK_BUTTON (widget))
    {
      const char *label = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));

      if (label != NULL && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)))
        name = lh_accessible_strip_mnemonic (label);
    }
  else if (GTK_IS_BUTTON (widget))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (widget));

      if (label != NULL && gtk_button_get_use_underline (GTK_BUTTON (widget)))
        name = lh_accessible_strip_mnemonic (label);
      /* A label child of its own (GtkStackSwitcher's page buttons). */
      else if (label == NULL && GTK_IS_LABEL (child) && gtk_label_get_use_underline (GTK_LABEL (child)))
        name = g_strdup (gtk_label_get_text (GTK_LABEL (child)));
    }
  if (name == NULL)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

void
lh_accessible_fix_mnemonic_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  fix_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    lh_accessible_fix_mnemonic_names (child);
}
