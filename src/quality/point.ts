/**
 * One collecting site under test: its coordinates, COORDUNCERT and ORIGCTY, with what the coordinate rules ask of the
 * land map computed once and only when a rule asks (is it in ORIGCTY within the tolerance, which slips of hand would
 * put it there, which country's land holds it). The runner reuses one Point for every row.
 */
import { type CountryCentres, nearestCentre } from "./centres.ts";
import type { LandIndex } from "./geometry.ts";

/** A slip of hand between a site and its record, and how to undo it. */
export interface Slip {
  kind: "swap" | "sign";
  what: string;
  lat: number;
  lon: number;
}

const SLIPS: [Slip["kind"], string, (y: number, x: number) => number, (y: number, x: number) => number][] = [
  ["swap", "latitude and longitude swapped", (_y, x) => x, (y) => y],
  ["sign", "latitude's sign lost", (y) => -y, (_y, x) => x],
  ["sign", "longitude's sign lost", (y) => y, (_y, x) => -x],
  ["sign", "both signs lost", (y) => -y, (_y, x) => -x],
  ["swap", "swapped, and the latitude's sign lost", (_y, x) => -x, (y) => y],
  ["swap", "swapped, and the longitude's sign lost", (_y, x) => x, (y) => -y],
];

export interface PointOptions {
  toleranceMeters: number;
  useUncertainty: boolean;
  centroidMeters: number;
}

export const fmt = (lat: number, lon: number) => `${+lat.toFixed(6)}, ${+lon.toFixed(6)}`;

export class Point {
  lat = NaN;
  lon = NaN;
  /** COORDUNCERT in metres, NaN when absent. */
  uncertainty = NaN;
  /** ORIGCTY as an index of the land map, -1 when absent or not on the map. */
  country = -1;
  /** Metres a point may be off ORIGCTY's land (or any land) and still count as on it. */
  tolerance = 0;
  #inOrigin: boolean | undefined;
  #slips: Slip[] | undefined;
  #at: number | undefined;

  constructor(readonly land: LandIndex, readonly options: PointOptions, readonly centres: CountryCentres) {}

  set(lat: number, lon: number, uncertainty: number, country: number): this {
    this.lat = lat;
    this.lon = lon;
    this.uncertainty = uncertainty;
    this.country = country;
    const o = this.options;
    this.tolerance = o.useUncertainty && Number.isFinite(uncertainty)
      ? Math.max(o.toleranceMeters, Math.min(uncertainty, 25_000))
      : o.toleranceMeters;
    this.#inOrigin = this.#slips = this.#at = undefined;
    return this;
  }

  get code(): string {
    return this.country >= 0 ? this.land.codes[this.country]! : "";
  }

  /** Both coordinates within ±90 and ±180. */
  get inRange(): boolean {
    return Math.abs(this.lat) <= 90 && Math.abs(this.lon) <= 180;
  }

  /** On ORIGCTY's land, or within the tolerance of it (false when ORIGCTY is unknown or out of range). */
  get inOrigin(): boolean {
    if (this.#inOrigin === undefined) {
      const { lon, lat, country: c, tolerance: tol } = this;
      this.#inOrigin = c >= 0 && this.inRange && (this.land.inCountry(lon, lat, c) || this.land.distanceTo(lon, lat, c, tol) < tol);
    }
    return this.#inOrigin;
  }

  /** The slips whose undoing puts a point that is not in ORIGCTY on ORIGCTY's land (distinct corrected points). */
  get slips(): Slip[] {
    if (this.#slips === undefined) {
      this.#slips = [];
      if (this.country >= 0 && !this.inOrigin) {
        const seen = new Set<string>();
        for (const [kind, what, fy, fx] of SLIPS) {
          const lat = fy(this.lat, this.lon), lon = fx(this.lat, this.lon);
          const key = `${lat} ${lon}`;
          if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || seen.has(key) || !this.land.inCountry(lon, lat, this.country)) continue;
          seen.add(key);
          this.#slips.push({ kind, what, lat, lon });
        }
      }
    }
    return this.#slips;
  }

  /** The country whose land holds the point, -1 at sea. */
  get at(): number {
    if (this.#at === undefined) this.#at = this.land.countryAt(this.lon, this.lat);
    return this.#at;
  }

  /** Within the tolerance of any land. */
  get nearLand(): boolean {
    return this.land.distanceTo(this.lon, this.lat, -1, this.tolerance) < this.tolerance;
  }

  /** The nearest centre of ORIGCTY within the centre radius, or undefined. */
  get centre(): { name: string; meters: number } | undefined {
    return nearestCentre(this.centres, this.land, this.code, this.lat, this.lon, this.uncertainty, this.options.centroidMeters);
  }
}
