/**
 * `climateAtSites(frame, source, options?)`: the climate at every collecting site, from GeoTIFF layers the user has
 * (WorldClim or any other), one column per layer added to the passport frame, rows kept in order; null (never 0 or
 * NaN) where a site has no coordinates, lies off the rasters or falls on a no-data cell, each counted in
 * `diagnostics()`; provenance names every file read. The cell is terra::extract's (grid.ts); `method: "bilinear"`
 * interpolates as terra does.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { statSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { defineAnalysis } from "../kernel/analysis.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { closest } from "../kernel/options.ts";
import { freshProvenance } from "../kernel/provenance.ts";
import { noDiagnostics, publishOne } from "../kernel/result.ts";
import { bilinearValue, cellCentre, cellsFromXY, fourCellsFromXY, type Grid, sameGrid } from "./grid.ts";
import { type LayerName, LayerOverride, recogniseLayer, resolutionLabel, sourceFiles } from "./layers.ts";
import { closeRaster, openRaster, planReads, type Raster, readCells, type ReadPlan } from "./raster.ts";

const NAME = "climateAtSites()";

/** climateAtSites()'s options. */
export const ClimateOptions = z.strictObject({
  /** The latitude column (decimal degrees, WGS 84). */
  latitude: z.string().default("DECLATITUDE"),
  /** The longitude column. */
  longitude: z.string().default("DECLONGITUDE"),
  /** "simple": the value of the cell the site is in (terra's default); "bilinear": from the four nearest cells. */
  method: z.enum(["simple", "bilinear"]).default("simple"),
  /** Only these layers, by column name (bio1, tmin_01…); all by default. */
  layers: z.array(z.string()).optional(),
  /** Put before every new column's name, e.g. "wc_" when the frame already has a bio1. */
  prefix: z.string().default(""),
  /** Name, unit, meaning or divisor of rasters by file name ("aridity.tif": { unit: "index" }). */
  rasters: z.record(z.string(), LayerOverride).optional(),
});
export type ClimateOptions = z.input<typeof ClimateOptions>;

/** One opened layer: what it is and its file. */
interface Layer extends LayerName {
  raster: Raster;
}

const fail = (message: string, hint: string): never => {
  throw new GenesysInputError(message, { endpoint: NAME, hint });
};

/** Opens the layers of a source that the options select, all on one grid; closes them again on any error. */
async function openLayers(source: string | readonly string[], o: z.output<typeof ClimateOptions>): Promise<Layer[]> {
  const files = sourceFiles(source);
  const named = files.map((file) => ({ file, name: recogniseLayer(file, false, o.rasters?.[basename(file)]).name }));
  const wanted = o.layers ?? named.map((n) => n.name);
  for (const w of wanted) {
    if (named.some((n) => n.name === w)) continue;
    const near = closest(w, named.map((n) => n.name), 1);
    fail(
      `no layer named '${w}' in the source${near.length ? ` (did you mean '${near[0]}'?)` : ""}`,
      `layers are ${named.map((n) => n.name).join(", ")}`,
    );
  }
  const layers: Layer[] = [];
  try {
    for (const { file } of named.filter((n) => wanted.includes(n.name))) {
      const raster = await openRaster(file);
      layers.push({ ...recogniseLayer(file, !raster.dataType.startsWith("Float"), o.rasters?.[basename(file)]), raster });
      checkGrid(layers[0]!, layers.at(-1)!);
    }
    const names = layers.map((l) => l.name);
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    if (twice.length) fail(`two files give the layer '${twice[0]}'`, `name one of them: { rasters: { "file.tif": { name: "…" } } }`);
  } catch (e) {
    await Promise.all(layers.map((l) => closeRaster(l.raster)));
    throw e;
  }
  return layers;
}

const describeGrid = (g: Grid) =>
  `${g.ncol.toLocaleString("en")} × ${g.nrow.toLocaleString("en")} cells of ${resolutionLabel((g.xmax - g.xmin) / g.ncol)} ` +
  `over ${g.xmin}…${g.xmax} E, ${g.ymin}…${g.ymax} N`;

