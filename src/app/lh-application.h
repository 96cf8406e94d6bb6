/* lh-application.h: the Lookahead application (AdwApplication).
 *
 * Application actions app.quit, app.about and app.shortcuts, and the keyboard
 * accelerators of the window actions (win.new-game, win.undo, win.hint,
 * win.step, win.autoplay).
 *
 * Environment, for tests: LOOKAHEAD_AUTOPLAY=1 starts auto-play in the first
 * window as soon as it is made (as win.autoplay does), so a test can run
 * the real binary playing and saving on its own (tests/gui/test-crash-save.c);
 * LOOKAHEAD_SEED (lh-game-model.h) fixes the games' seeds.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LH_TYPE_APPLICATION (lh_application_get_type ())
G_DECLARE_FINAL_TYPE (LhApplication, lh_application, LH, APPLICATION, AdwApplication)

/**
 * lh_application_new:
 * @flags: GApplicationFlags; tests pass G_APPLICATION_NON_UNIQUE
 * Returns: (transfer full): the application, id io.github.lookahead.Lookahead.
 */
LhApplication *lh_application_new (GApplicationFlags flags);

/**
 * lh_application_new_shortcuts_window:
 * Returns: (transfer none): the keyboard shortcuts window (ui/
 *   lh-shortcuts-window.ui), not shown, its accessible names without
 *   mnemonic underscores; owned by GTK's list of toplevels until it is
 *   destroyed (closing it does).
 */
GtkWindow *lh_application_new_shortcuts_window (void);

G_END_DECLS
