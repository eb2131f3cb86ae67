/**
 * Country names for reading are data (src/plot/country-names.json, finding 33): read through a zod schema, the hash
 * pinned; figures and shown tables say "Tanzania" where ISO 3166 says "Tanzania, United Republic of", and the data
 * keep ISO's name.
 */
import pl from "nodejs-polars";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countryName } from "../src/mcpd/countries.ts";
import { COUNTRY_NAMES_FILE, CountryNamesFile, readingCountryName, SHORT_COUNTRY_NAMES } from "../src/plot/country-names.ts";
import { countryBar } from "../src/plot/helpers.ts";
import { readableColumns } from "../src/plot/readable.ts";

const SHA256 = "5f361b75d37b72844e54d797e4f3f9edd343d1b68f152172bf651508b977f19c";

describe("country names for reading", () => {
  it("is the file whose hash is pinned, with a source and a licence; every code is an ISO 3166 code", () => {
    expect(createHash("sha256").update(readFileSync(COUNTRY_NAMES_FILE)).digest("hex")).toBe(SHA256);
    const file = CountryNamesFile.parse(JSON.parse(readFileSync(COUNTRY_NAMES_FILE, "utf8")));
    expect(file.source).toMatch(/Unicode CLDR/);
    expect(file.licence).toMatch(/Unicode License/);
    for (const code of SHORT_COUNTRY_NAMES.keys()) expect(countryName(code), code).toBeDefined();
  });

  it("gives the common short name for a code or ISO's name, ISO's name otherwise; the data keep ISO's", () => {
    expect(readingCountryName("TZA")).toBe("Tanzania");
    expect(readingCountryName("Tanzania, United Republic of")).toBe("Tanzania");
    expect(readingCountryName("Korea, Republic of")).toBe("South Korea");
    expect(readingCountryName("MEX")).toBe("Mexico");
    expect(readingCountryName("Mexico")).toBe("Mexico");
    expect(readingCountryName("(missing)")).toBe("(missing)");
    expect(countryName("TZA")).toBe("Tanzania, United Republic of");
  });

  it("countryBar and the readable passport table say Tanzania", () => {
    const df = pl.DataFrame({ ACCENUMB: ["G1", "G2", "G3"], ORIGCTY: ["TZA", "TZA", "MEX"] });
    const svg = countryBar(df).svg;
    expect(svg).toContain("Tanzania");
    expect(svg).not.toContain("United Republic");
    const decoded = df.withColumns(pl.Series("ORIGCTY_name", ["Tanzania, United Republic of", "Tanzania, United Republic of", "Mexico"]));
    expect(readableColumns(decoded).getColumn("ORIGCTY_name").toArray()).toEqual(["Tanzania", "Tanzania", "Mexico"]);
    expect(decoded.getColumn("ORIGCTY_name").toArray()[0]).toBe("Tanzania, United Republic of");
  });
});