function checkGrid(first: Layer, layer: Layer): void {
  if (sameGrid(first.raster.grid, layer.raster.grid)) return;
  fail(
    `mixed grids: ${layer.raster.file} is ${describeGrid(layer.raster.grid)}, but ${first.raster.file} is ${
      describeGrid(first.raster.grid)
    }`,
    "one call samples one grid: call climateAtSites() once per resolution (with { layers } or a list of files), " +
      "or resample one set first (gdalwarp -tr …)",
  );
}

/** Latitudes and longitudes as Float64Arrays, NaN for a missing value. */
function coordinates(df: DataFrame, lat: string, lon: string): { x: Float64Array; y: Float64Array } {
  const read = (c: string) =>
    Float64Array.from(df.select(pl.col(c).cast(pl.Float64).fillNull(pl.lit(NaN))).getColumn(c).toTypedArray() as Float64Array);
  return { x: read(lon), y: read(lat) };
}

/**
 * Samples every layer at the points: one array per layer, NaN where there is no value. A cell's own value from a
 * Float32 or 16-bit layer is exact in a Float32Array (half the bytes to hand to polars, which widens it to Float64).
 */
async function sample(
  layers: Layer[],
  x: Float64Array,
  y: Float64Array,
  method: "simple" | "bilinear",
): Promise<(Float64Array | Float32Array)[]> {
  const g = layers[0]!.raster.grid;
  const cells = method === "simple" ? cellsFromXY(g, x, y) : fourCellsFromXY(g, x, y);
  const buffer = new Float64Array(cells.length);
  const out: (Float64Array | Float32Array)[] = [];
  const plans = new Map<string, ReadPlan>();
  for (const layer of layers) {
    const { blockWidth: w, blockHeight: h } = layer.raster;
    const plan = plans.get(`${w}×${h}`) ?? planReads(cells, g.ncol, g.nrow, w, h);
    plans.set(`${w}×${h}`, plan);
    await readCells(layer.raster, cells, buffer, plan);
    const values = method === "simple" ? Float64Array.from(buffer) : interpolate(g, x, y, cells, buffer);
    if (layer.divisor !== 1) { for (let i = 0; i < values.length; i++) values[i] = values[i]! / layer.divisor; }
    out.push(values);
  }
  return out;
}

/** terra's bilinear value at each point from its four cells' values. */
function interpolate(g: Grid, x: Float64Array, y: Float64Array, four: Float64Array, v: Float64Array): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = 0; i < x.length; i++) {
    const k = 4 * i;
    if (four[k]! < 0) continue;
    const [x1, y1] = cellCentre(g, four[k]!);
    const x2 = cellCentre(g, four[k + 1]!)[0];
    const y2 = cellCentre(g, four[k + 3]!)[1];
    out[i] = bilinearValue(x[i]!, y[i]!, [x1, x2, y1, y2], [v[k]!, v[k + 1]!, v[k + 2]!, v[k + 3]!]);
  }
  return out;
}

/** The descriptor-like frame of layers (name, meaning, unit, …, file, resolution), with provenance naming the files. */
function layerFrame(layers: Layer[]): DataFrame {
  const df = pl.DataFrame({
    name: layers.map((l) => l.name),
    meaning: layers.map((l) => l.meaning),
    unit: layers.map((l) => l.unit),
    divisor: layers.map((l) => l.divisor),
    recognisedAs: layers.map((l) => l.recognisedAs),
    file: layers.map((l) => l.raster.file),
    resolution: layers.map((l) => resolutionLabel((l.raster.grid.xmax - l.raster.grid.xmin) / l.raster.grid.ncol)),
    cells: layers.map((l) => `${l.raster.grid.ncol} × ${l.raster.grid.nrow}`),
    dataType: layers.map((l) => l.raster.dataType),
    noData: layers.map((l) => l.raster.noData),
    generated: layers.map((l) => /generated/i.test(l.raster.metadata.DESCRIPTION ?? l.raster.metadata.SOURCE ?? "")),
  });
  const newest = layers.map((l) => statSync(l.raster.file).mtime.toISOString()).sort().at(-1);
  return publishOne(df, {
    provenance: freshProvenance({
      server: "local files",
      endpoints: layers.map((l) => `file://${l.raster.file}`),
      kind: "climate.layers",
      filter: null,
      options: {},
      rows: layers.length,
      ...(newest ? { downloadedAt: newest } : {}),
    }),
    diagnostics: noDiagnostics("climateLayers()"),
  });
}

