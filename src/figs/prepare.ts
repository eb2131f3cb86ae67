/**
 * What happens to the training rows before a model sees them, as caret's preProcess = c("center", "scale") and
 * trainControl(sampling = "up" | "down"): the means and standard deviations are the fitted rows' own and are applied
 * unchanged to the rows predicted; up-sampling draws the smaller classes with replacement to the largest's count,
 * down-sampling draws every class without replacement to the smallest's. Both only ever inside the rows fitted on.
 */
import { drawn, type Random, shuffled } from "./rng.ts";

export interface Scaler {
  means: number[];
  sds: number[];
}

/** Each column's mean and standard deviation (n - 1); a constant column keeps sd 1 (it is centred only). */
export function fitScaler(x: readonly number[][]): Scaler {
  const p = x[0]?.length ?? 0, n = x.length;
  const means = Array.from({ length: p }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / n);
  const sds = means.map((m, j) => {
    const v = x.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / Math.max(1, n - 1);
    return v > 0 ? Math.sqrt(v) : 1;
  });
  return { means, sds };
}

export const applyScaler = (s: Scaler, x: readonly number[][]): number[][] => x.map((r) => r.map((v, j) => (v - s.means[j]!) / s.sds[j]!));

export type Sampling = "none" | "up" | "down";

/** The rows to fit on after up- or down-sampling the classes `y` (class indices); "none" keeps them all. */
export function sampledRows(y: readonly number[], rows: readonly number[], sampling: Sampling, rng: Random): number[] {
  if (sampling === "none") return rows.slice();
  const byClass = new Map<number, number[]>();
  for (const r of rows) (byClass.get(y[r]!) ?? byClass.set(y[r]!, []).get(y[r]!)!).push(r);
  const sizes = [...byClass.values()].map((v) => v.length);
  const target = sampling === "up" ? Math.max(...sizes) : Math.min(...sizes);
  const out: number[] = [];
  for (const members of byClass.values()) {
    if (sampling === "down") out.push(...shuffled(members, rng).slice(0, target));
    else out.push(...members, ...drawn(members, target - members.length, rng));
  }
  return out;
}
