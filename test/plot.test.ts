import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import {
  acquisitionTimeline,
  collectingSitesMap,
  countryBar,
  sampstatBar,
  traitBox,
  traitHistogram,
  traitScatter,
} from "../src/plot/helpers.ts";
import { traitAcrossDatasets, traitByDataset, traitPairByDataset } from "../src/plot/traits.ts";
import { CATEGORY_COLOURS, datasetNames, OTHER_COLOUR, shortenMiddle, UNKNOWN_COLOUR, withDatasetNames } from "../src/plot/labels.ts";
import { MAX_POINTS } from "../src/plot/helpers.ts";
import { dataFrameToHtml, TEXT_CHARS } from "../src/display/table.ts";
import { GenesysInputError } from "../src/kernel/errors.ts";
import { recordedDecimals, roundedLikeData } from "../src/plot/precision.ts";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const df = pl.DataFrame({
  ORIGCTY: ["COL", "COL", "PER", "MEX", null],
  SAMPSTAT: [300, 300, 100, 500, 300],
  ACQDATE: ["19790601", "1979----", "198503--", null, "20010101"],
  DECLATITUDE: [1.6, 11.39, -12.0, null, 5.75],
  DECLONGITUDE: [-76.98, -72.22, -75.0, null, -72.79],
  Fe: [60.1, 55.2, 70.3, 65.0, null],
  Zn: [30.0, 28.0, 35.5, 31.0, 29.0],
});

describe("plot helpers", () => {
  it("countryBar draws one bar per country", () => {
    const f = countryBar(df);
    expect(f.count("rect")).toBe(3);
    expect(f.svg).toContain(">Colombia<");
  });
  it("countryBar names countries, on a decode: true frame too; a value that is no ISO 3166 code stays as it is", () => {
    const decoded = df.withColumns(pl.col("ORIGCTY").replace(["COL", "PER", "MEX"], ["Colombia", "Peru", "Mexico"]).alias("ORIGCTY_name"));
    for (const f of [countryBar(df), countryBar(decoded), countryBar(decoded, { column: "ORIGCTY_name" })]) {
      expect(f.svg).toContain(">Colombia<");
      expect(f.svg).toContain(">Mexico<");
      expect(f.svg).not.toMatch(/>(COL|MEX|PER)</);
    }
    expect(countryBar(pl.DataFrame({ ORIGCTY: ["XXA", "XXA"] })).svg).toContain(">XXA<");
  });
  it("a figure on a frame without its columns names them and what to select, not polars' 'not found'", () => {
    const codes = df.select("ORIGCTY");
    const map = (() => {
      try {
        collectingSitesMap(codes);
      } catch (e) {
        return e as Error;
      }
    })()!;
    expect(map).toBeInstanceOf(GenesysInputError);
    expect(map.message).toBe(
      "collectingSitesMap(): the frame has no columns 'DECLONGITUDE', 'DECLATITUDE'; its columns: ORIGCTY\n" +
        'Hint: select them: g.passports(filter, { select: ["DECLONGITUDE", "DECLATITUDE", …] }), or name the frame\'s own ' +
        "columns with { lon, lat }",
    );
    const calls: [string, () => unknown, string][] = [
      ["countryBar()", () => countryBar(df.select("SAMPSTAT")), "'ORIGCTY'"],
      ["sampstatBar()", () => sampstatBar(codes), "'SAMPSTAT'"],
      ["acquisitionTimeline()", () => acquisitionTimeline(codes), "'ACQDATE'"],
      ["traitHistogram()", () => traitHistogram(df, "fe"), "'fe' (did you mean 'Fe' for 'fe'?)"],
      ["traitBox()", () => traitBox(df, "Fe", "INSTCODE"), "'INSTCODE'"],
      ["traitScatter()", () => traitScatter(df, "Fe", "Zinc"), "'Zinc'"],
    ];
    for (const [name, call, what] of calls) {
      expect(call, name).toThrow(GenesysInputError);
      expect(call, name).toThrow(`${name}: the frame has no column ${what}`);
    }
  });
  it("sampstatBar labels MCPD codes", () => {
    const f = sampstatBar(df);
    expect(f.count("rect")).toBe(3);
    expect(f.svg).toContain("Traditional cultivar/landrace");
    expect(f.svg).toContain("Wild");
  });
  it("acquisitionTimeline counts partial dates by year", () => {
    expect(acquisitionTimeline(df).count("rect")).toBe(3);
  });
  it("collectingSitesMap places one point per georeferenced row, over land outlines", () => {
    const f = collectingSitesMap(df);
    expect(f.count("circle")).toBe(4);
    expect(f.count("path")).toBeGreaterThanOrEqual(2);
  });
  it("traitScatter draws one point per complete pair and saves an SVG file", () => {
    const f = traitScatter(df, "Fe", "Zn", { color: "ORIGCTY" });
    expect(f.count("circle")).toBe(4);
    const path = f.save(join(mkdtempSync(join(tmpdir(), "plot-")), "fe-zn.svg"));
    expect(readFileSync(path, "utf8")).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((f as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]!()["image/svg+xml"]).toBe(f.svg);
  });
  it("traitHistogram bins values; traitBox draws one box per group", () => {
    expect(traitHistogram(df, "Fe").count("rect")).toBeGreaterThan(0);
    // COL (2 values), PER, MEX and the row without a country ("unknown"): four interquartile boxes
    expect(traitBox(df, "Zn", "ORIGCTY", { minN: 1 }).count("rect")).toBe(4);
  });
});

