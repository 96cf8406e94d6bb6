/* main.c: starts the Lookahead application. */
#include "lh-config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "lh-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr(LhApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = lh_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
