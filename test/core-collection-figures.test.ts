/** The core-collection figures (names, not codes; counts) and the request list (DOI, else INSTCODE + ACCENUMB). */
import { describe, expect, it } from "vitest";
import pl from "nodejs-polars";
import { coreCollection, coreRequest, GenesysInputError } from "../src/index.ts";
import { coreCoverage, coreMap, corePcaScatter } from "../src/plot/index.ts";

const n = 60;
const df = pl.DataFrame({
  DOI: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? null : `10.18730/T${i}`)),
  INSTCODE: Array.from({ length: n }, () => "MEX002"),
  ACCENUMB: Array.from({ length: n }, (_, i) => `G${i}`),
  ORIGCTY: Array.from({ length: n }, (_, i) => ["MEX", "PER", "COL", "ETH"][i % 4]),
  SAMPSTAT: Array.from({ length: n }, (_, i) => [300, 100, 500][i % 3]),
  ELEVATION: Array.from({ length: n }, (_, i) => 100 + (i * 37) % 2500),
  DECLATITUDE: Array.from({ length: n }, (_, i) => -20 + (i * 7) % 40),
  DECLONGITUDE: Array.from({ length: n }, (_, i) => -100 + (i * 11) % 60),
});
const r = coreCollection(df, { size: 12, columns: ["ORIGCTY", "SAMPSTAT", "ELEVATION", "DECLATITUDE"], maxSeconds: 5 });

describe("core-collection figures", () => {
  it("corePcaScatter: the core over the collection, with counts and the variance explained", () => {
    const f = corePcaScatter(r);
    expect(f.svg).toContain("core (12)");
    expect(f.svg).toContain("rest of the collection (48)");
    expect(f.svg).toMatch(/PC1 \(\d+% of the variance\)/);
  });
  it("coreMap: the core and the rest on the map, counted", () => {
    const f = coreMap(r);
    expect(f.svg).toContain("core (12)");
    expect(f.svg).toContain("60 of 60 accessions with coordinates");
  });
  it("coreCoverage: countries by name, statuses by label, and how many the core holds", () => {
    const c = coreCoverage(r, "ORIGCTY");
    expect(c.svg).toContain(">Mexico<");
    expect(c.svg).not.toMatch(/>MEX</);
    expect(c.svg).toMatch(/the core \(12\) holds \d of the 4 countries of origin of the collection \(60\)/);
    expect(coreCoverage(r, "SAMPSTAT").svg).toContain("Traditional cultivar/landrace (300)");
  });
});

describe("coreRequest()", () => {
  it("lists DOIs, else INSTCODE ACCENUMB, with the citation first", () => {
    const q = coreRequest(r);
    expect(q.lines.length).toBe(12);
    expect(q.withDoi + q.withoutDoi).toBe(12);
    const rows = r.rows;
    expect(q.lines).toEqual(rows.map((i) => (i % 3 === 0 ? `MEX002 G${i}` : `10.18730/T${i}`)));
    expect(q.text.split("\n")[0]).toMatch(/^# 12 accessions\. Drawn from: Genesys PGR/);
  });
  it("says what to select when the core has no identifiers", () => {
    try {
      coreRequest(pl.DataFrame({ x: [1] }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GenesysInputError);
      expect((e as Error).message.split("\n")[0]).toBe("coreRequest(): the core has neither a DOI column nor INSTCODE and ACCENUMB");
      expect((e as GenesysInputError).hint).toBe("select DOI, INSTCODE and ACCENUMB in the passports the core is drawn from");
    }
  });
});
