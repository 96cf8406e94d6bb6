/* main.c: starts the Lookahead application. */
#include "lh-config.h"

#include "lh-application.h"
#include "lh-i18n.h"

int
main (int argc, char *argv[])
{
  g_autoptr(LhApplication) app = NULL;

  lh_i18n_init ();

  app = lh_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
