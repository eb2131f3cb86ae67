/**
 * The sandbox's synthetic climate: a pure, deterministic, spatially smooth function of latitude, longitude and
 * elevation that looks like the world a reader knows (temperature falling with latitude and at 5 °C per km of
 * elevation, seasons reversed south of the equator, the Sahara, Arabia, the Atacama and central Australia dry, the
 * South Asian, West African and Mexican rains in summer, the Mediterranean's in winter). GENERATED DATA: no value is a
 * measurement; it exists so that notebooks, tests and the sandbox run offline. The regions that shape it are data
 * (`synthetic-regions.json` beside this module, with their source), read once through a zod schema.
 *
 * The model, per month n = 1…12 (angle θ = 2π(n − peak)/12):
 * - annual mean at sea level 28 − 0.0068·lat² °C, plus the regions' `temp`, minus 5 °C/km of elevation (a near-surface
 *   lapse rate: air over mountain slopes cools by 4–6 °C/km, less than the free atmosphere's 6.5; Rolland 2003,
 *   J. Climate 16:1032; Minder, Mote & Lundquist 2010, J. Geophys. Res. 115:D14122);
 * - monthly mean = annual mean + A·tanh(lat/4)·cos(2π(n − 7.3)/12), A = (0.5 + 0.28·|lat|)·(0.4 + 0.8·continentality);
 * - annual precipitation from latitude (tropical rain belt, mid-latitude storm tracks, dry subtropics and poles)
 *   times exp(Σ regions' `prec` − 0.9·(continentality − 0.35)), a coastal desert's region fading with height above its
 *   inversion (`depth`), spread over the months by a von Mises weight
 *   exp(a·cos θ + b·sin θ) whose (a, b) sums the tropical summer rains and each region's `season` towards its `peak`;
 * - diurnal range 7 + 9·exp(−prec/50) + 3·continentality °C (dry months and interiors have wider days);
 *   tmin and tmax are the monthly mean ∓ half of it, so tavg = (tmin + tmax) / 2 as in WorldClim.
 */
import { readDataFile } from "../kernel/data-file.ts";
import { z } from "zod";
import { type Bioclim, bioclim } from "./bioclim.ts";

const Bump = z.object({
  name: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  rlat: z.number().positive(),
  rlon: z.number().positive(),
});
const Region = Bump.extend({
  prec: z.number().default(0),
  temp: z.number().default(0),
  cont: z.number().default(0),
  season: z.number().min(0).default(0),
  peak: z.number().min(0.5).max(13).default(7),
  /**
   * Metres: the region's prec and temp fade with elevation as exp(−(elevation/depth)²), for a coastal desert under a
   * cold current's inversion (the Peruvian coast: rain rises up the western Andean slope above it).
   */
  depth: z.number().positive().optional(),
});
export const SyntheticRegions = z.object({
  about: z.string(),
  source: z.string(),
  licence: z.string(),
  regions: z.array(Region).min(1),
  /** `flat`: a plateau (weight exp(−d⁴/2): flat-topped with steep edges, for the Altiplano, Tibet, the Pamir) instead of a dome. */
  relief: z.array(Bump.extend({ m: z.number(), flat: z.boolean().default(false) })).min(1),
});
export type SyntheticRegions = z.infer<typeof SyntheticRegions>;

/** The regions file as shipped, beside this module (src/ and the package's dist/). */
export const SYNTHETIC_REGIONS_FILE: URL = new URL("./synthetic-regions.json", import.meta.url);
let loaded: SyntheticRegions | undefined;

/** Reads and checks `synthetic-regions.json` (once). */
export function syntheticRegions(): SyntheticRegions {
  return (loaded ??= readDataFile(SYNTHETIC_REGIONS_FILE, SyntheticRegions, "a regions file (the regions of syntheticClimate())"));
}

/** The weight (0…1] of a Gaussian bump at a point, or of a flat-topped one (exp(−d⁴/2)); longitudes wrap. */
function weight(b: z.infer<typeof Bump>, lat: number, lon: number, flat = false): number {
  const dlon = ((((lon - b.lon) % 360) + 540) % 360) - 180;
  const d2 = ((lat - b.lat) / b.rlat) ** 2 + (dlon / b.rlon) ** 2;
  if (flat) return d2 > 8 ? 0 : Math.exp(-0.5 * d2 * d2);
  return d2 > 50 ? 0 : Math.exp(-0.5 * d2);
}

/**
 * The synthetic coarse relief in metres (sea level where no bump reaches): for rasters when no elevation is known.
 * GENERATED DATA (a few dozen smooth bumps: the Tibetan Plateau, the Andes, the Ethiopian highlands…), not a DEM.
 * @example
 * ```ts
 * import { syntheticElevation } from "genesys-notebook";
 * console.log(syntheticElevation(34, 87)); // the Tibetan Plateau, above 4,000 m
 * ```
 */
