/**
 * The 19 bioclimatic variables from 12 monthly values, with WorldClim's conventions as coded in dismo::biovars
 * (Hijmans, after Nix 1986 and the ANUCLIM manual) and QBMS::calc_biovars, which copies it:
 * - monthly mean temperature is `tavg` where given, else (tmin + tmax) / 2 (dismo always takes the latter);
 * - bio4 is 100 × the sample standard deviation (n − 1, R's `sd`) of the 12 monthly means;
 * - bio15 is 100 × sd / mean of (prec + 1): the "+ 1" keeps the coefficient finite where it hardly rains; sample sd;
 * - a quarter is 3 consecutive months, 12 of them, starting at each month and wrapping around the year (Nov–Dec–Jan,
 *   Dec–Jan–Feb); its temperature is the mean of its 3 monthly means, its precipitation the sum;
 * - ties between quarters go to the first in calendar order of its first month (R's which.max / which.min);
 * - bio3 = 100 × bio2 / bio7, bio7 = bio5 − bio6.
 */
import { z } from "zod";

type BioNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19;
/** "bio1" … "bio19". */
export type BioName = `bio${BioNumber}`;
/** The names of the 19 variables, in order. */
export const BIO: readonly BioName[] = Array.from({ length: 19 }, (_, i) => `bio${i + 1}` as BioName);
/** bio1 … bio19 for one place. */
export type Bioclim = Record<BioName, number>;

const Twelve = z.array(z.number().finite()).length(12);
/** Monthly values, January first: temperatures in °C, precipitation in mm. */
export const MonthlyClimate = z.object({
  tmin: Twelve,
  tmax: Twelve,
  prec: Twelve,
  /** Monthly mean temperature (WorldClim 2.1 ships it as `tavg`); (tmin + tmax) / 2 when absent. */
  tavg: Twelve.optional(),
});
export type MonthlyClimate = z.infer<typeof MonthlyClimate>;

const sum = (x: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return s;
};
/** Sample standard deviation (n − 1), as R's sd(). */
export function sampleSd(x: ArrayLike<number>): number {
  const m = sum(x) / x.length;
  let ss = 0;
  for (let i = 0; i < x.length; i++) ss += (x[i]! - m) ** 2;
  return Math.sqrt(ss / (x.length - 1));
}
/** The 12 wrapping 3-month sums: quarter i holds months i, i + 1, i + 2 (mod 12). */
function quarters(x: ArrayLike<number>): number[] {
  return Array.from({ length: 12 }, (_, i) => x[i]! + x[(i + 1) % 12]! + x[(i + 2) % 12]!);
}
/** Index of the first largest (sign 1) or smallest (sign −1) value, as R's which.max / which.min. */
function firstExtreme(x: readonly number[], sign: 1 | -1): number {
  let best = 0;
  for (let i = 1; i < x.length; i++) if (sign * x[i]! > sign * x[best]!) best = i;
  return best;
}

/**
 * bio1–bio19 from monthly minimum, maximum (and mean) temperature in °C and precipitation in mm, January first.
 * Units: bio1, bio2, bio5–bio11 °C; bio3 and bio15 percent; bio4 °C × 100; bio12–bio14, bio16–bio19 mm.
 * @example
 * ```ts
 * import { bioclim } from "genesys-notebook";
 * const b = bioclim({
 *   tmin: [-2, -1, 2, 6, 10, 14, 16, 16, 12, 8, 3, -1],
 *   tmax: [6, 8, 12, 16, 21, 25, 28, 27, 23, 17, 10, 6],
 *   prec: [50, 40, 45, 50, 60, 55, 40, 45, 50, 60, 65, 55],
 * });
 * console.log(b.bio1, b.bio12);
 * ```
 */
export function bioclim(monthly: MonthlyClimate): Bioclim {
  const { tmin, tmax, prec } = monthly;
  const tavg = monthly.tavg ?? tmin.map((t, i) => (t + tmax[i]!) / 2);
  const tq = quarters(tavg).map((t) => t / 3);
  const pq = quarters(prec);
  const bio5 = Math.max(...tmax);
  const bio6 = Math.min(...tmin);
  const bio2 = sum(tmax.map((t, i) => t - tmin[i]!)) / 12;
  const prec1 = prec.map((p) => p + 1);
  return {
    bio1: sum(tavg) / 12,
    bio2,
    bio3: (100 * bio2) / (bio5 - bio6),
    bio4: 100 * sampleSd(tavg),
    bio5,
    bio6,
    bio7: bio5 - bio6,
    bio8: tq[firstExtreme(pq, 1)]!,
    bio9: tq[firstExtreme(pq, -1)]!,
    bio10: Math.max(...tq),
    bio11: Math.min(...tq),
    bio12: sum(prec),
    bio13: Math.max(...prec),
    bio14: Math.min(...prec),
    bio15: (100 * sampleSd(prec1)) / (sum(prec1) / 12),
    bio16: Math.max(...pq),
    bio17: Math.min(...pq),
    bio18: pq[firstExtreme(tq, 1)]!,
    bio19: pq[firstExtreme(tq, -1)]!,
  };
}