const COLUMNS = (o: z.output<typeof ClimateOptions>) => [
  { name: o.latitude, type: "numeric" as const },
  { name: o.longitude, type: "numeric" as const },
];
const SELECT_HINT = (missing: string[]) =>
  `climateAtSites() needs coordinates: g.passports(filter, { select: [..., "DECLATITUDE", "DECLONGITUDE"] }), ` +
  `or name your columns: { latitude: "lat", longitude: "lon" } (missing: ${missing.join(", ")})`;

/** Checks the frame, its coordinate columns and the options; reads the coordinates. */
const prepare = defineAnalysis({
  name: NAME,
  kind: "climate",
  input: "passports with coordinates (DECLATITUDE, DECLONGITUDE)",
  options: ClimateOptions,
  columns: COLUMNS,
  selectHint: SELECT_HINT,
  run: (df, o) => ({ options: o, ...coordinates(df, o.latitude, o.longitude) }),
});

interface Sampled {
  layers: Layer[];
  values: (Float64Array | Float32Array)[];
  x: Float64Array;
  y: Float64Array;
  described: DataFrame;
}

/** Adds the sampled columns to the frame, counts the nulls, cites the rasters. */
const attach = defineAnalysis({
  name: NAME,
  kind: "climate",
  options: ClimateOptions,
  columns: COLUMNS,
  selectHint: SELECT_HINT,
  run: (df, o, ctx, s: Sampled) => {
    ctx.cite(s.described);
    const n = s.x.length;
    const noCoordinates = count(n, (i) => Number.isNaN(s.x[i]!) || Number.isNaN(s.y[i]!));
    const g = s.layers[0]!.raster.grid;
    const cells = cellsFromXY(g, s.x, s.y);
    const outside = count(n, (i) => cells[i]! < 0) - noCoordinates;
    const of = (k: number) => `${k.toLocaleString("en")} of ${n.toLocaleString("en")} sites`;
    if (noCoordinates) {
      ctx.log.note(`${NAME}: ${of(noCoordinates)} have no coordinates (${o.latitude} or ${o.longitude} empty): null in every layer`);
    }
    if (outside) {
      ctx.log.note(`${NAME}: ${of(outside)} lie outside the rasters (${g.xmin}…${g.xmax} E, ${g.ymin}…${g.ymax} N): null in every layer`);
    }
    const columns = s.layers.map((l, j) => {
      const v = s.values[j]!;
      const nulls = count(n, (i) => Number.isNaN(v[i]!)) - noCoordinates - outside;
      if (nulls > 0) ctx.log.note(`${NAME}: ${o.prefix}${l.name}: ${of(nulls)} fall on no-data cells: null`);
      if (l.divisor !== 1) {
        ctx.log.note(`${NAME}: ${o.prefix}${l.name}: values divided by ${l.divisor} (${l.recognisedAs}, now in ${l.unit})`);
      }
      return pl.Series(`${o.prefix}${l.name}`, s.values[j]!);
    });
    if (s.layers.some((l) => /generated/i.test(l.raster.metadata.DESCRIPTION ?? ""))) {
      ctx.log.note(`${NAME}: the rasters say they hold generated data (the sandbox's synthetic climate), not measurements`);
    }
    const added = columns.map((c) => c.name);
    const out = df.hstack(pl.DataFrame(columns)).withColumns(...added.map((c) => pl.col(c).cast(pl.Float64).fillNan(null)));
    layersByResult.set(out, s.described);
    return out;
  },
});

const layersByResult = new WeakMap<DataFrame, DataFrame>();

/** How many of 0 … n − 1 pass a test (a loop, not an array: 1,000,000 sites × 19 layers). */
function count(n: number, test: (i: number) => boolean): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (test(i)) k++;
  return k;
}

