/**
 * When a filter matches no accession: which vocabulary values (crop, country, institute code, SAMPSTAT, storage)
 * the server or MCPD does not know, and the known values closest to them. Asked only for an empty result, so the
 * common path makes no extra request; a look-up that fails is left out (the call itself never fails because of it).
 */
import type { AccessionFilter } from "../schema/filter.ts";
import { COUNTRY_NAMES, FORMER_COUNTRY_NAMES } from "../mcpd/countries.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { STORAGE_LABELS } from "../mcpd/code-lists.ts";
import { closest } from "../kernel/closest.ts";
import pl from "nodejs-polars";
import type { Cancellable, Transport } from "./core/transport.ts";
import { crops, instituteNames } from "./catalogue.ts";

/** What the notes need from the server: the crop short names, and which WIEWS codes it knows. */
export interface Vocabularies {
  crops(): Promise<string[]>;
  institutes(codes: string[]): Promise<Set<string>>;
}

const quote = (xs: Iterable<string | number>) => [...xs].map((x) => (typeof x === "number" ? String(x) : `"${x}"`)).join(", ");

/** Country codes for a value that is a code, or a country's name ("Colombia" -> COL). */
function countrySuggestions(value: string): string[] {
  const all = new Map([...COUNTRY_NAMES, ...FORMER_COUNTRY_NAMES]);
  const v = value.trim().toLowerCase();
  const byName = [...all].filter(([, name]) => name.toLowerCase() === v || name.toLowerCase().startsWith(`${v},`));
  if (byName.length) return byName.map(([code]) => code);
  const names = closest(value, [...all.values()], 2);
  const codes = closest(value.toUpperCase(), [...all.keys()], 3);
  return [...new Set([...[...all].filter(([, n]) => names.includes(n)).map(([c]) => c), ...codes])].slice(0, 3);
}

/** English names people type for a crop whose Genesys short name is another word. */
const COMMON_CROP_NAMES: Record<string, string> = {
  corn: "maize",
  "common bean": "beans",
  peanut: "groundnut",
  manioc: "cassava",
  yuca: "cassava",
  "broad bean": "faba",
  "faba bean": "faba",
  "pearl millet": "pearlmillet",
  "sweet potato": "sweetpotato",
  garbanzo: "chickpea",
  plantain: "banana",
};

/** "; a botanical name: filter with taxonomy: { genus: ["Zea"], species: ["mays"] }" for "Zea mays"; "" otherwise. */
function botanical(value: string): string {
  const m = /^([A-Z][a-z]+)(?:\s+([a-z][a-z-]+))?$/.exec(value.trim());
  if (!m || (!m[2] && value.trim().toLowerCase() in COMMON_CROP_NAMES)) return "";
  const species = m[2] ? `, species: ["${m[2]}"]` : "";
  return `; a botanical name: filter with taxonomy: { genus: ["${m[1]}"]${species} }`;
}

/**
 * One note per filter value nobody knows, with close known values; when every value is known, one note saying so
 * (the values exist, their combination matches nothing).
 */
export async function emptyResultNotes(filter: AccessionFilter, vocab: Vocabularies): Promise<string[]> {
  const notes: string[] = [];
  const unknown = (key: string, value: string | number, near: (string | number)[], what: string) =>
    notes.push(
      `filter ${key}: ${quote([value])} matches no ${what}${near.length ? `; did you mean ${quote(near)}?` : ""}`,
    );

  if (filter.crop?.length) {
    const known = await vocab.crops().catch(() => undefined);
    if (known) {
      // exact, as the service compares short names ("Beans" matches nothing; docs/api.md#case)
      const set = new Set(known);
      for (const c of filter.crop) {
        if (set.has(c)) continue;
        const sameLetters = known.filter((k) => k.toLowerCase() === c.toLowerCase());
        const common = COMMON_CROP_NAMES[c.trim().toLowerCase()];
        const near = sameLetters.length ? sameLetters : common && set.has(common) ? [common] : closest(c, known, 3);
        unknown(
          "crop",
          c,
          near,
          sameLetters.length
            ? "crop of this server: crop short names are case-sensitive"
            : `crop of this server (g.crops())${botanical(c)}`,
        );
      }
    }
  }
  const countries = [
    ["countryOfOrigin.code3", filter.countryOfOrigin?.code3],
    ["institute.country.code3", filter.institute?.country?.code3],
  ] as const;
  for (const [key, values] of countries) {
    for (const v of values ?? []) {
      if (COUNTRY_NAMES.has(v) || FORMER_COUNTRY_NAMES.has(v)) continue;
      const code = v.trim().toUpperCase();
      if (COUNTRY_NAMES.has(code) || FORMER_COUNTRY_NAMES.has(code)) {
        unknown(key, v, [code], "country: ISO 3166 alpha-3 codes are upper case");
      } else unknown(key, v, countrySuggestions(v), "ISO 3166 alpha-3 country code (countryName() lists them)");
    }
  }
  const codes = filter.institute?.code ?? [];
  if (codes.length) {
    const known = await vocab.institutes(codes).catch(() => undefined);
    for (const c of codes) {
      if (known && !known.has(c)) {
        const upper = c.trim().toUpperCase();
        unknown(
          "institute.code",
          c,
          upper !== c && known.has(upper) ? [upper] : [],
          "WIEWS institute code this server knows (g.institutes())",
        );
      }
    }
  }
  const coded = [
    ["sampStat", filter.sampStat, SAMPSTAT_LABELS, "MCPD SAMPSTAT code"],
    ["storage", filter.storage, STORAGE_LABELS, "MCPD STORAGE code"],
  ] as const;
  for (const [key, values, labels, what] of coded) {
    for (const v of values ?? []) {
      if (!labels.has(v)) {
        const near = [...labels.keys()].sort((a, b) => Math.abs(a - v) - Math.abs(b - v)).slice(0, 3);
        unknown(key, v, near, what);
      }
    }
  }
  if (!notes.length) {
    notes.push(
      "no accession matches the filter; every crop, country, institute and code value in it is known, so it is their " +
        "combination (or another key) that matches nothing. g.overview(filter) counts what each key matches",
    );
  }
  return notes;
}

/**
 * What a passport export asks of the catalogue (export/passports.ts `Lookups`): institute names for `decode`, and, for a
 * result without rows only, which of the filter's values this server does not know.
 */
export function exportLookups(t: Transport, filter: unknown, opts: Cancellable) {
  const vocabularies: Vocabularies = {
    crops: async () => (await crops(t, opts)).df.getColumn("shortName").cast(pl.Utf8).toArray() as string[],
    institutes: async (codes) => new Set((await instituteNames(t, codes, opts)).keys()),
  };
  return {
    instituteNames: (codes: string[]) => instituteNames(t, codes, opts),
    emptyNotes: () => emptyResultNotes(filter as AccessionFilter, vocabularies),
  };
}