describe("figures as files and in notebooks", () => {
  it("one self-contained SVG: title, subtitle and colour legend drawn into it, a viewBox; PNG at twice the size", () => {
    const f = traitScatter(df, "Fe", "Zn", { color: "ORIGCTY", title: "Fe and Zn" });
    expect(f.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="\d+" viewBox="0 0 640 \d+"/);
    expect(f.svg).toContain(">Fe and Zn</text>");
    for (const c of ["COL (2)", "PER (1)", "MEX (1)"]) expect(f.svg).toContain(`>${c}</text>`); // legend entries
    const dir = mkdtempSync(join(tmpdir(), "plot-"));
    const png = readFileSync(f.save(join(dir, "fe-zn.png")));
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(2 * f.size.width); // IHDR width
    expect(readFileSync(f.savePNG(join(dir, "x1.png"), 1)).readUInt32BE(16)).toBe(f.size.width);
  });

  it(`maps and scatters over more than ${MAX_POINTS.toLocaleString("en")} points draw a seeded sample and say so`, () => {
    const n = MAX_POINTS + 5_000;
    const big = pl.DataFrame({
      DECLATITUDE: Array.from({ length: n }, (_, i) => (i % 170) - 85),
      DECLONGITUDE: Array.from({ length: n }, (_, i) => (i % 350) - 175),
    });
    const map = collectingSitesMap(big);
    expect(map.count("circle")).toBe(MAX_POINTS);
    expect(map.svg).toContain(`${MAX_POINTS.toLocaleString("en")} of ${n.toLocaleString("en")} points drawn`);
    expect(collectingSitesMap(big).svg).toBe(map.svg); // the same sample every run
    expect(collectingSitesMap(big.head(100)).svg).not.toContain("points drawn");
  });
});