/**
 * The climate at every collecting site: one column per raster layer (bio1, tmin_01…, in °C, mm…) added to the frame,
 * rows in order, null where a site has no coordinates, lies outside the rasters or falls on a no-data cell
 * (`diagnostics(result)` counts each); `provenance(result)` names every file read; `climateLayersOf(result)` describes
 * the layers (meaning, unit, file, resolution). `source`: a folder of GeoTIFFs or a list of files.
 * @example
 * ```ts
 * import { climateAtSites, diagnostics, Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const sites = await g.passports({ crop: ["beans"] }, { select: ["ACCENUMB", "DECLATITUDE", "DECLONGITUDE"] });
 * const withClimate = await climateAtSites(sites, "worldclim/wc2.1_10m", { layers: ["bio1", "bio12"] });
 * console.log(withClimate.head(), diagnostics(withClimate)?.notes);
 * ```
 */
export async function climateAtSites(frame: DataFrame, source: string | readonly string[], options?: ClimateOptions): Promise<DataFrame> {
  const { options: o, x, y } = prepare(frame, options);
  const layers = await openLayers(source, o);
  const clash = layers.map((l) => `${o.prefix}${l.name}`).filter((c) => frame.columns.includes(c));
  try {
    if (clash.length) fail(`the frame already has a column ${clash.join(", ")}`, `add a prefix: { prefix: "wc_" }, or drop it first`);
    const values = await sample(layers, x, y, o.method);
    return attach(frame, options, { layers, values, x, y, described: layerFrame(layers) });
  } finally {
    await Promise.all(layers.map((l) => closeRaster(l.raster)));
  }
}

/**
 * The layers a source holds, as a frame: name, meaning, unit, divisor (WorldClim 1.4's °C × 10), recognisedAs, file,
 * resolution, cells, dataType, noData, generated; checked as climateAtSites() checks them (one grid, readable files).
 * @example
 * ```ts
 * import { climateLayers } from "genesys-notebook";
 * const layers = await climateLayers("worldclim/wc2.1_10m");
 * console.log(layers.select("name", "meaning", "unit", "resolution"));
 * ```
 */
export async function climateLayers(
  source: string | readonly string[],
  options?: Pick<ClimateOptions, "layers" | "rasters">,
): Promise<DataFrame> {
  const layers = await openLayers(source, ClimateOptions.parse(options ?? {}));
  try {
    return layerFrame(layers);
  } finally {
    await Promise.all(layers.map((l) => closeRaster(l.raster)));
  }
}

/**
 * The layers frame of a climateAtSites() result (name, meaning, unit, file, resolution…), e.g. for a figure's units.
 * @example
 * ```ts
 * import { climateAtSites, climateLayersOf, Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await climateAtSites(await g.passports({ crop: ["beans"] }), "worldclim/wc2.1_10m");
 * console.log(climateLayersOf(df));
 * ```
 */
export function climateLayersOf(result: DataFrame): DataFrame | undefined {
  return layersByResult.get(result);
}

/**
 * One layer of a source sampled on a coarse grid of cell centres (every `step` degrees), for a map behind the sites:
 * a frame of lon, lat and value (land cells only: no-data is left out), described by climateLayersOf().
 * @example
 * ```ts
 * import { climateLayerGrid, sandboxClimate } from "genesys-notebook";
 * const grid = await climateLayerGrid(await sandboxClimate(), "bio12", { step: 1 });
 * console.log(grid.height);
 * ```
 */
export async function climateLayerGrid(source: string | readonly string[], layer: string, { step = 1 } = {}): Promise<DataFrame> {
  const [l] = await openLayers(source, ClimateOptions.parse({ layers: [layer] }));
  try {
    const g = l!.raster.grid;
    const lon: number[] = [];
    const lat: number[] = [];
    for (let y = g.ymax - step / 2; y > g.ymin; y -= step) for (let x = g.xmin + step / 2; x < g.xmax; x += step) lon.push(x), lat.push(y);
    const x = Float64Array.from(lon);
    const y = Float64Array.from(lat);
    const [values] = await sample([l!], x, y, "simple");
    const keep = [...values!.keys()].filter((i) => !Number.isNaN(values![i]!));
    const out = pl.DataFrame({ lon: keep.map((i) => x[i]!), lat: keep.map((i) => y[i]!), value: keep.map((i) => values![i]!) });
    layersByResult.set(out, layerFrame([l!]));
    return out;
  } finally {
    await closeRaster(l!.raster);
  }
}
