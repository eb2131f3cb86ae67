/**
 * The seeded random numbers of the FIGS room (the kernel's mulberry32, kernel/random.ts): every split, fold, resample and forest
 * is drawn from one seed, so a run is repeated exactly. Not R's Mersenne Twister: a split made in R is reproduced by
 * passing its rows (`training`), not its seed.
 */
import { type Random, seeded } from "../kernel/random.ts";

export { type Random, seeded };

/** A 32-bit seed drawn from `rng` (for a library that takes an integer seed). */
export const nextSeed = (rng: Random): number => Math.floor(rng() * 2147483647) + 1;

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(xs: readonly T[], rng: Random): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `n` draws with replacement from `xs`. */
export const drawn = <T>(xs: readonly T[], n: number, rng: Random): T[] =>
  Array.from({ length: n }, () => xs[Math.floor(rng() * xs.length)]!);
