/**
 * Sentences and small records as notebook output: text a reader reads, not JavaScript source.
 *
 * Deno's kernel shows a string as its literal (`"…\n" +`, quoted, in colour codes) and an object as code. `display()`
 * sends a string as text instead (HTML paragraphs that wrap, one note per line; the plain string for other front ends),
 * and a plain record (`{ cite, dois }`, provenance, diagnostics) as a two-column table of names and values. Both wrap at
 * the page's width, so an HTML export, a PDF or print keeps every word.
 */
import { esc, formatValue, PRINT_CODE } from "./table.ts";

const DISPLAY = Symbol.for("Jupyter.display");
/** Paragraphs that wrap at the page's width and at most about a line of reading (no horizontal scroll, no cut in print). */
const PARA = "margin:0 0 0.35em 0;white-space:pre-wrap;overflow-wrap:anywhere;max-width:110ch;line-height:1.45";
const CELL = "padding:2px 10px 2px 0;vertical-align:top;text-align:left;border-bottom:1px solid rgba(127,127,127,0.25)";

/** A value Deno's Jupyter kernel renders through its display protocol. */
export type Displayable = { [k: symbol]: () => Record<string, string> };

/** HTML for text: each line a paragraph, escaped, wrapping. */
export function textHtml(s: string): string {
  const lines = s.replace(/\n+$/, "").split("\n");
  return `${PRINT_CODE}<div class="genesys-text">${lines.map((l) => `<p style="${PARA}">${l ? esc(l) : "&nbsp;"}</p>`).join("")}</div>`;
}

/**
 * A string shown as text (HTML paragraphs, one per line; the string itself as text/plain), not as a string literal.
 * @example
 * ```ts
 * import { display, text } from "genesys-notebook";
 * await display(text("1,556 of 2,750 sites have no coordinates\n12 sites fall in the sea"));
 * ```
 */
export function text(s: string): Displayable {
  return { [DISPLAY]: () => ({ "text/html": textHtml(s), "text/plain": s }) };
}

/** A record for display: an object made by `{…}` (not a class instance such as a frame, a Date or a Map). */
export function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && !(DISPLAY in (v as object));
}

const isScalar = (v: unknown) => v === null || v === undefined || v instanceof Date || typeof v !== "object";

/** A value as readable text: scalars as polars prints them, lists of scalars joined by commas. */
function valueText(v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.every(isScalar)) return v.map(valueText).join(", ");
  return formatValue(v);
}

/** HTML for a value inside a record table: nested records and lists of records as nested tables (to `depth` levels). */
function valueHtml(v: unknown, depth: number): string {
  if (depth > 0 && isPlainRecord(v)) return recordHtml(v, depth - 1);
  if (depth > 0 && Array.isArray(v) && v.length && v.every(isPlainRecord)) return rowsHtml(v, depth - 1);
  if (Array.isArray(v) && v.length > 1 && v.every((x) => typeof x === "string" && x.length > 40)) return textHtml(v.join("\n"));
  return `<div style="${PARA};margin:0">${esc(valueText(v))}</div>`;
}

/** HTML for a record: one row per name, the value beside it (wrapping). */
export function recordHtml(r: Record<string, unknown>, depth = 2): string {
  const rows = Object.entries(r).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<tr><th style="${CELL};font-weight:600">${esc(k)}</th><td style="${CELL}">${valueHtml(v, depth)}</td></tr>`);
  return `<table class="genesys-record" style="border-collapse:collapse;font-size:13px">${rows.join("")}</table>`;
}

/** HTML for a list of records: a table with one column per name (the union of the records' names, in order met). */
export function rowsHtml(rows: Record<string, unknown>[], depth = 1): string {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const head = names.map((n) => `<th style="${CELL}">${esc(n)}</th>`).join("");
  const body = rows.map((r) => `<tr>${names.map((n) => `<td style="${CELL}">${valueHtml(r[n], depth)}</td>`).join("")}</tr>`);
  return `<table class="genesys-record" style="border-collapse:collapse;font-size:13px"><tr>${head}</tr>${body.join("")}</table>`;
}

/** Plain text for a record: `name: value` lines, nested records indented. */
export function recordText(r: Record<string, unknown>, indent = ""): string {
  return Object.entries(r).filter(([, v]) => v !== undefined).map(([k, v]) =>
    isPlainRecord(v) ? `${indent}${k}:\n${recordText(v, indent + "  ")}` : `${indent}${k}: ${valueText(v)}`
  ).join("\n");
}

/**
 * What `display()` sends for a value that is not a frame or a figure: a string as text, a plain record (or a list of
 * them) or a Map keyed by names or numbers as a table of names and values; anything else unchanged (Deno formats it).
 */
export function asDisplayable(v: unknown): unknown {
  if (typeof v === "string") return text(v);
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string")) return text(v.join("\n"));
  // a Map of names (instituteNames(): code -> name) reads as the record it is
  const r = v instanceof Map && v.size && [...v.keys()].every((k) => typeof k === "string" || typeof k === "number")
    ? Object.fromEntries(v)
    : v;
  if (isPlainRecord(r)) return { [DISPLAY]: () => ({ "text/html": recordHtml(r), "text/plain": recordText(r) }) };
  if (Array.isArray(v) && v.length && v.every(isPlainRecord)) {
    return { [DISPLAY]: () => ({ "text/html": rowsHtml(v), "text/plain": v.map((r) => recordText(r)).join("\n\n") }) };
  }
  return v;
}
