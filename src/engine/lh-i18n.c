/* lh-i18n.c: the program's locale and message catalogs (see lh-i18n.h). */
#include "lh-config.h"
#include "lh-i18n.h"

#include <locale.h>
#include <glib/gi18n-lib.h>

void
lh_i18n_init (void)
{
  const char *locale_dir = g_getenv ("LOOKAHEAD_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir != NULL && locale_dir[0] != '\0' ? locale_dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
