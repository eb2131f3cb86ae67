/**
 * Stratified training/test split and stratified repeated k-fold cross-validation, after caret's createDataPartition()
 * and createMultiFolds() (the functions icardaFIGSr's splitData() and tuneTrain() call): a class trait is stratified by
 * class, a number by its quantile groups, so every part holds each class (or range) in its share.
 */
import { type Random, shuffled } from "./rng.ts";

/** The stratum of every row: its class, or for numbers its quantile group (caret's 2 to 5 groups). */
export function strata(y: readonly (string | number)[], perGroup: number): string[] {
  if (y.every((v) => typeof v === "string")) return y as string[];
  const values = y as number[];
  const cuts = Math.min(5, Math.max(2, Math.floor(values.length / perGroup)));
  const sorted = values.slice().sort((a, b) => a - b);
  const q = (p: number) => {
    const h = (sorted.length - 1) * p, lo = Math.floor(h);
    return sorted[lo]! + (h - lo) * ((sorted[lo + 1] ?? sorted[lo]!) - sorted[lo]!);
  };
  const breaks = [...new Set(Array.from({ length: cuts }, (_, i) => q(i / (cuts - 1))))];
  return values.map((v) => String(Math.max(0, breaks.findIndex((b) => v <= b) - 1)));
}

/** Row indices by stratum, in row order. */
function byStratum(s: readonly string[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  s.forEach((k, i) => {
    const rows = m.get(k);
    if (rows) rows.push(i);
    else m.set(k, [i]);
  });
  return m;
}

/** The training rows (sorted) of a stratified split: ceiling(p × n) of every stratum, as createDataPartition. */
export function stratifiedSplit(y: readonly (string | number)[], p: number, rng: Random): number[] {
  const out: number[] = [];
  for (const rows of byStratum(strata(y, 5)).values()) {
    out.push(...(rows.length === 1 ? rows : shuffled(rows, rng).slice(0, Math.ceil(rows.length * p))));
  }
  return out.sort((a, b) => a - b);
}

/** One fold number (0 to k-1) per row, each stratum dealt evenly over the folds (createFolds). */
export function foldsOf(y: readonly (string | number)[], k: number, rng: Random): number[] {
  const fold = new Array<number>(y.length).fill(0);
  for (const rows of byStratum(strata(y, k)).values()) {
    const deal: number[] = [];
    for (let r = 0; r < Math.floor(rows.length / k); r++) for (let f = 0; f < k; f++) deal.push(f);
    deal.push(...shuffled(Array.from({ length: k }, (_, f) => f), rng).slice(0, rows.length % k));
    shuffled(deal, rng).forEach((f, i) => (fold[rows[i]!] = f));
  }
  return fold;
}

/** The resamples of repeated k-fold CV: for each repeat and fold, the rows fitted on and the rows held out. */
export function repeatedFolds(
  y: readonly (string | number)[],
  k: number,
  repeats: number,
  rng: Random,
): { fit: number[]; held: number[] }[] {
  const out: { fit: number[]; held: number[] }[] = [];
  for (let r = 0; r < repeats; r++) {
    const fold = foldsOf(y, k, rng);
    for (let f = 0; f < k; f++) {
      const fit: number[] = [], held: number[] = [];
      fold.forEach((g, i) => (g === f ? held : fit).push(i));
      if (held.length) out.push({ fit, held });
    }
  }
  return out;
}
