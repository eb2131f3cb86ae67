/**
 * The project's small seeded generator (mulberry32, 32-bit state): integer arithmetic only (`Math.imul`, `>>>`), so a
 * seed gives the same sequence on every machine and runtime. Used by the FIGS room (splits, folds, resamples, forests)
 * and by scripts/make-sites.ts (sites.json is the same on every run). Not R's Mersenne Twister.
 */
export type Random = () => number;

/** A generator of floats in [0, 1) from a 32-bit seed. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