describe("trait figures from g.traits() frames", () => {
  const D1 = "11111111-1111-4111-8111-111111111111", D2 = "22222222-2222-4222-8222-222222222222";
  const datasets = pl.DataFrame({ uuid: [D1, D2], title: ["Palmira 2015", "Darién 2016"] });
  const long = pl.DataFrame({
    dataset: [D1, D1, D1, D2, D2, D2],
    descriptor: ["Fe", "Fe", "Fe", "Fe", "Fe", "Zn"],
    value: [1, 2, 3, 4, 5, 9],
  });
  const wide = pl.DataFrame([
    pl.Series("UUID", ["a", "b", "a", "c"]),
    pl.Series("dataset", [D1, D1, D2, D2]),
    pl.Series("Fe", [[1, 3], [5], [2], [7]], pl.List(pl.Float64)),
    pl.Series("Zn", [[2], null, [4, 6], null], pl.List(pl.Float64)),
  ]);

  const descriptors = pl.DataFrame({ name: ["Fe", "Zn"], unit: ["mg/kg", "mg/kg"] });

  it("traitByDataset: one box per dataset, labelled by title with its n, the unit on the axis", () => {
    const f = traitByDataset({ long, datasets, descriptors }, "Fe");
    expect(f.count("rect")).toBe(2);
    const t = texts(f.svg);
    expect(t).toContain("Palmira 2015 (n = 3)");
    expect(t).toContain("Darién 2016 (n = 2)");
    expect(t.some((s) => s.includes("Fe (mg/kg)"))).toBe(true);
    expect(f.svg).not.toContain(D1.slice(0, 8));
    expect(() => traitByDataset({ long }, "Cu")).toThrow(/no numeric values of 'Cu'/);
  });

  it("traitPairByDataset: one point per accession and dataset with both traits (List means); no line through fewer than 3", () => {
    const f = traitPairByDataset({ wide, datasets, descriptors }, "Fe", "Zn");
    expect(f.count("circle")).toBe(2);
    // one accession per dataset: no regression line, nor anything else drawn through the points
    expect(f.svg).not.toMatch(/<path[^>]*stroke="#(4e79a7|f28e2b)"/);
    expect(f.svg).not.toContain("⚠"); // no Plot warning drawn in
    const keys = legend(f.svg);
    expect(keys.map((k) => k.label).sort()).toEqual(["Darién 2016 (1)", "Palmira 2015 (1)"]);
    expect(new Set(keys.map((k) => k.fill)).size).toBe(2);
    expect(texts(f.svg).some((s) => s.includes("Zn (mg/kg)"))).toBe(true);
    // with three accessions in a dataset: its least-squares line
    const three = pl.DataFrame([
      pl.Series("UUID", ["a", "b", "c"]),
      pl.Series("dataset", [D1, D1, D1]),
      pl.Series("Fe", [[1], [2], [3]], pl.List(pl.Float64)),
      pl.Series("Zn", [[2], [4], [6]], pl.List(pl.Float64)),
    ]);
    expect(traitPairByDataset({ wide: three, datasets }, "Fe", "Zn").svg).toMatch(
      /<path d="M[\d.]+,[\d.]+L[\d.]+,[\d.]+" stroke="#4e79a7"/,
    );
    expect(() => traitPairByDataset({ long }, "Fe", "Zn")).toThrow(/needs its `wide` frame/);
  });

  it("traitAcrossDatasets: the same trait in two trials, axes named by the trials' titles with the unit, n and r", () => {
    const both = pl.DataFrame([
      pl.Series("UUID", ["a", "b", "c", "a", "b", "c"]),
      pl.Series("dataset", [D1, D1, D1, D2, D2, D2]),
      pl.Series("Fe", [[1], [2], [3], [2], [4], [7]], pl.List(pl.Float64)),
    ]);
    const f = traitAcrossDatasets({ wide: both, datasets, descriptors }, "Fe");
    expect(f.count("circle")).toBe(3);
    const t = texts(f.svg);
    expect(t.some((s) => s.includes("Palmira 2015 (mg/kg)"))).toBe(true);
    expect(t.some((s) => s.includes("Darién 2016 (mg/kg)"))).toBe(true);
    expect(t.some((s) => /^3 accessions scored in both .*Pearson's r = 0\.99/.test(s))).toBe(true);
    expect(t.join(" ")).not.toMatch(/first trial|second trial/);
  });

  it("List columns: histograms take every value, scatters the row means", () => {
    // Fe values 1, 3, 5, 2, 7 exploded: the bins hold five values
    const h = traitHistogram(wide, "Fe");
    expect(h.count("rect")).toBeGreaterThan(1);
    expect(traitScatter(wide, "Fe", "Zn").count("circle")).toBe(2);
  });
});

describe("HTML table", () => {
  it("shows shape, dtypes and head/tail", () => {
    const big = pl.DataFrame({ a: Array.from({ length: 100 }, (_, i) => i), b: Array.from({ length: 100 }, (_, i) => `x<${i}>`) });
    const html = dataFrameToHtml(big, 6);
    expect(html).toContain("shape: (100, 2)");
    expect(html).toContain("<i>f64</i>");
    expect(html).toContain("x&lt;0&gt;");
    expect(html).toContain("x&lt;99&gt;");
    expect(html).not.toContain("x&lt;50&gt;");
  });

  it("shortens UUIDs (the whole one on hover), wraps long text whole, right-aligns numbers, keeps null dim", () => {
    const uuid = "1b70b9e6-142b-4cb2-9de1-6e8dfc0a1b2c";
    const remark = "Collected at the edge of a maize field near the river, seed mixed with a climbing type";
    const html = dataFrameToHtml(pl.DataFrame({ UUID: [uuid], REMARKS: [remark], ELEVATION: [2167], X: [null] }));
    expect(html).toContain(`<td title="${uuid}" style="text-align:left">1b70b9e6…</td>`);
    // long text is wrapped in its cell, whole: an exported page, a PDF or a screenshot shows all of it, not a hover title
    expect(html).toMatch(new RegExp(`<td class="wrap" style="text-align:left"><div style="white-space:normal[^"]*">${remark}</div></td>`));
    expect(html).not.toContain(`title="${remark}"`);
    expect(html).toContain('<td style="text-align:right">2167</td>');
    expect(html).toContain('<th style="text-align:right">ELEVATION</th>');
    expect(html).toMatch(/<td class="null"[^>]*>null<\/td>/);
    expect(html).not.toMatch(/#[0-9a-f]{3,6}/i); // no fixed colours: dark themes keep their own
  });

  it("shows text whole up to TEXT_CHARS; a longer value says in the cell how many characters follow", () => {
    const evidence = "same DONORNUMB 'G 1234' and ACCENAME 'Rojo'; ".repeat(60);
    const html = dataFrameToHtml(pl.DataFrame({ evidence: [evidence.slice(0, TEXT_CHARS), evidence] }));
    expect(html).toContain(`>${evidence.slice(0, TEXT_CHARS)}</div>`);
    expect(html).toContain(`<i> … (${(evidence.length - TEXT_CHARS).toLocaleString("en")} more characters)</i>`);
    expect(html).not.toContain("title=");
  });

  it("prints List, Struct, Date and float cells as polars does, not as [object Object]", () => {
    const codes = pl.DataFrame({ k: ["a", "a"], code: ["1", "2"], label: ["White", "Red"] }).groupBy("k").agg(
      pl.struct([pl.col("code"), pl.col("label")]).alias("codes"),
    );
    const df = pl.DataFrame([
      codes.getColumn("codes"),
      pl.DataFrame({ d: ["2014-08-01"] }).select(pl.col("d").str.strptime(pl.Date, "%Y-%m-%d").implode().alias("dates")).getColumn("dates"),
      pl.Series("x", [0.7428571428571428]),
    ]);
    const html = dataFrameToHtml(df);
    expect(html).toContain("[{1, White}, {2, Red}]");
    expect(html).toContain("[2014-08-01]");
    expect(html).toContain(">0.7428571<");
    expect(html).toContain("<i>list[struct[2]]</i>");
    expect(html).toContain("<i>list[date]</i>");
    expect(html).not.toContain("object Object");
  });
});

/** Text of every <text> element, entities decoded. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
/** Fill of each legend swatch (12x12 rects drawn by render()), with its label. */
const legend = (svg: string) =>
  [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="12" height="12" fill="([^"]+)"\/><text[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    fill: m[1]!,
    label: m[2]!,
  }));
