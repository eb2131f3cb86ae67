/**
 * Frames printed in scripts: polars' table formatting sized to the terminal, with few enough columns that headers keep
 * their width instead of breaking mid-word (`DECLATITUD` / `E`).
 *
 * Polars keeps its display settings process-wide (environment variables that `pl.Config` sets), so importing the toolkit
 * changes none of them. The toolkit sizes a frame where it prints one itself (`display(df)`, the text of `show(df)`), for
 * that one print, leaving any setting the user made as it is and putting the others back afterwards. `configureTerminal()`
 * is the explicit opt-in that sizes every printed frame of the process (`console.log(df.toString())`).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { flushIopub } from "../runtime/iopub.ts";
import { flushCellOutputs, jupyterApi } from "../runtime/jupyter.ts";

/** Rows a printed table shows whole (a longer one shows its first and last half of that), as the notebook tables do. */
export const TERMINAL_ROWS = 20;

/** Columns shown per printed table for a terminal `width` characters wide (about 16 each, at least 4). */
export const columnsFor = (width: number): number => Math.max(4, Math.floor(width / 16));

/** Polars' display settings: the environment variable each is kept in, and its pl.Config setter (no value: unset). */
const SETTINGS = {
  POLARS_TABLE_WIDTH: (n?: number) => pl.Config.setTblWidthChars(n as number),
  POLARS_FMT_MAX_COLS: (n?: number) => pl.Config.setTblCols(n),
  POLARS_FMT_MAX_ROWS: (n?: number) => pl.Config.setTblRows(n as number),
} as const;
type Setting = keyof typeof SETTINGS;

/** The terminal's sizing: `width` characters (the terminal's, else 160), the columns that fit, TERMINAL_ROWS rows. */
function sizing(width?: number): Record<Setting, number> {
  const w = width ?? (typeof process !== "undefined" && process.stdout?.isTTY ? process.stdout.columns : undefined) ?? 160;
  return { POLARS_TABLE_WIDTH: w, POLARS_FMT_MAX_COLS: columnsFor(w), POLARS_FMT_MAX_ROWS: TERMINAL_ROWS };
}

/**
 * Polars' display settings as they are now, or undefined where they cannot be read (Deno without env permission, which is
 * not asked for: a print is no reason for a permission prompt).
 */
function currentSettings(): Partial<Record<Setting, string>> | undefined {
  const deno = (globalThis as { Deno?: { permissions?: { querySync?: (p: { name: "env" }) => { state: string } } } }).Deno;
  try {
    if (deno && deno.permissions?.querySync?.({ name: "env" }).state !== "granted") return undefined;
    if (typeof process === "undefined") return undefined;
    return Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, process.env[k]]).filter(([, v]) => v !== undefined));
  } catch {
    return undefined;
  }
}

/**
 * Sizes printed tables to the terminal (or `width`) for the whole process: polars' own settings, which every later
 * `df.toString()` and `console.log(df)` follows. The toolkit never calls it; `display(df)` sizes its own prints.
 * @example
 * ```ts
 * import { configureTerminal } from "genesys-notebook";
 * configureTerminal({ width: 200 });
 * ```
 */
export function configureTerminal({ width }: { width?: number } = {}): { width: number; columns: number } {
  const s = sizing(width);
  for (const [k, n] of Object.entries(s)) SETTINGS[k as Setting](n);
  return { width: s.POLARS_TABLE_WIDTH, columns: s.POLARS_FMT_MAX_COLS };
}

/**
 * A frame as text sized to the terminal, for one print: settings the user made (configureTerminal(), pl.Config, the
 * environment) are kept, the others are set for this print and unset afterwards. Where the settings cannot be read, polars'
 * own formatting.
 */
export function terminalText(df: DataFrame, width?: number): string {
  const user = currentSettings();
  if (!user) return df.toString();
  const set = Object.entries(sizing(width)).filter(([k]) => user[k as Setting] === undefined) as [Setting, number][];
  try {
    for (const [k, n] of set) SETTINGS[k](n);
    return df.toString();
  } finally {
    for (const [k] of set) SETTINGS[k]();
  }
}

/**
 * At import: in a Jupyter kernel every cell waits until its outputs are published before it ends (flushCellOutputs).
 * Polars' settings are left alone (see terminalText()).
 */
export function configureOnImport(): void {
  if (jupyterApi()) flushCellOutputs(flushIopub);
}
