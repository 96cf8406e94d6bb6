/* lh-clock.h: a monotonic clock with nanosecond resolution, for the
 * searches' elapsed times.
 *
 * g_get_monotonic_time() counts whole microseconds, and a shallow search
 * takes less than one (a depth-1 expectimax of a 4x4 board: about 0.3 us), so
 * its elapsed time would round to 0 or 1 us and sums over many searches
 * would be off by a large factor.  Deadlines still use g_get_monotonic_time().
 */
#pragma once

#include <glib.h>
#include <time.h>

G_BEGIN_DECLS

/**
 * lh_clock_monotonic_ns:
 * Returns: CLOCK_MONOTONIC (POSIX clock_gettime()) in nanoseconds: only
 *   differences mean anything.
 */
static inline gint64
lh_clock_monotonic_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/** lh_clock_elapsed_ms: milliseconds since @start_ns (lh_clock_monotonic_ns()). */
static inline double
lh_clock_elapsed_ms (gint64 start_ns)
{
  return (double) (lh_clock_monotonic_ns () - start_ns) / 1e6;
}

G_END_DECLS
