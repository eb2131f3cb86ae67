/**
 * The climate figures, drawn from the sandbox's generated climate (2° here): the layer's classes with their unit on
 * the legend, counts and "generated climate (sandbox)" in the subtitles, biological status by name; a frame without
 * the columns is a typed error.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { climateAtSites, climateLayerGrid } from "../src/climate/sites.ts";
import { classBreaks, climateSitesMap, climateSpace, niceNumber, stripRing } from "../src/plot/climate.ts";
import { sandboxClimate } from "../src/sandbox/climate.ts";

const cache = mkdtempSync(join(tmpdir(), "climate-plot-"));
let dir = "";
beforeAll(() => {
  dir = sandboxClimate({ cache, minutes: 120 });
}, 120_000);
afterAll(() => rmSync(cache, { recursive: true, force: true }));
const sites = pl.DataFrame({
  ACCENUMB: ["A1", "A2", "A3", "A4", "A5"],
  SAMPSTAT: [300, 300, 100, 500, null],
  DECLATITUDE: [13, 25, -1, 47, null],
  DECLONGITUDE: [3, 9, 37, 25, null],
});

describe("climate figures", () => {
  it("climateSitesMap(): the layer in classes with its unit on the legend, counts, generated label", async () => {
    const grid = await climateLayerGrid(dir, "bio12", { step: 2 });
    const svg = climateSitesMap(sites, grid, { layer: "bio12", step: 2 }).svg;
    expect(svg).toMatch(/Collecting sites over bio12: Annual precipitation \(mm\)/);
    expect(svg).toMatch(/4 of 5 accessions with coordinates; bio12 in mm on 2° cells; generated climate \(sandbox\)/);
    expect(svg).toMatch(/&lt; [\d,]+ mm/);
    expect(svg).toMatch(/≥ [\d,]+ mm/);
  });

  it("climateSpace(): bio1 against bio12 by biological status, named, with units and counts", async () => {
    const df = await climateAtSites(sites, dir, { layers: ["bio1", "bio12"] });
    const svg = climateSpace(df).svg;
    expect(svg).toMatch(/bio1: Annual mean temperature \(°C\)/);
    expect(svg).toMatch(/4 of 5 accessions with both values; coloured by biological status; generated climate \(sandbox\)/);
    expect(svg).toMatch(/Traditional cultivar\/landrace/);
    expect(() => climateSpace(sites)).toThrow(/climateSpace\(\): the frame has no columns 'bio1', 'bio12'.*\n.*climateAtSites/);
  });
});

describe("climate map classes and strips (finding 12)", () => {
  it("breaks are nice numbers, with no sliver class, and include the caller's threshold", () => {
    expect([52, 75, 78, 98, 380, 0.73].map(niceNumber)).toEqual([50, 75, 80, 100, 400, 0.75]);
    // a skewed layer like bio12 on a world grid: the quantiles round to 50, 75, 80, 100, 150, 400
    const values = [
      ...Array.from({ length: 300 }, (_, i) => i / 6),
      ...Array.from({ length: 400 }, (_, i) => 50 + i / 8),
      ...Array.from({ length: 300 }, (_, i) => 100 + i * 10),
    ];
    const breaks = classBreaks(values, { thresholds: [500] });
    expect(breaks).toContain(500);
    expect(breaks.length).toBeLessThanOrEqual(6);
    for (const b of breaks) expect(niceNumber(b)).toBe(b);
    const sorted = [...values].sort((a, b) => a - b);
    const share = (a: number, b: number) => sorted.filter((v) => v >= a && v < b).length / sorted.length;
    for (let i = 1; i < breaks.length; i++) expect(share(breaks[i - 1]!, breaks[i]!)).toBeGreaterThanOrEqual(0.05);
    expect(classBreaks(values, { breaks: [100, 1000], thresholds: [500] })).toEqual([100, 500, 1000]);
  });

  it("the legend shows the threshold; strips follow the parallels (a point at every cell edge), clockwise", async () => {
    const grid = await climateLayerGrid(dir, "bio12", { step: 2 });
    const svg = climateSitesMap(sites, grid, { layer: "bio12", step: 2, threshold: 500 }).svg;
    expect(svg).toMatch(/–500 mm</);
    expect(svg).toMatch(/≥ 500 mm|500–[\d,]+ mm/);
    expect(stripRing(0, 3, 10.5, 1)).toEqual([[0, 10], [0, 11], [1, 11], [2, 11], [3, 11], [3, 10], [2, 10], [1, 10], [0, 10]]);
  });
});
