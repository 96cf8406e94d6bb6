/* test-translations.c: the real Lookahead window in German or French.
 *
 * Run with LANGUAGE=de or LANGUAGE=fr, a UTF-8 locale (LC_ALL=C.UTF-8) and
 * LOOKAHEAD_LOCALEDIR the build tree's po folder, where the catalogs are
 * compiled (<lang>/LC_MESSAGES/lookahead.mo).  The program binds the text
 * domain there as main.c binds it to the installed catalogs, starts
 * LhApplication, and reads back what the widgets show: labels and
 * mnemonics from the .ui templates, titles set in C, tooltips, group
 * titles, an accessible label; then plural forms from the catalog.
 */
#include "lh-config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-application.h"
#include "lh-gui-test-util.h"
#include "lh-test-util.h"
#include "lh-window.h"

/* One text of the window, in English (the msgid) and as each language
 * shows it. */
typedef struct
{
  const char *english;
  const char *de;
  const char *fr;
} Expected;

static const Expected expected_texts[] = {
  /* Labels of the .ui template, with their mnemonics. */
  { "_New Game", "_Neues Spiel", "_Nouvelle partie" },
  { "_Hint", "_Tipp", "_Indice" },
  { "_Step", "_Schritt", "_Un coup" },
  { "_Auto-play", "_Autopilot", "Jeu _automatique" },
  { "Analyse _every position", "_Jede Stellung analysieren", "Analyser _chaque position" },
  { "Score", "Punktzahl", "Score" },
  /* A row title of the AI panel's template, and one set in C. */
  { "S_olver", "_Löser", "_Solveur" },
  { "Show _Heat Map on the Board", "_Wärmebild auf dem Spielfeld anzeigen",
    "Afficher la carte de _chaleur sur le plateau" },
  /* Group titles. */
  { "Search", "Suche", "Recherche" },
  { "Breakdown", "Aufschlüsselung", "Détail" },
  /* Tooltips. */
  { "Undo the last move (Ctrl+Z)", "Den letzten Zug rückgängig machen (Strg+Z)",
    "Annuler le dernier coup (Ctrl+Z)" },
  { "Show the search tree (F9)", "Den Suchbaum anzeigen (F9)", "Afficher l’arbre de recherche (F9)" },
};

static LhApplication *app;
static LhWindow *window;
static char *data_home;
static gboolean german;

static const char *
translated (const Expected *e)
{
  return german ? e->de : e->fr;
}

/* Maps @text to @widget unless another widget shows it; a GtkLabel (which
 * holds the mnemonic) is preferred to the button around it. */
static void
add_text (GHashTable *texts, const char *text, GtkWidget *widget)
{
  GtkWidget *shown_by;

  if (text == NULL || *text == '\0')
    return;
  shown_by = g_hash_table_lookup (texts, text);
  if (shown_by == NULL || (GTK_IS_LABEL (widget) && !GTK_IS_LABEL (shown_by)))
    g_hash_table_insert (texts, g_strdup (text), widget);
}

/* Every text @widget and its descendants show, each mapped to a widget
 * that shows it. */
