/**
 * `probableDuplicates(df, options)`: the same material in several records, within one genebank or across many.
 * Deterministic links first (deterministic.ts), then probable links from names and numbers within blocks
 * (probable.ts), then sets that only deterministic links and well-supported probable pairs can build (sets.ts).
 */
import type { DataFrame } from "nodejs-polars";
import { attachDiagnostics } from "../client/core/diagnostics.ts";
import { attachProvenance, freshProvenance, provenance } from "../client/core/provenance.ts";
import { GenesysInputError } from "../client/core/errors.ts";
import { deterministicLinks } from "./deterministic.ts";
import { commonFrame, pairsFrame, setsFrame, summaryFrame } from "./frames.ts";
import { type DuplicateOptions, type DuplicateOptionsInput, parseDuplicateOptions } from "./options.ts";
import { pairScore, PairStore } from "./pairs.ts";
import { type CommonKeyword, probableLinks } from "./probable.ts";
import { readRecords, value } from "./records.ts";
import { buildSets, type ScoredPair, strengthOf } from "./sets.ts";

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
  const extra = [...new Set([...(o.blockBy ? [o.blockBy] : []), ...o.nameFields, ...o.numberFields])];
  const r = readRecords(df, extra);
  const notes: string[] = [];
  if (o.blockBy && r.missing.includes(o.blockBy)) {
    throw new GenesysInputError(`the frame has no column "${o.blockBy}" to block by`, {
      endpoint: FN,
      hint: `select it (e.g. passports(filter, { select: [..., "${o.blockBy}"] })), or pass blockBy: null for one block`,
    });
  }
  const used = [...o.nameFields, ...o.numberFields, "INSTCODE", "DOI", "DONORCODE", "COLLCODE"];
  const absent = r.missing.filter((c) => used.includes(c));
  if (absent.length) notes.push(`columns not in the frame, so not used: ${absent.join(", ")}`);
  const pairs = new PairStore(r.rows);
  deterministicLinks(r, pairs);
  const blocks = new Map<string, number[]>();
  for (let i = 0; i < r.rows; i++) {
    const b = o.blockBy ? value(r, o.blockBy, i).toUpperCase() : "";
    const l = blocks.get(b);
    if (l) l.push(i);
    else blocks.set(b, [i]);
  }
  if (o.blockBy && blocks.has("")) notes.push(`${blocks.get("")!.length} records without ${o.blockBy} were compared with each other only`);
  const common: CommonKeyword[] = [];
  for (const [b, rows] of blocks) common.push(...probableLinks(r, rows, b || "(none)", o, pairs));
  const scored: ScoredPair[] = [];
  for (const p of pairs.pairs.values()) {
    const ca = value(r, "ORIGCTY", p.a), cb = value(r, "ORIGCTY", p.b);
    const score = pairScore(p, ca !== "" && cb !== "" && ca.toUpperCase() !== cb.toUpperCase());
    const strength = strengthOf(p, score, o, r);
    if (strength === "weak" && !o.weakPairs) continue;
    scored.push({ ...p, score, strength, set: 0 });
  }
  scored.sort((x, y) => x.a - y.a || x.b - y.b);
  const info = buildSets(r.rows, scored);
  const sets = setsFrame(r, info, scored);
  const pairsDf = pairsFrame(r, scored);
  const count = (s: string) => scored.filter((p) => p.strength === s).length;
  const holds = sets.unique({ subset: ["set_id"] }).getColumn("holds_by").toArray() as string[];
  const summary = summaryFrame([
    ["records", r.rows],
    ["blocks", blocks.size],
    ["deterministic pairs", count("deterministic")],
    ["probable pairs", count("probable")],
    ["weak pairs (review only)", count("weak")],
    ["sets", info.members.length],
    ["records in sets", sets.height],
    ["sets held by deterministic links alone", holds.filter((h) => h === "deterministic").length],
    ["sets held by deterministic and probable links", holds.filter((h) => h === "deterministic+probable").length],
    ["sets held by probable links alone", holds.filter((h) => h === "probable").length],
    ["largest set", Math.max(0, ...info.members.map((m) => m.length))],
    ["common keywords skipped", common.length],
  ]);
  const source = provenance(df);
  const seconds = (performance.now() - started) / 1000;
  for (const [kind, frame] of [["duplicates.sets", sets], ["duplicates.pairs", pairsDf], ["duplicates.summary", summary]] as const) {
    attachProvenance(
      frame,
      freshProvenance({
        server: source?.server ?? "(local frame)",
        endpoints: [...(source?.endpoints ?? []), FN],
        kind,
        filter: source?.filter ?? null,
        options: { ...o, stopWords: `${o.stopWords.length} words` },
        rows: frame.height,
      }),
    );
    attachDiagnostics(frame, { endpoint: FN, coercions: [], notes });
  }
  return { sets, pairs: pairsDf, summary, commonKeywords: commonFrame(common), options: o, rows: r.rows, seconds };
}
