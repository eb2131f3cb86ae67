/**
 * DataFrames as notebook output: an HTML table (head and tail, shape and
 * dtypes, like polars in Python notebooks) through Deno's Jupyter display
 * protocol, with the plain-text table as fallback.
 */
import type { DataFrame } from "nodejs-polars";
import { provenance, provenanceLine } from "../kernel/provenance.ts";
import { terminalText } from "./terminal.ts";

const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

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
.genesys-df small { opacity: 0.7; }
</style>`;

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
 * HTML for a frame: every row up to `rows`, else the first and last `rows/2`; dtypes under the header, shape on top.
 * @example
 * ```ts
 * import { dataFrameToHtml, pl } from "genesys-notebook";
 * const html = dataFrameToHtml(pl.DataFrame({ ACCENUMB: ["G1", "G2"], ORIGCTY: ["COL", "PER"] }));
 * ```
 */
export function dataFrameToHtml(df: DataFrame, rows = TABLE_ROWS): string {
  const schema = df.schema as Record<string, { variant?: string }>;
  const cols = df.columns;
  const head = df.height > rows ? df.head(Math.ceil(rows / 2)).toRecords() : df.toRecords();
  const tail = df.height > rows ? df.tail(Math.floor(rows / 2)).toRecords() : [];
  const numeric = cols.map((c) => NUMERIC.test(String(schema[c]?.variant)));
  const tr = (r: Record<string, unknown>) => `<tr>${cols.map((c, i) => cell(r[c], numeric[i]!)).join("")}</tr>`;
  return `<div class="genesys-df">${STYLE}<small>shape: (${df.height.toLocaleString("en")}, ${df.width})</small>
<table class="dataframe" style="border-collapse:collapse;font-size:12px;white-space:nowrap">
<thead><tr>${cols.map((c, i) => `<th style="text-align:${numeric[i] ? "right" : "left"}">${esc(c)}</th>`).join("")}</tr>
<tr>${
    cols.map((c, i) => `<td style="text-align:${numeric[i] ? "right" : "left"}"><i>${esc(dtypeName(schema[c]))}</i></td>`).join("")
  }</tr></thead>
<tbody>${head.map(tr).join("")}${
    tail.length ? `<tr>${cols.map(() => "<td>…</td>").join("")}</tr>${tail.map(tr).join("")}` : ""
  }</tbody></table>${footer(df)}</div>`;
}

/** Where the frame came from, under the table (frames the client returned). */
function footer(df: DataFrame): string {
  const p = provenance(df);
  return p ? `<small style="color:#666">${esc(provenanceLine(p))}</small>` : "";
}

/**
 * A value Deno's Jupyter kernel renders as HTML (text/plain for other front ends).
 * @example
 * ```ts
 * import { pl, show } from "genesys-notebook";
 * show(pl.DataFrame({ ACCENUMB: ["G1", "G2"] }), 20); // a cell's last expression
 * ```
 */
export function show(df: DataFrame, rows = TABLE_ROWS): { [k: symbol]: () => Record<string, string> } {
  return {
    [Symbol.for("Jupyter.display")]: () => ({ "text/html": dataFrameToHtml(df, rows), "text/plain": terminalText(df) }),
  };
}
