/**
 * MCPD vocabularies: every code of every list decodes to the label MCPD v2.1
 * gives it (checked against the spelled-out values below, not against the
 * module's own tables), multi-value fields, unknown codes, and the sandbox
 * generator drawing only codes the vocabulary knows.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { COUNTRY_NAMES, decode, decodeValue, FORMER_COUNTRY_NAMES } from "../src/index.ts";
import { decodeWithReport } from "../src/mcpd/decode.ts";
import {
  COLLSRC_BY_SAMPSTAT,
  COUNTRIES,
  SAMPSTAT_CULTIVATED,
  SAMPSTAT_WILD,
  STORAGE_CLONAL,
  STORAGE_SEED,
} from "../src/sandbox/generator/reference.ts";

// MCPD v2.1 (2015), descriptors 19, 21 and 26, as printed there
const SAMPSTAT_V21 = {
  100: "Wild",
  110: "Natural",
  120: "Semi-natural/wild",
  130: "Semi-natural/sown",
  200: "Weedy",
  300: "Traditional cultivar/landrace",
  400: "Breeding/research material",
  410: "Breeder's line",
  411: "Synthetic population",
  412: "Hybrid",
  413: "Founder stock/base population",
  414: "Inbred line",
  415: "Segregating population",
  416: "Clonal selection",
  420: "Genetic stock",
  421: "Mutant",
  422: "Cytogenetic stocks",
  423: "Other genetic stocks",
  500: "Advanced or improved cultivar",
  600: "GMO",
  999: "Other",
};
const COLLSRC_V21 = {
  10: "Wild habitat",
  11: "Forest or woodland",
  12: "Shrubland",
  13: "Grassland",
  14: "Desert or tundra",
  15: "Aquatic habitat",
  20: "Farm or cultivated habitat",
  21: "Field",
  22: "Orchard",
  23: "Backyard, kitchen or home garden",
  24: "Fallow land",
  25: "Pasture",
  26: "Farm store",
  27: "Threshing floor",
  28: "Park",
  30: "Market or shop",
  40: "Institute, experimental station, research organization, genebank",
  50: "Seed company",
  60: "Weedy, disturbed or ruderal habitat",
  61: "Roadside",
  62: "Field margin",
  99: "Other",
};
const STORAGE_V21 = {
  10: "Seed collection",
  11: "Short term",
  12: "Medium term",
  13: "Long term",
  20: "Field collection",
  30: "In vitro collection",
  40: "Cryopreserved collection",
  50: "DNA collection",
  99: "Other",
};

describe("MCPD code lists", () => {
  for (const [column, list] of [["SAMPSTAT", SAMPSTAT_V21], ["COLLSRC", COLLSRC_V21], ["STORAGE", STORAGE_V21]] as const) {
    it(`${column}: every MCPD v2.1 code decodes to its label; other codes do not`, () => {
      for (const [code, label] of Object.entries(list)) {
        expect(decodeValue(column, code), `${column} ${code}`).toBe(label);
        expect(decodeValue(column, `${code}.0`)).toBe(label); // a code read as a decimal
      }
      expect(decodeValue(column, "77")).toBeUndefined();
      expect(decodeValue(column, "abc")).toBeUndefined();
    });
  }

  it("STORAGE holds several codes: labels joined; one unknown code leaves the value undecoded", () => {
    expect(decodeValue("STORAGE", "13;20")).toBe("Long term; Field collection");
    expect(decodeValue("STORAGE", " 11 ; 40 ")).toBe("Short term; Cryopreserved collection");
    expect(decodeValue("STORAGE", "13;77")).toBeUndefined();
  });

  it("MLSSTAT as MCPD codes and as Genesys booleans", () => {
    for (const v of ["1", "true", "TRUE"]) expect(decodeValue("MLSSTAT", v)).toBe("Included in the MLS");
    for (const v of ["0", "false"]) expect(decodeValue("MLSSTAT", v)).toBe("Not included in the MLS");
  });

  it("countries: all 249 ISO 3166-1 alpha-3 codes, and former codes MCPD allows", () => {
    expect(COUNTRY_NAMES.size).toBe(249);
    expect(decodeValue("ORIGCTY", "COL")).toBe("Colombia");
    expect(decodeValue("ORIGCTY", "civ")).toBe("Côte d'Ivoire");
    for (
      const [code, name] of [["SUN", "USSR"], ["YUG", "Yugoslavia"], ["CSK", "Czechoslovakia"], ["DDR", "German Democratic Republic"], [
        "ZAR",
        "Zaire",
      ]]
    ) {
      expect(FORMER_COUNTRY_NAMES.get(code)).toBe(name);
      expect(decodeValue("ORIGCTY", code)).toBe(name);
    }
    expect(decodeValue("ORIGCTY", "XXX")).toBeUndefined();
  });

  it("decode(df): a label column after each coded column, codes unchanged, unknown codes reported", () => {
    const df = pl.DataFrame({
      INSTCODE: ["COL003", "PER001", "XYZ999"],
      SAMPSTAT: pl.Series("SAMPSTAT", [300, 413, 777], pl.Int64),
      ORIGCTY: ["COL", "SUN", null],
      STORAGE: ["13;20", "13", "12;99"],
      MLSSTAT: [true, false, null],
    });
    const { df: out, unknown } = decodeWithReport(df, {
      institutes: new Map([["COL003", "Centro Internacional de Agricultura Tropical"], ["PER001", "Centro Internacional de la Papa"]]),
    });
    expect(out.columns).toEqual([
      "INSTCODE",
      "INSTCODE_name",
      "SAMPSTAT",
      "SAMPSTAT_label",
      "ORIGCTY",
      "ORIGCTY_name",
      "STORAGE",
      "STORAGE_label",
      "MLSSTAT",
      "MLSSTAT_label",
    ]);
    expect(out.getColumn("SAMPSTAT").toArray()).toEqual([300, 413, 777]);
    expect(out.getColumn("SAMPSTAT_label").toArray()).toEqual(["Traditional cultivar/landrace", "Founder stock/base population", null]);
    expect(out.getColumn("ORIGCTY_name").toArray()).toEqual(["Colombia", "USSR", null]);
    expect(out.getColumn("STORAGE_label").toArray()).toEqual(["Long term; Field collection", "Long term", "Medium term; Other"]);
    expect(out.getColumn("MLSSTAT_label").toArray()).toEqual(["Included in the MLS", "Not included in the MLS", null]);
    expect(out.getColumn("INSTCODE_name").toArray()).toEqual([
      "Centro Internacional de Agricultura Tropical",
      "Centro Internacional de la Papa",
      null,
    ]);
    expect(unknown).toEqual({ SAMPSTAT: ["777"], INSTCODE: ["XYZ999"] });
    expect(decode(df).columns).not.toContain("INSTCODE_name");
  });

  it("the sandbox generator draws only codes the vocabulary knows, and names countries as it does", () => {
    for (const [code] of [...SAMPSTAT_WILD, ...SAMPSTAT_CULTIVATED]) expect(decodeValue("SAMPSTAT", String(code))).toBeDefined();
    for (const [code] of COLLSRC_BY_SAMPSTAT.flatMap((c) => c.codes)) expect(decodeValue("COLLSRC", String(code))).toBeDefined();
    for (const [code] of [...STORAGE_SEED, ...STORAGE_CLONAL]) expect(decodeValue("STORAGE", code)).toBeDefined();
    for (const c of COUNTRIES) expect(c.name).toBe(COUNTRY_NAMES.get(c.code3));
  });
});
