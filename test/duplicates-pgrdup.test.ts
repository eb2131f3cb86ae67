/**
 * Held against a peer tool: PGRdup's own probable duplicate sets on its own example data (GN1000, with its
 * vignette's settings, test/fixtures/pgrdup/README.md), rebuilt from this finder's keyword matching. Every pair of
 * records PGRdup puts in one fuzzy, phonetic or semantic set must be in one of ours (and the other way round).
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { pairsOfSets, PGRDUP_VIGNETTE, pgrdupPairs } from "./fixtures/pgrdup/pgrdup.ts";
import { probableDuplicates } from "../src/index.ts";

const DIR = "test/fixtures/pgrdup";
const FIELDS: string[] = [...PGRDUP_VIGNETTE.fields];
const EXEP: string[] = [...PGRDUP_VIGNETTE.exceptions];
const SYN = PGRDUP_VIGNETTE.synonyms.map((s) => [...s]);
const read = (f: string) => pl.readCSV(`${DIR}/${f}`, { sep: "\t", inferSchemaLength: 0, quoteChar: "" });

describe("PGRdup's sets on GN1000", () => {
  const gn = read("gn1000-fields.tsv");
  const recs = gn.toRecords() as Record<string, string | null>[];
  const theirs = pairsOfSets(read("gn1000-sets.tsv").toRecords() as { TYPE: string; ID: string }[]);
  const ours = pgrdupPairs(recs.map((r) => r.NationalID!), recs.map((r) => FIELDS.map((f) => r[f] ?? null)), {
    exceptions: EXEP,
    synonyms: SYN,
  });

  it("reads the fixture whole", () => {
    expect(gn.height).toBe(1000);
    expect(theirs.F.size).toBeGreaterThan(3000);
    expect(theirs.P.size).toBeGreaterThan(200);
  });
  for (const type of ["F", "P", "S"] as const) {
    it(`${type}: every pair PGRdup puts in one set is in one of ours, and no other`, () => {
      const missed = [...theirs[type]].filter((p) => !ours[type].has(p));
      const extra = [...ours[type]].filter((p) => !theirs[type].has(p));
      expect(missed.length / theirs[type].size).toBeLessThanOrEqual(0.05);
      expect({ missed: missed.slice(0, 5), extra: extra.slice(0, 5) }).toEqual({ missed: [], extra: [] });
    });
  }
  it("probableDuplicates() finds every direct keyword match of those sets, and joins fewer records than PGRdup chains", () => {
    const res = probableDuplicates(gn, {
      blockBy: null,
      nameFields: FIELDS,
      numberFields: [],
      stopWords: EXEP,
      synonyms: SYN,
      maxKeywordRecords: 1_000_000,
      weakPairs: true, // every pair, not only those that join sets
    });
    // every PGRdup fuzzy pair whose records share a keyword (exact, the bulk of its matches) is one of our pairs
    const shared = (x: Record<string, string | null>, y: Record<string, string | null>) => {
      const kw = (r: Record<string, string | null>) =>
        new Set(FIELDS.flatMap((f) => (r[f] ?? "").split(" ")).filter((k) => k && !EXEP.includes(k)));
      const kx = kw(x);
      return [...kw(y)].some((k) => kx.has(k));
    };
    const row = new Map(recs.map((r, i) => [r.NationalID!, i]));
    const pairs = new Set((res.pairs.toRecords() as { row_a: number; row_b: number }[]).map((p) => `${p.row_a}|${p.row_b}`));
    const exact = [...theirs.F].map((p) => p.split("|").map((x) => row.get(x)!).sort((x, y) => x - y)).filter(([a, b]) =>
      shared(recs[a!]!, recs[b!]!)
    );
    expect(exact.length).toBeGreaterThan(500);
    expect(exact.filter(([a, b]) => !pairs.has(`${a}|${b}`))).toEqual([]);
    const largest = res.summary.filter(pl.col("measure").eq(pl.lit("largest set"))).getColumn("count").toArray()[0] as number;
    expect(largest).toBeLessThan(239); // PGRdup's merged sets (DisProbDup) chain 239 records into one
  });
});
