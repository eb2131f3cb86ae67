/**
 * The sandbox's climate rasters: GENERATED DATA, the synthetic climate of src/climate/synthetic.ts written as GeoTIFFs
 * named like WorldClim 2.1's (wc2.1_10m_bio_1.tif … bio_19, tmin/tmax/tavg/prec _01 … _12) at 10 arc-minutes over
 * land (Natural Earth's 1:110m land from npm world-atlas; the sea is no-data), each file labelled "generated data" in
 * its GDAL metadata, so that notebooks and tests sample a climate offline with the same code as real WorldClim files.
 * Made once per version of the model and kept in the sandbox's cache.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { BIO } from "../climate/bioclim.ts";
import { GeoTiffWriter } from "../climate/geotiff-write.ts";
import type { Grid } from "../climate/grid.ts";
import { SYNTHETIC_REGIONS_FILE, syntheticClimate } from "../climate/synthetic.ts";
import { defaultCacheDir } from "./db.ts";
import { SITES_FILE } from "./generator/site-data.ts";
import { sandboxRelief } from "./relief.ts";

/** What every sandbox climate file says about itself (GDAL metadata DESCRIPTION), and figures repeat. */
export const SANDBOX_CLIMATE_LABEL = "generated climate (sandbox): synthetic data made by genesys-notebook, not measurements";
const MONTHLY = ["tmin", "tmax", "tavg", "prec"] as const;
/**
 * Bumped when the files' making changes (2: the land mask skips edges along the antimeridian; 3: the relief is the
 * nearest collecting-site place's elevation where one is near, relief.ts; 4: a ring over the antimeridian is taken in continuous
 * longitudes, landSpans()).
 */
const MODEL = "4";
/** The global grid of cells of `minutes` arc-minutes. */
const globalGrid = (minutes: number): Grid => ({
  xmin: -180,
  xmax: 180,
  ymin: -90,
  ymax: 90,
  ncol: 21600 / minutes,
  nrow: 10800 / minutes,
});

/**
 * A ring's longitudes made continuous (each step over ±180° undone by 360°), when the ring then closes (Eurasia's ring
 * steps from 180° to −180° east of Chukotka and back); undefined for a ring that goes round the globe (Antarctica's).
 */
function unwrapped(ring: readonly number[][]): [number, number][] | undefined {
  let shift = 0;
  const out = ring.map((p, i) => {
    const dx = i ? p[0]! - ring[i - 1]![0]! : 0;
    shift += dx > 180 ? -360 : dx < -180 ? 360 : 0;
    return [p[0]! + shift, p[1]!] as [number, number];
  });
  const closing = ring[0]![0]! - ring.at(-1)![0]!;
  return shift + (closing > 180 ? -360 : closing < -180 ? 360 : 0) === 0 ? out : undefined;
}

/** Where the edges of a ring cross the parallel y; `skipWraps`: leave out an edge over ±180° (it crosses no row). */
function crossings(ring: readonly number[][], y: number, skipWraps: boolean): number[] {
  const xs: number[] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[j] as [number, number];
    if ((y1 > y) !== (y2 > y) && !(skipWraps && Math.abs(x2 - x1) >= 180)) xs.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
  }
  return xs;
}

/**
 * The land mask: for each row, the [start, end) column spans whose cell centres are on land (even-odd over all rings).
 * A ring over the antimeridian is taken in continuous longitudes and its land intervals cut at ±180°: taken as drawn,
 * its crossings paired Chukotka's coast with Alaska's and left rows of Siberia and Canada (65–75° N) as sea.
 */
export function landSpans(grid: Grid): Int32Array[] {
  const topo = createRequire(import.meta.url)("world-atlas/land-110m.json") as Topology;
  const land = feature(topo, topo.objects.land as GeometryCollection);
  const rings = land.features.flatMap((f) => {
    const g = f.geometry;
    return g.type === "Polygon" ? g.coordinates : g.type === "MultiPolygon" ? g.coordinates.flat() : [];
  }).map((ring) => ({ ring, continuous: unwrapped(ring) }));
  const xr = (grid.xmax - grid.xmin) / grid.ncol;
  const yr = (grid.ymax - grid.ymin) / grid.nrow;
  return Array.from({ length: grid.nrow }, (_, row) => {
    const y = grid.ymax - (row + 0.5) * yr;
    const xs: number[] = [];
    for (const { ring, continuous } of rings) {
      if (!continuous) {
        xs.push(...crossings(ring, y, true));
        continue;
      }
      // the ring's own crossings paired in order (the row's crossings are sorted once, below)
      const cs = crossings(continuous, y, false).sort((a, b) => a - b);
      for (let k = 0; k + 1 < cs.length; k += 2) {
        const turns = Math.floor((cs[k]! + 180) / 360) * 360;
        const [a, b] = [cs[k]! - turns, cs[k + 1]! - turns];
        xs.push(...(b <= 180 ? [a, b] : [a, 180, -180, b - 360]));
      }
    }
    xs.sort((a, b) => a - b);
    const spans: number[] = [];
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const a = Math.max(0, Math.ceil((xs[k]! - grid.xmin) / xr - 0.5));
      const b = Math.min(grid.ncol, Math.ceil((xs[k + 1]! - grid.xmin) / xr - 0.5));
      if (b > a) spans.push(a, b);
    }
    return Int32Array.from(spans);
  });
}

