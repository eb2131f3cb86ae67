/**
 * climateAtSites(): the public function over the GDAL-written fixtures (terra's answers, 0 differing values, nulls
 * where terra says NA), WorldClim 2.1 and 1.4 naming and scale, diagnostics and provenance, and every error path with
 * its message and suggestion.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pl from "nodejs-polars";
import { afterAll, describe, expect, it } from "vitest";
import { diagnostics } from "../src/kernel/diagnostics.ts";
import { provenance } from "../src/kernel/provenance.ts";
import { climateAtSites, climateLayers, climateLayersOf } from "../src/climate/sites.ts";
import { differing, DIR, points, RASTERS, terra } from "./helpers/climate.ts";
const tmp = mkdtempSync(join(tmpdir(), "climate-sites-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A passport-like frame of the fixture's points, coordinates as Genesys names them (missing as null). */
function sitesOf(name: string) {
  const { x, y } = points(name);
  const v = (a: Float64Array) => Array.from(a, (n) => (Number.isNaN(n) ? null : n));
  return pl.DataFrame({ ACCENUMB: Array.from(x, (_, i) => `A${i + 1}`), DECLATITUDE: v(y), DECLONGITUDE: v(x) });
}
const values = (df: pl.DataFrame, col: string) => Float64Array.from(df.getColumn(col).toArray() as (number | null)[], (v) => v ?? NaN);

/** A folder holding copies of fixtures under other names. */
function folder(name: string, files: Record<string, string>): string {
  const dir = join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [to, from] of Object.entries(files)) copyFileSync(`${DIR}/${from}.tif`, join(dir, to));
  return dir;
}

describe("climateAtSites() against terra::extract", () => {
  for (const name of RASTERS) {
    it(`${name}: simple and bilinear, 0 differing values, null (not NaN) where terra says NA`, async () => {
      const sites = sitesOf(name);
      const t = terra(name);
      const simple = await climateAtSites(sites, `${DIR}/${name}.tif`, { rasters: { [`${name}.tif`]: { name: "v" } } });
      expect(simple.height).toBe(sites.height);
      expect(simple.getColumn("ACCENUMB").toArray()).toEqual(sites.getColumn("ACCENUMB").toArray());
      expect(differing(values(simple, "v"), t.simple)).toEqual([]);
      expect(simple.getColumn("v").nullCount()).toBe(t.simple.filter(Number.isNaN).length);
      expect((simple.getColumn("v").toArray() as (number | null)[]).filter((v) => v !== null && Number.isNaN(v))).toEqual([]);
      const bil = await climateAtSites(sites, [`${DIR}/${name}.tif`], { method: "bilinear", rasters: { [`${name}.tif`]: { name: "v" } } });
      expect(differing(values(bil, "v"), t.bilinear, 1e-12)).toEqual([]);
    });
  }
});

describe("climateAtSites(): WorldClim's naming and scale, diagnostics, provenance", () => {
  it("names WorldClim 2.1 layers bio1 … and tmin_01 …, with meaning, unit, file and resolution in climateLayersOf()", async () => {
    const dir = folder("wc21", {
      "wc2.1_10m_bio_1.tif": "r10m-i16-deflate-striped",
      "wc2.1_10m_bio_12.tif": "r10m-i16-deflate-striped",
      "wc2.1_10m_tmin_01.tif": "r10m-i16-deflate-striped",
    });
    const sites = sitesOf("r10m-i16-deflate-striped");
    const df = await climateAtSites(sites, dir);
    expect(df.columns.slice(3)).toEqual(["bio1", "bio12", "tmin_01"]);
    const layers = climateLayersOf(df)!;
    expect(layers.select("name", "unit", "divisor", "recognisedAs", "resolution").toRecords()).toEqual([
      { name: "bio1", unit: "°C", divisor: 1, recognisedAs: "WorldClim 2.1", resolution: "10′" },
      { name: "bio12", unit: "mm", divisor: 1, recognisedAs: "WorldClim 2.1", resolution: "10′" },
      { name: "tmin_01", unit: "°C", divisor: 1, recognisedAs: "WorldClim 2.1", resolution: "10′" },
    ]);
    expect(layers.getColumn("meaning").toArray()[0]).toBe("Annual mean temperature");
    expect(provenance(df)!.endpoints).toEqual(["bio_1", "bio_12", "tmin_01"].map((n) => `file://${resolve(dir, `wc2.1_10m_${n}.tif`)}`));
    expect(provenance(df)!.derivation!.at(-1)!.by).toBe("climateAtSites()");
    const notes = diagnostics(df)!.notes.join("\n");
    const t = terra("r10m-i16-deflate-striped").simple;
    expect(notes).toMatch(/1 of 3,519 sites have no coordinates \(DECLATITUDE or DECLONGITUDE empty\)/);
    expect(notes).toMatch(/lie outside the rasters/);
    expect(notes).toMatch(/bio1: \d+ of 3,519 sites fall on no-data cells: null/);
    expect(df.getColumn("bio1").nullCount()).toBe(t.filter(Number.isNaN).length);
  });

  it("divides WorldClim 1.4's integer temperatures by 10 and says so; precipitation is left as it is", async () => {
    const dir = folder("wc14", { "bio1.tif": "g5-i16-lzw-striped", "prec1.tif": "g5-i16-lzw-striped", "tmean7.tif": "g5-i16-lzw-striped" });
    const sites = sitesOf("g5-i16-lzw-striped");
    const df = await climateAtSites(sites, dir, { layers: ["bio1", "prec_01", "tavg_07"] });
    const raw = terra("g5-i16-lzw-striped").simple;
    expect(differing(values(df, "bio1"), raw.map((v) => v / 10))).toEqual([]);
    expect(differing(values(df, "tavg_07"), raw.map((v) => v / 10))).toEqual([]);
    expect(differing(values(df, "prec_01"), raw)).toEqual([]);
    expect(diagnostics(df)!.notes.join("\n")).toMatch(/bio1: values divided by 10 \(WorldClim 1\.4, now in °C\)/);
    const layers = await climateLayers(dir);
    expect(layers.getColumn("divisor").toArray()).toEqual([10, 1, 10]);
  });

  it("keeps another raster under its file name, or the name and unit the user gives", async () => {
    const dir = folder("other", { "aridity index.tif": "g5-i16-lzw-striped" });
    const a = await climateLayers(dir);
    expect(a.select("name", "unit", "recognisedAs").toRecords()).toEqual([{
      name: "aridity_index",
      unit: null,
      recognisedAs: "file name",
    }]);
    const sites = sitesOf("g5-i16-lzw-striped");
    const df = await climateAtSites(sites, dir, { rasters: { "aridity index.tif": { name: "ai", unit: "index", divisor: 10000 } } });
    expect(climateLayersOf(df)!.select("name", "unit", "divisor").toRecords()).toEqual([{ name: "ai", unit: "index", divisor: 10000 }]);
  });
});

