/**
 * The review list: the pairs that do not join sets (weak pairs), ranked by how likely they are to be one material,
 * bounded by default, each with its evidence in words and the two records' passport fields side by side, as PGRdup's
 * `ReviewProbDup()` lays a set out beside the passport fields for a curator. The rank (`review_score`):
 *
 * - its evidence, every matched word at the weight of its kind (as the score, docs/duplicates.md, but a number of
 *   digits alone at 0.3: plain numbers repeat between genebanks), combined as 1 − ∏(1 − w) over the words, so that
 *   two words of one name that match (one exactly, one with a typo) count more than one;
 * - rarity: times √(2 / records holding its rarest matched word or name in the block), so a word two records share
 *   counts fully and one eight records share half;
 * - coverage: times the share of the two names the matched words make up (1 for a whole name), so one word in
 *   common between two long names counts little;
 * - the passport: + 0.05 for each field that agrees (species, origin, breeder…), + 0.15 for a sample-level agreement
 *   (site, coordinates within 10 km, the same day, pedigree), − 0.25 for each conflict (another species, origin,
 *   kind of material, day, site or breeder).
 *
 * Only the best `limit` pairs are kept while the units are scored (a selection that keeps at most twice the limit),
 * so the list costs memory in proportion to what is shown, not to the weak pairs found.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { reviewPair } from "./corroboration.ts";
import { describeEvidence } from "./frames.ts";
import { keywordsOf } from "./keywords.ts";
import type { Records } from "./records.ts";
import { value } from "./records.ts";
import type { ScoredPair } from "./sets.ts";

/** The passport fields laid side by side (`_a`, `_b`), in the order a curator reads them. */
export const REVIEW_FIELDS: readonly string[] = (
  "INSTCODE ACCENUMB ACCENAME GENUS SPECIES ORIGCTY SAMPSTAT COLLSITE COLLDATE COLLCODE COLLNUMB " +
  "DONORCODE DONORNUMB OTHERNUMB BREDCODE ANCEST"
).split(" ");

/** A weak pair kept for review: rows in the source, its rank, and what a curator reads. */
export interface ReviewEntry {
  a: number;
  b: number;
  score: number;
  rank: number;
  kinds: string;
  evidence: string;
  agreements: string;
  conflicts: string;
}

const WHOLE = new Set(["name", "distinctive", "name-fuzzy"]);

/**
 * The evidence's strength for review: the strongest piece per matched word (a whole name and the one keyword it is
 * made of are one word; a whole name and its alphabetical form are one), combined as 1 − ∏(1 − w) over the words, a
 * number of digits alone at 0.3.
 */
function evidenceStrength(p: ScoredPair): number {
  const words = new Set(p.evidence.filter((e) => !WHOLE.has(e.kind)).map((e) => e.valueA));
  const best = new Map<string, number>();
  for (const e of p.evidence) {
    if (!(e.weight > 0)) continue;
    const v = e.valueA.replace("~", "");
    const word = WHOLE.has(e.kind) ? (words.has(v) ? v : "(whole name)") : v;
    best.set(word, Math.max(best.get(word) ?? 0, e.kind === "number" ? Math.min(e.weight, 0.3) : e.weight));
  }
  let none = 1;
  for (const w of best.values()) none *= 1 - w;
  return 1 - none;
}

/**
 * How much of the two names the matched words cover (letters of the matched words over the letters of the name, the
 * smaller of the two records'): 1 when a whole name matched or the evidence is in number fields. One word of two
 * long names in common ("Sembu Ndajeza" ~ "Zembu Ndabo") is a small part of either.
 */
