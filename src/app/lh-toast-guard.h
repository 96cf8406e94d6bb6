/* lh-toast-guard.h: a workaround for libadwaita 1.2's toast overlay.
 *
 * libadwaita before 1.2.3 frees a toast's record when its hide animation
 * ends while its show animation may still be running; the show animation's
 * end then clears a field of the freed record (g_clear_object() on whatever
 * the freed memory holds by then): a g_object_unref() critical, a crash or
 * a corrupted heap (libadwaita commit 1674ebc9, "toast-overlay: Prevent
 * show_done from firing after hide_done", in 1.2.3 and 1.3; Debian 12 has
 * 1.2.2).  A toast's show animation takes 300 ms, or 500 ms when it
 * replaces a toast that is still hiding; its hide takes 300 ms.  So any
 * dismissal less than 200 ms after a toast appears leads into the bug:
 * a click on its close or action button, or Escape, the overlay's own key
 * for dismissing its toast, pressed just after a queued toast replaced the
 * one dismissed.  The GUI soak (tests/gui/test-soak.c) crashed after 13,000
 * and 19,000 events through clicks, and aborted on the critical through
 * Escape (issue 24).
 *
 * The guard defers every dismissal of a toast that appeared less than
 * LH_TOAST_GUARD_MS ago until then: its "dismissed" signal is stopped
 * before the overlay sees it, and the toast is dismissed again when its
 * show animation is surely over.  A click or Escape still dismisses the
 * toast, at most LH_TOAST_GUARD_MS after it appeared.  It takes two parts:
 * lh_toast_guard_attach() on each overlay (it notes when each toast
 * appears) and lh_toast_guard_add_toast() for each toast (its handler must
 * come before the overlay's).  With libadwaita 1.2.3 or later (the
 * Flatpak's) both do nothing of their own.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/**
 * LH_TOAST_GUARD_MS:
 * How long after a toast appears its dismissals wait: libadwaita 1.2's
 * longest show animation (REPLACE_DURATION, 500 ms) and a margin.
 */
#define LH_TOAST_GUARD_MS 650

/**
 * lh_toast_guard_attach:
 * Notes, for the overlay's life, when each toast that @overlay shows
 * appears, so that lh_toast_guard_add_toast() can defer its early
 * dismissals.  Only with a libadwaita older than 1.2.3
 * (lh_toast_guard_needed()); otherwise nothing happens.  A toast that
 * appears without lh_toast_guard_add_toast() is a programming error,
 * reported with g_critical().
 */
void lh_toast_guard_attach (AdwToastOverlay *overlay);

/**
 * lh_toast_guard_add_toast:
 * adw_toast_overlay_add_toast() (which takes @toast: transfer full), with
 * every dismissal of @toast within LH_TOAST_GUARD_MS of its appearance
 * deferred until then, when the libadwaita in use needs it.  @overlay must
 * have been given to lh_toast_guard_attach().
 */
void lh_toast_guard_add_toast (AdwToastOverlay *overlay,
                               AdwToast        *toast);

/**
 * lh_toast_guard_needed:
 * Returns: TRUE when the libadwaita in use has the bug (older than 1.2.3)
 */
gboolean lh_toast_guard_needed (void);

G_END_DECLS
