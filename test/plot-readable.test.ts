import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { dataFrameToHtml, printBlocks } from "../src/display/table.ts";
import { attachProvenance, type Provenance } from "../src/kernel/provenance.ts";
import { readableColumns, readablePassports, withTaxon } from "../src/plot/readable.ts";

const df = pl.DataFrame({
  INSTCODE: ["COL003", "COL003"],
  ACCENUMB: ["G1", "G2"],
  GENUS: ["Phaseolus", "Zea"],
  SPECIES: ["vulgaris", "mays"],
  SUBTAXA: [null, "subsp. mexicana"],
  SAMPSTAT: [300, 100],
  SAMPSTAT_label: ["Traditional cultivar/landrace", "Wild"],
  ORIGCTY: ["MEX", "MEX"],
  ORIGCTY_name: ["Mexico", "Mexico"],
  COLLSITE: ["5 km N of Tepic, Nayarit", null],
  DECLATITUDE: [21.55, 19.4],
  DECLONGITUDE: [-104.9, -99.1],
  ELEVATION: [920, 2240],
  STORAGE: ["13", "13"],
}).withColumns(pl.col("GENUS").cast(pl.Categorical));

describe("readable passports (finding 22: a selection a reader can check, on a page)", () => {
  it("withTaxon writes the name as a botanist does, leaving out a missing part", () => {
    expect(withTaxon(df).getColumn("taxon").toArray()).toEqual(["Phaseolus vulgaris", "Zea mays subsp. mexicana"]);
    expect(() => withTaxon(df.drop("GENUS"))).toThrow(/withTaxon\(\): the frame has no column 'GENUS'.*select them/s);
  });

  it("shows institute, number, taxon, status and origin by name, site, coordinates, elevation; keeps the provenance", () => {
    const p = { server: "http://127.0.0.1:1", endpoints: ["POST /api/v2/acn/query"], kind: "passports", rows: 2, options: {} };
    const from = attachProvenance(df.clone(), { ...p, downloadedAt: "2026-11-28T10:00:00Z" } as Provenance);
    expect(readableColumns(from).columns).toEqual([
      "INSTCODE",
      "ACCENUMB",
      "taxon",
      "SAMPSTAT_label",
      "ORIGCTY_name",
      "COLLSITE",
      "DECLATITUDE",
      "DECLONGITUDE",
      "ELEVATION",
    ]);
    const html = readablePassports(from)[Symbol.for("Jupyter.display")]!()["text/html"]!;
    expect(html).toContain("shape: (2, 9)");
    expect(html).toContain("Genesys 127.0.0.1:1 · POST /api/v2/acn/query");
    expect(html).toMatch(/<td[^>]*>Zea mays subsp. mexicana<\/td>/);
    // codes where the frame was not decoded
    expect(readableColumns(df.drop("SAMPSTAT_label", "ORIGCTY_name")).columns).toContain("ORIGCTY");
    expect(() => readableColumns(df.drop("ACCENUMB"))).toThrow(/readablePassports\(\): the frame has no column 'ACCENUMB'/);
  });

  it("a wide frame prints in blocks of columns that fit a page, each led by ACCENUMB; a narrow one prints as it shows", () => {
    const wide = pl.DataFrame(Object.fromEntries(
      [["ACCENUMB", ["G1"]], ...Array.from({ length: 40 }, (_, i) => [`FIELD_${i}`, ["some text"]])],
    ));
    const blocks = printBlocks(wide.columns, wide.toRecords());
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.flat().filter((c) => c !== "ACCENUMB")).toEqual(wide.columns.slice(1));
    for (const b of blocks) expect(b[0]).toBe("ACCENUMB");
    const html = dataFrameToHtml(wide);
    expect(html).toContain('class="genesys-screen"');
    expect(html.match(/<table/g)).toHaveLength(blocks.length + 1);
    expect(html).toMatch(/@media print \{\s*\.genesys-df \.genesys-screen \{ display: none; \}/);
    expect(dataFrameToHtml(df.select("ACCENUMB", "GENUS"))).not.toContain('genesys-print">');
  });
});
