/**
 * The sandbox's truth tables (`planted_error`, `planted_duplicate`): what the generator planted, read back so that a
 * check or a finder can be scored against it. One reader for all of them.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";

/** Whether the database has a table of that name. */
export async function hasTable(con: DuckDBConnection, table: string): Promise<boolean> {
  const r = await con.runAndReadAll("SELECT count(*) FROM duckdb_tables() WHERE table_name = $t", { t: table });
  return Number(r.getRows()[0]![0]) > 0;
}

/**
 * The rows of a truth table, `SELECT <select> FROM <table> ORDER BY <orderBy>`, each as column name -> value; empty
 * when the sandbox planted nothing of that kind (the table is absent).
 */
export async function readTruthTable(
  db: DuckDBInstance,
  table: string,
  select: string,
  orderBy: string,
): Promise<Record<string, DuckDBValue>[]> {
  const con = await db.connect();
  try {
    if (!(await hasTable(con, table))) return [];
    const reader = await con.runAndReadAll(`SELECT ${select} FROM ${table} ORDER BY ${orderBy}`);
    const names = reader.columnNames();
    return reader.getRows().map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]!])));
  } finally {
    con.closeSync();
  }
}

/** The columns every truth table starts with: the accession a row is about, as served. */
export const ACCESSION_COLUMNS = "id, uuid, inst_code, accession_number";

/** The accession of a truth table's row (read with ACCESSION_COLUMNS). */
export function accessionOf(r: Record<string, DuckDBValue>): { id: number; uuid: string; instCode: string; accessionNumber: string } {
  return { id: Number(r.id), uuid: String(r.uuid), instCode: String(r.inst_code), accessionNumber: String(r.accession_number) };
}

/** A text column of a truth table's row; null stays null. */
export const textOrNull = (v: DuckDBValue): string | null => (v == null ? null : String(v));
