/**
 * DataFrames as notebook output: an HTML table (head and tail, shape and
 * dtypes, like polars in Python notebooks) through Deno's Jupyter display
 * protocol, with the plain-text table as fallback.
 */
import type { DataFrame } from "nodejs-polars";
import { provenance, provenanceLine } from "../kernel/provenance.ts";
import { terminalText } from "./terminal.ts";

/** Text escaped for HTML. */
export const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A value as polars prints it, compactly: floats to 7 significant digits, dates ISO, lists [a, b], structs {a, b}. */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().replace("T00:00:00.000Z", "").replace(".000Z", "Z");
  if (typeof v === "number") return Number.isInteger(v) || !Number.isFinite(v) ? String(v) : String(Number(v.toPrecision(7)));
  if (Array.isArray(v)) return `[${v.map(formatValue).join(", ")}]`;
  if (typeof v === "object") return `{${Object.values(v as Record<string, unknown>).map(formatValue).join(", ")}}`;
  return String(v);
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Text longer than this wraps inside its cell (a column of messages, evidence or descriptions stays readable, whole). */
export const CELL_CHARS = 40;
/**
 * Longest text shown whole in a cell (a generous limit: a paragraph); a longer value shows its first `TEXT_CHARS`
 * characters and says, in the cell itself, how many more there are. Nothing is hidden in a hover title only: an
 * exported page, a PDF, print or a screenshot shows what the notebook shows.
 */
export const TEXT_CHARS = 2_000;

/** Wrapped text: a block at most 40 characters wide (at least 20, so a column never shrinks to a word). */
const WRAP = "white-space:normal;overflow-wrap:anywhere;min-width:20ch;max-width:40ch";

/** The text of a cell: whole up to TEXT_CHARS, else its start and a visible count of what follows. */
function cellText(s: string): string {
  if (s.length <= TEXT_CHARS) return esc(s);
  const rest = s.length - TEXT_CHARS;
  return `${esc(s.slice(0, TEXT_CHARS))}<i> … (${rest.toLocaleString("en")} more characters)</i>`;
}

/**
 * A cell: null dimmed; a UUID (an identifier, not text to read) shortened to its first block with the whole UUID in a
 * tooltip; text longer than CELL_CHARS wrapped, whole up to TEXT_CHARS.
 */
function cell(v: unknown, numeric: boolean): string {
  const align = ` style="text-align:${numeric ? "right" : "left"}"`;
  if (v === null || v === undefined) return `<td class="null"${align}>null</td>`;
  const s = formatValue(v);
  if (UUID_TEXT.test(s)) return `<td title="${s}"${align}>${s.slice(0, 8)}…</td>`;
  if (s.length <= CELL_CHARS) return `<td${align}>${esc(s)}</td>`;
  return `<td class="wrap"${align}><div style="${WRAP}">${cellText(s)}</div></td>`;
}

/**
 * An exported notebook's code cells wrap when printed (nbconvert's page keeps them on one line, so a PDF cuts them at the
 * right margin); sent with every frame and text output, so any notebook that shows one prints its code whole.
 */
export const PRINT_CODE = `<style>
@media print {
  .jp-InputArea-editor pre, .jp-InputArea-editor .highlight pre, .input_area pre, .jp-OutputArea-output pre {
    white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-word;
  }
  .jp-InputArea-editor, .jp-OutputArea-output { overflow: visible !important; min-width: 0 !important; max-width: 100%; }
}
</style>`;

const NUMERIC = /^(Int|UInt|Float)\d+$/;
/** Theme-neutral: colours come from the notebook's own text colour (light and dark JupyterLab themes alike). */
const STYLE = `<style>
.genesys-df table { border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums; }
.genesys-df th, .genesys-df td {
  padding: 2px 8px; border-bottom: 1px solid rgba(127, 127, 127, 0.25); white-space: nowrap; text-align: left;
}
.genesys-df td { vertical-align: top; }
.genesys-df thead td { opacity: 0.6; font-style: italic; }
.genesys-df td.null { opacity: 0.45; }
.genesys-df small { opacity: 0.7; white-space: normal; overflow-wrap: anywhere; }
.genesys-df .genesys-print { display: none; }
.genesys-df .genesys-print table { margin-bottom: 10px; }
@media print {
  .genesys-df .genesys-screen { display: none; }
  .genesys-df .genesys-print { display: block; }
  .genesys-df th, .genesys-df td { padding: 1px 5px; }
}
</style>${PRINT_CODE}`;

/** "f64", "list[str]", "list[struct[2]]": polars' short dtype names. */
function dtypeName(t: unknown): string {
  const s = String(t).replaceAll("DataType(", "").replaceAll(")", "");
  const short: Record<string, string> = {
    Float64: "f64",
    Float32: "f32",
    Int64: "i64",
    Int32: "i32",
    UInt32: "u32",
    UInt64: "u64",
    String: "str",
    Utf8: "str",
    Bool: "bool",
    Categorical: "cat",
    Date: "date",
  };
  if (s.startsWith("List(")) return `list[${dtypeName(s.slice(5))}]`;
  if (s.startsWith("Struct(")) return `struct[${(s.match(/Field\(/g) ?? []).length}]`;
  if (s.startsWith("Datetime")) return "datetime";
  return short[s] ?? s.toLowerCase();
}