/** Fills of the drawn dots. */
const dotFills = (svg: string) => [...svg.matchAll(/<circle[^>]*fill="([^"]+)"/g)].map((m) => m[1]!);

describe("what a reader needs on a figure: colours, counts, units, names", () => {
  const countries = ["ARG", "PER", "BDI", "RWA", "BOL", "TZA", "COL", "MEX", "BRA", "ECU", "GTM", "KEN", "UGA", "MWI"];
  // 14 countries, ARG most frequent (15 rows) down to MWI (2 rows), and 3 rows without a country
  const ORIGCTY = [...countries.flatMap((c, i) => Array.from({ length: 15 - i }, () => c)), null, null, null];
  const many = pl.DataFrame({
    ORIGCTY,
    Fe: ORIGCTY.map((_, i) => 40 + (i % 37)),
    Zn: ORIGCTY.map((_, i) => 20 + (i % 23)),
    DECLATITUDE: ORIGCTY.map((_, i) => (i % 3 === 0 ? null : (i % 60) - 30)),
    DECLONGITUDE: ORIGCTY.map((_, i) => (i % 3 === 0 ? null : (i % 120) - 60)),
  });
  const units = pl.DataFrame({ name: ["Fe", "Zn"], unit: ["mg/kg", "mg/kg"] });

  it("traitScatter with 14 countries: 8 distinct hues, the rest one grey 'other', nulls light grey 'unknown', counts in the legend", () => {
    const f = traitScatter(many, "Fe", "Zn", { color: "ORIGCTY", units });
    const keys = legend(f.svg);
    expect(keys.map((k) => k.label)).toEqual([
      "ARG (15)",
      "PER (14)",
      "BDI (13)",
      "RWA (12)",
      "BOL (11)",
      "TZA (10)",
      "COL (9)",
      "MEX (8)",
      "other: 6 more (27)",
      "unknown (3)",
    ]);
    expect(new Set(keys.map((k) => k.fill)).size).toBe(keys.length); // no colour twice
    expect(keys.at(-2)!.fill).toBe(OTHER_COLOUR);
    expect(keys.at(-1)!.fill).toBe(UNKNOWN_COLOUR);
    // the dots use exactly those colours: ARG's and PER's differ
    const fills = dotFills(f.svg);
    expect(new Set(fills)).toEqual(new Set(keys.map((k) => k.fill)));
    expect(fills.filter((c) => c === CATEGORY_COLOURS[0]).length).toBe(15);
    expect(fills.filter((c) => c === UNKNOWN_COLOUR).length).toBe(3);
    // units and counts
    const t = texts(f.svg);
    expect(t.some((s) => s.includes("Fe (mg/kg)"))).toBe(true);
    expect(t.some((s) => s.includes("Zn (mg/kg)"))).toBe(true);
    expect(t).toContain(`${many.height} of ${many.height} rows with both values`);
  });

  it("at most 9 categories all keep their own hue", () => {
    const few = many.filter(pl.col("ORIGCTY").isIn(countries.slice(0, 9)));
    const keys = legend(traitScatter(few, "Fe", "Zn", { color: "ORIGCTY" }).svg);
    expect(keys.map((k) => k.fill)).toEqual(CATEGORY_COLOURS);
  });

  it("collectingSitesMap says how many accessions have coordinates; colours like the scatter", () => {
    const located = many.filter(pl.col("DECLATITUDE").isNotNull()).height;
    const f = collectingSitesMap(many, { color: "ORIGCTY" });
    expect(texts(f.svg)).toContain(`${located} of ${many.height} accessions with coordinates`);
    expect(f.count("circle")).toBe(located);
    const keys = legend(f.svg);
    expect(new Set(keys.map((k) => k.fill)).size).toBe(keys.length);
    expect(keys.at(-1)!.label).toMatch(/^unknown \(\d+\)$/);
  });

  it("traitBox labels each group with its n, the axis with the unit", () => {
    const t = texts(traitBox(df, "Zn", "ORIGCTY", { units: { Zn: "mg/kg" }, minN: 1 }).svg);
    expect(t).toContain("COL (n = 2)");
    expect(t).toContain("PER (n = 1)");
    expect(t).toContain("unknown (n = 1)"); // the row without a country
    expect(t.some((s) => s.includes("Zn (mg/kg)"))).toBe(true);
  });

  it("bars carry their counts; the subtitle the total and the rows without a value", () => {
    const t = texts(countryBar(df).svg);
    expect(t).toContain("5 accessions; 1 without ORIGCTY");
    expect(t).toEqual(expect.arrayContaining(["Colombia", "2", "Peru", "1"]));
    expect(texts(sampstatBar(df).svg)).toContain("Traditional cultivar/landrace (300)");
    expect(texts(acquisitionTimeline(df).svg)).toContain("4 of 5 accessions with an acquisition year (ACQDATE)");
  });

  it("traitHistogram: unit on the axis, n values in the subtitle", () => {
    const t = texts(traitHistogram(df, "Fe", { units }).svg);
    expect(t.some((s) => s.includes("Fe (mg/kg)"))).toBe(true);
    expect(t).toContain("n = 4 values");
  });
});

