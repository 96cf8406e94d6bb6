/* test-accessible.c: what screen readers are told, read back through GTK's
 * test accessibility backend (GTK_A11Y=test): the inspector's mini board
 * and tree view, the heuristic panel's rows, and names without mnemonic
 * underscores. */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <string.h>

#include "lh-board-text.h"
#include "lh-mini-board.h"

/* The value of @property of @accessible (a string property); "" when unset. */
static char *
accessible_string (GtkAccessible *accessible, GtkAccessibleProperty property)
{
  /* check_property returns the actual value when it differs from the one
   * asked for, NULL when it is that one: ask for one it cannot be. */
  char *value = gtk_test_accessible_check_property (accessible, property, "\\x01 never");

  return value != NULL ? value : g_strdup ("\\x01 never");
}

/* The mini board says its tiles, and follows the board it is given. */
static void
test_mini_board_description (void)
{
  GtkWidget *board = g_object_ref_sink (lh_mini_board_new (20));
  g_autofree char *empty = NULL;
  g_autofree char *text = NULL;
  LhBoard b = 0;
  LhGeometry g;

  empty = accessible_string (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull (strstr (empty, "Row 1: empty, empty, empty, empty."));

  g_assert_true (lh_board_parse ("2 0 0/0 0 0/0 0 1024", &b, &g, NULL));
  lh_mini_board_set_board (LH_MINI_BOARD (board), b, g);
  text = accessible_string (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (text, ==, "Row 1: 2, empty, empty. Row 2: empty, empty, empty. "
                             "Row 3: empty, empty, 1024.");
  g_object_unref (board);
}

int
main (int argc, char *argv[])
{
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("no display: run under xvfb-run -a\n");
      return 1;
    }
  adw_init ();

  g_test_add_func ("/accessible/mini-board-description", test_mini_board_description);
  return g_test_run ();
}
