/**
 * The country centres of coord-centroid are data, not code: `src/quality/country-centres.json` (GBIF's Catalogue of
 * Centroids, deduplicated) with its source and licence, read through a zod schema, and the file this test knows by its
 * hash. A changed point changes which passports are flagged: update the hash and say why in the commit.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alpha3Of, COUNTRY_CENTRES_FILE, CountryCentresFile, readCountryCentres } from "../src/quality/centres.ts";
import { haversineMeters } from "../src/kernel/geo.ts";

const CENTRES_SHA256 = "70b733675307c6048b33895897f94d040732ef497fcd440abc36928160a20c73";

describe("country-centres.json", () => {
  it("is the file this test knows", () => {
    expect(createHash("sha256").update(readFileSync(COUNTRY_CENTRES_FILE)).digest("hex")).toBe(CENTRES_SHA256);
  });

  it("names its source and licence, and holds the catalogue's 728 points of 250 countries", () => {
    const f = readCountryCentres();
    expect(f.source).toMatch(/catalogue-of-centroids, PCLI\.tsv at commit 0959e14d/);
    expect(f.licence).toMatch(/states no licence/);
    expect(f.rows).toHaveLength(728);
    expect(new Set(f.rows.map((r) => r[0])).size).toBe(250);
    // one row per point and country: no two rows repeat a point
    expect(new Set(f.rows.map((r) => `${r[0]} ${r[2]} ${r[3]}`)).size).toBe(f.rows.length);
  });

  it("is read through its schema: a row out of range or a code that is not ISO 3166 fails", () => {
    const f = readCountryCentres();
    expect(CountryCentresFile.safeParse({ ...f, rows: [["ABW", "AW", -69.97, 112.5, "TGN"]] }).success).toBe(false);
    expect(CountryCentresFile.safeParse({ ...f, rows: [["Aruba", "AW", -69.97, 12.5, "TGN"]] }).success).toBe(false);
    expect(CountryCentresFile.safeParse({ ...f, extra: 1 }).success).toBe(false);
  });

  it("gives the rule its points and the alpha-2 codes (Aruba: 3 points within 2.5 km, AW -> ABW)", () => {
    const aruba = readCountryCentres().rows.filter((r) => r[0] === "ABW");
    expect(aruba).toHaveLength(3);
    for (const [, , lon, lat] of aruba) expect(haversineMeters(12.5, -69.96667, lat, lon)).toBeLessThan(2_500);
    expect(alpha3Of("aw")).toBe("ABW");
  });
});
