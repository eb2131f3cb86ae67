/**
 * Writes src/sandbox/generator/sites.json: collecting sites for the generator, drawn from the same 1 km land map the
 * checker uses, so that the sandbox starts without loading the map. Not part of the package.
 *   deno run -A scripts/make-sites.ts
 * Per country of reference.ts: `SITES_PER_COUNTRY` points on the country's land inside its farming-region box, each
 * at least `INSET_M` from any border, coast or lake shore; for each, which slips (swapped pair, negated latitude,
 * negated longitude) would move it more than `SLIP_MARGIN_M` outside the country (the generator plants only those,
 * so that every planted slip is detectable); the centroid of the country's largest polygon and whether it lies on
 * its land. And per country, points at sea at least `SEA_M` from any land, as near the country as such points are,
 * none of whose slips falls in or within `SLIP_MARGIN_M` of the country.
 */
import { writeFileSync } from "node:fs";
import { landIndex } from "../src/quality/geometry.ts";
import { COUNTRIES } from "../src/sandbox/generator/reference.ts";
import { habitatDivisions } from "./sites-inputs.ts";
import { bearing8, distanceKm, type Place, readPlaces } from "./gazetteer.ts";
import { siteInputs, siteInputsHash } from "./sites-inputs.ts";
import { seeded } from "../src/kernel/random.ts"; // mulberry32: the file is the same on every run

const SITES_PER_COUNTRY = 200;
const INSET_M = 5_000;
const SLIP_MARGIN_M = 30_000;
const SEA_M = 50_000;
const SEA_PER_COUNTRY = 20;
/** A site is kept only within this distance of a populated place of its country (GeoNames cities500). */
const PLACE_KM = 25;
/**
 * Every division a habitat of data/crops.json names (admin1) has at least this many sites: those the box gives, then
 * division sites drawn near the division's own populated places, after the first `SITES_PER_COUNTRY` (whole-country
 * draws never reach them; a habitat that names the division does), wherever the division lies (Sicily, Tibet and Sonora
 * lie outside their countries' boxes).
 */
const DIVISION_SITES = 8;
const SLIPS = [
  (lat: number, lon: number) => [lon, lat],
  (lat: number, lon: number) => [-lat, lon],
  (lat: number, lon: number) => [lat, -lon],
  (lat: number, lon: number) => [-lat, -lon],
  (lat: number, lon: number) => [-lon, lat],
  (lat: number, lon: number) => [lon, -lat],
] as const;

const seedOf = (s: string) => [...s].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261);

const land = landIndex();
// GeoNames' populated places, each in the country whose land holds it (the land map's country, not GeoNames' code)
const placesOf = new Map<number, Place[]>();
for (const p of readPlaces()) {
  const c = land.countryAt(p.lon, p.lat);
  if (c >= 0) (placesOf.get(c) ?? placesOf.set(c, []).get(c)!).push(p);
}

const far = (lon: number, lat: number, c: number) =>
  Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !land.inCountry(lon, lat, c) && land.distanceTo(lon, lat, c, SLIP_MARGIN_M) === Infinity;

/** The populated place nearest a point (within about 0.3° by 0.4°) and its distance in km. */
function nearest(candidates: Place[], lat: number, lon: number): [Place | undefined, number] {
  let near: Place | undefined, km = Infinity;
  for (const p of candidates) {
    if (Math.abs(p.lat - lat) > 0.3 || Math.abs(p.lon - lon) > 0.4) continue;
    const d = distanceKm(p.lat, p.lon, lat, lon);
    if (d < km) [near, km] = [p, d];
  }
  return [near, km];
}

