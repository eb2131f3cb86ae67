/**
 * MCPD codes as words: `decode(df)` adds a label column after each coded
 * column it knows (SAMPSTAT_label, COLLSRC_label, STORAGE_label,
 * MLSSTAT_label, ORIGCTY_name, and INSTCODE_name when given institute names),
 * leaving the code columns as they are. A multi-value field ("13;20") gets
 * its labels joined with "; ". An unknown code gets no label (null), and
 * decodeReport() says which codes were unknown.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { COLLSRC_LABELS, MLSSTAT_LABELS, STORAGE_LABELS } from "./code-lists.ts";
import { countryName } from "./countries.ts";
import { SAMPSTAT_LABELS } from "./sampstat.ts";

type Lookup = (code: string) => string | undefined;
const byNumber = (m: ReadonlyMap<number, string>): Lookup => (c) => (/^\d+(\.0+)?$/.test(c.trim()) ? m.get(Number(c)) : undefined);

/** The coded MCPD columns decode() knows: column -> [label column, lookup, several codes per value]. */
export const DECODABLE: Record<string, [string, Lookup, boolean]> = {
  SAMPSTAT: ["SAMPSTAT_label", byNumber(SAMPSTAT_LABELS), false],
  COLLSRC: ["COLLSRC_label", byNumber(COLLSRC_LABELS), false],
  STORAGE: ["STORAGE_label", byNumber(STORAGE_LABELS), true],
  MLSSTAT: ["MLSSTAT_label", (c) => MLSSTAT_LABELS.get(c.trim().toLowerCase()), false],
  ORIGCTY: ["ORIGCTY_name", countryName, false],
};

/**
 * One value decoded: several codes joined with "; "; undefined when a code is unknown.
 * @example
 * ```ts
 * import { decodeValue } from "genesys-notebook";
 * console.log(decodeValue("STORAGE", "13;20")); // Long term; Field collection
 * ```
 */
export function decodeValue(column: string, value: string, institutes?: ReadonlyMap<string, string>): string | undefined {
  if (column === "INSTCODE") return institutes?.get(value.trim());
  const spec = DECODABLE[column];
  if (!spec) return undefined;
  const [, lookup, multi] = spec;
  const codes = multi ? value.split(";").map((c) => c.trim()).filter(Boolean) : [value];
  const labels = codes.map(lookup);
  return labels.length && labels.every((l) => l !== undefined) ? labels.join("; ") : undefined;
}

export interface DecodeOptions {
  /** WIEWS code -> institute name (g.instituteNames()), for an INSTCODE_name column. */
  institutes?: ReadonlyMap<string, string>;
}

/** Codes that had no label, per column (after decode()). */
export type UnknownCodes = Record<string, string[]>;

/**
 * The frame with a label column after each coded MCPD column present; the code columns are unchanged.
 * @example
 * ```ts
 * import { decode, Genesys } from "genesys-notebook";
 * const df = decode(await Genesys.fromEnv().passports({ crop: ["beans"] }));
 * console.log(df.select("SAMPSTAT", "SAMPSTAT_label", "ORIGCTY", "ORIGCTY_name").head(3).toString());
 * ```
 */
export function decode(df: DataFrame, opts: DecodeOptions = {}): DataFrame {
  return decodeWithReport(df, opts).df;
}

/** decode(), and the codes it found no label for. */
export function decodeWithReport(df: DataFrame, opts: DecodeOptions = {}): { df: DataFrame; unknown: UnknownCodes } {
  let out = df;
  const unknown: UnknownCodes = {};
  const columns = Object.keys(DECODABLE).concat(opts.institutes ? ["INSTCODE"] : []).filter((c) => df.columns.includes(c));
  for (const col of columns) {
    const target = col === "INSTCODE" ? "INSTCODE_name" : DECODABLE[col]![0];
    const codes = out.select(pl.col(col).cast(pl.Utf8).alias("c")).getColumn("c").unique().dropNulls().toArray() as string[];
    const labels = codes.map((c) => decodeValue(col, c, opts.institutes) ?? null);
    const missing = codes.filter((_, i) => labels[i] === null);
    if (missing.length) unknown[col] = missing.sort();
    const lookup = pl.DataFrame([pl.Series("__code", codes, pl.Utf8), pl.Series(target, labels, pl.Utf8)]);
    const joined = out.withColumns(pl.col(col).cast(pl.Utf8).alias("__code")).join(lookup, { on: "__code", how: "left" }).drop("__code");
    const order = out.columns.flatMap((c) => (c === col ? [c, target] : c === target ? [] : [c]));
    out = joined.select(...order);
  }
  return { df: out, unknown };
}
