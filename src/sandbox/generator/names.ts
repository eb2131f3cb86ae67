/**
 * Accession names (ACCENAME) as genebanks write them, by kind of material and by the crop and region of origin
 * (sources in docs/sandbox.md):
 * - landraces (SAMPSTAT 300-399, and 999): a local name of the crop in the language of the country of origin, or a
 *   descriptive word of that language (a colour, "local"), in Spanish, Portuguese, French and Italian sometimes with
 *   the collecting site's place ("Bayo de Azurduy"); names repeat within a region, as real landrace names do;
 * - bred material (400-599): a breeding programme's line designation, prefix and number (`BAT 1234`, `ICCV 1234`),
 *   one number per line;
 * - wild and weedy material (100-299): not named (no cultivar's or race's name on a wild plant).
 * A country without a list gets no names (many real passports have none). The lists are data: data/names.json.
 */
import { readData } from "./data.ts";
import { str, strList } from "./sql.ts";

const names = readData("names.json");
/** Language area of each country's names; countries not listed get no landrace names. */
export const NAME_AREA: Record<string, string> = names.nameArea;
/** Places are written into names in these areas, with this word: "Bayo de Pasto", "Saragolla di Foggia". */
export const PLACE_WORD: Record<string, string> = names.placeWord;
/**
 * Landrace names per language area: `any` for every crop (descriptive words), and local names per crop code. Crop
 * names weigh twice the descriptive words where both exist.
 */
export const LANDRACE_NAMES: Record<string, Record<string, string[]>> = names.landraceNames;
/**
 * Prefixes of breeding programmes' line designations, per crop. Real series: BAT (CIAT beans), CML (CIMMYT maize
 * lines), IR (IRRI rice), ICCV, ICSV, ICMV, ICPL, ICGV (ICRISAT chickpea, sorghum, pearl millet, pigeonpea,
 * groundnut), IT (IITA cowpea), TMS (IITA cassava), ILL, ILB, ICB (ICARDA lentil, faba bean, barley), FHIA (the
 * Honduran banana programme); the others are the sandbox's. None is a sandbox genebank's ACCENUMB prefix.
 */
export const LINE_PREFIX: Record<string, string> = names.linePrefix;

/** The landrace names of an area for a crop: the crop's own names twice, then the area's descriptive words. */
export function landraceNames(area: string, crop: string): string[] {
  const a = LANDRACE_NAMES[area];
  if (!a) return [];
  const own = a[crop] ?? [];
  return [...own, ...own, ...(a.any ?? [])];
}

/** SQL: the line prefix of the row's `crop_code` (a pedigree's parents: any programme's). */
export const linePrefixSql = (): string =>
  `CASE crop_code ${Object.entries(LINE_PREFIX).map(([c, p]) => `WHEN ${str(c)} THEN ${str(p)}`).join(" ")} END`;

/** The prefix of a bred line's name of a crop bred in a country (as lineNamePrefixSql gives it), or undefined. */
export function linePrefixOf(crop: string, country: string | null): string | undefined {
  const own = country === null ? undefined : names.linePrefixIn[crop]?.[country];
  const where = names.lineCountries[crop];
  return own ?? (!where || (country !== null && where.includes(country)) ? LINE_PREFIX[crop] : undefined);
}

/**
 * SQL: the prefix of a bred line's name from the row's `crop_code` and the country it was bred in (`country`, its
 * ORIGCTY): the programme of that country (names.json `linePrefixIn`), the crop's series where it is bred
 * (`lineCountries`), else NULL (no BAT line from Tanzania, no FHIA hybrid from Uganda).
 */
export function lineNamePrefixSql(country: string): string {
  const own = Object.entries(names.linePrefixIn).flatMap(([crop, by]) =>
    Object.entries(by).map(([c, p]) => `WHEN crop_code = ${str(crop)} AND ${country} = ${str(c)} THEN ${str(p)}`)
  );
  const series = Object.entries(LINE_PREFIX).map(([crop, p]) => {
    const where = names.lineCountries[crop];
    return `WHEN crop_code = ${str(crop)}${where ? ` AND ${country} IN (${where.map(str).join(", ")})` : ""} THEN ${str(p)}`;
  });
  return `CASE ${[...own, ...series].join(" ")} END`;
}

/**
 * SQL: a record's ACCENAME, given columns `id`, `samp_stat`, `crop_code`, `name_area`, `names`, `nnames` (its row of
 * `ref_name`) and `place` (its collecting site's).
 */
export function accessionNameSql(): string {
  const placeWord = `CASE name_area ${Object.entries(PLACE_WORD).map(([a, w]) => `WHEN ${str(a)} THEN ${str(w)}`).join(" ")} END`;
  const prefix = lineNamePrefixSql("orig_cty");
  const local = `names[1 + (h(id, 10) % nnames)::BIGINT]`;
  return `CASE
    WHEN samp_stat >= 400 AND samp_stat < 600 THEN CASE WHEN u(id, 9) < 0.7 THEN ${prefix} || id::VARCHAR END
    WHEN nnames = 0 THEN NULL
    -- wild and weedy material: no cultivar's or race's name (a collector's number identifies it)
    WHEN samp_stat < 300 THEN NULL
    -- "Bayo de Azurduy": the place is the collecting site's own (the place COLLSITE names, without GeoNames' bracketed
    -- alternative name)
    WHEN u(id, 9) < 0.65 THEN ${local} || CASE WHEN ${placeWord} IS NOT NULL AND u(id, 11) < 0.3
      THEN ' ' || ${placeWord} || ' ' || regexp_replace(place, ' \\(.*\\)$', '') ELSE '' END
  END`;
}

/**
 * Keys of names.json's lists for one taxon of a crop, `<crop>:<taxon name>` (the bananas of genome groups AAB and ABB,
 * Musa ×paradisiaca, have names of their own); a taxon without such a list takes its crop's.
 */
export const TAXON_NAME_KEYS: Set<string> = new Set(
  Object.values(LANDRACE_NAMES).flatMap((lists) => Object.keys(lists).filter((k) => k.includes(":"))),
);

/** Table `ref_name`: each language area's landrace names per crop or taxon key (crop "" for a crop without its own list). */
export function refNameRows(crops: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const area of Object.keys(LANDRACE_NAMES)) {
    for (const crop of [...crops, ...TAXON_NAME_KEYS]) {
      const names = landraceNames(area, crop);
      rows.push([str(area), str(crop), strList(names.length ? names : [""]), String(names.length)]);
    }
  }
  return rows;
}
