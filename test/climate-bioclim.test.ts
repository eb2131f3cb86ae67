/**
 * bioclim() against what the project did not make (fixtures made by scripts/peers/climate-bioclim.R):
 * - QBMS's calc_biovars (ICARDA; dismo::biovars' formulas) on the monthly values of icardaFIGSr's two WorldClim tables:
 *   every variable of every row equal (within 1e-9, relative);
 * - WorldClim's own bio1-bio19 in those tables (durumWC: WorldClim 1.4, integers, °C × 10; BarleyRNOWC: WorldClim 2.1):
 *   the agreement per variable, as docs/climate.md states it.
 * And the conventions by hand: quarters wrapping around the year, ties to the first quarter, the sample sd, prec + 1.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIO, bioclim, type BioName, sampleSd } from "../src/climate/bioclim.ts";

type Row = Record<string, number>;
function readCsv(name: string): Row[] {
  const [head, ...lines] = readFileSync(`test/fixtures/climate/${name}`, "utf8").trim().split("\n");
  const cols = head!.split(",").map((c) => c.replaceAll('"', ""));
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i]!, Number(v.replaceAll('"', ""))])));
}
const months = (r: Row, v: string) => Array.from({ length: 12 }, (_, i) => r[`${v}${i + 1}`]!);
const ours = (r: Row) => bioclim({ tmin: months(r, "tmin"), tmax: months(r, "tmax"), prec: months(r, "prec") });
const TABLES = ["durumWC", "BarleyRNOWC"] as const;

describe("bioclim() against QBMS's calc_biovars (dismo's formulas) on icardaFIGSr's monthly values", () => {
  for (const table of TABLES) {
    it(`${table}: 200 rows × 19 variables, 0 differing values`, () => {
      const rows = readCsv(`figsr-${table}.csv`);
      const qbms = readCsv(`qbms-${table}.csv`);
      expect(rows).toHaveLength(200);
      expect(qbms.map((q) => q.row)).toEqual(rows.map((r) => r.row));
      const differing: string[] = [];
      rows.forEach((r, i) => {
        const b = ours(r);
        for (const v of BIO) {
          const want = qbms[i]![v]!;
          if (Math.abs(b[v] - want) > 1e-9 * Math.max(1, Math.abs(want))) differing.push(`row ${r.row} ${v}: ${b[v]} vs ${want}`);
        }
      });
      expect(differing).toEqual([]);
    });
  }
});

/** Per variable: the share of rows where ours rounds to WorldClim's value (durumWC, integers) or is within `tol`. */
function agreement(table: string, tol: number): Record<BioName, { agree: number; maxAbs: number }> {
  const rows = readCsv(`figsr-${table}.csv`);
  const out = {} as Record<BioName, { agree: number; maxAbs: number }>;
  for (const v of BIO) {
    const d = rows.map((r) => Math.abs(ours(r)[v] - r[v]!));
    out[v] = { agree: d.filter((x) => x <= tol).length, maxAbs: Math.max(...d) };
  }
  return out;
}

describe("bioclim() against WorldClim's own bio layers at the same sites (icardaFIGSr's tables)", () => {
  it("WorldClim 2.1 (BarleyRNOWC): all 19 variables of 200 rows within float32 rounding (bio4 within 1e-4)", () => {
    const a = agreement("BarleyRNOWC", 1e-4);
    for (const v of BIO) expect(a[v].agree, v).toBe(200);
  });

  it("WorldClim 1.4 (durumWC, °C × 10 integers): the agreement docs/climate.md states, per variable", () => {
    const a = agreement("durumWC", 0.5);
    const exact = ["bio2", "bio5", "bio6", "bio7", "bio12", "bio13", "bio14", "bio16", "bio17"] as const;
    for (const v of exact) expect(a[v].agree, v).toBe(200);
    // rounding of integer layers: within 1.33 (0.133 °C) for the temperature means, 1.15 points of isothermality
    for (const v of ["bio1", "bio8", "bio9", "bio10", "bio11"] as const) expect(a[v].maxAbs, v).toBeLessThan(1.34);
    expect(a.bio3.maxAbs).toBeLessThan(1.2);
    // WorldClim 1.4's bio4 takes the population sd (÷ 12): ours (÷ 11, as dismo and WorldClim 2.1) is sqrt(12/11) larger
    expect(a.bio4.agree).toBe(0);
    expect(a.bio4.maxAbs).toBeLessThan(620);
    // bio15 and the quarters chosen by temperature (bio18, bio19) differ where quarters nearly tie
    expect(a.bio15.maxAbs).toBeLessThan(12);
    expect([a.bio18.agree, a.bio19.agree]).toEqual([197, 198]);
  });
});

describe("bioclim() conventions", () => {
  const flat = (v: number) => Array.from({ length: 12 }, () => v);
  it("quarters wrap around the year: a December–February rainy season is one quarter", () => {
    const prec = [100, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100];
    const tavg = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];
    const b = bioclim({ tmin: tavg.map((t) => t - 5), tmax: tavg.map((t) => t + 5), prec });
    expect(b.bio16).toBe(300);
    expect(b.bio8).toBeCloseTo((31 + 20 + 21) / 3, 12); // Dec–Jan–Feb
    expect(b.bio18).toBe(100); // the warmest quarter is Oct–Dec (29, 30, 31 °C): 0 + 0 + 100 mm
    expect(b.bio19).toBe(200); // the coldest is Jan–Mar (20, 21, 22 °C): 100 + 100 + 0 mm
  });

  it("ties go to the first quarter counted from January (R's which.max), and bio15 adds 1 mm", () => {
    const b = bioclim({ tmin: flat(10), tmax: flat(20), prec: [10, 10, 10, 50, 50, 50, 10, 10, 10, 50, 50, 50] });
    expect(b.bio16).toBe(150);
    expect(b.bio8).toBe(15);
    expect(b.bio18).toBe(30); // all quarters tie on temperature: the first, Jan–Mar, 30 mm
    const prec = [10, 10, 10, 50, 50, 50, 10, 10, 10, 50, 50, 50];
    expect(b.bio15).toBeCloseTo((100 * sampleSd(prec.map((p) => p + 1))) / 31, 12);
    expect(sampleSd([1, 2, 3, 4])).toBeCloseTo(Math.sqrt(5 / 3), 12);
  });

  it("takes tavg where given instead of (tmin + tmax) / 2", () => {
    const b = bioclim({ tmin: flat(0), tmax: flat(10), prec: flat(10), tavg: flat(4) });
    expect(b.bio1).toBe(4);
    expect(b.bio10).toBe(4);
  });
});
