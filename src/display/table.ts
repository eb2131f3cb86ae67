/**
 * DataFrames as notebook output: an HTML table (head and tail, shape and
 * dtypes, like polars in Python notebooks) through Deno's Jupyter display
 * protocol, with the plain-text table as fallback.
 */
import type { DataFrame } from "nodejs-polars";
import { provenance, provenanceLine } from "../client/provenance.ts";

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

function cell(v: unknown): string {
  if (v === null || v === undefined) return '<span style="color:#999">null</span>';
  const s = formatValue(v);
  return esc(s.length > 60 ? `${s.slice(0, 57)}…` : s);
}

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

/**
 * HTML for a frame: first and last `rows/2` rows, dtypes under the header, shape on top.
 * @example
 * ```ts
 * import { dataFrameToHtml, pl } from "genesys-notebook";
 * const html = dataFrameToHtml(pl.DataFrame({ ACCENUMB: ["G1", "G2"], ORIGCTY: ["COL", "PER"] }));
 * ```
 */
export function dataFrameToHtml(df: DataFrame, rows = 10): string {
  const schema = df.schema as Record<string, { variant?: string }>;
  const cols = df.columns;
  const head = df.height > rows ? df.head(Math.ceil(rows / 2)).toRecords() : df.toRecords();
  const tail = df.height > rows ? df.tail(Math.floor(rows / 2)).toRecords() : [];
  const tr = (r: Record<string, unknown>) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join("")}</tr>`;
  return `<div class="genesys-df"><small>shape: (${df.height.toLocaleString("en")}, ${df.width})</small>
<table border="1" class="dataframe" style="border-collapse:collapse;font-size:12px">
<thead><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>
<tr>${cols.map((c) => `<td><i>${esc(dtypeName(schema[c]))}</i></td>`).join("")}</tr></thead>
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
export function show(df: DataFrame, rows = 10): { [k: symbol]: () => Record<string, string> } {
  return {
    [Symbol.for("Jupyter.display")]: () => ({ "text/html": dataFrameToHtml(df, rows), "text/plain": df.toString() }),
  };
}
