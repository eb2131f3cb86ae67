/**
 * `probableDuplicates(df, options)`: the same material in several records, within one genebank or across many.
 * Deterministic links first (deterministic.ts), then probable links from names and numbers within blocks
 * (probable.ts), then sets that only deterministic links and well-supported probable pairs can build (sets.ts).
 */
import type { DataFrame } from "nodejs-polars";
import { attachDiagnostics } from "../kernel/diagnostics.ts";
import { attachProvenance, freshProvenance, type Provenance, provenance } from "../kernel/provenance.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { deterministicLinks } from "./deterministic.ts";
import { commonFrame, pairsFrame, setsFrame, summaryFrame } from "./frames.ts";
import { pushTo } from "./group.ts";
import { type DuplicateOptions, type DuplicateOptionsInput, parseDuplicateOptions } from "./options.ts";
import { pairScore, PairStore } from "./pairs.ts";
import { type CommonKeyword, probableLinks } from "./probable.ts";
import { readRecords, type Records, value } from "./records.ts";
import { buildSets, type ScoredPair, type SetInfo, type Strength, strengthOf } from "./sets.ts";

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
  /** Counts: records, blocks, pairs by strength, sets and how they hold together, the largest set. */
  summary: DataFrame;
  /** Keywords too common to be evidence (more than `maxKeywordRecords` records of a block), most common first. */
  commonKeywords: DataFrame;
  options: DuplicateOptions;
  rows: number;
  seconds: number;
}

const FN = "probableDuplicates()";

/**
 * Probable duplicates and cross-genebank links in a passport frame (see docs/duplicates.md).
 * @example
 * ```ts
 * import { Genesys, pl, probableDuplicates } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * const { sets, pairs, summary } = probableDuplicates(df, { maxKeywordRecords: 25 });
 * console.log(summary.toRecords(), sets.filter(pl.col("holds_by").eq(pl.lit("deterministic"))).height, pairs.height);
 * ```
 */
export function probableDuplicates(df: DataFrame, options?: DuplicateOptionsInput): DuplicateResult {
  const started = performance.now();
  const o = parseDuplicateOptions(options);
  if (!df || typeof (df as DataFrame).select !== "function" || !Array.isArray((df as DataFrame).columns)) {
    throw new GenesysInputError("expected a polars DataFrame of passports (e.g. from g.passports())", { endpoint: FN });
  }
  const r = readRecords(df, extraColumns(o));
  const notes = columnNotes(o, r.missing, FN);
  const pairs = new PairStore(r.rows);
  deterministicLinks(r, pairs);
  const blocks = new Map<string, number[]>();
  for (let i = 0; i < r.rows; i++) {
    pushTo(blocks, blockKey(r, o, i), i);
  }
  if (o.blockBy && blocks.has("")) notes.push(`${blocks.get("")!.length} records without ${o.blockBy} were compared with each other only`);
  const common: CommonKeyword[] = [];
  for (const [b, rows] of blocks) common.push(...probableLinks(r, rows, b || "(none)", o, pairs));
  const scored = scorePairs(r, pairs, o).filter((p) => p.strength !== "weak" || o.weakPairs);
  scored.sort((x, y) => x.a - y.a || x.b - y.b);
  const info = buildSets(r.rows, scored);
  const count = (s: Strength) => scored.filter((p) => p.strength === s).length;
  return finishResult({
    fn: FN,
    o,
    rows: r.rows,
    blocks: blocks.size,
    info,
    sets: setsFrame(r, info, scored),
    pairs: pairsFrame(r, scored),
    counts: { deterministic: count("deterministic"), probable: count("probable"), weak: count("weak") },
    common,
    notes,
    source: provenance(df),
    started,
  });
}

/** The columns the finder reads besides DUPLICATE_COLUMNS: the block column, the name and number fields. */
export function extraColumns(o: DuplicateOptions): string[] {
  return [...new Set([...(o.blockBy ? [o.blockBy] : []), ...o.nameFields, ...o.numberFields])];
}

