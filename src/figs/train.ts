/**
 * The model comparison over plain arrays (the frame plumbing is in models.ts): for every method, its grid tuned by
 * repeated stratified k-fold cross-validation on the training rows (each fold's rows up- or down-sampled, then centred
 * and scaled by their own means and deviations), the best candidate refitted on all training rows, scored on the
 * held-back test rows beside the no-information baseline, and its variable importance measured.
 */
import { LEARNERS, type Method, type Params, type Task } from "./learners.ts";
import { type ClassScores, classScores, type NumberScores, numberScores } from "./metrics.ts";
import { applyScaler, fitScaler, sampledRows, type Sampling } from "./prepare.ts";
import { nextSeed, type Random, seeded, shuffled } from "./rng.ts";
import { repeatedFolds } from "./split.ts";

export interface TrainInput {
  /** One row per evaluated accession (or site), one column per climate variable. */
  x: number[][];
  /** Class indices (a class trait) or numbers. */
  y: number[];
  task: Task;
  /** The wanted class's index (a class trait). */
  positive: number;
  /** The rows trained on; every other row is the held-back test set. */
  training: number[];
}

export interface TrainSettings {
  methods: Method[];
  folds: number;
  repeats: number;
  sampling: Sampling;
  seed: number;
  trees: number;
  tuneLength: number;
  /** Fixed parameters per method: no cross-validation for that method. */
  tune?: Partial<Record<string, Params>>;
}

/** A model answering probabilities per class (or a one-element row holding the number) for raw, unscaled rows. */
export type Predictor = (x: number[][]) => number[][];

export interface ModelOutcome {
  method: Method;
  /** The tuning parameter chosen (k, mtry, minNumSamples). */
  params: Params;
  /** The cross-validated accuracy (class) or RMSE (number) of every candidate, in grid order. */
  tuning: { params: Params; score: number }[];
  test: ClassScores | NumberScores;
  /** Per test row: the probabilities per class, or [value]. */
  testPredictions: number[][];
  /** Per test row of a class trait: the predicted class index (the most probable, ties broken at random); else []. */
  testClasses: number[];
  /** Per climate column: how far the prediction moves when that column is shuffled (largest = 100). */
  importance: number[];
  predict: Predictor;
}

const pick = <T>(xs: readonly T[], rows: readonly number[]) => rows.map((r) => xs[r]!);
/** The predicted class: the most probable, a tie broken at random (as knn3's and randomForest's predictions are). */
export function classOf(p: readonly number[], rng: Random): number {
  const top = Math.max(...p), tied = p.flatMap((v, i) => (v >= top - 1e-12 ? [i] : []));
  return tied.length === 1 ? tied[0]! : tied[Math.floor(rng() * tied.length)]!;
}

/** Fits `method` with `params` on `rows` (sampled, then centred and scaled) and answers a predictor of raw rows. */
function fitOn(input: TrainInput, rows: number[], method: Method, params: Params, s: TrainSettings, rng: Random): Predictor {
  const fitted = input.task.kind === "class" ? sampledRows(input.y, rows, s.sampling, rng) : rows;
  const x = pick(input.x, fitted), scaler = fitScaler(x);
  const model = LEARNERS[method].fit(applyScaler(scaler, x), pick(input.y, fitted), input.task, params, nextSeed(rng), s.trees);
  return (z) => model(applyScaler(scaler, z));
}

/** The cross-validated score of one candidate: mean accuracy (class) or mean RMSE (number) over the resamples. */
function cvScore(input: TrainInput, folds: { fit: number[]; held: number[] }[], method: Method, params: Params, s: TrainSettings): number {
  const rng = seeded(s.seed);
  let total = 0;
  for (const { fit, held } of folds) {
    const p = fitOn(input, pick(input.training, fit), method, params, s, rng)(pick(input.x, pick(input.training, held)));
    const y = pick(input.y, pick(input.training, held));
    total += input.task.kind === "class"
      ? y.filter((v, i) => classOf(p[i]!, rng) === v).length / y.length
      : Math.sqrt(y.reduce((a, v, i) => a + (v - p[i]![0]!) ** 2, 0) / y.length);
  }
  return total / folds.length;
}

/** The grid, then icardaFIGSr's refined grid around its best, each scored by CV; the best candidate and all scores. */
function tune(input: TrainInput, method: Method, s: TrainSettings): { params: Params; tuning: ModelOutcome["tuning"] } {
  const folds = repeatedFolds(pick(input.y, input.training), s.folds, s.repeats, seeded(s.seed));
  const better = (a: number, b: number) => (input.task.kind === "class" ? a > b : a < b);
  const learner = LEARNERS[method], p = input.x[0]!.length, tuning: ModelOutcome["tuning"] = [];
  const scoreAll = (grid: Params[]) => {
    for (const params of grid) {
      if (tuning.some((t) => JSON.stringify(t.params) === JSON.stringify(params))) continue;
      tuning.push({ params, score: cvScore(input, folds, method, params, s) });
    }
    return tuning.reduce((b, t) => (better(t.score, b.score) ? t : b));
  };
  const first = scoreAll(learner.grid(p, input.task, s.tuneLength));
  return { params: scoreAll(learner.refined(first.params, p)).params, tuning };
}

/**
 * How far the prediction (the wanted class's probability, or the value) of the held-back rows `x` moves when each
 * column is shuffled among them: a model-agnostic permutation importance, on rows the model was not fitted to.
 */
function importance(x: number[][], input: TrainInput, predict: Predictor, rng: Random): number[] {
  const rows = x.map((_, i) => i), base = predict(x);
  const k = input.task.kind === "class" ? input.positive : 0;
  const moved = x[0]!.map((_, j) => {
    const order = shuffled(rows, rng);
    const p = predict(x.map((r, i) => r.map((v, c) => (c === j ? x[order[i]!]![j]! : v))));
    return p.reduce((a, q, i) => a + Math.abs(q[k]! - base[i]![k]!), 0) / rows.length;
  });
  const top = Math.max(...moved);
  return moved.map((m) => (top > 0 ? (100 * m) / top : 0));
}

/** Tunes, fits, scores and measures one method. */
export function trainMethod(input: TrainInput, method: Method, s: TrainSettings): ModelOutcome {
  const fixed = s.tune?.[method];
  const { params, tuning } = fixed ? { params: fixed, tuning: [] } : tune(input, method, s);
  const rng = seeded(s.seed + 1);
  const predict = fitOn(input, input.training, method, params, s, rng);
  const held = input.x.map((_, i) => i).filter((i) => !input.training.includes(i));
  const testPredictions = predict(pick(input.x, held)), observed = pick(input.y, held);
  const mean = pick(input.y, input.training).reduce((a, b) => a + b, 0) / input.training.length;
  const testClasses = input.task.kind === "class" ? testPredictions.map((p) => classOf(p, rng)) : [];
  const test = input.task.kind === "class"
    ? classScores(observed, testClasses, input.task.classes, input.positive, testPredictions.map((p) => p[input.positive]!))
    : numberScores(observed, testPredictions.map((p) => p[0]!), mean);
  const moved = importance(pick(input.x, held), input, predict, rng);
  return { method, params, tuning, test, testPredictions, testClasses, importance: moved, predict };
}
