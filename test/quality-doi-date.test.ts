/**
 * The DOI and date rules against the standards' own text and against DOIs we did not make: DOI Handbook syntax, GLIS's
 * check symbol on genuine DOIs, MCPD v2.1 partial dates (`--` or `00`), and date order at the precision both dates
 * have.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { checkPassports } from "../src/index.ts";
import { checkDoi, glisCheckSymbol } from "../src/quality/doi.ts";

describe("GLIS DOIs (10.18730): Crockford base 32 and a check symbol modulo 37", () => {
  it("validates genuine DOIs, including the check symbols * ~ $ =", () => {
    const genuine = [
      // CIAT beans, Genesys (shared/genesys-fixtures/accessions-sample.ciat.csv)
      "10.18730/JPV7P",
      "10.18730/JV8M~",
      "10.18730/S63CK",
      "10.18730/K2GAA",
      // DataCite's registry (datacite/lupo spec/models/doi_spec.rb) checks the same checksum and expects these valid
      "10.18730/nvb2*",
      "10.18730/nvb3~",
      "10.18730/nvb4$",
      "10.18730/nvb5=",
    ];
    for (const d of genuine) expect(checkDoi(d), d).toEqual({ kind: "ok" });
  });

  it("computes the check symbol, and says which one was expected", () => {
    expect(glisCheckSymbol("JPV7")).toBe("P");
    expect(glisCheckSymbol("JV8M")).toBe("~");
    expect(glisCheckSymbol("JPVO")).toBeUndefined(); // O is not a Crockford symbol
    const v = checkDoi("10.18730/JV8M*");
    expect(v).toMatchObject({ kind: "check", expected: "~" });
    expect(v.kind === "check" && v.message).toContain("'*' where the suffix's value modulo 37 gives '~'");
    // a digit typed wrong is caught
    expect(checkDoi("10.18730/JPV8P").kind).toBe("check");
  });

  it("accepts any printable character in another registrant's suffix (DOI Handbook)", () => {
    for (
      const d of [
        "10.1017/S1479262111000682",
        "10.1000/182",
        "10.1002/(SICI)1097-4636(199808)41:2<241::AID-JBM8>3.0.CO;2-O",
        "10.1000.10/ABC#é",
      ]
    ) {
      expect(checkDoi(d), d).toEqual({ kind: "ok" });
    }
  });

  it("refuses lists, non-DOIs, and warns on URL and doi: forms with the bare DOI suggested", () => {
    expect(checkDoi("10.18730/JPV7P;10.18730/JV8M~").kind).toBe("list");
    expect(checkDoi("10.18730/JPV7P; 10.18730/JV8M~").kind).toBe("list");
    expect(checkDoi("10.18730 JPV7P").kind).toBe("malformed");
    expect(checkDoi("18730/JPV7P").kind).toBe("malformed");
    expect(checkDoi("https://doi.org/10.18730/JV8M~")).toMatchObject({ kind: "url", bare: "10.18730/JV8M~" });
    expect(checkDoi("https://doi.org/10.18730/B2CD%24")).toMatchObject({ kind: "url", bare: "10.18730/B2CD$" });
    expect(checkDoi("doi:10.1017/S1479262111000682")).toMatchObject({ kind: "url", bare: "10.1017/S1479262111000682" });
    // a URL whose DOI has a wrong check symbol: the error, not the warning
    expect(checkDoi("https://doi.org/10.18730/JV8M*").kind).toBe("check");
  });
});

describe("checkPassports names the DOI rules and coord-equal", () => {
  it("reports doi-list, doi-check and coord-equal by rule name, and nothing on the genuine DOI and point", () => {
    const df = pl.DataFrame({
      INSTCODE: ["COL003", "COL003", "COL003", "COL003"],
      ACCENUMB: ["G1", "G2", "G3", "G4"],
      // genuine (Genesys, CIAT beans); two DOIs in one field; the genuine G2's DOI with its check symbol typed wrong
      DOI: ["10.18730/JPV7P", "10.18730/JPV7P;10.18730/JV8M~", "10.18730/JV8M*", null],
      // Cali; then a point whose latitude equals its longitude (12.5° N 12.5° E, in Borno State, Nigeria, so no other rule fires)
      DECLATITUDE: [3.45, 3.45, 3.45, 12.5],
      DECLONGITUDE: [-76.53, -76.53, -76.53, 12.5],
      ORIGCTY: ["COL", "COL", "COL", "NGA"],
    });
    const found = checkPassports(df).findings.select("row", "rule", "field", "message").toRecords() as {
      row: number;
      rule: string;
      field: string;
      message: string;
    }[];
    expect(found.map((f) => `${f.row} ${f.rule} ${f.field}`).sort()).toEqual([
      "1 doi-list DOI",
      "2 doi-check DOI",
      "3 coord-equal DECLATITUDE",
    ]);
    expect(found.find((f) => f.rule === "doi-check")!.message).toContain("'*' where the suffix's value modulo 37 gives '~'");
    expect(found.find((f) => f.rule === "coord-equal")!.message).toBe("latitude equals longitude");
  });
});

describe("date rules at the precision the dates have", () => {
  const dates = (acq: (string | null)[], coll: (string | null)[]) =>
    checkPassports(pl.DataFrame({ ACQDATE: pl.Series("ACQDATE", acq, pl.Utf8), COLLDATE: pl.Series("COLLDATE", coll, pl.Utf8) }), {
      today: new Date("2026-06-15"),
    }).findings.select("row", "rule").toRecords().map((r) => `${r.row} ${r.rule}`);

  it("never flags MCPD's partial dates, in either spelling", () => {
    expect(dates(["19790000", "19790600", "197906--", "1979----", "19791200"], ["1978----", "19780000", "19790500", "1979----", null]))
      .toEqual([]);
  });

  it("orders dates only when their common precision can tell", () => {
    // COLLDATE 1979---- cannot be ordered against ACQDATE 19790500 (same year); against 19780500 it is after
    expect(dates(["19790500", "19780500", "19790000"], ["1979----", "1979----", "19800100"])).toEqual(["1 date-order", "2 date-order"]);
  });

  it("says a date is in the future only when all of it is", () => {
    expect(dates(["2026----", "202606--", "20260700", "2027----"], [null, null, null, null])).toEqual(["2 date-future", "3 date-future"]);
  });
});
