/* lh-rng.c: seeding of xoshiro256** (see lh-rng.h). */
#include "lh-rng.h"

/* SplitMix64 (S. Vigna, prng.di.unimi.it/splitmix64.c), used to expand a
 * 64-bit seed into the 256-bit state, as xoshiro's authors recommend. */
static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void
lh_rng_init (LhRng *rng, guint64 seed)
{
  guint64 x = seed;

  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}