describe("climateAtSites(): bad input is a typed error naming what to do", () => {
  const sites = sitesOf("g10-f32-deflate-tiled");
  const file = `${DIR}/g10-f32-deflate-tiled.tif`;
  it("a frame without coordinates", async () => {
    const bare = sites.select("ACCENUMB");
    await expect(climateAtSites(bare, file)).rejects.toThrow(/climateAtSites\(\): the frame has no column "DECLATITUDE", "DECLONGITUDE"/);
    await expect(climateAtSites(bare, file)).rejects.toThrow(/select: \[\.\.\., "DECLATITUDE", "DECLONGITUDE"\]|latitude: "lat"/);
    const renamed = sites.rename({ DECLATITUDE: "lat", DECLONGITUDE: "lon" });
    await expect(climateAtSites(renamed, file)).rejects.toThrow(/name your columns: \{ latitude: "lat", longitude: "lon" \}/);
    const ok = await climateAtSites(renamed, file, { latitude: "lat", longitude: "lon" });
    expect(ok.columns.at(-1)).toBe("g10_f32_deflate_tiled");
  });
  it("a folder with no rasters", async () => {
    const empty = join(tmp, "empty");
    mkdirSync(empty, { recursive: true });
    writeFileSync(join(empty, "readme.txt"), "x");
    await expect(climateAtSites(sites, empty)).rejects.toThrow(/holds no GeoTIFF \(\.tif\) files \(it holds readme\.txt…\)/);
    await expect(climateAtSites(sites, empty)).rejects.toThrow(/Hint: unzip WorldClim's download into it/);
    await expect(climateAtSites(sites, join(tmp, "nowhere"))).rejects.toThrow(/no such file or folder/);
  });
  it("a source not awaited, or not a folder", async () => {
    const pending = Promise.resolve(file);
    // deno-lint-ignore no-explicit-any
    await expect(climateAtSites(sites, pending as any)).rejects.toThrow(/climateAtSites\(\): the source is a Promise, not a folder/);
    // deno-lint-ignore no-explicit-any
    await expect(climateAtSites(sites, pending as any)).rejects.toThrow(
      /Hint: await it first: climateAtSites\(df, await sandboxClimate\(\)\)/,
    );
    // deno-lint-ignore no-explicit-any
    await expect(climateAtSites(sites, 12 as any)).rejects.toThrow(/the source is number, not a folder or a list of files/);
  });
  it("mixed grids", async () => {
    const dir = folder("mixed", { "a.tif": "g10-f32-deflate-tiled", "b.tif": "g5-i16-lzw-striped" });
    await expect(climateAtSites(sites, dir)).rejects.toThrow(
      /mixed grids: .*b\.tif is 72 × 36 cells of 5° over -180…180 E, -90…90 N, but .*a\.tif is 36 × 18 cells of 10°/,
    );
    await expect(climateAtSites(sites, dir)).rejects.toThrow(/Hint: one call samples one grid/);
  });
  it("a file cut in half", async () => {
    const whole = readFileSync(`${DIR}/r025-f32-lzw-tiled.tif`);
    const cut = join(tmp, "cut.tif");
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(climateAtSites(sites, cut)).rejects.toThrow(
      /cut\.tif: is cut: its last block ends at byte [\d,]+ but the file has [\d,]+ bytes/,
    );
    await expect(climateAtSites(sites, cut)).rejects.toThrow(/Hint: the download or copy stopped early/);
    const head = join(tmp, "head.tif");
    writeFileSync(head, whole.subarray(0, 100));
    await expect(climateAtSites(sites, head)).rejects.toThrow(/head\.tif: is not a readable GeoTIFF/);
  });
  it("an unknown layer name, a column the frame already has, an unknown option", async () => {
    const dir = folder("wc21b", { "wc2.1_10m_bio_1.tif": "g10-f32-deflate-tiled" });
    await expect(climateAtSites(sites, dir, { layers: ["bio01"] })).rejects.toThrow(
      /no layer named 'bio01' in the source \(did you mean 'bio1'\?\)/,
    );
    const has = sites.withColumns(pl.lit(1).alias("bio1"));
    await expect(climateAtSites(has, dir)).rejects.toThrow(/already has a column bio1.*\n.*prefix: "wc_"/);
    expect((await climateAtSites(has, dir, { prefix: "wc_" })).columns.at(-1)).toBe("wc_bio1");
    // @ts-expect-error: an unknown option
    await expect(climateAtSites(sites, dir, { methd: "bilinear" })).rejects.toThrow(/methd.*method/);
  });
});