/** Rows a table shows whole; a longer frame shows its first and last `TABLE_ROWS / 2`. */
export const TABLE_ROWS = 20;

/**
 * HTML for a frame: every row up to `rows`, else the first and last `rows/2`; dtypes under the header, shape on top, and
 * on the last line where `from` (the frame itself, or the frame it was selected from) came from. Printed, a frame wider
 * than a page shows in blocks of columns (printBlocks).
 * @example
 * ```ts
 * import { dataFrameToHtml, pl } from "genesys-notebook";
 * const html = dataFrameToHtml(pl.DataFrame({ ACCENUMB: ["G1", "G2"], ORIGCTY: ["COL", "PER"] }));
 * ```
 */
export function dataFrameToHtml(df: DataFrame, rows = TABLE_ROWS, from: DataFrame = df): string {
  const schema = df.schema as Record<string, { variant?: string }>;
  const head = df.height > rows ? df.head(Math.ceil(rows / 2)).toRecords() : df.toRecords();
  const tail = df.height > rows ? df.tail(Math.floor(rows / 2)).toRecords() : [];
  const numeric = new Map(df.columns.map((c) => [c, NUMERIC.test(String(schema[c]?.variant))]));
  const table = (cols: string[]) => {
    const tr = (r: Record<string, unknown>) => `<tr>${cols.map((c) => cell(r[c], numeric.get(c)!)).join("")}</tr>`;
    const align = (c: string) => `text-align:${numeric.get(c) ? "right" : "left"}`;
    return `<table class="dataframe" style="border-collapse:collapse;font-size:12px;white-space:nowrap">
<thead><tr>${cols.map((c) => `<th style="${align(c)}">${esc(c)}</th>`).join("")}</tr>
<tr>${cols.map((c) => `<td style="${align(c)}"><i>${esc(dtypeName(schema[c]))}</i></td>`).join("")}</tr></thead>
<tbody>${head.map(tr).join("")}${
      tail.length ? `<tr>${cols.map(() => "<td>…</td>").join("")}</tr>${tail.map(tr).join("")}` : ""
    }</tbody></table>`;
  };
  const blocks = printBlocks(df.columns, [...head, ...tail]);
  const printed = blocks.length > 1 ? `<div class="genesys-print">${blocks.map(table).join("")}</div>` : "";
  return `<div class="genesys-df">${STYLE}<small>shape: (${df.height.toLocaleString("en")}, ${df.width})</small>
<div${printed ? ' class="genesys-screen"' : ""}>${table(df.columns)}</div>${printed}${footer(from)}</div>`;
}

/** Characters of cell text a printed block of columns holds (a portrait A4 or Letter page at 12px). */
export const PRINT_CHARS = 84;

/**
 * Columns in blocks that fit a printed page (PRINT_CHARS, a column counted at its widest shown text up to CELL_CHARS),
 * each block after the first led by the frame's identifier (ACCENUMB, else the first column) so every row is found again.
 */
export function printBlocks(columns: string[], records: Record<string, unknown>[]): string[][] {
  const width = (c: string) => Math.max(c.length, ...records.map((r) => Math.min(CELL_CHARS, formatValue(r[c]).length))) + 2;
  const key = columns.includes("ACCENUMB") ? "ACCENUMB" : columns[0]!;
  const blocks: string[][] = [];
  let block: string[] = [];
  let used = 0;
  for (const c of columns) {
    const w = width(c);
    if (block.length && used + w > PRINT_CHARS) {
      blocks.push(block);
      block = c === key ? [] : [key];
      used = c === key ? 0 : width(key);
    }
    block.push(c);
    used += w;
  }
  if (block.length > (blocks.length ? 1 : 0) || !blocks.length) blocks.push(block);
  return blocks;
}

/** Where the frame came from, under the table (frames the client returned). */
function footer(df: DataFrame): string {
  const p = provenance(df);
  return p ? `<small style="color:#666;display:block">${esc(provenanceLine(p))}</small>` : "";
}

/**
 * A value Deno's Jupyter kernel renders as HTML (text/plain for other front ends); `from` is the frame whose provenance
 * the table's last line gives (a selection of a downloaded frame keeps saying where the frame came from).
 * @example
 * ```ts
 * import { pl, show } from "genesys-notebook";
 * show(pl.DataFrame({ ACCENUMB: ["G1", "G2"] }), 20); // a cell's last expression
 * ```
 */
export function show(df: DataFrame, rows = TABLE_ROWS, from: DataFrame = df): { [k: symbol]: () => Record<string, string> } {
  return {
    [Symbol.for("Jupyter.display")]: () => ({ "text/html": dataFrameToHtml(df, rows, from), "text/plain": terminalText(df) }),
  };
}
