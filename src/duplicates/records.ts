/** The passport columns the finder reads, as JavaScript string arrays (Categorical and other types read as text). */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";

/** MCPD columns used, in the order the finder reads them. */
export const DUPLICATE_COLUMNS = [
  "INSTCODE",
  "ACCENUMB",
  "DOI",
  "UUID",
  "GENUS",
  "SPECIES",
  "CROPNAME",
  "ACCENAME",
  "ORIGCTY",
  "COLLNUMB",
  "COLLCODE",
  "COLLDATE",
  "DONORCODE",
  "DONORNUMB",
  "OTHERNUMB",
  "DUPLSITE",
  // read to corroborate name and number links (corroboration.ts)
  "SAMPSTAT",
  "COLLSITE",
  "DECLATITUDE",
  "DECLONGITUDE",
  "BREDCODE",
  "ANCEST",
] as const;
export type DuplicateColumn = typeof DUPLICATE_COLUMNS[number];

/** Column name -> one value per row (null where missing); columns the frame lacks are absent. */
export interface Records {
  rows: number;
  /** Columns asked for that the frame lacks. */
  missing: string[];
  columns: Map<string, (string | null)[]>;
}

/** Reads the columns (and `extra` ones, e.g. the block column) from the frame. */
export function readRecords(df: DataFrame, extra: string[] = []): Records {
  const have = new Set(df.columns);
  const wanted = [...new Set([...DUPLICATE_COLUMNS, ...extra])];
  const out: Records = { rows: df.height, missing: wanted.filter((c) => !have.has(c)), columns: new Map() };
  const present = wanted.filter((c) => have.has(c));
  if (!present.length) return out;
  const text = df.select(...present.map((c) => pl.col(c).cast(pl.Utf8)));
  for (const c of present) out.columns.set(c, text.getColumn(c).toArray() as (string | null)[]);
  return out;
}

/** The value of a column at a row, "" when missing or blank. */
export function value(r: Records, column: string, row: number): string {
  const v = r.columns.get(column)?.[row];
  return v == null ? "" : v.trim();
}
