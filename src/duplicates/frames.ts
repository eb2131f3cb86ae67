/** The result frames: sets (one row per member), pairs (one row per pair, with its evidence) and a summary. */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { isDeterministic } from "./pairs.ts";
import type { CommonKeyword } from "./probable.ts";
import { type Records, value } from "./records.ts";
import type { ScoredPair, SetInfo } from "./sets.ts";

const text = (r: Records, col: string, rows: number[]) => rows.map((i) => value(r, col, i) || null);

/** How a set holds together: by deterministic links alone, by both, or by probable links alone. */
function holdsBy(kinds: Set<string>): string {
  if (kinds.has("deterministic") && kinds.has("probable")) return "deterministic+probable";
  return kinds.has("deterministic") ? "deterministic" : "probable";
}

/** `at` gives a set member's index in `r` (the row itself, unless `r` holds only the members). */
export function setsFrame(r: Records, info: SetInfo, pairs: ScoredPair[], at: (row: number) => number = (row) => row): DataFrame {
  const kinds = info.members.map(() => new Set<string>());
  const minScore = info.members.map(() => 1);
  for (const p of pairs) {
    if (p.strength === "weak") continue;
    kinds[p.set - 1]!.add(p.strength);
    minScore[p.set - 1] = Math.min(minScore[p.set - 1]!, p.score);
  }
  const rows = info.members.flat();
  const inR = rows.map(at);
  const coreSize = new Map<string, number>();
  for (const row of rows) {
    const k = `${info.setOf[row]}:${info.coreOf[row]}`;
    coreSize.set(k, (coreSize.get(k) ?? 0) + 1);
  }
  return pl.DataFrame([
    pl.Series("set_id", rows.map((i) => info.setOf[i]!), pl.UInt32),
    pl.Series("core", rows.map((i) => info.coreOf[i]!), pl.UInt32),
    pl.Series("INSTCODE", text(r, "INSTCODE", inR), pl.Utf8),
    pl.Series("ACCENUMB", text(r, "ACCENUMB", inR), pl.Utf8),
    pl.Series("DOI", text(r, "DOI", inR), pl.Utf8),
    pl.Series("UUID", text(r, "UUID", inR), pl.Utf8),
    pl.Series("GENUS", text(r, "GENUS", inR), pl.Utf8),
    pl.Series("ACCENAME", text(r, "ACCENAME", inR), pl.Utf8),
    pl.Series("set_size", rows.map((i) => info.members[info.setOf[i]! - 1]!.length), pl.UInt32),
    pl.Series("holds_by", rows.map((i) => holdsBy(kinds[info.setOf[i]! - 1]!)), pl.Utf8),
    pl.Series(
      "joined_by",
      rows.map((i) => (coreSize.get(`${info.setOf[i]}:${info.coreOf[i]}`)! > 1 ? "deterministic" : "probable")),
      pl.Utf8,
    ),
    pl.Series("min_link_score", rows.map((i) => minScore[info.setOf[i]! - 1]!), pl.Float64),
    pl.Series("row", rows, pl.UInt32),
  ]);
}

/** One line per piece of evidence: `donor: DONORCODE+DONORNUMB "COL003 G4680" = INSTCODE+ACCENUMB "COL003 G4680"`. */
export function describeEvidence(p: ScoredPair): string {
  return p.evidence
    .slice()
    .sort((x, y) => Number(isDeterministic(y.kind)) - Number(isDeterministic(x.kind)) || y.weight - x.weight)
    .map((e) => `${e.kind}: ${e.fieldA} "${e.valueA}" ${e.valueA === e.valueB ? "=" : "~"} ${e.fieldB} "${e.valueB}"`)
    .join("; ");
}

export function pairsFrame(r: Records, pairs: ScoredPair[]): DataFrame {
  const a = pairs.map((p) => p.a), b = pairs.map((p) => p.b);
  const side = (rows: number[], s: string) => [
    pl.Series(`INSTCODE_${s}`, text(r, "INSTCODE", rows), pl.Utf8),
    pl.Series(`ACCENUMB_${s}`, text(r, "ACCENUMB", rows), pl.Utf8),
    pl.Series(`UUID_${s}`, text(r, "UUID", rows), pl.Utf8),
    pl.Series(`DOI_${s}`, text(r, "DOI", rows), pl.Utf8),
    pl.Series(`row_${s}`, rows, pl.UInt32),
  ];
  return pl.DataFrame([
    pl.Series("set_id", pairs.map((p) => p.set), pl.UInt32),
    pl.Series("strength", pairs.map((p) => p.strength), pl.Utf8),
    pl.Series("score", pairs.map((p) => p.score), pl.Float64),
    pl.Series("kinds", pairs.map((p) => [...new Set(p.evidence.map((e) => e.kind))].join(",")), pl.Utf8),
    pl.Series("evidence", pairs.map(describeEvidence), pl.Utf8),
    ...side(a, "a"),
    ...side(b, "b"),
  ]);
}

export function commonFrame(common: CommonKeyword[]): DataFrame {
  const c = common.slice().sort((x, y) => y.records - x.records);
  return pl.DataFrame([
    pl.Series("block", c.map((x) => x.block), pl.Utf8),
    pl.Series("keyword", c.map((x) => x.keyword), pl.Utf8),
    pl.Series("records", c.map((x) => x.records), pl.UInt32),
  ]);
}

export function summaryFrame(entries: [string, number][]): DataFrame {
  return pl.DataFrame([
    pl.Series("measure", entries.map((e) => e[0]), pl.Utf8),
    pl.Series("count", entries.map((e) => e[1]), pl.Int64),
  ]);
}
