/**
 * The models: random forest (Breiman's, forest.ts) and k nearest neighbours (caret's knn3). Each has a tuning grid after
 * caret's (`tuneLength` candidates) and icardaFIGSr's refined grid around the best, and a fit that answers, for every
 * row predicted, the probability of each class (the share of trees or neighbours voting for it) or the predicted
 * number. Every random draw comes from the seed given.
 */
import { randomForest } from "./forest.ts";
import { seeded } from "./rng.ts";

export type Method = "rf" | "knn";
export const METHODS: readonly Method[] = ["rf", "knn"];
export const METHOD_NAMES: Record<Method, string> = { rf: "random forest", knn: "k nearest neighbours" };

/** A class trait (y holds class indices 0 to classes - 1) or a number. */
export type Task = { kind: "class"; classes: number } | { kind: "number" };
export type Params = Record<string, number>;

/** A fitted model: per row, the probability of each class, or a one-element row holding the predicted number. */
export type Fitted = (x: number[][]) => number[][];

export interface Learner {
  grid(p: number, task: Task, length: number): Params[];
  /** The candidates around the best of the first grid (icardaFIGSr's refined grid), or none. */
  refined(best: Params, p: number): Params[];
  fit(x: number[][], y: number[], task: Task, params: Params, seed: number, trees: number): Fitted;
}

const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** caret's var_seq(): mtry from 2 to p in `length` steps (floored, distinct). */
function mtrySeq(p: number, task: Task, length: number): number[] {
  if (length === 1) return [task.kind === "class" ? Math.max(1, Math.floor(Math.sqrt(p))) : Math.max(1, Math.floor(p / 3))];
  if (p <= length) return range(Math.min(2, p), p);
  return [...new Set(Array.from({ length }, (_, i) => Math.floor(2 + (i * (p - 2)) / (length - 1))))];
}

/** Votes of `votes[t][row]` (class indices) as shares per class. */
function shares(votes: number[][], rows: number, classes: number): number[][] {
  return Array.from({ length: rows }, (_, i) => {
    const n = new Array<number>(classes).fill(0);
    for (const v of votes) n[v[i]!]!++;
    return n.map((c) => c / votes.length); // counted, then divided: equal vote counts give equal probabilities
  });
}

const rf: Learner = {
  grid: (p, task, length) => mtrySeq(p, task, length).map((mtry) => ({ mtry })),
  refined: (best, p) => range(Math.max(1, best.mtry! - 2), Math.min(p, best.mtry! + 2)).map((mtry) => ({ mtry })),
  fit: (x, y, task, { mtry }, seed, trees) =>
    randomForest(x, y, { trees, mtry: mtry!, classes: task.kind === "class" ? task.classes : 0, rng: seeded(seed) }),
};

/**
 * The rows caret's knn3 votes with for row `r`: the k nearest (Euclidean) and every further row tied with the kth
 * (squared distance within a relative 1e-4 of the kth's: knn3's use.all = TRUE), by a scan of every training row as
 * knn3's C code does. The training row indices.
 */
function neighbours(x: readonly Float64Array[], r: readonly number[], k: number): number[] {
  const d = new Float64Array(x.length);
  x.forEach((t, i) => {
    let s = 0;
    for (let j = 0; j < t.length; j++) s += (t[j]! - r[j]!) ** 2;
    d[i] = s;
  });
  const limit = d.slice().sort()[k - 1]! * (1 + 1e-4);
  const out: number[] = [];
  d.forEach((v, i) => v <= limit && out.push(i));
  return out;
}

const knn: Learner = {
  // caret: the odd k from 5 upwards, `length` of them; icardaFIGSr refines k - 2 to k + 2
  grid: (_p, _t, length) => Array.from({ length }, (_, i) => ({ k: 5 + 2 * i })),
  refined: (best) => range(best.k! - 2 <= 0 ? best.k! : best.k! - 2, best.k! + 2).map((k) => ({ k })),
  fit(x, y, task, { k }) {
    const kk = Math.min(k!, x.length), rows = x.map((r) => Float64Array.from(r));
    const near = (r: number[]) => neighbours(rows, r, kk).map((i) => y[i]!);
    if (task.kind === "class") return (z) => z.map((r) => shares(near(r).map((c) => [c]), 1, task.classes)[0]!);
    return (z) => z.map((r) => [mean(near(r))]);
  },
};

export const LEARNERS: Record<Method, Learner> = { rf, knn };
