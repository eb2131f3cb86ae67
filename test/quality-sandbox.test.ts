/**
 * checkPassports() measured against the errors the sandbox planted (its own record, table planted_error), over real
 * HTTP: passports() from a sandbox with plantErrors, then precision and recall per rule. And the sandbox's geography:
 * collecting sites on the land of their origin country, wild beans from the Americas.
 *
 * Thresholds: every planted error of a kind is detectable by construction (slips are planted only where they move the
 * site 30 km outside ORIGCTY, sea points are 50 km from land), so recall must be at least 0.95 per rule; the misses
 * allowed are planted points whose swapped or negated pair happens to fall inside ORIGCTY, which the checker then
 * reports as a slip, as a curator would read it. Error rules must be right at least 97 % of the time; warning rules 90 %
 * (a clean site can lie within 2 km of a country's centroid, a clean coordinate can end in zeros). coord-outlier has
 * no planted kind: its findings on clean accessions must stay under 0.2 % of the accessions it tested.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPassports, Genesys, type QualityReport } from "../src/index.ts";
import { landIndex } from "../src/quality/geometry.ts";
import { RULE_BY_ID } from "../src/quality/rules.ts";
import { PLANTED_KINDS, type PlantedError, readPlantedErrors, type Sandbox, scoreFindings, startSandbox } from "../src/sandbox/index.ts";

const RATE = 0.1;
let sb: Sandbox;
let g: Genesys;
let df: DataFrame;
let planted: PlantedError[];
let report: QualityReport;

beforeAll(async () => {
  sb = await startSandbox({ accessions: 40_000, seed: 7, plantErrors: RATE });
  g = new Genesys({ baseUrl: sb.url, token: sb.token });
  df = await g.passports({});
  planted = await readPlantedErrors(sb.db);
  report = checkPassports(df);
}, 180_000);

afterAll(async () => {
  await g?.close();
  await sb?.close();
});

describe("planted errors", () => {
  it("plants every kind, at the documented rate, and serves them", () => {
    const errors = planted.filter((p) => !(p.kind === "duplicate" && p.original === p.planted));
    // former countries apply only to accessions from former Soviet republics and Germany: fewer of them
    for (const k of PLANTED_KINDS) {
      expect(errors.filter((p) => p.kind === k.kind).length, k.kind).toBeGreaterThanOrEqual(k.kind === "country-former" ? 5 : 15);
    }
    // each drawn accession gets one error when its fields allow the kind drawn: somewhat under RATE in all
    const share = errors.length / df.height;
    expect(share).toBeGreaterThan(RATE * 0.4);
    expect(share).toBeLessThan(RATE);
    // what the record says was planted is what passports() returns
    const served = new Map(
      (df.select("UUID", pl.col("ACQDATE").cast(pl.Utf8), pl.col("DOI").cast(pl.Utf8)).toRecords() as Record<string, string>[]).map((r) => [
        r.UUID,
        r,
      ]),
    );
    for (const p of errors.filter((e) => e.field === "ACQDATE" || e.field === "DOI")) {
      expect(served.get(p.uuid)?.[p.field], p.kind).toBe(p.planted);
    }
  });

  it("finds them with the precision and recall stated above", () => {
    const findings = report.findings.select("UUID", "rule").toRecords() as { UUID: string; rule: string }[];
    const scores = scoreFindings(findings, planted);
    console.log(
      "rule                 findings precision planted recall\n" +
        scores.map((s) =>
          `${s.rule.padEnd(20)} ${String(s.findings).padStart(8)} ${s.precision.toFixed(3).padStart(9)} ${String(s.planted).padStart(7)} ${
            s.recall.toFixed(3).padStart(6)
          }`
        ).join("\n"),
    );
    for (const s of scores) {
      if (s.rule === "coord-outlier") {
        const tested = Number(report.summary.filter(pl.col("rule").eq(pl.lit("coord-outlier"))).getColumn("checked").get(0));
        expect(s.findings - s.truePositives, s.rule).toBeLessThanOrEqual(Math.max(2, tested * 0.002));
        continue;
      }
      expect(s.planted, `${s.rule} has planted errors`).toBeGreaterThan(0);
      expect(s.recall, `${s.rule} recall`).toBeGreaterThanOrEqual(0.95);
      const min = RULE_BY_ID.get(s.rule)!.severity === "error" ? 0.97 : 0.9;
      expect(s.precision, `${s.rule} precision`).toBeGreaterThanOrEqual(min);
    }
  });
});

describe("sandbox geography", () => {
  const clean = () => {
    const dirty = new Set(planted.map((p) => p.uuid));
    return df.filter(pl.col("UUID").isIn([...dirty]).not());
  };

  it("puts every collecting site on the land of its origin country", () => {
    const land = landIndex();
    const pts = clean().filter(pl.col("DECLATITUDE").isNotNull()).select(
      pl.col("ORIGCTY").cast(pl.Utf8),
      "DECLATITUDE",
      "DECLONGITUDE",
    ).toRecords() as { ORIGCTY: string; DECLATITUDE: number; DECLONGITUDE: number }[];
    expect(pts.length).toBeGreaterThan(10_000);
    const off = pts.filter((p) => !land.inCountry(p.DECLONGITUDE, p.DECLATITUDE, land.countryIndex(p.ORIGCTY)));
    expect(off).toEqual([]);
  });

  it("brings wild beans from the Americas only (their native ranges: test/sandbox-plausibility.test.ts)", () => {
    const wild = clean().filter(pl.col("GENUS").cast(pl.Utf8).eq(pl.lit("Phaseolus")).and(pl.col("SAMPSTAT").lt(300)))
      .select(pl.col("ORIGCTY").cast(pl.Utf8)).getColumn("ORIGCTY").dropNulls().toArray() as string[];
    expect(wild.length).toBeGreaterThan(100);
    const americas = new Set(["USA", "MEX", "GTM", "HND", "NIC", "CRI", "COL", "ECU", "PER", "BOL", "ARG"]);
    expect(wild.filter((c) => !americas.has(c))).toEqual([]);
  });

  it("leaves a sandbox without the option free of planted errors", async () => {
    const plain = await startSandbox({ accessions: 2_000, seed: 7 });
    try {
      expect(await readPlantedErrors(plain.db)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