describe("datasets named by title", () => {
  const long = "CIAT beans multi-location evaluation of seed quality and yield, 2014–2016";
  it("shortens in the middle, keeping the year; adds the version where titles repeat", () => {
    expect(shortenMiddle(long, 48)).toMatch(/^CIAT beans multi-locatio.*….*2014–2016$/);
    expect(shortenMiddle(long, 48).length).toBeLessThanOrEqual(48);
    const names = datasetNames(pl.DataFrame({ uuid: ["a", "b", "c"], title: ["Trial", "Trial", long], version: [1, 2, 1] }));
    expect([...names.values()]).toEqual(["Trial (v1)", "Trial (v2)", shortenMiddle(long, 60)]);
    expect(names.get("c")).toContain("2014–2016");
  });
  it("roundedLikeData rounds displayed means to one decimal more than the recorded values; the frame keeps every digit", () => {
    const long = pl.DataFrame({
      descriptor: ["Yield", "Yield", "Yield", "Days to flowering", "Days to flowering", "Seed weight"],
      value: [4.1, 4.25, 3.9, 60, 61, 36.125],
    });
    const wide = pl.DataFrame({
      ACCENUMB: ["G1"],
      Yield: [4.114167],
      "Days to flowering": [60.333333],
      "Seed weight": [36.1234567],
      n: [3],
    });
    expect([...recordedDecimals(long)].sort()).toEqual([["Days to flowering", 0], ["Seed weight", 3], ["Yield", 2]]);
    const shown = roundedLikeData(wide, { long });
    expect(shown.row(0)).toEqual(["G1", 4.114, 60.3, 36.1235, 3]);
    expect(wide.row(0)).toEqual(["G1", 4.114167, 60.333333, 36.1234567, 3]);
    expect(dataFrameToHtml(shown)).toContain(">60.3<");
  });

  it("withDatasetNames replaces the dataset UUIDs of a table by names", () => {
    const named = withDatasetNames(
      pl.DataFrame({ dataset: ["a", "b", null], x: [1, 2, 3] }),
      pl.DataFrame({ uuid: ["a", "b"], title: ["T1", "T2"] }),
    );
    expect(named.getColumn("dataset").toArray()).toEqual(["T1", "T2", null]);
    const lists = pl.DataFrame([pl.Series("datasets", [["a", "b"], ["b"]], pl.List(pl.Utf8))]);
    expect(withDatasetNames(lists, pl.DataFrame({ uuid: ["a", "b"], title: ["T1", "T2"] }), "datasets").getColumn("datasets").toArray())
      .toEqual([["T1", "T2"], ["T2"]]);
  });
});

