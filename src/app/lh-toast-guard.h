/* lh-toast-guard.h: a workaround for libadwaita 1.2's toast overlay.
 *
 * libadwaita before 1.2.3 frees a toast's record when its hide animation
 * ends while its show animation may still be running; the show animation's
 * end then reads the freed record and the program crashes (a
 * use-after-free: libadwaita commit 1674ebc9, "toast-overlay: Prevent
 * show_done from firing after hide_done", in 1.2.3 and 1.3; Debian 12 has
 * 1.2.2).  It happens when a toast is dismissed less than 500 ms after it
 * appears: a click on its close or action button then.  The GUI soak
 * (tests/gui/test-soak.c) crashed so after 13,000 and 19,000 events.
 *
 * The guard watches an overlay's children and makes each new toast widget
 * ignore the pointer (gtk_widget_set_can_target()) and the keyboard (not
 * focusable) until its show animation is over, so no click can dismiss it
 * early.  Toasts time out after seconds, never within 500 ms, and
 * Lookahead never dismisses one itself, so this closes every way into the
 * bug.  With libadwaita 1.2.3 or later (the Flatpak's) it does nothing.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/**
 * LH_TOAST_GUARD_MS:
 * How long a new toast ignores input: libadwaita 1.2's longest show
 * animation (REPLACE_DURATION, 500 ms) and a margin.
 */
#define LH_TOAST_GUARD_MS 650

/**
 * lh_toast_guard_attach:
 * Guards every toast @overlay shows from now on, for the overlay's life.
 * Only with a libadwaita older than 1.2.3 (adw_get_minor_version() and
 * adw_get_micro_version() at run time); otherwise nothing happens.
 */
void lh_toast_guard_attach (AdwToastOverlay *overlay);

/**
 * lh_toast_guard_needed:
 * Returns: TRUE when the libadwaita in use has the bug (older than 1.2.3)
 */
gboolean lh_toast_guard_needed (void);

G_END_DECLS
