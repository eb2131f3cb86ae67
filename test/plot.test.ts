import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { collectingSitesMap, countryBar, sampstatBar, traitHistogram, traitScatter, acquisitionTimeline, traitBox } from "../src/plot/helpers.ts";
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
    expect((f as any)[Symbol.for("Jupyter.display")]()["image/svg+xml"]).toBe(f.svg);
  });
  it("traitHistogram and traitBox render", () => {
    expect(traitHistogram(df, "Fe").count("rect")).toBeGreaterThan(0);
    expect(traitBox(df, "Zn", "ORIGCTY").svg).toContain("<svg");
  });
});

describe("HTML table", () => {
  it("shows shape, dtypes and head/tail", () => {
    const big = pl.DataFrame({ a: Array.from({ length: 100 }, (_, i) => i), b: Array.from({ length: 100 }, (_, i) => `x<${i}>`) });
    const html = dataFrameToHtml(big, 6);
    expect(html).toContain("shape: (100, 2)");
    expect(html).toContain("<i>float64</i>");
    expect(html).toContain("x&lt;0&gt;");
    expect(html).toContain("x&lt;99&gt;");
    expect(html).not.toContain("x&lt;50&gt;");
  });
});