describe("maps that fit the data", () => {
  // sites in Colombia and Peru only (the df above): the default zooms to them
  const world = pl.DataFrame({ DECLATITUDE: [4.6, 52.5, -33.9, 35.7], DECLONGITUDE: [-74.1, 13.4, 18.4, 139.7] });
  const viewBox = (svg: string) => /<svg[^>]*>/.exec(svg)![0];
  it("defaults to the data's extent when it covers a small part of the world, to the world otherwise", () => {
    const zoomed = collectingSitesMap(df);
    expect(zoomed.svg).not.toMatch(/class="[^"]*sphere/); // no globe outline on a zoomed map
    expect(zoomed.count("circle")).toBe(4);
    // zoomed: the four sites span about 2,600 km north to south; drawn at least 5 times further apart than on the world map
    const ys = (svg: string) => [...svg.matchAll(/<circle[^>]*cy="([\d.]+)"/g)].map((m) => Number(m[1]));
    const span = (v: number[]) => Math.max(...v) - Math.min(...v);
    expect(span(ys(zoomed.svg))).toBeGreaterThan(5 * span(ys(collectingSitesMap(df, { extent: "world" }).svg)));
    const globe = collectingSitesMap(world);
    const gx = [...globe.svg.matchAll(/<circle[^>]*cx="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...gx) - Math.min(...gx)).toBeGreaterThan(globe.size.width / 2);
    expect(viewBox(collectingSitesMap(df, { extent: "world" }).svg)).toBe(viewBox(globe.svg));
  });

  it("takes a region, a bounding box or countries; counts the sites outside; refuses what it cannot read", () => {
    const andes = collectingSitesMap(world, { extent: "Andes" });
    expect(andes.count("circle")).toBe(1);
    expect(andes.svg).toContain("3 outside the map's extent");
    expect(collectingSitesMap(world, { extent: [0, 30, 30, 60] }).count("circle")).toBe(1);
    expect(collectingSitesMap(world, { extent: ["ZAF"] }).count("circle")).toBe(1);
    expect(() => collectingSitesMap(world, { extent: "Andies" })).toThrow(/extent 'Andies' is not a region.*Andes/s);
    // the headline says its subject once
    expect(() => collectingSitesMap(world, { extent: "Andies" })).toThrow(/^collectingSitesMap\(\): extent 'Andies'/);
    expect(() => collectingSitesMap(world, { extent: [10, 0, -10, 5] })).not.toThrow(/collectingSitesMap\(\): collectingSitesMap/);
    expect(() => collectingSitesMap(world, { extent: [10, 0, -10, 5] })).toThrow(/not a box \[west, south, east, north\]/);
    expect(() => collectingSitesMap(world, { extent: ["Peru"] })).toThrow(/not an ISO 3166 alpha-3 code/);
  });
});

describe("deterministic figures: the same data gives the same bytes", () => {
  // equal counts: COL, MEX and PER 2 each; the rows in two orders
  const rows = { ORIGCTY: ["PER", "COL", "MEX", "MEX", "COL", "PER"], SAMPSTAT: [100, 300, 500, 300, 100, 500] };
  const a = pl.DataFrame(rows);
  const b = pl.DataFrame({ ORIGCTY: [...rows.ORIGCTY].reverse(), SAMPSTAT: [...rows.SAMPSTAT].reverse() });
  it("ties are broken by name: bars with equal counts in alphabetical order, whatever the row order", () => {
    const f = countryBar(a);
    const order = [...f.svg.matchAll(/>(Colombia|Mexico|Peru)</g)].map((m) => m[1]);
    expect([...new Set(order)]).toEqual(["Colombia", "Mexico", "Peru"]);
    expect(countryBar(b).svg).toBe(f.svg);
    expect(sampstatBar(b).svg).toBe(sampstatBar(a).svg);
    const box = pl.DataFrame({ g: ["x", "y", "z", "x", "y", "z"], v: [1, 1, 1, 2, 2, 2] });
    expect(traitBox(box.reverse(), "v", "g").svg).toBe(traitBox(box, "v", "g").svg);
  });

  it("byte-identical SVG and PNG on every run, maps included", () => {
    for (const make of [() => countryBar(a), () => collectingSitesMap(df, { color: "ORIGCTY" }), () => traitScatter(df, "Fe", "Zn")]) {
      const [one, two] = [make(), make()];
      expect(two.svg).toBe(one.svg);
      expect(Buffer.compare(two.png(), one.png())).toBe(0);
    }
  });
});

describe("honest small numbers", () => {
  it("a box plot draws a group under minN values (default 5) as its points, labelled and counted, not as a box", () => {
    const v = pl.DataFrame({ g: [...Array(6).fill("big"), "tiny", "tiny", "tiny"], v: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    const f = traitBox(v, "v", "g");
    const t = texts(f.svg);
    expect(t).toContain("tiny (n = 3, points only)");
    expect(t).toContain("big (n = 6)");
    expect(t.some((s) => s.includes("1 group under n = 5 drawn as points, without a box"))).toBe(true);
    expect(f.count("circle")).toBe(3);
    expect(traitBox(v, "v", "g", { minN: 3 }).count("circle")).toBe(0);
  });
});

describe("sharedMaterialMatrix: institute codes a reader can read", () => {
  const sets = (institutes: string[]) =>
    pl.DataFrame(
      institutes.flatMap((a, i) => [{ set_id: i + 1, INSTCODE: a }, { set_id: i + 1, INSTCODE: institutes[(i + 1) % institutes.length]! }]),
    );
  const tickTexts = (svg: string) => [...svg.matchAll(/<text[^>]*>([A-Z]{3}\d{3})<\/text>/g)].map((m) => m[0]);
  it("up to 9 institutes: codes across the top, unturned (turned at -45° they were cut off at the bottom edge)", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const fig = sharedMaterialMatrix(sets(["COL003", "USA022", "DEU146", "ESP004"]));
    expect(fig.svg).not.toMatch(/rotate\(/);
    for (const code of ["COL003", "USA022", "DEU146", "ESP004"]) expect(fig.svg).toContain(`>${code}<`);
    expect(fig.svg).toContain("4 of 4 sets span two or more institutes");
  });
  it("more institutes: codes turned, with a bottom margin that holds them", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const many = Array.from({ length: 12 }, (_, i) => `INS${String(i + 100)}`);
    const fig = sharedMaterialMatrix(sets(many));
    expect(fig.svg).toMatch(/rotate\(-45\)/);
    expect(tickTexts(fig.svg).length).toBeGreaterThanOrEqual(12);
  });
});

describe("sharedMaterialMatrix: institutes named, not only coded (issue 45, item 5)", () => {
  const sets = pl.DataFrame({
    set_id: [1, 1, 2, 2, 3, 3],
    INSTCODE: ["COL003", "USA022", "COL003", "PER001", "USA022", "PER001"],
  });
  const names = new Map([
    ["COL003", "International Center for Tropical Agriculture (CIAT), Genetic Resources Program, Km 17 Recta Cali-Palmira"],
    ["USA022", "Western Regional Plant Introduction Station, USDA-ARS"],
  ]);
  /** The key's lines: 11 px text under the chart, in order. */
  const noteLines = (svg: string) =>
    [...svg.matchAll(/<text x="(\d+)" y="(\d+)" font-size="11" fill="#333">([^<]*)<\/text>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3]!,
    }));
  it("a key of code: name lines drawn into the SVG under the chart and legend, wrapped at the figure's width", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const fig = sharedMaterialMatrix(sets, { names });
    const lines = noteLines(fig.svg);
    const text = lines.map((l) => l.text).join(" ");
    expect(text).toContain("COL003: International Center for Tropical Agriculture (CIAT), Genetic Resources Program, Km 17 Recta");
    expect(text).toContain("USA022: Western Regional Plant Introduction Station, USDA-ARS");
    // a code without a name in the Map says so, rather than being left out
    expect(text).toContain("PER001: no name found (not in the names given)");
    // under everything else, inside the figure, each line inside its width; a wrapped name's second line indented
    const { width, height } = fig.size;
    const legendY = Math.max(...[...fig.svg.matchAll(/translate\(4 (\d+)\)/g)].map((m) => Number(m[1])));
    for (const l of lines) {
      expect(l.y).toBeGreaterThan(legendY);
      expect(l.y).toBeLessThanOrEqual(height);
      expect(l.x + l.text.length * 6.1).toBeLessThanOrEqual(width);
    }
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((l) => l.x > 4)).toBe(true);
    // the axis keeps the short code
    expect(fig.svg).toMatch(/<text[^>]*>COL003<\/text>/);
    // a plain record reads the same
    expect(noteLines(sharedMaterialMatrix(sets, { names: Object.fromEntries(names) }).svg)).toEqual(lines);
  });
  it("without names no key (nothing invented)", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    expect(noteLines(sharedMaterialMatrix(sets).svg)).toEqual([]);
  });
  it("an unknown option or a wrong type: a GenesysInputError naming the function and what to pass", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const call = (o: unknown) => () => sharedMaterialMatrix(sets, o as never);
    expect(call({ name: names })).toThrow(GenesysInputError);
    expect(call({ name: names })).toThrow(/sharedMaterialMatrix\(\): unknown option 'name' \(did you mean 'names'\?\)/);
    expect(call({ name: names })).toThrow(/Hint: accepted options: title, names/);
    expect(call({ names: ["COL003"] })).toThrow(
      /sharedMaterialMatrix\(\): option 'names' is \["COL003"\]; it must be a Map of WIEWS code -> /,
    );
    expect(call({ names: ["COL003"] })).toThrow(/institute name, as `await g\.instituteNames\(codes\)` returns/);
    expect(call({ title: 3 })).toThrow(/option 'title' is 3; it must be a string/);
  });
  it("a frame without the sets' columns: what to pass, not polars' not found", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const call = () => sharedMaterialMatrix(pl.DataFrame({ set_id: [1], INST: ["COL003"] }));
    expect(call).toThrow(/sharedMaterialMatrix\(\): the frame has no column 'INSTCODE'/);
    expect(call).toThrow(/Hint: pass the sets of probableDuplicates\(df\): sharedMaterialMatrix\(dups.sets\)/);
  });
});

