/**
 * `figsModels(frame, { trait })`: FIGS's trait-mining route, as icardaFIGSr's tuneTrain() does it with caret. The
 * evaluated accessions (trait not null), one per collecting site, are split into training and held-back test sites
 * (stratified); random forest and k nearest neighbours are tuned by repeated k-fold cross-validation with centring and
 * scaling (and up- or down-sampling for unbalanced classes), refitted, and scored on the test sites beside the
 * no-information baseline, with a plain verdict when no model beats it. The result predicts the unevaluated accessions
 * for bestBets().
 */
import type { DataFrame } from "nodejs-polars";
import { type AnalysisContext, defineAnalysis } from "../kernel/analysis.ts";
import { climateColumns, type Evaluated, evaluatedSites, numbers, type TraitValues, traitValues } from "./data.ts";
import { type Method, METHOD_NAMES, type Params } from "./learners.ts";
import type { ClassScores, NumberScores } from "./metrics.ts";
import { FigsModelsOptionsSchema } from "./options.ts";
import { beats, importanceFrame, scoresFrame, verdict } from "./report.ts";
import { seeded } from "./rng.ts";
import { stratifiedSplit } from "./split.ts";
import { type ModelOutcome, type Predictor, trainMethod } from "./train.ts";
import pl from "nodejs-polars";
import type { z } from "zod";

type Parsed = z.output<typeof FigsModelsOptionsSchema>;

/** What figsModels() answers. Its frames carry the input's provenance with this step appended. */
export interface FigsModelsResult {
  trait: string;
  kind: "class" | "number";
  /** The classes (sorted) and the wanted one (a class trait). */
  classes: string[];
  positive?: string;
  climate: string[];
  /** The model bestBets() uses: of those beating the baseline the highest AUC (lowest RMSE), else the best anyway. */
  best: { method: Method; name: string; params: Params; test: ClassScores | NumberScores; beatsBaseline: boolean };
  /** In words: which model beats the no-information baseline, or that none does and the climate predicts nothing. */
  verdict: string;
  /**
   * Evaluated sites trained on and tested on; evaluated accessions merged into another at one site; sites left out
   * because their accessions tie between classes (listed in `merged`); accessions left out for a missing climate value.
   */
  counts: { training: number; test: number; merged: number; tied: number; incomplete: number };
  /** One row per model and one for the baseline: test scores (accuracy, Kappa, sensitivity, specificity or RMSE, R²). */
  scores: DataFrame;
  /** Per model and climate column: how far the prediction moves when the column is shuffled (largest = 100). */
  importance: DataFrame;
  /** The held-back test sites: row, observed, predicted by the best model, its probability of the wanted class. */
  test: DataFrame;
  /**
   * Evaluated accessions merged with others collected at the same site: the kept row, the merged rows, and what the site
   * counts as (its class with how many of its accessions have it, "tied (…): left out", or the mean of a number).
   */
  merged: DataFrame;
  /** The best model's confusion matrix on the test sites, counts[observed][predicted] (a class trait). */
  confusion?: number[][];
  /** The best model's probability of the wanted class (or predicted value) for each row of `frame`; null without climate. */
  predict(frame: DataFrame): (number | null)[];
}

function checkEvaluated(e: Evaluated, t: TraitValues, o: Parsed & { trait: string }, ctx: AnalysisContext): void {
  if (t.task.kind === "class") {
    const present = [...new Set(e.y)];
    if (present.length < 2) {
      ctx.fail(
        `trait "${o.trait}" has one class only among the ${e.y.length} evaluated sites ("${t.classes[present[0] ?? 0] ?? "none"}"): ` +
          "a model needs accessions of two classes or more to learn what tells them apart",
        "choose a trait evaluated with both outcomes (resistant and susceptible), or add the evaluations of the other class",
      );
    }
    if (o.positive !== undefined && !t.classes.includes(o.positive)) {
      ctx.fail(
        `positive: "${o.positive}" is not a class of trait "${o.trait}"`,
        `the classes are ${t.classes.map((c) => `"${c}"`).join(", ")}`,
      );
    }
  }
  const training = Math.ceil(e.y.length * o.trainFraction);
  if (training < o.folds) {
    ctx.fail(
      `only ${e.y.length} evaluated sites with climate (${training} to train on) for ${o.folds}-fold cross-validation: ` +
        "each fold needs at least one site",
      `evaluate more accessions, or use fewer folds: folds: ${Math.max(2, Math.min(5, Math.floor(training / 2)))}`,
    );
  }
}

/** The training sites: those whose first row is in `training`, or a stratified split of the sites. */
function trainingSites(e: Evaluated, o: Parsed): number[] {
  if (!o.training) return stratifiedSplit(e.y.map((v) => (Number.isInteger(v) ? String(v) : v)), o.trainFraction, seeded(o.seed));
  const wanted = new Set(o.training);
  return e.firsts.flatMap((r, i) => (wanted.has(r) ? [i] : []));
}

/** The best of the models (see FigsModelsResult.best). */
function bestOf(models: readonly ModelOutcome[]): ModelOutcome {
  // a class trait: the best ranking (AUC), since best bets are the top of a ranking; a number: the lowest RMSE
  const key = (m: ModelOutcome) => ("auc" in m.test ? m.test.auc : -m.test.rmse) + (beats(m.test) ? 1e6 : 0);
  return models.reduce((b, m) => (key(m) > key(b) ? m : b));
}