function coverage(r: Records, p: ScoredPair): number {
  if (p.evidence.some((e) => WHOLE.has(e.kind))) return 1;
  const named = p.evidence.filter((e) => e.weight > 0 && !/[0-9]/.test(e.valueA));
  if (!named.length) return 1;
  const part = (row: number, field: string, matched: Set<string>) => {
    const kws = keywordsOf(value(r, field, row));
    const all = kws.reduce((n, k) => n + k.length, 0);
    return all ? kws.filter((k) => matched.has(k)).reduce((n, k) => n + k.length, 0) / all : 1;
  };
  const e0 = named[0]!;
  return Math.min(
    part(p.a, e0.fieldA, new Set(named.map((e) => e.valueA))),
    part(p.b, e0.fieldB, new Set(named.map((e) => e.valueB))),
  );
}

/** How likely a weak pair is one material, for the review list's order, with the passport's word on it. */
export function reviewScore(r: Records, p: ScoredPair): { rank: number; agreements: string; conflicts: string } {
  const review = reviewPair(r, p.a, p.b);
  const held = p.evidence.reduce((m, e) => Math.min(m, e.held ?? Infinity), Infinity);
  const rarity = Number.isFinite(held) ? Math.sqrt(Math.min(1, 2 / held)) : 1;
  const passport = 0.05 * review.agreements.length + (review.sampleLevel ? 0.15 : 0) - 0.25 * review.conflicts.length;
  const rank = evidenceStrength(p) * rarity * coverage(r, p) + passport;
  const words = (es: typeof review.agreements) => es.map((e) => `${e.fieldA} ${e.valueA} / ${e.valueB}`).join("; ");
  return { rank: Math.round(rank * 1e6) / 1e6, agreements: words(review.agreements), conflicts: words(review.conflicts) };
}

/** The best weak pairs seen so far, at most `limit` of them once `finish()`ed (Infinity: all). */
export class ReviewList {
  #entries: ReviewEntry[] = [];
  constructor(readonly limit: number) {}

  /** Weak pairs of the records `r`, whose rows in the source are `ids`. */
  add(r: Records, weak: ScoredPair[], ids: number[]): void {
    if (this.limit === 0) return;
    for (const p of weak) {
      const { rank, agreements, conflicts } = reviewScore(r, p);
      const kinds = [...new Set(p.evidence.map((e) => e.kind))].join(",");
      this.#entries.push({ a: ids[p.a]!, b: ids[p.b]!, score: p.score, rank, kinds, evidence: describeEvidence(p), agreements, conflicts });
    }
    if (this.#entries.length > 2 * this.limit) this.#cut();
  }

  #cut(): void {
    this.#entries.sort((x, y) => y.rank - x.rank || y.score - x.score || x.a - y.a || x.b - y.b);
    if (this.#entries.length > this.limit) this.#entries.length = this.limit;
  }

  /** The kept pairs, best first. */
  finish(): ReviewEntry[] {
    this.#cut();
    const out = this.#entries;
    this.#entries = [];
    return out;
  }
}

/** The review frame: one row per pair, best first, the passport fields of both records side by side. */
export function reviewFrame(entries: ReviewEntry[], r: Records, at: (row: number) => number): DataFrame {
  const side = (field: string, s: "a" | "b") =>
    pl.Series(`${field}_${s}`, entries.map((e) => value(r, field, at(s === "a" ? e.a : e.b)) || null), pl.Utf8);
  return pl.DataFrame([
    pl.Series("rank", entries.map((_, i) => i + 1), pl.UInt32),
    pl.Series("review_score", entries.map((e) => e.rank), pl.Float64),
    pl.Series("score", entries.map((e) => e.score), pl.Float64),
    pl.Series("kinds", entries.map((e) => e.kinds), pl.Utf8),
    pl.Series("evidence", entries.map((e) => e.evidence), pl.Utf8),
    pl.Series("agreements", entries.map((e) => e.agreements || null), pl.Utf8),
    pl.Series("conflicts", entries.map((e) => e.conflicts || null), pl.Utf8),
    ...REVIEW_FIELDS.flatMap((f) => [side(f, "a"), side(f, "b")]),
    pl.Series("row_a", entries.map((e) => e.a), pl.UInt32),
    pl.Series("row_b", entries.map((e) => e.b), pl.UInt32),
  ]);
}
