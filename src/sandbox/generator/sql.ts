/** Small helpers to write literal SQL for the generator's reference tables. */
import { str } from "../sql/literal.ts";

export { str };
export const num = (n: number | null | undefined): string => (n === null || n === undefined ? "NULL" : String(n));
export const strList = (xs: readonly string[]): string => `([${xs.map(str).join(", ")}]::VARCHAR[])`;
export const numList = (xs: readonly number[]): string => `[${xs.join(", ")}]`;

/** Expands `[value, weight]` pairs into a list in which each value appears `weight` times. */
export function weighted<T>(pairs: readonly (readonly [T, number])[]): T[] {
  return pairs.flatMap(([v, w]) => Array.from({ length: w }, () => v));
}

/** `CREATE TABLE name AS SELECT * FROM (VALUES …) t(cols)`. */
export function valuesTable(name: string, cols: string[], rows: string[][]): string {
  return `CREATE OR REPLACE TABLE ${name} AS SELECT * FROM (VALUES ${rows.map((r) => `(${r.join(", ")})`).join(",\n")}) t(${
    cols.join(", ")
  })`;
}

/** `CREATE TABLE name AS SELECT * FROM (VALUES …)` from rows written as column name -> SQL literal (the first row's order). */
export function recordsTable(name: string, rows: Record<string, string>[]): string {
  const cols = Object.keys(rows[0]!);
  return valuesTable(name, cols, rows.map((r) => cols.map((c) => r[c]!)));
}
