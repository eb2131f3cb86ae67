/**
 * Country names for reading: the common short name ("Tanzania") where ISO 3166's is a formal or sort form ("Tanzania,
 * United Republic of"), for figure labels and shown tables. The data keep ISO's name (ORIGCTY_name, countryName()).
 */
import { z } from "zod";
import { readDataFile } from "../kernel/data-file.ts";
import { COUNTRY_NAMES, countryName } from "../mcpd/countries.ts";

/** `country-names.json` beside this module (in src/ and in the package's dist/). */
export const COUNTRY_NAMES_FILE: URL = new URL("./country-names.json", import.meta.url);

/** `country-names.json`: what it is, its source and licence, and the short names by ISO 3166-1 alpha-3 code. */
export const CountryNamesFile = z.strictObject({
  about: z.string().min(1),
  source: z.string().min(1),
  licence: z.string().min(1),
  names: z.record(z.string().regex(/^[A-Z]{3}$/), z.string().min(1)),
});

/** Reads and checks `country-names.json`; a missing or malformed file is an error naming it. */
function readShortNames(): ReadonlyMap<string, string> {
  return new Map(
    Object.entries(readDataFile(COUNTRY_NAMES_FILE, CountryNamesFile, "a country names file (country names for labels)").names),
  );
}

/** ISO 3166-1 alpha-3 code -> common short name, for the countries whose ISO name is a formal or sort form. */
export const SHORT_COUNTRY_NAMES: ReadonlyMap<string, string> = readShortNames();
/** ISO 3166 name -> common short name (the same countries, keyed by the name decode: true writes). */
const BY_ISO_NAME = new Map([...SHORT_COUNTRY_NAMES].map(([code, short]) => [COUNTRY_NAMES.get(code) ?? code, short]));

/**
 * A country as a reader names it: an ISO 3166 code ("TZA") or ISO name ("Tanzania, United Republic of") gives the common
 * short name ("Tanzania"); a code or name that needs none gives ISO's name; anything else stays as it is.
 * @example
 * ```ts
 * import { readingCountryName } from "genesys-notebook/plot";
 * readingCountryName("TZA"); // "Tanzania"
 * readingCountryName("Korea, Republic of"); // "South Korea"
 * readingCountryName("MEX"); // "Mexico"
 * ```
 */
export function readingCountryName(codeOrName: string): string {
  const code = codeOrName.trim().toUpperCase();
  return SHORT_COUNTRY_NAMES.get(code) ?? BY_ISO_NAME.get(codeOrName) ?? (/^[A-Z]{3}$/.test(code) ? countryName(code) : undefined) ??
    codeOrName;
}
