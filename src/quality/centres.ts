/**
 * Where a georeference "from the country alone" lands: the centres a georeferencing tool or gazetteer gives for a
 * country. Two kinds, both tested by `coord-centroid` (BDQ ISSUE_COORDINATES_CENTEROFCOUNTRY):
 * - computed from the land map (geometry.ts): the area centroid of the whole country and of its largest part on Lambert's
 *   cylindrical equal-area projection, and the largest part's centroid in plain degrees (what simple tools compute);
 * - the country points of the Catalogue of Centroids (GBIF, https://github.com/jhnwllr/catalogue-of-centroids, `PCLI.tsv`
 *   at commit 0959e14d, February 2024), the source BDQ names as the test's default authority: CoordinateCleaner's
 *   `countryref`, GeoNames, the Getty Thesaurus of Geographic Names, GEOLocate and Geoscience Australia, deduplicated to
 *   one row per point, in `country-centres.json` beside this module (source, licence, read through a zod schema; its
 *   hash is checked by test/quality-centres.test.ts).
 *
 * The radius: `centroidMeters` (2 km by default; CoordinateCleaner's buffer is 1 km, BDQ's 5 km), but at most a
 * hundredth of the square root of the country's area (a small island is not mostly "centre": 210 m for Barbados, 180 m
 * for Malta; 1 km for a country of 10,000 km²). The default was chosen on centroids by other definitions and maps and on
 * real places (test/quality-centroids.test.ts; docs/quality.md has the table). As BDQ specifies, a point whose
 * COORDUNCERT is at least half the square root of the country's area is an honest country-level georeference and is not
 * flagged.
 */
import { readDataFile } from "../kernel/data-file.ts";
import { z } from "zod";
import { haversineMeters } from "../kernel/geo.ts";
import type { LandIndex } from "./geometry.ts";

/** @deprecated import it from src/kernel/geo.ts (both quality/ and duplicates/ use it); kept for duplicates/corroboration.ts. */
export { haversineMeters };

export interface Centre {
  name: string;
  lat: number;
  lon: number;
}

export interface CountryCentre {
  centres: Centre[];
  /** Metres within which a point is "at" a centre. */
  radius: number;
  /** COORDUNCERT from which a point at a centre is not flagged (half the square root of the area), in metres. */
  honestUncertainty: number;
}

export type CountryCentres = Map<string, CountryCentre | undefined>;

/** The catalogue's points as shipped: `country-centres.json` beside this module (in src/ and in the package's dist/). */
export const COUNTRY_CENTRES_FILE: URL = new URL("./country-centres.json", import.meta.url);

const Code3 = z.string().regex(/^[A-Z]{3}$/);
/** `country-centres.json`: its source and licence, and one row per point: iso3, iso2, longitude, latitude, sources. */
export const CountryCentresFile = z.strictObject({
  about: z.string(),
  source: z.string().min(1),
  licence: z.string().min(1),
  columns: z.tuple([z.literal("iso3"), z.literal("iso2"), z.literal("longitude"), z.literal("latitude"), z.literal("sources")]),
  rows: z.array(
    z.tuple([Code3, z.string().regex(/^([A-Z]{2})?$/), z.number().min(-180).max(180), z.number().min(-90).max(90), z.string().min(1)]),
  )
    .min(1),
});
export type CountryCentresFile = z.infer<typeof CountryCentresFile>;

let catalogue: Map<string, Centre[]> | undefined;
let iso2: Map<string, string> | undefined;

/** Reads and checks `country-centres.json` (once); a missing or malformed file is an error naming it. */
export function readCountryCentres(): CountryCentresFile {
  return readDataFile(COUNTRY_CENTRES_FILE, CountryCentresFile, "a country-centres file (the country centres of coord-centroid)");
}

function readCatalogue(): Map<string, Centre[]> {
  if (!catalogue) {
    catalogue = new Map();
    iso2 = new Map();
    for (const [code3, code2, lon, lat, sources] of readCountryCentres().rows) {
      const list = catalogue.get(code3) ?? [];
      const by = sources.split("+");
      list.push({ name: `the centre ${by.join(", ")} give${by.length > 1 ? "" : "s"}`, lat, lon });
      catalogue.set(code3, list);
      if (code2) iso2.set(code2, code3);
    }
  }
  return catalogue;
}

/** ISO 3166-1 alpha-3 of an alpha-2 code, from the catalogue's own pairs (for data keyed by alpha-2, such as BDQ's). */
export function alpha3Of(code2: string): string | undefined {
  readCatalogue();
  return iso2!.get(code2.toUpperCase());
}

/**
 * The most of a country's side (the square root of its area) the centre radius may be: a hundredth, so that a small
 * island is not mostly "centre" (210 m for Barbados, 180 m for Malta). Held, with the radius, against centroids the
 * checker does not hold and real places (test/quality-centroids.test.ts, docs/quality.md): a twentieth finds more
 * centroids (50% for 38% at 2 km) but flags more real places (5 for 2 of 5,000) and more clean sandbox sites.
 */
export const CENTRE_SHARE_OF_SIDE = 1 / 100;

/** The centres of a country and the radius that goes with them (computed once per country per check). */
export function countryCentre(land: LandIndex, code3: string, radiusMeters: number): CountryCentre | undefined {
  const computed = land.centres(code3);
  const centres: Centre[] = [...(readCatalogue().get(code3) ?? [])];
  let radius = radiusMeters, honest = Infinity;
  if (computed) {
    centres.push(
      { name: "equal-area centroid of the whole country", lon: computed.whole[0], lat: computed.whole[1] },
      { name: "equal-area centroid of the largest part", lon: computed.largest[0], lat: computed.largest[1] },
      { name: "centroid of the largest part, in plain degrees", lon: computed.degrees[0], lat: computed.degrees[1] },
    );
    const side = Math.sqrt(computed.areaKm2) * 1000;
    radius = Math.min(radiusMeters, side * CENTRE_SHARE_OF_SIDE);
    honest = side / 2;
  }
  return centres.length ? { centres, radius, honestUncertainty: honest } : undefined;
}

/** The nearest centre of `code3` within its radius, or undefined. */
export function nearestCentre(
  cache: CountryCentres,
  land: LandIndex,
  code3: string,
  lat: number,
  lon: number,
  uncertainty: number,
  radiusMeters: number,
): { name: string; meters: number } | undefined {
  if (!cache.has(code3)) cache.set(code3, countryCentre(land, code3, radiusMeters));
  const c = cache.get(code3);
  if (!c || uncertainty >= c.honestUncertainty) return undefined;
  let best: { name: string; meters: number } | undefined;
  for (const p of c.centres) {
    const m = haversineMeters(lat, lon, p.lat, p.lon);
    if (m <= c.radius && (!best || m < best.meters)) best = { name: p.name, meters: m };
  }
  return best;
}
