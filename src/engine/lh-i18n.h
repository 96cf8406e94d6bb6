/* lh-i18n.h: the program's locale and message catalogs, set up once at
 * start by lookahead and lookahead-cli. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lh_i18n_init:
 * Sets the locale from the environment (setlocale (LC_ALL, "")) and binds
 * the "lookahead" gettext domain, in UTF-8, to the installed catalogs
 * (LOCALEDIR) or, when the environment variable LOOKAHEAD_LOCALEDIR is
 * set and not empty, to the catalogs in that folder (a build tree's po
 * folder: how the translation tests run an uninstalled build).  Call it
 * first in main(), before any other thread starts.
 */
void lh_i18n_init (void);

G_END_DECLS
