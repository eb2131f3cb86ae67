/**
 * `bestBets(frame, { model, size })`: FIGS's best-bet subset. The unevaluated accessions (trait null, or every row of a
 * frame without the trait) are scored by the model of figsModels() (probability of the wanted class, or the predicted
 * value), one per collecting site, and the `size` best are flagged back into the passport frame (FIGS_SCORE,
 * FIGS_RANK, FIGS_BEST_BET, FIGS_MERGED) and listed for a request by DOI (INSTCODE and ACCENUMB where an accession has
 * none). The provenance of the frames records the model, its parameters and its test scores beside the baseline.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { type AnalysisContext, defineAnalysis, isFrame } from "../kernel/analysis.ts";
import { citation } from "../kernel/provenance.ts";
import { numbers } from "./data.ts";
import { accessionKey, withRankColumns } from "./envelope.ts";
import type { FigsModelsResult } from "./models.ts";
import { classifies, f2, paramText, pv } from "./report.ts";
import { groupSites } from "./sites.ts";

/**
 * An option holding frames (a model, source frames) as the provenance records it: a few plain fields, with the value
 * itself on a property the record does not walk into (provenance records an option's own enumerable fields).
 */
const held = <T>(value: T, summary: Record<string, unknown>) =>
  Object.defineProperty(summary, "value", { value, enumerable: false }) as Record<string, unknown> & { value: T };
const isModels = (m: unknown): m is FigsModelsResult =>
  !!m && typeof m === "object" && typeof (m as FigsModelsResult).predict === "function";

export const BestBetsOptionsSchema = z.strictObject({
  /** What figsModels() returned. */
  model: z.custom<FigsModelsResult>(isModels).transform((m) => held(m, { trait: m.trait, model: m.best.name, ...m.best.params }))
    .optional().describe("the result of figsModels()"),
  /** How many accessions (sites) to choose. */
  size: z.number().int().min(1).default(50).describe("a whole number, 1 or more"),
  /** A number trait: choose the highest predicted values ("high") or the lowest ("low"). */
  direction: z.enum(["high", "low"]).default("high").describe('"high" or "low"'),
  mergeSites: z.boolean().default(true),
  /**
   * The frames to cite for the data when `frame` was made from them with polars (a join, a filter), which keeps no
   * provenance: e.g. [passports, traits.wide]. Default: `frame` itself.
   */
  sources: z.array(z.custom<DataFrame>(isFrame)).min(1).transform((f) => held(f, { frames: f.length })).optional()
    .describe("an array of the frames the input was made from"),
  latitude: z.string().default("DECLATITUDE"),
  longitude: z.string().default("DECLONGITUDE"),
});
export type BestBetsOptions = z.input<typeof BestBetsOptionsSchema>;
type Parsed = z.output<typeof BestBetsOptionsSchema>;

export interface BestBetsResult {
  /** The input frame, every row, with FIGS_SCORE (null where not a candidate), FIGS_RANK, FIGS_BEST_BET, FIGS_MERGED. */
  passports: DataFrame;
  /** The best bets only, best first. */
  subset: DataFrame;
  /** The best bets' DOIs, or "INSTCODE ACCENUMB" where an accession has no DOI: what to paste into a request. */
  request: string[];
  /** What to cite: the data (citation()), and the model with its test scores beside the baseline. */
  citation: string;
}

/** The model in words for the provenance and the citation: what it ranks, from what, and its test scores. */
export function modelSentence(m: FigsModelsResult): string {
  const t = m.best.test, n = m.counts.test;
  const what = `Ranked by figsModels(): ${m.best.name} (${paramText(m.best.params)}) of ${
    m.kind === "class" ? `the chance that ${m.trait} is "${m.positive}"` : m.trait
  } from ${m.climate.length} climate variables, trained on ${m.counts.training} evaluated sites and scored on ${n} held-back sites: `;
  if (!("kappa" in t)) {
    return `${what}RMSE ${f2(t.rmse)} against ${f2(t.baselineRmse)} for always the training mean, R² ${f2(t.rsquared)} ` +
      `(${pv(t.pValue)}).${m.best.beatsBaseline ? "" : NOT_BETTER}`;
  }
  return `${what}AUC ${f2(t.auc)} (${pv(t.aucPValue)}; 0.5 is chance), accuracy ${f2(t.accuracy)} against ` +
    `${f2(t.noInformationRate)} for ${m.scores.getColumn("model").toArray().at(-1)} (${pv(t.pValue)}), Kappa ${f2(t.kappa)} ` +
    `(95% ${f2(t.kappaLow)} to ${f2(t.kappaHigh)}).` +
    (!m.best.beatsBaseline
      ? NOT_BETTER
      : classifies(t)
      ? " It classifies better than the no-information baseline."
      : " It ranks better than chance but does not classify better than the no-information baseline.");
}
const NOT_BETTER = " It is NOT better than the no-information baseline: this ranking is no better than a random choice.";

