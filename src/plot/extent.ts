/**
 * What part of the world a map shows: the data's own extent, the whole world, a list of countries, a bounding box or a
 * named region. By default ("auto") a map zooms to its points when they cover a small part of the world (at most 120°
 * of longitude and 60° of latitude, a continent or less) and shows the world otherwise.
 */
import { z } from "zod";
import { readDataFile } from "../kernel/data-file.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { landIndex } from "../quality/geometry.ts";

/** West, south, east, north in degrees (WGS84). */
export type BBox = [west: number, south: number, east: number, north: number];

/**
 * `"auto"` (default), `"data"`, `"world"`, a region of REGIONS (`"Andes"`, `"South America"`…), ISO 3166 alpha-3 codes
 * (`["PER", "BOL"]`, the union of their land), or a bounding box `[west, south, east, north]`.
 */
export type MapExtent = "auto" | "data" | "world" | string | readonly string[] | BBox;

/** `regions.json` beside this module (in src/ and in the package's dist/): its source, licence and the boxes. */
export const REGIONS_FILE: URL = new URL("./regions.json", import.meta.url);

const Box = z.tuple([
  z.number().min(-180).max(180),
  z.number().min(-90).max(90),
  z.number().min(-180).max(180),
  z.number().min(-90).max(90),
])
  .refine(([w, s, e, n]) => w < e && s < n, "west < east and south < north");
/** `regions.json`: what it is, its source and licence, and the named boxes. */
export const RegionsFile = z.strictObject({
  about: z.string().min(1),
  source: z.string().min(1),
  licence: z.string().min(1),
  regions: z.record(z.string().min(1), Box),
});

/** Reads and checks `regions.json`; a missing or malformed file is an error naming it. */
export function readRegions(): Readonly<Record<string, BBox>> {
  return Object.freeze(
    readDataFile(REGIONS_FILE, RegionsFile, "a regions file (the named regions of mapExtent)").regions as Record<string, BBox>,
  );
}

/** Named regions as bounding boxes [west, south, east, north], generous by a few degrees (regions.json). */
export const REGIONS: Readonly<Record<string, BBox>> = readRegions();

const SMALL = { lon: 120, lat: 60 };

/** The smallest box holding every point (longitude, latitude), or undefined without points. */
export function dataBox(points: readonly (readonly [number, number])[]): BBox | undefined {
  if (!points.length) return undefined;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  return [w, s, e, n];
}

/** A box with a margin (a tenth of its size, at least 2°), kept on the globe. */
function padded([w, s, e, n]: BBox): BBox {
  const dx = Math.max(2, (e - w) / 10), dy = Math.max(2, (n - s) / 10);
  return [Math.max(-180, w - dx), Math.max(-90, s - dy), Math.min(180, e + dx), Math.min(90, n + dy)];
}

const isBox = (x: unknown): x is BBox => Array.isArray(x) && x.length === 4 && x.every((v) => typeof v === "number" && Number.isFinite(v));

function countriesBox(codes: readonly string[], fn: string): BBox {
  const index = landIndex();
  const boxes = codes.map((c) => {
    const i = index.codes.indexOf(c);
    if (i < 0) {
      throw new GenesysInputError(`extent names '${c}', not an ISO 3166 alpha-3 code with land on the map`, {
        endpoint: fn,
        hint: `countries as upper-case alpha-3 codes, e.g. ["PER", "BOL"]; or a region: ${Object.keys(REGIONS).join(", ")}`,
      });
    }
    return [...index.countryBox.subarray(4 * i, 4 * i + 4)] as BBox;
  });
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** The box a map shows, or undefined for the whole world. `fn` names the function in errors. */
export function resolveExtent(extent: MapExtent | undefined, points: readonly (readonly [number, number])[], fn: string): BBox | undefined {
  const e = extent ?? "auto";
  if (e === "world") return undefined;
  if (e === "auto" || e === "data") {
    const box = dataBox(points);
    if (!box) return undefined;
    const small = box[2] - box[0] <= SMALL.lon && box[3] - box[1] <= SMALL.lat;
    return e === "data" || small ? padded(box) : undefined;
  }
  if (isBox(e)) {
    const [w, s, east, n] = e;
    if (w < -180 || east > 180 || s < -90 || n > 90 || w >= east || s >= n) {
      throw new GenesysInputError(`extent [${e.join(", ")}] is not a box [west, south, east, north] on the globe`, {
        endpoint: fn,
        hint: "west < east within -180..180, south < north within -90..90, e.g. [-82, -56, -62, 13] for the Andes",
      });
    }
    return [...e] as BBox;
  }
  if (typeof e === "string") {
    const name = Object.keys(REGIONS).find((r) => r.toLowerCase() === e.toLowerCase());
    if (name) return REGIONS[name]!;
    if (/^[A-Z]{3}$/.test(e)) return padded(countriesBox([e], fn));
    throw new GenesysInputError(`extent '${e}' is not a region this package knows`, {
      endpoint: fn,
      hint: `"auto", "data", "world", ISO 3166 alpha-3 codes (["PER", "BOL"]), [west, south, east, north], or a region: ${
        Object.keys(REGIONS).join(", ")
      }`,
    });
  }
  if (Array.isArray(e) && e.every((c) => typeof c === "string")) return padded(countriesBox(e as string[], fn));
  throw new GenesysInputError(`extent ${JSON.stringify(e)} is not understood`, {
    endpoint: fn,
    hint: `"auto", "data", "world", ISO 3166 alpha-3 codes, [west, south, east, north], or a region: ${Object.keys(REGIONS).join(", ")}`,
  });
}

/** Whether a point lies in a box. */
export const inBox = ([w, s, e, n]: BBox, x: number, y: number): boolean => x >= w && x <= e && y >= s && y <= n;

/** The box as a GeoJSON polygon, for a projection's domain (fitted to it). */
export function boxPolygon([w, s, e, n]: BBox): object {
  // corners and edge midpoints, so the fitted projection covers the whole box
  const xs = [w, (w + e) / 2, e], ys = [s, (s + n) / 2, n];
  return { type: "MultiPoint", coordinates: xs.flatMap((x) => ys.map((y) => [x, y])) };
}
