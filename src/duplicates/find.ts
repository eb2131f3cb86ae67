/**
 * `probableDuplicates(passports, options)`: the same material in several records, within one genebank or across
 * many, in a frame of passports or in a Parquet folder written by `g.passportsToParquet()` (two record sources of one
 * engine: source.ts, engine.ts). Deterministic links first (deterministic.ts), then probable links from names and
 * numbers within blocks (probable.ts), then sets that only deterministic links and well-supported probable pairs can
 * build (sets.ts). Declared with the kernel's defineAnalysis(): options, columns, provenance and diagnostics there.
 */
import type { DataFrame } from "nodejs-polars";
import { type Analysis, defineAnalysis, type FrameSource } from "../kernel/analysis.ts";
import { findDuplicates, type Findings, runAsync, runSync } from "./engine.ts";
import { commonFrame, setsFrame, summaryFrame } from "./frames.ts";
import { type DuplicateOptions, type DuplicateOptionsInput, DuplicateOptionsSchema } from "./options.ts";
import { reviewFrame } from "./review.ts";
import { folderSource, frameSource } from "./source.ts";

export interface DuplicateResult {
  /**
   * One row per record in a set: set_id, core (records joined by deterministic links alone share a core),
   * INSTCODE, ACCENUMB, DOI, UUID, GENUS, ACCENAME, set_size, holds_by ("deterministic", "deterministic+probable"
   * or "probable"), joined_by (the member's own: "deterministic" when its core has another record), min_link_score
   * (the weakest link that holds the set), row (of the input).
   */
  sets: DataFrame;
  /**
   * One row per pair: set_id (0 for a weak pair outside sets), strength ("deterministic", "probable", "weak"),
   * score (0 to 1), kinds (of evidence), evidence (what matched, in words), and INSTCODE, ACCENUMB, UUID, DOI, row of
   * each record (`_a`, `_b`).
   */
  pairs: DataFrame;
  /**
   * The review list: the pairs that join no set (weak pairs), ranked best first by how likely they are one material
   * (`review_score`: the evidence's kinds and rarity, the passport's agreements and conflicts), one pair per ten records
   * by default (`reviewPairs`), each with its evidence in words, the passport's agreements and conflicts, and both
   * records' passport fields side by side (`INSTCODE_a`, `INSTCODE_b`, `ACCENAME_a`…).
   */
  review: DataFrame;
  /** Counts: records, blocks, pairs by strength, sets and how they hold together, the largest set. */
  summary: DataFrame;
  /** Keywords too common to be evidence (more than `maxKeywordRecords` records of a block), most common first. */
  commonKeywords: DataFrame;
  options: DuplicateOptions;
  rows: number;
  seconds: number;
}

const FN = "probableDuplicates()";

/** A folder path, opened as a record source (for the kernel's column check and provenance). */
function folderInput(input: unknown): FrameSource | undefined {
  if (typeof input !== "string") return undefined;
  const s = folderSource(input, FN);
  return {
    columns: s.columns,
    schema: Object.fromEntries(Object.entries(s.dtypes).map(([c, t]) => [c, { variant: t }])),
    provenance: s.provenance,
  };
}

const declared: Analysis<typeof DuplicateOptionsSchema, DuplicateResult | Promise<DuplicateResult>, []> = defineAnalysis({
  name: FN,
  kind: "duplicates",
  input: "passports (from g.passports()), or the path of a Parquet folder written by g.passportsToParquet()",
  options: DuplicateOptionsSchema,
  columns: (o) => (o.blockBy ? [{ name: o.blockBy }] : []),
  selectHint: (m) => `select it (e.g. passports(filter, { select: [..., "${m[0]}"] })), or pass blockBy: null for one block`,
  source: folderInput,
  run(input, o, context) {
    const started = performance.now();
    if (typeof input === "string") {
      return runAsync(findDuplicates(folderSource(input, FN), o, context.log, FN)).then((f) => resultOf(f, o, started));
    }
    return resultOf(runSync(findDuplicates(frameSource(input), o, context.log, FN)), o, started);
  },
});

/**
 * Probable duplicates and cross-genebank links in passports (see docs/duplicates.md): a frame (the result at once), or
 * the path of a Parquet folder written by `g.passportsToParquet()` (a promise of the same result, read part by part in
 * bounded memory: a catalogue larger than memory). `row` numbers the records in the frame's order, or across the
 * folder's parts in its manifest's order (as `pl.scanParquet()` over the parts reads them).
 * @example
 * ```ts
 * import { Genesys, pl, probableDuplicates } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * const { sets, pairs, summary } = probableDuplicates(df, { maxKeywordRecords: 25 });
 * console.log(summary.toRecords(), sets.filter(pl.col("holds_by").eq(pl.lit("deterministic"))).height, pairs.height);
 * await g.passportsToParquet({}, "out/all-passports");
 * const all = await probableDuplicates("out/all-passports", { weakPairs: false });
 * ```
 */
export function probableDuplicates(passports: DataFrame, options?: DuplicateOptionsInput): DuplicateResult;
export function probableDuplicates(folder: string, options?: DuplicateOptionsInput): Promise<DuplicateResult>;
export function probableDuplicates(
  passports: DataFrame | string,
  options?: DuplicateOptionsInput,
): DuplicateResult | Promise<DuplicateResult> {
  if (typeof passports !== "string") return declared(passports, options);
  try {
    return declared(passports as unknown as DataFrame, options); // a folder: a promise, rejected when the folder is refused
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * @deprecated use `probableDuplicates(folder, { ...options, maxBlockRecords })`: one finder, one name, whatever the
 * source of the passports.
 * @example
 * ```ts
 * import { probableDuplicates } from "genesys-notebook";
 * const { sets } = await probableDuplicates("out/all-passports", { weakPairs: false, maxBlockRecords: 300_000 });
 * ```
 */
export function probableDuplicatesInDataset(
  dir: string,
  options?: DuplicateOptionsInput,
  datasetOptions?: Pick<DuplicateOptionsInput, "maxBlockRecords">,
): Promise<DuplicateResult> {
  return probableDuplicates(dir, { ...options, ...datasetOptions });
}

/** The result frames and the summary (the kernel attaches provenance and diagnostics). */
function resultOf(f: Findings, o: DuplicateOptions, started: number): DuplicateResult {
  const sets = setsFrame(f.members, f.info, f.joining, f.memberAt);
  const holds = sets.unique({ subset: ["set_id"] }).getColumn("holds_by").toArray() as string[];
  const summary = summaryFrame([
    ["records", f.rows],
    ["blocks", f.blocks],
    ["deterministic pairs", f.counts.deterministic],
    ["probable pairs", f.counts.probable],
    ["weak pairs (review only)", f.counts.weak],
    ["pairs in the review list", f.review.length],
    ["sets", f.info.members.length],
    ["records in sets", sets.height],
    ["sets held by deterministic links alone", holds.filter((h) => h === "deterministic").length],
    ["sets held by deterministic and probable links", holds.filter((h) => h === "deterministic+probable").length],
    ["sets held by probable links alone", holds.filter((h) => h === "probable").length],
    ["largest set", f.info.members.reduce((m, x) => Math.max(m, x.length), 0)],
    ["common keywords skipped", f.common.length],
  ]);
  const seconds = (performance.now() - started) / 1000;
  const review = reviewFrame(f.review, f.members, f.memberAt);
  return { sets, pairs: f.pairs, review, summary, commonKeywords: commonFrame(f.common), options: o, rows: f.rows, seconds };
}