describe("render(): a long title survives export", () => {
  it("wraps at the figure's width (cut at the right edge before: figsConfusion's 'Russian wheat aphid resistance (RWA): …')", async () => {
    const { render } = await import("../src/plot/figure.ts");
    const Plot = await import("@observablehq/plot");
    const title = "Russian wheat aphid resistance (RWA): k nearest neighbours on 132 held-back test sites";
    const svg = render({ width: 680, height: 200, marks: [Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] }, title, {
      subtitle: "accuracy 0.86",
    }).svg;
    const lines = [...svg.matchAll(/<text x="4" y="(\d+)" font-size="15" font-weight="600">([^<]*)<\/text>/g)];
    expect(lines.length).toBe(2);
    expect(lines.map((m) => m[2]).join(" ")).toBe(title);
    for (const m of lines) expect(m[2]!.length * 9.4).toBeLessThanOrEqual(680 - 8);
    // the subtitle under the title's last line, the chart under the subtitle
    const subY = Number(/<text x="4" y="(\d+)" font-size="12" fill="#555">accuracy 0.86/.exec(svg)![1]);
    expect(subY).toBeGreaterThan(Number(lines[1]![1]) + 10);
    const chartY = Number(svg.match(/<svg[^>]* y="(\d+)"/g)!.map((s) => s.match(/ y="(\d+)"/)![1]).at(-1));
    expect(chartY).toBeGreaterThan(subY);
    // a short title stays one line where it was
    const short = render({ width: 680, height: 200, marks: [Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] }, "A title").svg;
    expect(short).toContain('<text x="4" y="18" font-size="15" font-weight="600">A title</text>');
  });
});

describe("render(): a long subtitle survives export", () => {
  it("wraps at the figure's width into lines that fit, every word kept, the chart moved down to make room", async () => {
    const { render } = await import("../src/plot/figure.ts");
    const Plot = await import("@observablehq/plot");
    const subtitle = "27 best bets (red rings) of 272 candidate sites; colour: bio12 (mm) at the site, in the classes of the legend; " +
      "self-test on generated data and generated climate (sandbox)";
    const svg = render({ width: 400, height: 200, marks: [Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] }, "A title", { subtitle }).svg;
    const lines = [...svg.matchAll(/<text x="4" y="(\d+)" font-size="12" fill="#555">([^<]*)<\/text>/g)].map((m) => m[2]!);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(" ")).toBe(subtitle);
    for (const l of lines) expect(l.length * 6.6).toBeLessThanOrEqual(400 - 8);
    // the chart starts below the last line
    const chartY = Number(svg.match(/<svg[^>]* y="(\d+)"/g)!.map((s) => s.match(/ y="(\d+)"/)![1]).at(-1));
    expect(chartY).toBeGreaterThan(40 + 16 * (lines.length - 1));
  });
});
