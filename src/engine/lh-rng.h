/* lh-rng.h: the seeded random number generator of games and playouts.
 *
 * xoshiro256** 1.0 (D. Blackman and S. Vigna, "Scrambled linear pseudorandom
 * number generators", ACM TOMS 2021; prng.di.unimi.it), seeded through
 * SplitMix64 as its authors recommend.  Integer arithmetic only, so the same
 * seed gives the same stream on every machine and compiler; a game replays
 * exactly from its seed and its moves.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 s[4];
} LhRng;

/** lh_rng_init: seeds @rng from @seed (any value, 0 included). */
void lh_rng_init (LhRng *rng, guint64 seed);

/** lh_rng_next: the next 64 uniformly distributed bits. */
static inline guint64
lh_rng_next (LhRng *rng)
{
  guint64 *s = rng->s;
  guint64 x = s[1] * 5;
  guint64 result = ((x << 7) | (x >> 57)) * 9;
  guint64 t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/**
 * lh_rng_below:
 * @bound: 1 or more
 * Returns: a uniform integer in [0, @bound), without modulo bias (D. Lemire,
 * "Fast random integer generation in an interval", ACM TOMACS 2019).
 */
static inline guint32
lh_rng_below (LhRng *rng, guint32 bound)
{
  guint64 m = (lh_rng_next (rng) >> 32) * (guint64) bound;
  guint32 low = (guint32) m;
  if (G_UNLIKELY (low < bound))
    {
      guint32 threshold = (guint32) (-bound) % bound;
      while (low < threshold)
        {
          m = (lh_rng_next (rng) >> 32) * (guint64) bound;
          low = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

/** lh_rng_uniform: a double uniform in [0, 1), 53 random bits. */
static inline double
lh_rng_uniform (LhRng *rng)
{
  return (double) (lh_rng_next (rng) >> 11) * 0x1.0p-53;
}

G_END_DECLS
