/**
 * Passports as a reader checks them: a few columns with names rather than codes, narrow enough for a page. A passport
 * frame has 50–60 columns; a table of all of them shows a dozen on a screen and six on a printed page.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { show } from "../display/table.ts";
import type { Displayable } from "../display/text.ts";
import { needColumns, selectHint } from "./columns.ts";
import { readingCountryName } from "./country-names.ts";

/** The parts of a taxon name in MCPD, in the order a botanist writes them. */
const TAXON_PARTS = ["GENUS", "SPECIES", "SUBTAXA"] as const;

/**
 * `df` with a `taxon` column as a botanist writes the name: GENUS, SPECIES and SUBTAXA where the frame has them, joined
 * by spaces ("Phaseolus vulgaris", "Zea mays subsp. mexicana"); a missing part is left out, not written "null".
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * import { withTaxon } from "genesys-notebook/plot";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] }, { select: ["GENUS", "SPECIES", "SUBTAXA"] });
 * withTaxon(passports).groupBy("taxon").len();
 * ```
 */
export function withTaxon(df: DataFrame, name = "taxon"): DataFrame {
  needColumns(df, "withTaxon()", ["GENUS"], selectHint(["GENUS", "SPECIES", "SUBTAXA"], "pl.col(…)"));
  const parts = TAXON_PARTS.filter((c) => df.columns.includes(c)).map((c) => pl.col(c).cast(pl.Utf8));
  return df.withColumns(pl.concatString(parts, " ", true).alias(name));
}

/** What `readablePassports` shows by default: the column with the label where the frame has it, else the code. */
export const READABLE_COLUMNS: readonly (readonly string[])[] = [
  ["INSTCODE"],
  ["ACCENUMB"],
  ["taxon"],
  ["SAMPSTAT_label", "SAMPSTAT"],
  ["ORIGCTY_name", "ORIGCTY"],
  ["COLLSITE"],
  ["DECLATITUDE"],
  ["DECLONGITUDE"],
  ["ELEVATION"],
];

/**
 * The columns `readablePassports` shows of `df`, as a frame: READABLE_COLUMNS, each by label where the frame has it, else
 * by code; countries by the name a reader uses ("Tanzania": readingCountryName), where `df` keeps ISO's.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * import { readableColumns } from "genesys-notebook/plot";
 * const shown = readableColumns(await Genesys.fromEnv().passports({ crop: ["beans"] }, { decode: true }));
 * ```
 */
export function readableColumns(df: DataFrame): DataFrame {
  needColumns(df, "readablePassports()", ["ACCENUMB"], selectHint(["ACCENUMB"], "a passports() frame"));
  let named = df.columns.includes("GENUS") ? withTaxon(df) : df;
  if (named.columns.includes("ORIGCTY_name")) {
    const names = named.getColumn("ORIGCTY_name").toArray().map((v) => (v === null ? null : readingCountryName(String(v))));
    named = named.withColumns(pl.Series("ORIGCTY_name", names, pl.Utf8));
  }
  return named.select(...READABLE_COLUMNS.map((alts) => alts.find((c) => named.columns.includes(c))).filter((c) => c !== undefined));
}

/**
 * A passport frame as a reader checks it: institute, accession number, taxon, biological status, country of origin,
 * collecting site, coordinates, elevation (those the frame has; names rather than codes where `decode: true` added them),
 * as a notebook table that still says, on its last line, where the whole frame came from. A passport frame has 50–60
 * columns: a table of all of them shows a dozen on a screen and six on a printed page. The frame keeps every column
 * (`df.columns`); `readableColumns(df)` is the selection as a frame.
 * @example
 * ```ts
 * import { display, Genesys } from "genesys-notebook";
 * import { readablePassports } from "genesys-notebook/plot";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] }, { decode: true });
 * await display(readablePassports(passports));
 * ```
 */
export function readablePassports(df: DataFrame, rows?: number): Displayable {
  return show(readableColumns(df), rows, df);
}
