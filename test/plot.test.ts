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
import { traitByDataset, traitPairByDataset } from "../src/plot/traits.ts";
import { MAX_POINTS } from "../src/plot/helpers.ts";
import { dataFrameToHtml } from "../src/display/table.ts";
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
    expect(f.svg).toContain(">COL<");
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
    // COL (2 values), PER, MEX: three interquartile boxes
    expect(traitBox(df, "Zn", "ORIGCTY").count("rect")).toBe(3);
  });
});

describe("figures as files and in notebooks", () => {
  it("one self-contained SVG: title, subtitle and colour legend drawn into it, a viewBox; PNG at twice the size", () => {
    const f = traitScatter(df, "Fe", "Zn", { color: "ORIGCTY", title: "Fe and Zn" });
    expect(f.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="\d+" viewBox="0 0 640 \d+"/);
    expect(f.svg).toContain(">Fe and Zn</text>");
    for (const c of ["COL", "PER", "MEX"]) expect(f.svg).toContain(`>${c}</text>`); // legend entries
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

  it("traitByDataset: one box per dataset, labelled by title", () => {
    const f = traitByDataset({ long, datasets }, "Fe");
    expect(f.count("rect")).toBe(2);
    expect(f.svg).toContain("Palmira 2015");
    expect(f.svg).toContain("Darién 2016");
    expect(() => traitByDataset({ long }, "Cu")).toThrow(/no numeric values of 'Cu'/);
  });

  it("traitPairByDataset: one point per accession and dataset with both traits (List means), a line per dataset", () => {
    const f = traitPairByDataset({ wide, datasets }, "Fe", "Zn");
    expect(f.count("circle")).toBe(2);
    expect(() => traitPairByDataset({ long }, "Fe", "Zn")).toThrow(/needs its `wide` frame/);
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

  it("shortens UUIDs and long text with the full value on hover, right-aligns numbers, keeps null dim", () => {
    const uuid = "1b70b9e6-142b-4cb2-9de1-6e8dfc0a1b2c";
    const remark = "Collected at the edge of a maize field near the river, seed mixed with a climbing type";
    const html = dataFrameToHtml(pl.DataFrame({ UUID: [uuid], REMARKS: [remark], ELEVATION: [2167], X: [null] }));
    expect(html).toContain(`<td title="${uuid}" style="text-align:left">1b70b9e6…</td>`);
    expect(html).toContain(`title="${remark}" style="text-align:left">${remark.slice(0, 39)}…</td>`);
    expect(html).toContain('<td style="text-align:right">2167</td>');
    expect(html).toContain('<th style="text-align:right">ELEVATION</th>');
    expect(html).toMatch(/<td class="null"[^>]*>null<\/td>/);
    expect(html).not.toMatch(/#[0-9a-f]{3,6}/i); // no fixed colours: dark themes keep their own
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
