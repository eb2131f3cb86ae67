/**
 * checkPassports() on frames built by hand, where each row's error is known from how the row was written; the
 * land index on places whose country is a matter of fact (capitals, coastal towns, small islands, open ocean);
 * MCPD date parsing; and the findings map.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { checkPassports, RULES } from "../src/index.ts";
import { findingsMap } from "../src/plot/index.ts";
import { mcpdDate } from "../src/quality/mcpd-date.ts";
import { landIndex } from "../src/quality/geometry.ts";

describe("land index (1 km map)", () => {
  const land = landIndex();
  const at = (lon: number, lat: number) => land.codes[land.countryAt(lon, lat)] ?? "sea";

  it("places inland, by the coast and on small islands are in their country", () => {
    const places: [string, number, number, string][] = [
      ["Bogotá", -74.08, 4.61, "COL"],
      ["Quito", -78.51, -0.22, "ECU"],
      ["Addis Ababa", 38.75, 9.03, "ETH"],
      ["Lima, Plaza de Armas (about 5 km from the sea)", -77.03, -12.046, "PER"],
      ["Valparaíso, Plaza Sotomayor", -71.627, -33.039, "CHL"],
      ["Mombasa island", 39.665, -4.055, "KEN"],
      ["Valletta", 14.512, 35.899, "MLT"],
      ["Bridgetown", -59.61, 13.1, "BRB"],
      ["Apia", -171.76, -13.83, "WSM"],
      ["Praia, Santiago (Cabo Verde)", -23.51, 14.93, "CPV"],
      ["Maseru (enclave in South Africa)", 27.48, -29.31, "LSO"],
      ["Kinshasa, not Brazzaville across the river", 15.31, -4.33, "COD"],
      ["Brazzaville", 15.24, -4.27, "COG"],
    ];
    for (const [name, lon, lat, code] of places) expect(at(lon, lat), name).toBe(code);
  });

  it("open ocean is sea, far from any land", () => {
    for (const [lon, lat] of [[-30, 0], [-140, 10], [80, -30], [-40, 40], [160, -40]] as const) {
      expect(at(lon, lat)).toBe("sea");
      expect(land.distanceTo(lon, lat, -1, 100_000)).toBe(Infinity);
    }
  });

  it("measures the distance to a coast in metres", () => {
    // Plaza Sotomayor, Valparaíso: the harbour is a few hundred metres away
    const d = land.distanceTo(-71.627, -33.039, land.countryIndex("CHL"), 5_000);
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(3_000);
    // at 33° S the coast of Chile is at about 71.55° W: 0.2° farther west is open sea, some 18 km out
    expect(land.distanceTo(-71.75, -33.0, -1, 3_000)).toBe(Infinity);
  });

  it("saves and restores the index exactly", async () => {
    const { LandIndex } = await import("../src/quality/geometry.ts");
    const copy = LandIndex.fromBuffer(land.toBuffer())!;
    expect(copy.size).toEqual(land.size);
    for (const [lon, lat] of [[-74.08, 4.61], [14.512, 35.899], [-30, 0]]) expect(copy.countryAt(lon, lat)).toBe(land.countryAt(lon, lat));
  });
});

describe("mcpdDate (MCPD v2.1: -- or 00 for an unknown month or day)", () => {
  it("accepts MCPD dates with unknown parts, in both spellings, and gives the days they may mean", () => {
    const days = (v: string) => {
      const d = mcpdDate(v);
      return [d.ok, d.precision, d.earliest, d.latest];
    };
    expect(days("19870512")).toEqual([true, "day", 19870512, 19870512]);
    expect(days("198705--")).toEqual([true, "month", 19870501, 19870531]);
    expect(days("19870500")).toEqual([true, "month", 19870501, 19870531]);
    expect(days("1987----")).toEqual([true, "year", 19870101, 19871231]);
    expect(days("19870000")).toEqual([true, "year", 19870101, 19871231]);
    expect(days("19880200")).toEqual([true, "month", 19880201, 19880229]);
    expect(mcpdDate("20000229").ok).toBe(true);
    // a date a spreadsheet wrote as a number, as in CIAT's table of Genesys rows
    expect(days("19790601.0")).toEqual([true, "day", 19790601, 19790601]);
  });
  it("rejects what is not a date, and says why", () => {
    for (const v of ["19871305", "19870230", "19000229", "19870931", "1987--15", "19870015", "1987", "87-05-12", "", "0000----"]) {
      expect(mcpdDate(v).ok, v).toBe(false);
    }
    expect(mcpdDate("19870230").reason).toBe("1987-02 has no day 30");
    expect(mcpdDate("1987--15").reason).toBe("a day without a month");
  });
});

describe("checkPassports on a frame with known errors", () => {
  // row: what was written into it
  const rows = [
    { INSTCODE: "COL003", ACCENUMB: "G1", ORIGCTY: "COL", lat: 4.61, lon: -74.08, unc: 1000, doi: "10.18730/JPV7P" }, // 0 clean
    { INSTCODE: "COL003", ACCENUMB: "G2", ORIGCTY: "COL", lat: -74.08, lon: 4.61, unc: null, doi: "10.18730/JV8M~" }, // 1 swapped
    { INSTCODE: "COL003", ACCENUMB: "G3", ORIGCTY: "PER", lat: 12.046, lon: -77.03, unc: null, doi: null }, // 2 latitude sign lost
    { INSTCODE: "COL003", ACCENUMB: "G3", ORIGCTY: "ECU", lat: 0, lon: 0, unc: null, doi: null }, // 3 zero + duplicate of 2
    // 4 sea (G3 again, in another institute)
    { INSTCODE: "MEX002", ACCENUMB: "G3", ORIGCTY: "MEX", lat: 10.5, lon: -140.5, unc: null, doi: null },
    // 5 in Ethiopia; DOI as a URL
    { INSTCODE: "MEX002", ACCENUMB: "M2", ORIGCTY: "MEX", lat: 9.03, lon: 38.75, unc: null, doi: "https://doi.org/10.18730/S63CK" },
    { INSTCODE: "MEX002", ACCENUMB: "M3", ORIGCTY: "MEX", lat: 19, lon: -99, unc: 100, doi: "10.18730 AAAA6" }, // 6 whole degrees; bad DOI
    { INSTCODE: "MEX002", ACCENUMB: "M4", ORIGCTY: "MEX", lat: 19.4, lon: -99.1, unc: 100, doi: null }, // 7 1 decimal, ±100 m claimed
    { INSTCODE: "PER001", ACCENUMB: "P1", ORIGCTY: "SUN", lat: null, lon: null, unc: null, doi: null }, // 8 former country
    { INSTCODE: "PER001", ACCENUMB: "P2", ORIGCTY: "XYZ", lat: null, lon: null, unc: null, doi: null }, // 9 unknown country
    { INSTCODE: "PER001", ACCENUMB: "P3", ORIGCTY: "PER", lat: -12.05, lon: -77.0, unc: null, doi: null }, // 10 clean (Lima)
    { INSTCODE: "PER001", ACCENUMB: "P4", ORIGCTY: "LSO", lat: -29.31, lon: 27.48, unc: null, doi: null }, // 11 clean (Maseru)
  ];
  const extra = {
    ACQDATE: [
      "19870512",
      "1987----",
      "19871345",
      "2091----",
      "200102--",
      "20010230",
      null,
      "1999--15",
      "19900101",
      null,
      "2001----",
      "2001----",
    ],
    COLLDATE: ["19860101", null, null, null, "20020301", null, null, null, null, null, "2000----", "2002----"],
    SAMPSTAT: [100, 300, 350, 500, 999, 100, 100, 110, 120, 130, 300, 300],
    COLLSRC: [10, 20, 30, 17, null, null, null, null, null, null, null, null],
    STORAGE: ["13", "13;20", "14", null, "11", "12", "13", "13;70", "13", "13", "13", "13"],
    GENUS: ["Phaseolus", "Phaseolus", "Zea", "Zea", "Zea", "Zea", "Zea", "Zea", "Solanum", "Solanum", "Solanum", "Solanum"],
    SPECIES: ["vulgaris", "lunatus", "mays", "mays", "mays", "mays", "mays", "mays", "tuberosum", "tuberosum", "tuberosum", "tuberosum"],
    GRIN_NAME: [
      "Phaseolus vulgaris L.",
      "Phaseolus vulgaris L.",
      "Zea mays L.",
      "Zea mays L.",
      "Zea mays L.",
      "Zea mays L.",
      "Zea mays L.",
      "Zea mays L.",
      null,
      null,
      "Solanum tuberosum L.",
      "Solanum tuberosum L.",
    ],
  };
  const df = pl.DataFrame({
    INSTCODE: rows.map((r) => r.INSTCODE),
    ACCENUMB: rows.map((r) => r.ACCENUMB),
    UUID: rows.map((_, i) => `uuid-${i}`),
    ORIGCTY: pl.Series("ORIGCTY", rows.map((r) => r.ORIGCTY)).cast(pl.Categorical),
    DECLATITUDE: pl.Series("DECLATITUDE", rows.map((r) => r.lat), pl.Float64),
    DECLONGITUDE: pl.Series("DECLONGITUDE", rows.map((r) => r.lon), pl.Float64),
    COORDUNCERT: pl.Series("COORDUNCERT", rows.map((r) => r.unc), pl.Int32),
    DOI: pl.Series("DOI", rows.map((r) => r.doi), pl.Utf8),
    ...extra,
  });
  const expected: [number, string, string][] = [
    [1, "coord-swapped", "DECLATITUDE"],
    [1, "taxon-grin", "GENUS"],
    [2, "coord-sign", "DECLATITUDE"],
    [2, "date-invalid", "ACQDATE"],
    [2, "code-invalid", "SAMPSTAT"],
    [2, "code-invalid", "STORAGE"],
    [2, "accenumb-duplicate", "ACCENUMB"],
    [3, "coord-zero", "DECLATITUDE"],
    [3, "date-future", "ACQDATE"],
    [3, "code-invalid", "COLLSRC"],
    [3, "accenumb-duplicate", "ACCENUMB"],
    [4, "coord-sea", "DECLATITUDE"],
    [4, "date-order", "COLLDATE"],
    [5, "coord-country", "DECLATITUDE"],
    [5, "date-invalid", "ACQDATE"],
    [5, "doi-url", "DOI"],
    [6, "coord-rounded", "DECLATITUDE"],
    [6, "doi-malformed", "DOI"],
    [7, "coord-precision", "COORDUNCERT"],
    [7, "date-invalid", "ACQDATE"],
    [7, "code-invalid", "STORAGE"],
    [8, "country-former", "ORIGCTY"],
    [9, "country-unknown", "ORIGCTY"],
    [11, "date-order", "COLLDATE"],
  ];
  const report = checkPassports(df, { today: new Date("2026-01-01") });

  it("finds exactly the errors written into the rows", () => {
    const got = (report.findings.select("row", "rule", "field").toRecords() as { row: number; rule: string; field: string }[])
      .map((f) => `${f.row} ${f.rule} ${f.field}`).sort();
    expect(got).toEqual(expected.map(([r, rule, field]) => `${r} ${rule} ${field}`).sort());
  });

  it("suggests the corrected coordinates of a swapped pair and a lost sign", () => {
    const fix = report.findings.filter(pl.col("suggested_latitude").isNotNull()).select("row", "suggested_latitude", "suggested_longitude")
      .sort("row").toRecords();
    expect(fix).toEqual([
      { row: 1, suggested_latitude: 4.61, suggested_longitude: -74.08 },
      { row: 2, suggested_latitude: -12.046, suggested_longitude: -77.03 },
    ]);
  });

  it("carries the accession keys, severity and a suggestion for a DOI URL", () => {
    const doi = report.findings.filter(pl.col("rule").eq(pl.lit("doi-url"))).toRecords()[0]!;
    expect(doi).toMatchObject({ INSTCODE: "MEX002", ACCENUMB: "M2", UUID: "uuid-5", severity: "warning", suggestion: "10.18730/S63CK" });
    const dup = report.findings.filter(pl.col("rule").eq(pl.lit("accenumb-duplicate")));
    expect(dup.getColumn("severity").toArray()).toEqual(["error", "error"]);
  });

  it("summarises every rule with the rows it could test", () => {
    const s = report.summary;
    expect(s.getColumn("rule").toArray()).toEqual(RULES.map((r) => r.id));
    const row = (id: string) => s.filter(pl.col("rule").eq(pl.lit(id))).toRecords()[0]!;
    expect(row("coord-zero")).toMatchObject({ findings: 1, checked: 10 });
    expect(row("accenumb-duplicate")).toMatchObject({ findings: 2, accessions: 2, checked: 12 });
    expect(row("date-order")).toMatchObject({ findings: 2 });
  });

  it("accepts a point within the tolerance of a border, and widens it to COORDUNCERT", () => {
    // at 33° S the Chilean coast is at about 71.55° W: the first point is about 2 km offshore (less than 0.02° of
    // longitude, 1.9 km), the second about 18 km (0.2°): beyond the 2 km tolerance, within its 20 km uncertainty
    const near = pl.DataFrame({
      ORIGCTY: ["CHL", "CHL"],
      DECLATITUDE: [-33.0, -33.0],
      DECLONGITUDE: [-71.57, -71.75],
      COORDUNCERT: [null, 20_000],
    });
    const r = checkPassports(near);
    expect(r.findings.height).toBe(0);
    const strict = checkPassports(near, { useUncertainty: false });
    expect(strict.findings.getColumn("row").toArray()).toEqual([1]);
  });

  it("runs only the rules asked for, and refuses unknown ones", () => {
    const r = checkPassports(df, { rules: ["coord-zero"] });
    expect(r.findings.getColumn("rule").toArray()).toEqual(["coord-zero"]);
    expect(() => checkPassports(df, { rules: ["no-such-rule"] })).toThrow(/unknown rule/);
  });

  it("skips rules whose columns are missing", () => {
    const r = checkPassports(df.select("INSTCODE", "ACCENUMB"));
    expect(r.findings.getColumn("rule").toArray()).toEqual(["accenumb-duplicate", "accenumb-duplicate"]);
  });

  it("draws the findings on a map, with an arrow per suggested correction", () => {
    const fig = findingsMap(report.findings, { title: "Findings" });
    expect(fig.svg).toContain("Findings");
    expect(fig.svg).toContain("2 arrows to a suggested correction");
    // one dot per coordinate finding on the globe
    const coordFindings = expected.filter(([, rule]) => rule.startsWith("coord-")).length;
    expect(fig.count("circle")).toBe(coordFindings);
  });
});