/** The merge report: each site of several evaluated accessions, its first row, the others, and what it counts as. */
function mergedFrame(e: Evaluated): DataFrame {
  const rows = [...e.merged].map(([kept, site]) => ({ kept, merged: e.sites.members.get(kept)!.slice(1).join(", "), site }));
  return pl.DataFrame(rows.length ? rows : { kept: [] as number[], merged: [] as string[], site: [] as string[] });
}

function run(frame: DataFrame, options: Parsed, ctx: AnalysisContext): FigsModelsResult {
  if (!options.trait) return ctx.fail("no trait named", 'name the trait column: figsModels(frame, { trait: "resistance" })');
  const o = { ...options, trait: options.trait };
  const climate = climateColumns(frame, o.climate, ctx);
  const t = traitValues(frame, o.trait, o.kind, ctx);
  const coords = (c: string) => (frame.columns.includes(c) ? numbers(frame, c) : undefined);
  const values = climate.map((c) => numbers(frame, c));
  const e = evaluatedSites(values, t, { lat: coords(o.latitude), lon: coords(o.longitude), merge: o.mergeSites });
  checkEvaluated(e, t, o, ctx);
  if (e.incomplete.length) ctx.log.note(`${e.incomplete.length} evaluated accessions left out: a climate value is missing`);
  if (e.tied.length) ctx.log.note(tiedNote(e.tied));
  const positive = t.task.kind === "class" ? t.classes.indexOf(o.positive ?? t.classes[0]!) : 0;
  const input = { x: e.x, y: e.y, task: t.task, positive, training: trainingSites(e, o) };
  const models = o.methods.map((m) => trainMethod(input, m, o));
  const best = bestOf(models);
  const majority = t.task.kind === "class" ? t.classes[mode(input.training.map((i) => e.y[i]!))]! : "";
  const baseline = t.task.kind === "class" ? `always "${majority}"` : "always the training mean";
  return {
    trait: o.trait,
    kind: t.task.kind,
    classes: t.classes,
    ...(t.task.kind === "class" ? { positive: t.classes[positive] } : {}),
    climate,
    best: { method: best.method, name: METHOD_NAMES[best.method], params: best.params, test: best.test, beatsBaseline: beats(best.test) },
    verdict: verdict(models, o.trait, baseline),
    counts: {
      training: input.training.length,
      test: e.y.length - input.training.length,
      merged: mergedCount(e),
      tied: e.tied.length,
      incomplete: e.incomplete.length,
    },
    scores: scoresFrame(models, baseline),
    importance: importanceFrame(models, climate),
    test: testFrame(e, input.training, best, t),
    merged: mergedFrame(e),
    ...("counts" in best.test ? { confusion: best.test.counts } : {}),
    predict: predictor(best.predict, climate, positive),
  };
}

const tiedNote = (tied: readonly number[][]) =>
  `${tied.length} collecting site${tied.length > 1 ? "s" : ""} left out because ${tied.length > 1 ? "their" : "its"} evaluated ` +
  `accessions tie between classes, as many of one as of another (rows ${tied.map((m) => m.join(", ")).join("; ")})`;
const mode = (xs: readonly number[]) => {
  const n = new Map<number, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
};
const mergedCount = (e: Evaluated) => [...e.sites.members.values()].reduce((s, m) => s + m.length - 1, 0);

function testFrame(e: Evaluated, training: readonly number[], best: ModelOutcome, t: TraitValues): DataFrame {
  const held = e.y.map((_, i) => i).filter((i) => !training.includes(i));
  const label = (v: number) => (t.task.kind === "class" ? t.classes[v]! : v);
  return pl.DataFrame({
    row: held.map((i) => e.firsts[i]!),
    observed: held.map((i) => label(e.y[i]!)),
    predicted: t.task.kind === "class" ? best.testClasses.map((c) => t.classes[c]!) : best.testPredictions.map((p) => p[0]!),
    ...(t.task.kind === "class" ? { probability: best.testPredictions.map((p) => Math.max(...p)) } : {}),
  });
}

function predictor(predict: Predictor, climate: readonly string[], positive: number): (frame: DataFrame) => (number | null)[] {
  return (frame) => {
    const cols = climate.map((c) => numbers(frame, c));
    const rows = frame.height ? Array.from({ length: frame.height }, (_, r) => cols.map((c) => c[r]!)) : [];
    const complete = rows.map((r) => r.every((v) => v !== null));
    const p = predict(rows.filter((_, i) => complete[i]));
    let k = 0;
    return complete.map((ok) => (ok ? p[k++]![positive]! : null));
  };
}

/**
 * Trains and compares models of a trait from the climate of the collecting sites (FIGS), scored on held-back sites
 * beside the no-information baseline.
 * @example
 * ```ts
 * import { figsModels } from "genesys-notebook";
 * import pl from "nodejs-polars";
 * const frame = pl.readCSV("test/fixtures/figs/septoria.csv");
 * const m = figsModels(frame, { trait: "ST_S", positive: "R", repeats: 1, trees: 50, tuneLength: 3 });
 * console.log(m.verdict);
 * console.log(m.scores.toString());
 * ```
 */
export const figsModels = defineAnalysis({
  name: "figsModels()",
  kind: "figs",
  input: "accessions with a trait column and the climate of their collecting sites (climateAtSites())",
  options: FigsModelsOptionsSchema,
  columns: (o) => (o.trait ? [{ name: o.trait }] : []),
  run,
});
