/**
 * Which layers a source holds and what they mean: a folder or a list of GeoTIFF files, each recognised by its name.
 * WorldClim 2.1 (`wc2.1_10m_bio_1.tif` … `bio_19`, monthly `wc2.1_10m_tmin_01.tif` … `_12` for tmin, tmax, tavg,
 * prec, srad, wind, vapr, and `elev`, any resolution) and WorldClim 1.4 (`bio1.tif`, `tmin1.tif`, `tmean1.tif`,
 * `prec1.tif`, also as 30" tiles `bio1_16.tif`; integer layers, temperatures in °C × 10, divided by 10 here and the
 * divisor reported); any other raster by its file name, with the name, unit and meaning the user gives.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { z } from "zod";
import { GenesysInputError } from "../kernel/errors.ts";

const Variables = z.object({
  about: z.string(),
  source: z.string(),
  licence: z.string(),
  variables: z.record(z.string(), z.tuple([z.string(), z.string()])),
  worldclim14Divisor: z.record(z.string(), z.number().positive()),
});
/** The variables file as shipped beside this module. */
export const VARIABLES_FILE: URL = new URL("./variables.json", import.meta.url);
let variables: z.infer<typeof Variables> | undefined;
function known(): z.infer<typeof Variables> {
  return (variables ??= Variables.parse(JSON.parse(readFileSync(VARIABLES_FILE, "utf8"))));
}

/** What the user says about one raster file (by its file name, e.g. "aridity.tif"). */
export const LayerOverride = z.strictObject({
  /** The column's name. */
  name: z.string().min(1).optional(),
  /** The unit after scaling, e.g. "mm". */
  unit: z.string().optional(),
  /** What the layer holds, in words. */
  meaning: z.string().optional(),
  /** Divide every value by this (e.g. 10 for °C × 10 stored as integers). */
  divisor: z.number().positive().optional(),
});
export type LayerOverride = z.infer<typeof LayerOverride>;

/** A layer as recognised from its file name. */
export interface LayerName {
  /** Column name: bio1, tmin_01, elev, or the file's base name. */
  name: string;
  /** The variable without its month: bio1, tmin, elev… */
  variable: string;
  meaning: string | null;
  unit: string | null;
  /** What the stored values are divided by (1 when not scaled). */
  divisor: number;
  /** "WorldClim 2.1", "WorldClim 1.4" or "file name". */
  recognisedAs: string;
}

const WC21 = /^wc2\.1_([0-9.]+[ms])_(bio|tmin|tmax|tavg|prec|srad|wind|vapr|elev)(?:_(\d{1,2}))?$/;
const WC14 = /^(bio|tmin|tmax|tmean|prec)(\d{1,2})(?:_\d{1,2})?$/;
const pad = (n: string) => n.padStart(2, "0");

/** Recognises a layer from its file name; `integer` tells WorldClim 1.4's scaled integers from a float look-alike. */
export function recogniseLayer(file: string, integer: boolean, override: LayerOverride = {}): LayerName {
  const base = basename(file, extname(file));
  const { variables: vars, worldclim14Divisor } = known();
  let found: Omit<LayerName, "meaning" | "unit"> | undefined;
  const m21 = WC21.exec(base);
  const m14 = WC14.exec(base);
  if (m21) {
    const [, , v, n] = m21 as unknown as [string, string, string, string | undefined];
    const name = v === "bio" ? `bio${Number(n)}` : n ? `${v}_${pad(n)}` : v;
    found = { name, variable: v === "bio" ? name : v, divisor: 1, recognisedAs: "WorldClim 2.1" };
  } else if (m14 && Number(m14[2]) >= 1 && Number(m14[2]) <= (m14[1] === "bio" ? 19 : 12)) {
    const v = m14[1] === "tmean" ? "tavg" : m14[1]!;
    const name = v === "bio" ? `bio${Number(m14[2])}` : `${v}_${pad(m14[2]!)}`;
    const variable = v === "bio" ? name : v;
    found = {
      name,
      variable,
      divisor: integer ? worldclim14Divisor[variable] ?? 1 : 1,
      recognisedAs: integer ? "WorldClim 1.4" : "file name",
    };
  }
  const fallback = base.replace(/[^A-Za-z0-9_]+/g, "_");
  const f = found ?? { name: fallback, variable: fallback, divisor: 1, recognisedAs: "file name" };
  const [meaning, unit] = vars[f.variable] ?? [null, null];
  return {
    ...f,
    name: override.name ?? f.name,
    meaning: override.meaning ?? (found ? meaning : null),
    unit: override.unit ?? (found ? unit : null),
    divisor: override.divisor ?? f.divisor,
  };
}

const TIFF = /\.tiff?$/i;
const fail = (message: string, hint: string): never => {
  throw new GenesysInputError(message, { endpoint: "climateAtSites()", hint });
};

/** The GeoTIFF files of a source: a folder (its .tif files, not its subfolders) or a list of files; absolute paths. */
export function sourceFiles(source: string | readonly string[]): string[] {
  if (source instanceof Promise) {
    fail(
      "the source is a Promise, not a folder",
      "await it first: climateAtSites(df, await sandboxClimate()) or await worldclimDownload()",
    );
  }
  if (typeof source !== "string" && !Array.isArray(source)) {
    fail(
      `the source is ${source === null ? "null" : typeof source}, not a folder or a list of files`,
      'pass a folder of GeoTIFFs, e.g. "worldclim/wc2.1_10m", or a list of .tif files',
    );
  }
  const list = typeof source === "string" ? [source] : [...source];
  if (!list.length) fail("the source lists no files", "pass a folder of GeoTIFFs or a list of .tif files");
  const files = list.flatMap((entry) => {
    const path = resolve(entry);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      fail(`${path}: no such file or folder`, "check the path; worldclimDownload() fetches WorldClim once into the cache");
    }
    if (!isDir) return [path];
    const tifs = readdirSync(path).filter((f) => TIFF.test(f)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    if (!tifs.length) {
      const others = readdirSync(path).slice(0, 5);
      fail(
        `the folder ${path} holds no GeoTIFF (.tif) files${others.length ? ` (it holds ${others.join(", ")}…)` : " (it is empty)"}`,
        "unzip WorldClim's download into it, point at the folder that holds the .tif files, or use worldclimDownload()",
      );
    }
    return tifs.map((f) => join(path, f));
  });
  const notTiff = files.filter((f) => !TIFF.test(f));
  if (notTiff.length) fail(`not GeoTIFF files: ${notTiff.join(", ")}`, "convert them first: gdal_translate in.bil out.tif");
  return [...new Set(files)];
}

/** "10′", "30″", "2.5′" or "0.25°": a cell size in degrees as a reader names it. */
export function resolutionLabel(degrees: number): string {
  const minutes = degrees * 60;
  const seconds = degrees * 3600;
  const near = (v: number, digits: number) => Math.abs(v - Number(v.toFixed(digits))) < 1e-6;
  if (degrees < 1 / 60 - 1e-9 && near(seconds, 1)) return `${Number(seconds.toFixed(1))}″`;
  if (degrees < 1 - 1e-9 && near(minutes, 2)) return `${Number(minutes.toFixed(2))}′`;
  return `${Number(degrees.toPrecision(6))}°`;
}
