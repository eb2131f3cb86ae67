/**
 * The clustered-sampling route's Ward clustering against scikit-learn's AgglomerativeClustering(linkage="ward") on
 * the same standardised input (test/fixtures/core-collection/ward-*, made by bench/peers/ward_sklearn.py).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import pl from "nodejs-polars";
import { wardClusters } from "../src/core-collection/ward.ts";
import { clusteredCore, GenesysInputError } from "../src/index.ts";

const dir = "test/fixtures/core-collection";
const rows = readFileSync(`${dir}/ward-input.csv`, "utf8").trim().split("\n").slice(1).map((l) => l.split(",").map(Number));
const { labels } = JSON.parse(readFileSync(`${dir}/ward-sklearn.json`, "utf8")) as { labels: Record<string, number[]> };

/** Hubert and Arabie's adjusted Rand index of two labelings. */
export function adjustedRand(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length, table = new Map<string, number>(), rowsC = new Map<number, number>(), colsC = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = `${x[i]},${y[i]}`;
    table.set(k, (table.get(k) ?? 0) + 1);
    rowsC.set(x[i]!, (rowsC.get(x[i]!) ?? 0) + 1);
    colsC.set(y[i]!, (colsC.get(y[i]!) ?? 0) + 1);
  }
  const c2 = (v: number) => v * (v - 1) / 2;
  const sum = (m: Map<unknown, number>) => [...m.values()].reduce((s, v) => s + c2(v), 0);
  const index = sum(table), a = sum(rowsC), b = sum(colsC), expected = a * b / c2(n);
  return (index - expected) / ((a + b) / 2 - expected);
}

describe("Ward clustering against scikit-learn", () => {
  const n = rows.length, d = rows[0]!.length;
  const x = Float64Array.from(rows.flat());
  for (const [k, sk] of Object.entries(labels)) {
    it(`${k} clusters of ${n} rows: adjusted Rand index >= 0.99`, () => {
      const ours = wardClusters(x, n, d, Number(k));
      expect(new Set(ours).size).toBe(Number(k));
      const ari = adjustedRand(ours, sk);
      console.log(`Ward, ${k} clusters: ARI ${ari.toFixed(4)}`);
      expect(ari).toBeGreaterThanOrEqual(0.99);
    });
  }
});

describe("clusteredCore() (the Subsetting Tool's route)", () => {
  const frame = pl.readCSV(readFileSync(`${dir}/ward-input.csv`, "utf8"));
  it("standardises, keeps every component, and its clusters agree with scikit-learn's Ward (ARI >= 0.99)", () => {
    const r = clusteredCore(frame, { size: 30, columns: frame.columns, components: 6 });
    expect(r.components).toBe(6);
    expect(r.explained).toBeCloseTo(1, 9);
    expect(adjustedRand(r.frame.getColumn("cluster").toArray() as number[], labels["30"]!)).toBeGreaterThanOrEqual(0.99);
    expect(r.rows.length).toBe(30);
    const clustersInCore = new Set(r.frame.filter(pl.col("core")).getColumn("cluster").toArray() as number[]);
    expect(clustersInCore.size).toBe(30);
  });
  it("keeps the fewest components explaining the share asked", () => {
    const r = clusteredCore(frame, { size: 12, columns: frame.columns, components: 0.8 });
    expect(r.explained).toBeGreaterThanOrEqual(0.8);
    expect(r.components).toBeLessThan(6);
  });
  it("refuses a collection larger than maxAccessions, naming coreCollection()", () => {
    try {
      clusteredCore(frame, { size: 12, columns: frame.columns, maxAccessions: 100 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GenesysInputError);
      expect((e as Error).message.split("\n")[0]).toBe(
        "clusteredCore(): 600 accessions is more than maxAccessions (100): Ward's clustering takes O(n²) time",
      );
      expect((e as GenesysInputError).hint).toBe("use coreCollection() for large collections, or raise maxAccessions");
    }
  });
});
