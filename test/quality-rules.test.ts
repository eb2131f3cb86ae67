/**
 * Rules held against the standards' text and against points whose answer is a matter of fact: SAMPSTAT/COLLSRC by MCPD
 * v2.1's code definitions, centres of countries from the equal-area centroids and GBIF's Catalogue of Centroids, slips
 * of hand where more than one correction lands, BDQ's response on each finding, and the rule table's shape.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { checkPassports } from "../src/index.ts";
import { landIndex } from "../src/quality/geometry.ts";
import { RULES } from "../src/quality/rules.ts";
import { sampstatCollsrcConflict } from "../src/quality/sampstat-collsrc.ts";

const coords = (rows: { ORIGCTY: string; lat: number; lon: number; unc?: number | null }[], rules?: string[]) =>
  checkPassports(
    pl.DataFrame({
      ORIGCTY: rows.map((r) => r.ORIGCTY),
      DECLATITUDE: pl.Series("DECLATITUDE", rows.map((r) => r.lat), pl.Float64),
      DECLONGITUDE: pl.Series("DECLONGITUDE", rows.map((r) => r.lon), pl.Float64),
      COORDUNCERT: pl.Series("COORDUNCERT", rows.map((r) => r.unc ?? null), pl.Float64),
    }),
    { rules },
  ).findings;

describe("SAMPSTAT against COLLSRC (MCPD v2.1 code definitions)", () => {
  it("flags bred material from a wild habitat and wild material from a seed company", () => {
    expect(sampstatCollsrcConflict(500, 10)).toContain("advanced or improved cultivar (SAMPSTAT 500) collected from a wild habitat");
    expect(sampstatCollsrcConflict(414, 12)).toContain("breeding or research material");
    expect(sampstatCollsrcConflict(600, 15)).toContain("a GMO");
    expect(sampstatCollsrcConflict(100, 50)).toContain("wild material (SAMPSTAT 100) acquired from a seed company");
  });
  it("leaves the pairs real collections hold alone", () => {
    for (
      const [s, c] of [[100, 10], [100, 62], [110, 24], [130, 50], [200, 21], [300, 26], [300, 30], [500, 40], [500, 50], [410, 40]]
    ) {
      expect(sampstatCollsrcConflict(s!, c!), `${s} ${c}`).toBeUndefined();
    }
  });
  it("is a rule of the check, reported on SAMPSTAT", () => {
    const df = pl.DataFrame({ SAMPSTAT: [500, 300, 110], COLLSRC: [11, 11, 50] });
    const f = checkPassports(df).findings.filter(pl.col("rule").eq(pl.lit("sampstat-collsrc")));
    expect(f.select("row", "field", "severity").toRecords()).toEqual([
      { row: 0, field: "SAMPSTAT", severity: "warning" },
      { row: 2, field: "SAMPSTAT", severity: "warning" },
    ]);
  });
});

describe("centres of countries", () => {
  const land = landIndex();

  it("flags a point at the equal-area centroid of the whole country, of its largest part, or at a gazetteer's centre", () => {
    const col = land.centres("COL")!;
    const f = coords([
      { ORIGCTY: "COL", lat: +col.whole[1].toFixed(4), lon: +col.whole[0].toFixed(4) },
      { ORIGCTY: "COL", lat: +col.largest[1].toFixed(4), lon: +col.largest[0].toFixed(4) },
      // CoordinateCleaner's centroid of Colombia (its countryref table, in GBIF's Catalogue of Centroids)
      { ORIGCTY: "COL", lat: 3.9, lon: -73.076 },
      // 30 km north of it: a real collecting site
      { ORIGCTY: "COL", lat: 4.17, lon: -73.076 },
    ], ["coord-centroid"]);
    expect(f.getColumn("row").toArray()).toEqual([0, 1, 2]);
    expect(f.getColumn("status").toArray()).toEqual(["RUN_HAS_RESULT", "RUN_HAS_RESULT", "RUN_HAS_RESULT"]);
    expect(f.getColumn("result").toArray()).toEqual(["POTENTIAL_ISSUE", "POTENTIAL_ISSUE", "POTENTIAL_ISSUE"]);
  });

  it("keeps the radius small on a small island, and accepts a country-level georeference that says so", () => {
    const brb = land.centres("BRB")!;
    const f = coords([
      // Bridgetown, some 10 km from the centre of Barbados
      { ORIGCTY: "BRB", lat: 13.1, lon: -59.61 },
      // 1 km from the centroid: beyond Barbados' radius (210 m)
      { ORIGCTY: "BRB", lat: brb.whole[1] + 0.009, lon: brb.whole[0] },
      // at the centroid with COORDUNCERT 15 km (at least half the island's side): an honest country-level georeference
      { ORIGCTY: "BRB", lat: brb.whole[1], lon: brb.whole[0], unc: 15_000 },
    ]);
    expect(f.height).toBe(0);
  });
});

describe("slips of hand", () => {
  it("says when more than one correction lands in ORIGCTY, and suggests none", () => {
    // Nigeria spans about 4-14° N and 3-15° E: with the latitude's sign lost (9, 8) and with the pair swapped and a sign
    // lost (8, 9) both land there
    const f = coords([{ ORIGCTY: "NGA", lat: -9, lon: 8 }], ["coord-swapped", "coord-sign"]);
    expect(f.height).toBe(1);
    const r = f.toRecords()[0]!;
    expect(r.message).toMatch(/^2 corrections put the point in NGA .*none is suggested$/);
    expect(r.suggestion).toBeNull();
    expect(r.status).toBe("NOT_AMENDED");
  });

  it("suggests the one correction that lands, as BDQ's amendment", () => {
    const r = coords([{ ORIGCTY: "PER", lat: 12.046, lon: -77.03 }]).toRecords()[0]!;
    expect(r).toMatchObject({
      rule: "coord-sign",
      bdq: "AMENDMENT_COORDINATES_TRANSPOSED",
      status: "AMENDED",
      result: '{"dwc:decimalLatitude":"-12.046","dwc:decimalLongitude":"-77.03"}',
    });
  });
});

describe("the rule table", () => {
  it("has one entry per id, each with its fields, needs and a check", () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) {
      expect(r.fields.length, r.id).toBeGreaterThan(0);
      expect(r.needs.length, r.id).toBeGreaterThan(0);
      expect(["point", "value", "tuple", "expr", "frame"]).toContain(r.check.kind);
    }
  });

  it("counts the rows each rule could test in the runner, from the rule's needs", () => {
    const df = pl.DataFrame({
      ORIGCTY: ["COL", null, "COL"],
      DECLATITUDE: [4.6, 4.6, null],
      DECLONGITUDE: [-74.1, -74.1, -74.1],
      ACQDATE: ["1990----", null, null],
      COLLDATE: [null, "1989----", null],
    });
    const s = checkPassports(df).summary;
    const checked = Object.fromEntries(s.select("rule", "checked").rows() as [string, number][]);
    expect(checked).toMatchObject({ "coord-zero": 2, "coord-country": 1, "coord-lat-range": 2, "date-invalid": 2, "date-order": 0 });
  });
});
