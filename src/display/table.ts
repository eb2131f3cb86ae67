/**
 * DataFrames as notebook output: an HTML table (head and tail, shape and
 * dtypes, like polars in Python notebooks) through Deno's Jupyter display
 * protocol, with the plain-text table as fallback.
 */
import type { DataFrame } from "nodejs-polars";

const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function cell(v: unknown): string {
  if (v === null || v === undefined) return '<span style="color:#999">null</span>';
  if (v instanceof Date) return esc(Number.isNaN(v.getTime()) ? "" : v.toISOString().replace("T00:00:00.000Z", "").replace(".000Z", "Z"));
  const s = typeof v === "string" ? v : String(v);
  return esc(s.length > 60 ? `${s.slice(0, 57)}…` : s);
}

/** HTML for a frame: first and last `rows/2` rows, dtypes under the header, shape on top. */
export function dataFrameToHtml(df: DataFrame, rows = 10): string {
  const schema = df.schema as Record<string, { variant?: string }>;
  const cols = df.columns;
  const head = df.height > rows ? df.head(Math.ceil(rows / 2)).toRecords() : df.toRecords();
  const tail = df.height > rows ? df.tail(Math.floor(rows / 2)).toRecords() : [];
  const tr = (r: Record<string, unknown>) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join("")}</tr>`;
  return `<div class="genesys-df"><small>shape: (${df.height.toLocaleString("en")}, ${df.width})</small>
<table border="1" class="dataframe" style="border-collapse:collapse;font-size:12px">
<thead><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>
<tr>${cols.map((c) => `<td><i>${esc(String(schema[c]?.variant ?? schema[c]).toLowerCase())}</i></td>`).join("")}</tr></thead>
<tbody>${head.map(tr).join("")}${tail.length ? `<tr>${cols.map(() => "<td>…</td>").join("")}</tr>${tail.map(tr).join("")}` : ""}</tbody></table></div>`;
}

/** A value Deno's Jupyter kernel renders as HTML (text/plain for other front ends). */
export function show(df: DataFrame, rows = 10): { [k: symbol]: () => Record<string, string> } {
  return {
    [Symbol.for("Jupyter.display")]: () => ({ "text/html": dataFrameToHtml(df, rows), "text/plain": df.toString() }),
  };
}
