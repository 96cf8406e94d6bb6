/* lh-application.c: the application object (see lh-application.h). */
#include "lh-config.h"
#include "lh-application.h"

#include <glib/gi18n.h>

#include "lh-accessible.h"
#include "lh-board.h"
#include "lh-window.h"

struct _LhApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (LhApplication, lh_application, ADW_TYPE_APPLICATION)

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Close, not destroy: each window saves its game in close-request. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Lookahead developers", NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Lookahead"),
                         "application-icon", APPLICATION_ID,
                         "developer-name", _("The Lookahead developers"),
                         "version", PACKAGE_VERSION,
                         "comments", _("Play 2048 and watch an AI think ahead"),
                         "website", "https://github.com/lookahead/lookahead",
                         "issue-url", "https://github.com/lookahead/lookahead/issues",
                         "developers", developers,
                         "copyright", "© 2024 The Lookahead developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         /* Translators: your names, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

GtkWindow *
lh_application_new_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/lookahead/Lookahead/lh-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  /* Its page buttons ("_1", "_2") would be read with the underscore. */
  lh_accessible_fix_mnemonic_names (GTK_WIDGET (window));
  return window;
}

static void
shortcuts_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *window = lh_application_new_shortcuts_window ();

  gtk_window_set_transient_for (window, gtk_application_get_active_window (app));
  gtk_window_present (window);
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
  { "shortcuts", shortcuts_activated, NULL, NULL, NULL },
};

static void
lh_application_startup (GApplication *application)
{
  GtkApplication *app = GTK_APPLICATION (application);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.shortcuts", { "<Primary>question", NULL } },
    { "win.new-game", { "<Primary>n", NULL } },
    { "win.undo", { "<Primary>z", NULL } },
    { "win.hint", { "<Primary>h", NULL } },
    { "win.step", { "<Primary>period", NULL } },
    { "win.autoplay", { "<Primary>p", NULL } },
    { "win.review-game", { "<Primary>r", NULL } },
    { "win.open-game", { "<Primary>o", NULL } },
    { "win.export-game", { "<Primary><Shift>s", NULL } },
    { "win.show-inspector", { "F9", NULL } },
    { "win.show-sidebar", { "F8", NULL } },
    { "win.analyse", { "<Primary><Shift>a", NULL } },
  };

  G_APPLICATION_CLASS (lh_application_parent_class)->startup (application);

  lh_engine_init ();
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries,
                                   G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
}

static void
lh_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      window = GTK_WINDOW (lh_window_new (ADW_APPLICATION (application)));
      /* For tests (tests/gui/test-crash-save.c): auto-play from the start. */
      if (g_strcmp0 (g_getenv ("LOOKAHEAD_AUTOPLAY"), "1") == 0)
        g_action_group_change_action_state (G_ACTION_GROUP (window), "autoplay",
                                            g_variant_new_boolean (TRUE));
    }
  gtk_window_present (window);
}

static void
lh_application_class_init (LhApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = lh_application_startup;
  app_class->activate = lh_application_activate;
}

static void
lh_application_init (LhApplication *self)
{
}

LhApplication *
lh_application_new (GApplicationFlags flags)
{
  return g_object_new (LH_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", flags,
                       "resource-base-path", "/io/github/lookahead/Lookahead",
                       NULL);
}
