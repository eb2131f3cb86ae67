/**
 * Box plots as a breeder reads them (finding 14): every point inside the value axis with a margin (the lowest outlier
 * was drawn on its group's label), groups of biological status in domestication order; and a scatter of trait means says
 * what its points are (finding 33: "297 accession means", not "297 of 1,520 rows").
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { collectingSitesMap, domesticationRank, traitBox, traitScatter } from "../src/plot/helpers.ts";
import { paddedDomain } from "../src/plot/labels.ts";
import { traitByDataset } from "../src/plot/traits.ts";

/** The y labels of a box plot, top to bottom, as drawn (Plot writes them at y="0.32em"). */
const groupsOf = (svg: string) => [...svg.matchAll(/y="0\.32em">([^<]+)<\/text>/g)].map((m) => m[1]!);
/** The x tick labels (Plot writes them at y="0.71em"). */
const xTicks = (svg: string) => [...svg.matchAll(/y="0\.71em">(-?[\d.,]+)<\/text>/g)].map((m) => Number(m[1]!.replace(",", "")));

describe("box plots", () => {
  const materials = ["improved cultivar", "landrace", "wild", "breeding/research material", "weedy"];
  const df = pl.DataFrame({
    material: materials.flatMap((m) => Array.from({ length: 12 }, () => m)),
    Fe: materials.flatMap((_, j) => Array.from({ length: 12 }, (_, i) => 50 + j * 3 + i - (i === 0 ? 20 : 0))),
  });

  it("groups of biological status in domestication order: wild, weedy, landrace, breeding material, cultivar", () => {
    expect(groupsOf(traitBox(df, "Fe", "material").svg).map((l) => l.replace(/ \(n = .*$/, ""))).toEqual([
      "wild",
      "weedy",
      "landrace",
      "breeding/research material",
      "improved cultivar",
    ]);
    expect(["500", "100", "300"].sort((a, b) => domesticationRank(a)! - domesticationRank(b)!)).toEqual(["100", "300", "500"]);
    expect(domesticationRank("Traditional cultivar/landrace")).toBe(3);
    expect(domesticationRank("Advanced or improved cultivar")).toBe(5);
    expect(domesticationRank("COL003")).toBeUndefined();
  });

  it("other groups by median, highest first", () => {
    const byInst = pl.DataFrame({ INSTCODE: ["A", "A", "B", "B"], Fe: [1, 2, 10, 11] });
    expect(groupsOf(traitBox(byInst, "Fe", "INSTCODE", { minN: 1 }).svg).map((l) => l[0])).toEqual(["B", "A"]);
  });

  it("the value axis holds every point with 5% of the range to spare: the lowest outlier is not on the labels", () => {
    expect(paddedDomain([10, 30])).toEqual([9, 31]);
    expect(paddedDomain([])).toBeUndefined();
    const svg = traitBox(df, "Fe", "material").svg;
    // the x axis starts below the lowest value (30), so its first tick is left of the frame's edge by the margin
    expect(xTicks(svg)[0]).toBeGreaterThanOrEqual(30);
    // the lowest value's x lies clear of the group labels' right edge (they end 10 px left of the frame)
    const x30 = Number(/translate\(([\d.]+),[\d.]+\)" y="0\.71em">30<\/text>/.exec(svg)![1]);
    const labelsEnd = Number(/translate\(([\d.]+),[\d.]+\)" y="0\.32em">/.exec(svg)![1]);
    expect(x30 - labelsEnd).toBeGreaterThan(15); // 10 without the margin: the dot on the frame's edge
    const t = {
      long: pl.DataFrame({ dataset: ["d1", "d1", "d1"], descriptor: ["DTF", "DTF", "DTF"], value: [40, 50, 60] }),
      datasets: pl.DataFrame({ uuid: ["d1"], title: ["Characterization"] }),
    };
    expect(traitByDataset(t as never, "DTF").svg).toContain("Characterization (n = 3)");
  });
});

describe("trait scatter on a traits frame", () => {
  it("counts accession means and names their trial", () => {
    const joined = pl.DataFrame({
      dataset: ["s", "s", "c", "c", "c"],
      Fe: [50, 60, null, null, null],
      Zn: [30, 32, null, null, null],
      ORIGCTY_name: ["Tanzania, United Republic of", "Mexico", "Mexico", "Peru", "Peru"],
    });
    const datasets = pl.DataFrame({ uuid: ["s", "c"], title: ["Bean iron screening", "Characterization"] });
    const svg = traitScatter(joined, "Fe", "Zn", { color: "ORIGCTY_name", datasets }).svg;
    expect(svg).toContain("2 accession means with both values (Bean iron screening)");
    expect(svg).toContain("Tanzania");
    expect(svg).not.toContain("United Republic");
    expect(traitScatter(joined.drop("dataset"), "Fe", "Zn").svg).toContain("2 of 5 rows with both values");
    // the points inside the axes with a margin: both ends of Fe (50, 60) lie a tenth of their spread inside the x range
    const cx = [...svg.matchAll(/<circle[^>]*cx="([\d.]+)"/g)].map((m) => Number(m[1]));
    const free = traitScatter(joined, "Fe", "Zn", { datasets }).svg;
    expect(cx).toHaveLength(2);
    expect(free).toContain('aria-label="x-axis tick label"');
  });
});

describe("institutes named on trait figures (issue 45, item 5: labels, not codes)", () => {
  const byInst = pl.DataFrame({
    INSTCODE: ["COL003", "COL003", "USA022", "USA022", "PER001", null],
    Fe: [60, 62, 55, 57, 70, 65],
    Zn: [30, 31, 28, 29, 35, 33],
  });
  const names = new Map([["COL003", "Centro Internacional de Agricultura Tropical"], [
    "USA022",
    "Western Regional Plant Introduction Station",
  ]]);
  /** The key's lines under the chart. */
  const key = (svg: string) => [...svg.matchAll(/<text x="\d+" y="\d+" font-size="11" fill="#333">([^<]*)<\/text>/g)].map((m) => m[1]!);

  it("traitBox by INSTCODE: codes beside the boxes, and under the chart a key naming them (unknown is no institute)", () => {
    const svg = traitBox(byInst, "Fe", "INSTCODE", { minN: 1, names }).svg;
    expect(key(svg)).toEqual([
      "COL003: Centro Internacional de Agricultura Tropical",
      "PER001: no name found (not in the names given)",
      "USA022: Western Regional Plant Introduction Station",
    ]);
    expect(groupsOf(svg).some((l) => l.startsWith("COL003 (n = 2"))).toBe(true);
    expect(key(traitBox(byInst, "Fe", "INSTCODE", { minN: 1 }).svg)).toEqual([]);
  });

  it("traitScatter coloured by INSTCODE: the key names the institutes with a hue, in the legend's order", () => {
    const svg = traitScatter(byInst, "Fe", "Zn", { color: "INSTCODE", names }).svg;
    expect(key(svg)).toEqual([
      "COL003: Centro Internacional de Agricultura Tropical",
      "USA022: Western Regional Plant Introduction Station",
      "PER001: no name found (not in the names given)",
    ]);
  });

  it("collectingSitesMap coloured by INSTCODE: the key under the map names the institutes of the legend", () => {
    const sites = byInst.withColumns(
      pl.Series("DECLATITUDE", [3.5, 3.6, 40, 40.1, -12, 5]),
      pl.Series("DECLONGITUDE", [-76, -76.1, -120, -120.1, -77, -74]),
    );
    const svg = collectingSitesMap(sites, { color: "INSTCODE", names }).svg;
    expect(key(svg)).toEqual([
      "COL003: Centro Internacional de Agricultura Tropical",
      "USA022: Western Regional Plant Introduction Station",
      "PER001: no name found (not in the names given)",
    ]);
    expect(() => collectingSitesMap(sites, { colour: "INSTCODE" } as never)).toThrow(
      /collectingSitesMap\(\): unknown option 'colour' \(did you mean 'color'\?\)/,
    );
  });

  it("a misspelt option or a wrong type: a GenesysInputError naming the function and what to pass", () => {
    expect(() => traitBox(byInst, "Fe", "INSTCODE", { name: names } as never)).toThrow(
      /traitBox\(\): unknown option 'name' \(did you mean 'names'\?\)/,
    );
    expect(() => traitScatter(byInst, "Fe", "Zn", { colour: "INSTCODE" } as never)).toThrow(
      /traitScatter\(\): unknown option 'colour' \(did you mean 'color'\?\)/,
    );
    expect(() => traitBox(byInst, "Fe", "INSTCODE", { minN: "5" } as never)).toThrow(/option 'minN' is "5"; it must be a whole number/);
    expect(() => traitScatter(byInst, "Fe", "Zn", { names: "COL003" } as never)).toThrow(
      /option 'names' is "COL003"; it must be a Map of value -> name for the group or colour column/,
    );
  });
});