function run(frame: DataFrame, o: Parsed, ctx: AnalysisContext): BestBetsResult {
  const m = o.model?.value ??
    ctx.fail("no model given", "train one first: const model = figsModels(evaluated, { trait }); bestBets(frame, { model })");
  const missing = m.climate.filter((c) => !frame.columns.includes(c));
  if (missing.length) {
    ctx.fail(
      `the frame lacks the model's climate columns ${missing.join(", ")}`,
      "add them with climateAtSites() as for the training frame",
    );
  }
  ctx.cite(m.scores);
  const score = m.predict(frame);
  const evaluated = frame.columns.includes(m.trait) ? frame.getColumn(m.trait).isNotNull().toArray() as boolean[] : [];
  const candidates = score.flatMap((s, r) => (s !== null && !evaluated[r] ? [r] : []));
  if (!candidates.length) {
    ctx.fail(
      "no unevaluated accession with climate to rank",
      `pass accessions whose "${m.trait}" is null and whose climate columns are filled`,
    );
  }
  const coords = (c: string) => (frame.columns.includes(c) ? numbers(frame, c) : undefined);
  const sites = groupSites(candidates, coords(o.latitude), coords(o.longitude), o.mergeSites, frame.height);
  const sign = m.kind === "number" && o.direction === "low" ? -1 : 1;
  const ranked = sites.firsts.slice().sort((a, b) => sign * (score[b]! - score[a]!) || a - b);
  const key = accessionKey(frame);
  if (ranked.length < o.size) ctx.log.note(`asked for ${o.size} best bets; only ${ranked.length} sites have unevaluated accessions`);
  const scored = frame.withColumns(pl.Series("FIGS_SCORE", score.map((s, r) => (candidates.includes(r) ? s : null)), pl.Float64));
  const passports = withRankColumns(scored, ranked, {
    FIGS_BEST_BET: ranked.map((_, i) => i < o.size),
    FIGS_MERGED: ranked.map((r) => sites.members.get(r)!.slice(1).map(key).join(", ")),
  }).withColumns(pl.col("FIGS_BEST_BET").fillNull(false));
  const subset = passports.filter(pl.col("FIGS_BEST_BET")).sort("FIGS_RANK");
  const request = ranked.slice(0, o.size).map(key);
  return {
    passports,
    subset,
    request,
    citation: `${citation(...(o.sources?.value ?? [frame])).text} ${modelSentence(m)}`,
  };
}

/**
 * The best-bet subset: the unevaluated accessions most likely to hold the trait, one per site, flagged into the frame.
 * @example
 * ```ts
 * import { bestBets, figsModels } from "genesys-notebook";
 * import pl from "nodejs-polars";
 * const frame = pl.readCSV("test/fixtures/figs/septoria.csv");
 * const evaluated = frame.head(150), unevaluated = frame.tail(50).withColumns(pl.lit(null).cast(pl.Utf8).alias("ST_S"));
 * const model = figsModels(evaluated, { trait: "ST_S", positive: "R", repeats: 1, trees: 50, tuneLength: 2 });
 * const bets = bestBets(unevaluated, { model, size: 10 });
 * console.log(bets.request, bets.citation);
 * ```
 */
export const bestBets = defineAnalysis({
  name: "bestBets()",
  kind: "figs.bestBets",
  input: "accessions with the climate of their collecting sites (climateAtSites())",
  options: BestBetsOptionsSchema,
  run,
});
