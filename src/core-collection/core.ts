/**
 * coreCollection(): a core collection chosen by Core Hunter's distance objectives (EN, AN, EE over Gower's distance)
 * with a search that needs no n×n matrix; coreScores(): the same scores for any subset (a random one, another
 * tool's core). See docs/core.md.
 */
import pl, { type DataFrame } from "nodejs-polars";
import { type AnalysisContext, defineAnalysis } from "../kernel/analysis.ts";
import type { CoercionLog, Diagnostics } from "../kernel/diagnostics.ts";
import { prepareColumns, type PreparedColumns } from "./columns.ts";
import type { GowerColumn } from "./gower.ts";
import { checkColumns, checkOrdinal, coreSize, noUsableColumn, required, resolveRows, tooFewCandidates, WHERE } from "./inputs.ts";
import { type CoreCollectionOptionsParsed, CoreCollectionOptionsSchema, weightsOf } from "./options.ts";
import { AN_EXACT_BUDGET, anRandom, type CoreScores, scoreCore } from "./scores.ts";
import { searchCore, type SearchReport } from "./search.ts";

export interface CoreCollectionResult {
  /** The core's rows, in the frame's order. */
  core: DataFrame;
  /** The whole frame with a boolean column `core`. */
  frame: DataFrame;
  /** The core's row numbers in the frame (0-based, ascending). */
  rows: number[];
  /** EN, AN and EE of the core (Core Hunter's definitions, docs/core.md). */
  scores: CoreScores;
  /** How the search went: steps, improvements, seconds, why it stopped. */
  search: Omit<SearchReport, "core" | "scores">;
  /** The columns the distance used, with their kind and range. */
  columns: GowerColumn[];
  /** The options as applied (defaults filled in). */
  options: CoreCollectionOptionsParsed;
  /** Columns dropped (constant, empty) and rows without data; also diagnostics(result.frame). */
  diagnostics: Diagnostics;
}

function describeInput(prep: PreparedColumns, n: number, log: CoercionLog): void {
  for (const d of prep.dropped) {
    log.add(
      d.column,
      d.why === "empty" ? "column dropped: no value in any row" : "column dropped: constant (the same value in every row)",
      n,
    );
  }
  if (prep.rowsWithoutData.length) {
    log.note(`${prep.rowsWithoutData.length} rows have no value in any used column: they can not enter the core (they count in AN)`);
  }
}

/** Rows that may enter the core: with data and not in never. */
function candidateRows(n: number, prep: PreparedColumns, never: number[]): Int32Array {
  const out = new Uint8Array(n).fill(1);
  for (const r of prep.rowsWithoutData) out[r] = 0;
  for (const r of never) out[r] = 0;
  const rows: number[] = [];
  out.forEach((v, i) => v && rows.push(i));
  return Int32Array.from(rows);
}

/** The whole frame with a boolean `core` column, and the core's rows. */
function flagged(df: DataFrame, rows: number[]): { frame: DataFrame; core: DataFrame } {
  const mask = new Array<boolean>(df.shape.height).fill(false);
  for (const r of rows) mask[r] = true;
  const frame = df.withColumn(pl.Series("core", mask, pl.Bool));
  return { frame, core: frame.filter(pl.col("core")).drop("core") };
}

function run(df: DataFrame, o: CoreCollectionOptionsParsed, ctx: AnalysisContext): CoreCollectionResult {
  const deadline = performance.now() + o.maxSeconds * 1000;
  const { size: asked, columns } = required(o);
  checkOrdinal(columns, o.ordinal);
  const n = df.shape.height;
  const size = coreSize(asked, n);
  const { always, never } = resolveRows(df, o, size);
  const prep = prepareColumns(df, { columns, ordinal: o.ordinal });
  if (prep.data.columns.length === 0) noUsableColumn(prep.dropped);
  const candidates = candidateRows(n, prep, never);
  const isCandidate = new Uint8Array(n);
  for (const r of candidates) isCandidate[r] = 1;
  const withAlways = candidates.length + always.filter((r) => !isCandidate[r]).length;
  if (withAlways < size) tooFewCandidates(size, withAlways, prep.rowsWithoutData.length, never.length);
  const report = searchCore(prep.data, {
    size,
    weights: weightsOf(o.objective),
    always,
    candidates,
    seed: o.seed,
    deadline,
    maxSteps: o.maxSteps ?? Number.MAX_SAFE_INTEGER,
    stallSteps: o.maxStepsWithoutImprovement,
    anSample: o.anSample,
    initBudget: 5e7,
  });
  const rows = Array.from(report.core).sort((a, b) => a - b);
  describeInput(prep, n, ctx.log);
  const { core: _, scores, ...search } = report;
  return { ...flagged(df, rows), rows, scores, search, columns: prep.data.columns, options: o, diagnostics: ctx.log.toDiagnostics(WHERE) };
}

/**
 * A core collection of `size` accessions of `df` that maximises Core Hunter's EN (diversity) by default, or AN, EE or
 * a weighted combination, over Gower's distance on `columns`. The result's frames carry provenance derived from the
 * input's (the query it came from and these options) and diagnostics.
 * @example
 * ```ts
 * import { coreCollection, Genesys } from "genesys-notebook";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = coreCollection(passports, { size: 0.1, columns: ["ORIGCTY", "SAMPSTAT", "ELEVATION"], seed: 7 });
 * console.log(r.scores.EN, r.core.height, r.frame.filter(r.frame.getColumn("core")).height);
 * ```
 */
export const coreCollection = defineAnalysis({
  name: WHERE,
  kind: "core-collection",
  input: "accessions with the columns the distance uses (passports, traits, climate)",
  options: CoreCollectionOptionsSchema,
  columns: (o) => [...(o.columns ?? []), ...(o.id ? [o.id] : [])].map((name) => ({ name })),
  run,
});

/**
 * EN, AN and EE (Core Hunter's definitions over Gower's distance) of any subset of `df`: row numbers or a boolean
 * per row. The columns are read as coreCollection() reads them, so a random subset and a chosen core compare fairly.
 * @example
 * ```ts
 * import { coreScores, Genesys } from "genesys-notebook";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const s = coreScores(passports, [0, 5, 9, 12], { columns: ["ORIGCTY", "ELEVATION"] });
 * console.log(s.EN, s.AN, s.EE);
 * ```
 */
export function coreScores(
  df: DataFrame,
  subset: readonly number[] | readonly boolean[],
  options: { columns: string[]; ordinal?: string[]; anSample?: number; seed?: number },
): CoreScores {
  checkColumns(df, options.columns, options.ordinal ?? []);
  const rows = typeof subset[0] === "boolean" ? (subset as boolean[]).flatMap((v, i) => (v ? [i] : [])) : (subset as number[]);
  const prep = prepareColumns(df, { columns: options.columns, ordinal: options.ordinal ?? [] });
  if (prep.data.columns.length === 0) noUsableColumn(prep.dropped);
  const sample = options.anSample ?? 10_000;
  return scoreCore(prep.data, rows, anRandom(options.seed ?? 1), AN_EXACT_BUDGET, sample);
}