/** Refuses input without the block column; notes the columns the finder would use that the input lacks. */
export function columnNotes(o: DuplicateOptions, missing: string[], fn: string, input = "frame"): string[] {
  if (o.blockBy && missing.includes(o.blockBy)) {
    throw new GenesysInputError(`the ${input} has no column "${o.blockBy}" to block by`, {
      endpoint: fn,
      hint: `select it (e.g. passports(filter, { select: [..., "${o.blockBy}"] })), or pass blockBy: null for one block`,
    });
  }
  const used = [...o.nameFields, ...o.numberFields, "INSTCODE", "DOI", "DONORCODE", "COLLCODE"];
  const absent = missing.filter((c) => used.includes(c));
  return absent.length ? [`columns not in the ${input}, so not used: ${absent.join(", ")}`] : [];
}

/** The block a record's probable links are sought in: its `blockBy` value in upper case ("" when none). */
export function blockKey(r: Records, o: DuplicateOptions, row: number): string {
  return o.blockBy ? value(r, o.blockBy, row).toUpperCase() : "";
}

/** Every pair of the store scored (halved when both records give a country of origin and they differ). */
export function scorePairs(r: Records, pairs: PairStore, o: DuplicateOptions): ScoredPair[] {
  const scored: ScoredPair[] = [];
  for (const p of pairs.pairs.values()) {
    const ca = value(r, "ORIGCTY", p.a), cb = value(r, "ORIGCTY", p.b);
    const score = pairScore(p, ca !== "" && cb !== "" && ca.toUpperCase() !== cb.toUpperCase());
    scored.push({ ...p, score, strength: strengthOf(p, score, o, r), set: 0 });
  }
  return scored;
}

/** What a run found, before it is published as a DuplicateResult. */
export interface Findings {
  fn: string;
  o: DuplicateOptions;
  rows: number;
  blocks: number;
  info: SetInfo;
  sets: DataFrame;
  pairs: DataFrame;
  counts: Record<Strength, number>;
  common: CommonKeyword[];
  notes: string[];
  /** The input's provenance (the frame's, or the dataset's provenance.json). */
  source: Provenance | undefined;
  started: number;
}

/** The summary, and provenance and diagnostics on every frame. */
export function finishResult(f: Findings): DuplicateResult {
  const { o, info, sets } = f;
  const holds = sets.unique({ subset: ["set_id"] }).getColumn("holds_by").toArray() as string[];
  const summary = summaryFrame([
    ["records", f.rows],
    ["blocks", f.blocks],
    ["deterministic pairs", f.counts.deterministic],
    ["probable pairs", f.counts.probable],
    ["weak pairs (review only)", f.counts.weak],
    ["sets", info.members.length],
    ["records in sets", sets.height],
    ["sets held by deterministic links alone", holds.filter((h) => h === "deterministic").length],
    ["sets held by deterministic and probable links", holds.filter((h) => h === "deterministic+probable").length],
    ["sets held by probable links alone", holds.filter((h) => h === "probable").length],
    ["largest set", info.members.reduce((m, x) => Math.max(m, x.length), 0)],
    ["common keywords skipped", f.common.length],
  ]);
  const seconds = (performance.now() - f.started) / 1000;
  for (const [kind, frame] of [["duplicates.sets", sets], ["duplicates.pairs", f.pairs], ["duplicates.summary", summary]] as const) {
    attachProvenance(
      frame,
      freshProvenance({
        server: f.source?.server ?? "(local frame)",
        endpoints: [...(f.source?.endpoints ?? []), f.fn],
        kind,
        filter: f.source?.filter ?? null,
        options: { ...o, stopWords: `${o.stopWords.length} words` },
        rows: frame.height,
      }),
    );
    attachDiagnostics(frame, { endpoint: f.fn, coercions: [], notes: f.notes });
  }
  return { sets, pairs: f.pairs, summary, commonKeywords: commonFrame(f.common), options: o, rows: f.rows, seconds };
}