const countries: Record<string, unknown> = {};
for (const country of COUNTRIES) {
  const c = land.countryIndex(country.code3);
  if (c < 0) throw new Error(`${country.code3} is not on the land map`);
  const next = seeded(seedOf(country.code3));
  const sites: (number | string)[][] = [];
  const places: Place[] = [];
  const placeIdx = new Map<Place, number>();
  const candidates = placesOf.get(c) ?? [];
  let tries = 0;
  while (sites.length < SITES_PER_COUNTRY) {
    if (++tries > 2_000_000) throw new Error(`${country.code3}: too few sites on land in its box`);
    const lat = +(country.lat[0] + next() * (country.lat[1] - country.lat[0])).toFixed(3);
    const lon = +(country.lon[0] + next() * (country.lon[1] - country.lon[0])).toFixed(3);
    if (!land.inCountry(lon, lat, c) || land.distanceTo(lon, lat, c, INSET_M) !== Infinity) continue;
    if (land.countryAt(lon, lat) !== c) continue; // overlapping polygons: keep points only one country claims
    const [near, km] = nearest(candidates, lat, lon);
    if (!near || km > PLACE_KM) continue; // no populated place near: not where crops are collected
    if (!placeIdx.has(near)) placeIdx.set(near, places.push(near) - 1);
    const flags = (far(lat, lon, c) ? 1 : 0) | (far(lon, -lat, c) ? 2 : 0) | (far(-lon, lat, c) ? 4 : 0);
    sites.push([lat, lon, flags, placeIdx.get(near)!, Math.round(km), bearing8(near.lat, near.lon, lat, lon)]);
  }
  const divisions = habitatDivisions().filter(([code3]) => code3 === country.code3).map(([, admin]) => admin);
  const nextDiv = seeded(seedOf(`${country.code3} divisions`)); // its own stream: the sea points stay as they were
  for (const admin of divisions) {
    const own = candidates.filter((p) => p.admin === admin);
    if (!own.length) throw new Error(`${country.code3}: data/crops.json names division ${admin}, which has no populated place`);
    let have = sites.filter((s) => places[s[3] as number]!.admin === admin).length;
    for (let t = 0; have < DIVISION_SITES; t++) {
      if (t > 200_000) throw new Error(`${country.code3}: too few sites in ${admin}`);
      const p = own[Math.floor(nextDiv() * own.length)]!;
      const lat = +(p.lat + (nextDiv() - 0.5) * 0.4).toFixed(3), lon = +(p.lon + (nextDiv() - 0.5) * 0.5).toFixed(3);
      if (!land.inCountry(lon, lat, c) || land.distanceTo(lon, lat, c, INSET_M) !== Infinity) continue;
      if (land.countryAt(lon, lat) !== c) continue;
      const [near, km] = nearest(candidates, lat, lon);
      if (!near || km > PLACE_KM || near.admin !== admin) continue;
      if (!placeIdx.has(near)) placeIdx.set(near, places.push(near) - 1);
      const flags = (far(lat, lon, c) ? 1 : 0) | (far(lon, -lat, c) ? 2 : 0) | (far(-lon, lat, c) ? 4 : 0);
      sites.push([lat, lon, flags, placeIdx.get(near)!, Math.round(km), bearing8(near.lat, near.lon, lat, lon)]);
      have++;
    }
  }
  const cen = land.centroid(country.code3)!;
  const onLand = land.inCountry(cen[0], cen[1], c) && land.distanceTo(cen[0], cen[1], c, 2_000) === Infinity;
  // sea points: in a box around the farming region, widened until enough are found
  const sea: number[][] = [];
  for (let pad = 3; sea.length < SEA_PER_COUNTRY; pad += 3) {
    for (let t = 0; t < 4000 && sea.length < SEA_PER_COUNTRY; t++) {
      const lat = +(country.lat[0] - pad + next() * (country.lat[1] - country.lat[0] + 2 * pad)).toFixed(3);
      const lon = +(country.lon[0] - pad + next() * (country.lon[1] - country.lon[0] + 2 * pad)).toFixed(3);
      if (Math.abs(lat) > 80 || Math.abs(lon) > 180) continue;
      if (land.countryAt(lon, lat) >= 0 || land.distanceTo(lon, lat, -1, SEA_M) !== Infinity) continue;
      if (
        !SLIPS.every((f) => {
          const [y, x] = f(lat, lon);
          return Math.abs(y!) > 90 || Math.abs(x!) > 180 || far(x!, y!, c);
        })
      ) continue;
      sea.push([lat, lon]);
    }
  }
  countries[country.code3] = {
    centroid: [+cen[1].toFixed(4), +cen[0].toFixed(4)],
    centroidOnLand: onLand,
    places: places.map((p) => [p.name, p.admin, p.lat, p.lon, p.elevation]),
    sites,
    sea,
  };
}
const inputs = siteInputs();
const data = {
  about: "Collecting sites for the sandbox generator, made by scripts/make-sites.ts: do not edit, run `deno run -A scripts/make-sites.ts`.",
  inputsSha256: siteInputsHash(inputs),
  inputs,
  params: {
    sitesPerCountry: SITES_PER_COUNTRY,
    insetM: INSET_M,
    slipMarginM: SLIP_MARGIN_M,
    seaM: SEA_M,
    seaPerCountry: SEA_PER_COUNTRY,
    placeKm: PLACE_KM,
    divisionSites: DIVISION_SITES,
  },
  siteColumns: ["lat", "lon", "flags", "place", "km", "direction"],
  placeColumns: ["name", "admin1", "lat", "lon", "elevation"],
  seaColumns: ["lat", "lon"],
  countries,
};
// one site, place or sea point a line: a diff shows which moved
const text = JSON.stringify(data, null, 2).replace(
  /\[(?:\s+(?:-?[\d.]+|"(?:[^"\\]|\\.)*"),?)+\s+\]/g,
  (m) => `[${m.slice(1, -1).split(/,\n\s+/).map((x) => x.trim()).join(", ")}]`,
);
const out = new URL("../src/sandbox/generator/sites.json", import.meta.url);
writeFileSync(out, text + "\n");
console.log(`sites.json: ${COUNTRIES.length} countries, ${text.length.toLocaleString("en")} characters`);