static void
collect_texts (GtkWidget *widget, GHashTable *texts)
{
  if (GTK_IS_LABEL (widget))
    add_text (texts, gtk_label_get_label (GTK_LABEL (widget)), widget);
  if (ADW_IS_PREFERENCES_ROW (widget))
    add_text (texts, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), widget);
  if (ADW_IS_PREFERENCES_GROUP (widget))
    add_text (texts, adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), widget);
  if (GTK_IS_CHECK_BUTTON (widget))
    add_text (texts, gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), widget);
  if (GTK_IS_BUTTON (widget))
    add_text (texts, gtk_button_get_label (GTK_BUTTON (widget)), widget);
  add_text (texts, gtk_widget_get_tooltip_text (widget), widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

static GHashTable *
window_texts (void)
{
  GHashTable *texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  collect_texts (GTK_WIDGET (window), texts);
  return texts;
}

/* The catalog of the build tree is the one in use: without it every test
 * below would fail for a reason it does not name. */
static void
test_catalog_found (void)
{
  const char *new_game = g_dgettext (GETTEXT_PACKAGE, "_New Game");

  if (strcmp (new_game, "_New Game") == 0)
    g_error ("“_New Game” is not translated: is %s/%s/LC_MESSAGES/%s.mo built, and is a UTF-8 locale set?",
             g_getenv ("LOOKAHEAD_LOCALEDIR"), german ? "de" : "fr", GETTEXT_PACKAGE);
  g_assert_cmpstr (new_game, ==, german ? "_Neues Spiel" : "_Nouvelle partie");
}

/* Each text shows translated, and nowhere in English. */
static void
test_window_texts (void)
{
  g_autoptr(GHashTable) texts = window_texts ();

  for (guint i = 0; i < G_N_ELEMENTS (expected_texts); i++)
    {
      const Expected *e = &expected_texts[i];
      const char *text = translated (e);

      if (!g_hash_table_contains (texts, text))
        g_error ("the window does not show “%s” (for “%s”)", text, e->english);
      if (strcmp (text, e->english) != 0 && g_hash_table_contains (texts, e->english))
        g_error ("the window still shows “%s” untranslated", e->english);
    }
}

/* A translated label with an underline keeps a working mnemonic: the
 * letter after the underscore. */
static void
test_mnemonics (void)
{
  g_autoptr(GHashTable) texts = window_texts ();
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected_texts); i++)
    {
      const char *text = translated (&expected_texts[i]);
      const char *underscore = strchr (text, '_');
      GtkWidget *widget = g_hash_table_lookup (texts, text);
      guint wanted;

      if (underscore == NULL || !GTK_IS_LABEL (widget) || !gtk_label_get_use_underline (GTK_LABEL (widget)))
        continue;
      wanted = gdk_keyval_to_lower (gdk_unicode_to_keyval (g_utf8_get_char (underscore + 1)));
      g_assert_cmpuint (gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (widget))), ==, wanted);
      checked++;
    }
  /* The buttons' labels at least (New Game, Hint, Step, Auto-play). */
  g_assert_cmpuint (checked, >=, 4);
}

/* What screen readers are told is translated too: the chart of move
 * values' accessible label (GTK_A11Y=test reads it back). */
static void
test_accessible_label (void)
{
  GtkWidget *chart = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW, "move_chart"));
  g_autofree char *mismatch = NULL;

  g_assert_nonnull (chart);
  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 german ? "Wert jedes Zugs" : "Valeur de chaque coup");
  g_assert_null (mismatch);
}

/* Plural forms follow each language's rule: French counts 0 as singular. */
static void
test_plurals (void)
{
  g_autofree char *one = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", 1), 1u);
  g_autofree char *zero = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", 0), 0u);
  g_autofree char *five = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", 5), 5u);

  g_assert_cmpstr (one, ==, german ? "1 Zug" : "1 coup");
  g_assert_cmpstr (zero, ==, german ? "0 Züge" : "0 coup");
  g_assert_cmpstr (five, ==, german ? "5 Züge" : "5 coups");
}

int
main (int argc, char *argv[])
{
  const char *language = g_getenv ("LANGUAGE");
  const char *locale_dir = g_getenv ("LOOKAHEAD_LOCALEDIR");
  int status;

  if (language == NULL || locale_dir == NULL)
    g_error ("set LANGUAGE (de or fr) and LOOKAHEAD_LOCALEDIR (the build tree's po folder)");
  if (g_str_has_prefix (language, "de"))
    german = TRUE;
  else if (!g_str_has_prefix (language, "fr"))
    g_error ("LANGUAGE=%s: this test knows de and fr", language);

  /* As main.c does, with the build tree's catalogs. */
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the locale of the environment is not available (LC_ALL=%s)", g_getenv ("LC_ALL"));
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Fresh folders: no saved game of the user, no cached solutions. */
  data_home = lh_gui_test_fresh_dirs ("lookahead-i18n-XXXXXX");

  lh_gui_test_init (&argc, &argv);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_boolean (settings, "live-analysis", FALSE);
  }

  window = lh_gui_test_start_application (&app);
  lh_gui_test_iterate_for (200);

  g_test_add_func ("/gui/translations/catalog-found", test_catalog_found);
  g_test_add_func ("/gui/translations/window-texts", test_window_texts);
  g_test_add_func ("/gui/translations/mnemonics", test_mnemonics);
  g_test_add_func ("/gui/translations/accessible-label", test_accessible_label);
  g_test_add_func ("/gui/translations/plurals", test_plurals);
  status = g_test_run ();

  g_clear_object (&app);
  lh_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
