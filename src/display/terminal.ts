/**
 * Frames printed in scripts (`console.log(df.toString())`): polars' table
 * formatting sized to the terminal, with few enough columns that headers keep
 * their width instead of breaking mid-word (`DECLATITUD` / `E`).
 */
import pl from "nodejs-polars";
import { flushIopub } from "../runtime/iopub.ts";
import { flushCellOutputs, jupyterApi } from "../runtime/jupyter.ts";

/** Rows a printed table shows whole (a longer one shows its first and last half of that), as the notebook tables do. */
export const TERMINAL_ROWS = 20;

/** Columns shown per printed table for a terminal `width` characters wide (about 16 each, at least 4). */
export const columnsFor = (width: number): number => Math.max(4, Math.floor(width / 16));

/**
 * Sizes printed tables to the terminal (or `width`); done at import outside notebooks, call it again after a resize.
 * @example
 * ```ts
 * import { configureTerminal } from "genesys-notebook";
 * configureTerminal({ width: 200 });
 * ```
 */
export function configureTerminal({ width }: { width?: number } = {}): { width: number; columns: number } {
  const w = width ?? (process.stdout?.isTTY ? process.stdout.columns : undefined) ?? 160;
  const columns = columnsFor(w);
  pl.Config.setTblWidthChars(w);
  pl.Config.setTblCols(columns);
  pl.Config.setTblRows(TERMINAL_ROWS);
  return { width: w, columns };
}

/**
 * At import: a terminal or a pipe gets the sizing; in a Jupyter kernel polars keeps its defaults (tables are HTML) and every
 * cell waits until its outputs are published before it ends (flushCellOutputs).
 */
export function configureOnImport(): void {
  if (!jupyterApi()) configureTerminal();
  else flushCellOutputs(flushIopub);
}
