/**
 * The collecting sites the generator draws from: `sites.json` beside this module, made by scripts/make-sites.ts from
 * the 1 km land map (not part of the package). Read once, on first use, and checked against its schema.
 */
import { readDataFile } from "../../kernel/data-file.ts";
import { z } from "zod";

const Point = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
const CountrySites = z.object({
  /** Latitude and longitude of the centroid of the country's largest polygon. */
  centroid: Point,
  /** Whether the centroid lies on the country's land, 2 km inside. */
  centroidOnLand: z.boolean(),
  /** GeoNames populated places the sites name: name, admin1 name, latitude, longitude, elevation (m). */
  places: z.array(z.tuple([z.string().min(1), z.string(), z.number(), z.number(), z.number()])).min(1),
  /**
   * Points on the country's land: latitude, longitude, slip flags (see scripts/make-sites.ts), the index of the
   * nearest place in `places`, the distance to it in km and the direction from it (N, NE, …).
   */
  sites: z.array(
    z.tuple([z.number(), z.number(), z.number().int().min(0).max(7), z.number().int().min(0), z.number().min(0), z.string()]),
  ).min(1),
  /** Latitude and longitude of points at sea near the country. */
  sea: z.array(Point).min(1),
});
export const SiteFile = z.object({
  about: z.string(),
  /** SHA-256 of the inputs the file was made from (scripts/sites-inputs.ts); test/sandbox-sites.test.ts recomputes it. */
  inputsSha256: z.string().regex(/^[0-9a-f]{64}$/),
  inputs: z.record(z.string(), z.string()),
  params: z.object({ sitesPerCountry: z.number().int().positive(), seaPerCountry: z.number().int().positive() }).loose(),
  countries: z.record(z.string().regex(/^[A-Z]{3}$/), CountrySites),
});
export type SiteFile = z.infer<typeof SiteFile>;

/** The file as shipped: `sites.json` next to this module (in src/ and in the package's dist/). */
export const SITES_FILE: URL = new URL("./sites.json", import.meta.url);

let loaded: SiteFile | undefined;

/**
 * Reads and checks `sites.json`; every country has `params.sitesPerCountry` sites in its farming-region box (then the
 * division sites of the divisions data/crops.json names, if any) and `params.seaPerCountry` sea points.
 */
export function siteData(): SiteFile {
  if (loaded) return loaded;
  const data = readDataFile(SITES_FILE, SiteFile, "a sites file (the sandbox generator's collecting sites)");
  const { params, countries } = data;
  for (const [code, c] of Object.entries(countries)) {
    if (c.sites.length < params.sitesPerCountry || c.sea.length !== params.seaPerCountry) {
      throw new Error(`sandbox generator: ${SITES_FILE.pathname}: ${code} has ${c.sites.length} sites and ${c.sea.length} sea points`);
    }
  }
  return (loaded = data);
}
