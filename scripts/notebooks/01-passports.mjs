import { close, connect } from "./common.mjs";

/** Cells of notebooks/01-passports.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Passport data\nQuery accession passports for a crop and institute, inspect the dtypes, and plot origin countries " +
    "and collecting sites.",
  ],
  ["code", connect()],
  [
    "md",
    "\`await display(x)\` shows a frame or figure and returns once the kernel has sent it: every output of these " +
    "notebooks goes through it, so none is lost when the notebook runs headless (nbconvert, CI).",
  ],
  [
    "code",
    `// decode: true puts words beside the MCPD codes (ORIGCTY_name, SAMPSTAT_label…)
const filter = { crop: ["beans"], institute: { code: ["COL003"] } };
const passports = await g.passports(filter, { decode: true });
// 57 columns (passports.columns); shown: the ones a reader checks, names not codes
import { readablePassports } from "genesys-notebook/plot";
await display(readablePassports(passports))`,
  ],
  [
    "md",
    "Codes are categoricals with their words beside them (`ORIGCTY_name`, `SAMPSTAT_label`), coordinates floats, `ACQDATE` " +
    "stays an MCPD string and `ACQDATE_date` is the parsed date where complete.",
  ],
  [
    "code",
    `// the columns grouped by dtype
const byType: Record<string, string[]> = {};
for (const [column, dtype] of Object.entries(passports.schema)) (byType[dtype.variant] ??= []).push(column);
await display(byType)`,
  ],
  [
    "code",
    `import { countryBar, collectingSitesMap, sampstatBar } from "genesys-notebook/plot";
await display(countryBar(passports, { title: "CIAT bean accessions by country of origin" }))`,
  ],
  ["code", `await display(sampstatBar(passports, { title: "CIAT bean accessions by biological status" }))`],
  ["code", `await display(collectingSitesMap(passports, { title: "CIAT bean collecting sites" }))`],
  ["code", close],
];
