/**
 * Generated collections for the core-collection bench (seeded; its own PRNG, so the same data on any machine):
 * `m` columns, of which 2 nominal (country-like, 40 and 6 levels), 2 ordinal (1-9 scores), the rest numeric with a
 * cluster structure (20 groups of accessions around their own means, as landraces of a region), about 5% missing.
 */
import pl, { type DataFrame } from "nodejs-polars";
import { writeFileSync } from "node:fs";
import { seededRandom } from "../src/core-collection/prng.ts";

export interface Generated {
  df: DataFrame;
  columns: string[];
  ordinal: string[];
}

export function generatedCollection(n: number, m: number, seed = 11): Generated {
  const rng = seededRandom(seed);
  const groups = 20;
  const group = Int32Array.from({ length: n }, () => rng.int(groups));
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const data: Record<string, Float64Array | (string | null)[] | (number | null)[]> = {};
  const numeric = m - 4;
  for (let k = 0; k < numeric; k++) {
    const means = Float64Array.from({ length: groups }, () => rng.next() * 10);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = rng.next() < 0.05 ? NaN : means[group[i]!]! + gauss() * (1 + k % 3);
    data[`trait${k + 1}`] = v;
  }
  for (const [name, levels] of [["country", 40], ["status", 6]] as const) {
    data[name] = Array.from({ length: n }, (_, i) => rng.next() < 0.05 ? null : `${name[0]}${(group[i]! * 7 + rng.int(levels)) % levels}`);
  }
  for (const name of ["score1", "score2"]) {
    data[name] = Array.from(
      { length: n },
      (_, i) => rng.next() < 0.05 ? null : Math.min(9, Math.max(1, 1 + ((group[i]! + rng.int(4)) % 9))),
    );
  }
  const columns = Object.keys(data);
  const df = pl.DataFrame(
    Object.fromEntries(
      columns.map((c) => {
        const v = data[c]!;
        return [c, v instanceof Float64Array ? Array.from(v, (x) => (x === x ? x : null)) : v];
      }),
    ),
  );
  return { df, columns, ordinal: ["score1", "score2"] };
}

/** The same collection in Core Hunter's phenotype format (numeric RD, nominal NS, ordinal OI). */
export function writeCoreHunterCsv(g: Generated, path: string): void {
  const types = g.columns.map((c) => (g.ordinal.includes(c) ? "OI" : g.df.getColumn(c).isNumeric() ? "RD" : "NS"));
  const cols = g.columns.map((c) => g.df.getColumn(c).toArray() as unknown[]);
  const lines = [`ID,NAME,${g.columns.join(",")}`, `TYPE,,${types.join(",")}`];
  for (let i = 0; i < g.df.shape.height; i++) lines.push(`A${i + 1},,${cols.map((v) => (v[i] == null ? "" : String(v[i]))).join(",")}`);
  writeFileSync(path, lines.join("\n") + "\n");
}