export function syntheticElevation(lat: number, lon: number): number {
  let m = 0;
  for (const b of syntheticRegions().relief) m += b.m * weight(b, lat, lon, b.flat);
  return m;
}

/** One place's synthetic climate: monthly values (January first) and bio1–bio19 from them. */
export interface SyntheticClimate {
  /** Monthly minimum temperature, °C. */
  tmin: number[];
  /** Monthly maximum temperature, °C. */
  tmax: number[];
  /** Monthly mean temperature, °C: (tmin + tmax) / 2. */
  tavg: number[];
  /** Monthly precipitation, mm. */
  prec: number[];
  /** bio1–bio19 from the monthly values by {@link bioclim} (WorldClim's conventions). */
  bio: Bioclim;
}

interface Fields {
  temp: number;
  cont: number;
  logPrec: number;
  a: number;
  b: number;
}

/** Sums the regions' effects at a point, with the tropical summer rains of both hemispheres. */
function fields(lat: number, lon: number, elevation: number): Fields {
  const f: Fields = { temp: 0, cont: 0.35, logPrec: 0, a: 0, b: 0 };
  const addSeason = (k: number, peak: number) => {
    const phi = (2 * Math.PI * peak) / 12;
    f.a += k * Math.cos(phi);
    f.b += k * Math.sin(phi);
  };
  addSeason(1.6 * Math.exp(-(((lat - 14) / 7) ** 2)), 8); // the rain belt follows the sun: August in the north
  addSeason(1.6 * Math.exp(-(((lat + 14) / 7) ** 2)), 2); // February in the south
  for (const r of syntheticRegions().regions) {
    const w = weight(r, lat, lon) * (r.depth === undefined ? 1 : Math.exp(-((Math.max(0, elevation) / r.depth) ** 2)));
    if (w === 0) continue;
    f.temp += w * r.temp;
    f.cont += w * r.cont;
    f.logPrec += w * r.prec;
    if (r.season > 0) addSeason(w * r.season, r.peak);
  }
  f.cont = Math.min(1.5, Math.max(0, f.cont));
  f.logPrec -= 0.9 * (f.cont - 0.35); // interiors are far from the sea's moisture
  return f;
}

/** °C per metre of elevation: a near-surface lapse rate (module comment). */
export const LAPSE_RATE = 0.005;

/** Annual precipitation (mm) of the latitude alone: the tropical rain belt, the storm tracks, a dry floor. */
function zonalPrecipitation(lat: number): number {
  return 2000 * Math.exp(-((lat / 10) ** 2)) + 600 * Math.exp(-(((Math.abs(lat) - 50) / 12) ** 2)) + 300;
}

/**
 * The sandbox's synthetic climate at a place: latitude and longitude in decimal degrees (WGS 84; any longitude, it
 * wraps), elevation in metres (0 for sea level; the site's own elevation where known, else {@link syntheticElevation}).
 * Pure and deterministic: the same place gives the same numbers on every machine. GENERATED DATA, labelled so
 * wherever shown.
 * @example
 * ```ts
 * import { syntheticClimate } from "genesys-notebook";
 * const aleppo = syntheticClimate(36.2, 37.15, 390);
 * console.log(aleppo.bio.bio1, aleppo.bio.bio12, aleppo.prec);
 * ```
 */
export function syntheticClimate(lat: number, lon: number, elevation: number): SyntheticClimate {
  if (![lat, lon, elevation].every(Number.isFinite) || Math.abs(lat) > 90) {
    throw new RangeError(`syntheticClimate(${lat}, ${lon}, ${elevation}): latitude in [-90, 90], finite longitude and elevation`);
  }
  const f = fields(lat, lon, elevation);
  const annual = 28 - 0.0068 * lat * lat + f.temp - LAPSE_RATE * elevation;
  const amplitude = (0.5 + 0.28 * Math.abs(lat)) * (0.4 + 0.8 * f.cont) * Math.tanh(lat / 4);
  const total = zonalPrecipitation(lat) * Math.exp(f.logPrec);
  const w = Array.from({ length: 12 }, (_, m) => {
    const theta = (2 * Math.PI * (m + 1)) / 12;
    return Math.exp(f.a * Math.cos(theta) + f.b * Math.sin(theta));
  });
  const wSum = w.reduce((s, x) => s + x, 0);
  const prec = w.map((x) => (total * x) / wSum);
  const tavg = prec.map((_, m) => annual + amplitude * Math.cos((2 * Math.PI * (m + 1 - 7.3)) / 12));
  const range = prec.map((p) => 7 + 9 * Math.exp(-p / 50) + 3 * f.cont);
  const tmin = tavg.map((t, m) => t - range[m]! / 2);
  const tmax = tavg.map((t, m) => t + range[m]! / 2);
  return { tmin, tmax, tavg, prec, bio: bioclim({ tmin, tmax, prec, tavg }) };
}