/**
 * The sandbox climate's file names, in the order the values are written: bio1 … bio19, then tmin, tmax, tavg, prec by
 * month (67 files).
 * @example
 * ```ts
 * import { sandboxClimateFiles } from "genesys-notebook/sandbox";
 * console.log(sandboxClimateFiles().slice(0, 3)); // wc2.1_10m_bio_1.tif, wc2.1_10m_bio_2.tif, wc2.1_10m_bio_3.tif
 * ```
 */
export function sandboxClimateFiles(res = "10m"): string[] {
  const bio = BIO.map((_, i) => `wc2.1_${res}_bio_${i + 1}.tif`);
  return [
    ...bio,
    ...MONTHLY.flatMap((v) => Array.from({ length: 12 }, (_, m) => `wc2.1_${res}_${v}_${String(m + 1).padStart(2, "0")}.tif`)),
  ];
}

/** A version of the generated files: the model's regions file, the sites' places, this module's grid and model. */
function version(grid: Grid): string {
  return createHash("sha256").update(readFileSync(SYNTHETIC_REGIONS_FILE)).update(readFileSync(SITES_FILE)).update(JSON.stringify(grid))
    .update(MODEL)
    .digest("hex").slice(0, 10);
}

/**
 * The folder of the sandbox's climate GeoTIFFs (bio1–bio19 and monthly tmin, tmax, tavg, prec at 10′), made on first
 * use (about a minute on 2 cores) under `cache` (default: the sandbox's cache directory) and reused after; `minutes`
 * makes a coarser set (tests use 120).
 */
export function sandboxClimate(
  options: { cache?: string; minutes?: number; onProgress?: (rowsDone: number, rows: number) => void } = {},
): string {
  const minutes = options.minutes ?? 10;
  const grid = globalGrid(minutes);
  const dir = join(options.cache ?? defaultCacheDir(), `climate-${minutes}m-${version(grid)}`);
  const files = sandboxClimateFiles(`${minutes}m`);
  const complete = () => files.every((f) => existsSync(join(dir, f)));
  if (complete()) return dir;
  sweepStaleParts(dir);
  // each build writes its own folder (two notebooks or test workers may build one cache at once) and moves it in whole
  const tmp = `${dir}.${process.pid}-${++builds}.part`;
  mkdirSync(tmp, { recursive: true });
  try {
    writeAll(tmp, files, grid, options.onProgress);
    if (!complete()) {
      if (existsSync(dir)) renameSync(dir, `${tmp}.incomplete`); // a set with files missing (deleted by hand): set aside
      renameSync(tmp, dir);
    }
  } catch (e) {
    if (!complete()) throw e; // another build moved its whole set in first: use that one
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(`${tmp}.incomplete`, { recursive: true, force: true });
  }
  return dir;
}

let builds = 0;
/** A folder in progress untouched for an hour was left by a build that was killed: removed. */
const STALE_MS = 3_600_000;

/** Removes the folders in progress of `dir` that a killed build left behind (a live build's files are newer). */
function sweepStaleParts(dir: string): void {
  const parent = dirname(dir), prefix = `${basename(dir)}.`;
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (!name.startsWith(prefix) || !/\.part(\.incomplete)?$/.test(name)) continue;
    const path = join(parent, name);
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

function writeAll(dir: string, files: string[], grid: Grid, onProgress?: (rowsDone: number, rows: number) => void): void {
  const units = [...BIO.map((b) => b), ...MONTHLY.flatMap((v) => Array(12).fill(v) as string[])];
  const writers = files.map((f, k) =>
    new GeoTiffWriter(join(dir, f), {
      grid,
      dataType: "Float32",
      noData: -3.4e38,
      blockHeight: 8,
      level: 6,
      metadata: { DESCRIPTION: SANDBOX_CLIMATE_LABEL, SOURCE: "genesys-notebook syntheticClimate()", VARIABLE: units[k]! },
    })
  );
  const spans = landSpans(grid);
  const relief = sandboxRelief();
  const xr = (grid.xmax - grid.xmin) / grid.ncol;
  const yr = (grid.ymax - grid.ymin) / grid.nrow;
  for (let row0 = 0; row0 < grid.nrow; row0 += 8) {
    const bands = writers.map((w) => w.band());
    for (let r = row0; r < Math.min(row0 + 8, grid.nrow); r++) {
      const lat = grid.ymax - (r + 0.5) * yr;
      const s = spans[r]!;
      for (let k = 0; k < s.length; k += 2) {
        for (let c = s[k]!; c < s[k + 1]!; c++) {
          const lon = grid.xmin + (c + 0.5) * xr;
          const cl = syntheticClimate(lat, lon, relief(lat, lon));
          const values = [...BIO.map((b) => cl.bio[b]), ...cl.tmin, ...cl.tmax, ...cl.tavg, ...cl.prec];
          const at = (r - row0) * grid.ncol + c;
          for (let f = 0; f < values.length; f++) bands[f]![at] = values[f]!;
        }
      }
    }
    for (const w of writers) w.writeBand();
    onProgress?.(Math.min(row0 + 8, grid.nrow), grid.nrow);
  }
  for (const w of writers) w.close();
}
