/**
 * What a reader needs on a figure, taken from the data: distinct colours per
 * category (the rest grouped as "other", missing values grey as "unknown"),
 * counts, units on trait axes, and datasets named by title.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { isFrame } from "../kernel/analysis.ts";

/**
 * Nine well-separated hues (Tableau 10 without its grey), for categories; grey is kept for "other" and "unknown".
 * More than nine categories are not told apart reliably by colour, so the most frequent eight keep a hue and the rest
 * are drawn as one "other" group.
 */
export const CATEGORY_COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"];
/** The grouped rest of the categories. */
export const OTHER_COLOUR = "#5f5f5f";
/** Missing values (null): a light neutral grey. */
export const UNKNOWN_COLOUR = "#c4c4c4";

/** 1234 -> "1,234". */
export const fmt = (n: number): string => n.toLocaleString("en");
/**
 * A value axis's domain: every value inside, with 5% of the range to spare on each side, so no point sits on the axis
 * or its labels.
 * @example
 * ```ts
 * import { paddedDomain } from "genesys-notebook/plot";
 * paddedDomain([10, 30]); // [9, 31]
 * ```
 */
export function paddedDomain(values: readonly number[]): [number, number] | undefined {
  let [lo, hi] = [Infinity, -Infinity];
  for (const v of values) if (Number.isFinite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  if (lo > hi) return undefined;
  const pad = (hi - lo) * 0.05 || Math.abs(lo) * 0.05 || 1;
  return [lo - pad, hi + pad];
}

/** "1 dataset", "3 datasets". */
export const plural = (n: number, what: string): string => `${fmt(n)} ${what}${n === 1 ? "" : "s"}`;

/**
 * Shortens text in the middle, so both its start and its end (often a year or a version) stay readable.
 * @example
 * ```ts
 * import { shortenMiddle } from "genesys-notebook/plot";
 * // "CIAT beans multi-loc…quality, 2014–2016"
 * shortenMiddle("CIAT beans multi-location evaluation of yield and quality, 2014–2016", 40);
 * ```
 */
export function shortenMiddle(s: string, max = 48): string {
  if (s.length <= max) return s;
  const head = Math.ceil((max - 1) / 2), tail = Math.floor((max - 1) / 2);
  return `${s.slice(0, head).trimEnd()}…${s.slice(s.length - tail).trimStart()}`;
}

/** A categorical colour scale with the count of each category in its legend label. */
export interface Categories {
  /** The legend label of a value ("COL (312)", "other: 5 more (40)", "unknown (7)"). */
  label(value: unknown): string;
  domain: string[];
  range: string[];
}

/**
 * Colours for the values of a column: each of the most frequent `max` values its own hue (all of them when there are
 * at most `max`; otherwise `max - 1` and an "other" group), missing values grey as "unknown".
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { categories, render } from "genesys-notebook/plot";
 * const rows = [{ x: 1, y: 2, c: "COL" }, { x: 2, y: 3, c: null }];
 * const scale = categories(rows.map((r) => r.c));
 * const data = rows.map((r) => ({ ...r, key: scale.label(r.c) })); // "COL (1)", "unknown (1)"
 * render({ color: { domain: scale.domain, range: scale.range, legend: true }, marks: [Plot.dot(data, { x: "x", y: "y", fill: "key" })] });
 * ```
 */
export function categories(values: readonly unknown[], { max = CATEGORY_COLOURS.length, what = "more" } = {}): Categories {
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const v of values) {
    if (v === null || v === undefined || v === "") unknown++;
    else counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const keep = sorted.length <= max ? sorted : sorted.slice(0, max - 1);
  const rest = sorted.slice(keep.length);
  const labels = new Map(keep.map(([k, n]) => [k, `${k} (${fmt(n)})`]));
  const other = rest.length ? `other: ${rest.length} ${what} (${fmt(rest.reduce((s, [, n]) => s + n, 0))})` : undefined;
  const unknownLabel = `unknown (${fmt(unknown)})`;
  const domain = [...labels.values(), ...(other ? [other] : []), ...(unknown ? [unknownLabel] : [])];
  const range = [
    ...keep.map((_, i) => CATEGORY_COLOURS[i % CATEGORY_COLOURS.length]!),
    ...(other ? [OTHER_COLOUR] : []),
    ...(unknown ? [UNKNOWN_COLOUR] : []),
  ];
  return {
    label: (v) => (v === null || v === undefined || v === "" ? unknownLabel : labels.get(String(v)) ?? other!),
    domain,
    range,
  };
}

/** Units by descriptor name: a descriptors frame (`name`, `unit`), or a plain record. */
export type Units = DataFrame | Record<string, string | null | undefined>;

function unitOf(name: string, units: Units | undefined): string | undefined {
  if (!units) return undefined;
  if (isFrame(units)) {
    const df = units;
    if (!df.columns.includes("name") || !df.columns.includes("unit")) return undefined;
    const hit = df.filter(pl.col("name").eq(pl.lit(name))).select("unit").toRecords()[0]?.unit;
    return hit ? String(hit) : undefined;
  }
  return (units as Record<string, string | null | undefined>)[name] ?? undefined;
}

/**
 * "Seed iron content (mg/kg)": the descriptor with its unit, unless its name already ends with it.
 * @example
 * ```ts
 * import { withUnit } from "genesys-notebook/plot";
 * withUnit("Seed iron content", { "Seed iron content": "mg/kg" }); // "Seed iron content (mg/kg)"
 * ```
 */
export function withUnit(name: string, units?: Units): string {
  const unit = unitOf(name, units);
  if (!unit || name.endsWith(`(${unit})`)) return name;
  return `${name} (${unit})`;
}

/**
 * Names for datasets (trials), by UUID: their titles, with the version where titles repeat, shortened in the middle
 * past `max` characters.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * import { datasetNames } from "genesys-notebook/plot";
 * const t = await Genesys.fromEnv().traits({ crop: ["beans"] });
 * const names = datasetNames(t.datasets); // Map: uuid -> "CIAT beans collection characterization, 1985–1992"
 * ```
 */
export function datasetNames(datasets: DataFrame | undefined, max = 60): Map<string, string> {
  if (!datasets) return new Map();
  const cols = datasets.columns;
  const rows = datasets.select(...["uuid", "title", ...(cols.includes("version") ? ["version"] : [])]).toRecords();
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(String(r.title), (seen.get(String(r.title)) ?? 0) + 1);
  return new Map(rows.map((r) => {
    const title = String(r.title ?? r.uuid);
    const version = (seen.get(title) ?? 0) > 1 && r.version !== null && r.version !== undefined ? ` (v${r.version})` : "";
    return [String(r.uuid), shortenMiddle(title, max - version.length) + version];
  }));
}

/**
 * The frame with its `dataset` column (UUIDs) replaced by the datasets' names (datasetNames), for tables a reader sees;
 * a List column of UUIDs (the descriptors frame's `datasets`) becomes a List of names. `max`: longest name, 200 by
 * default, so a notebook table (which wraps long text) shows whole titles; printed polars tables cut text past 30
 * characters at the end: pass 30 to shorten in the middle instead.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * import { withDatasetNames } from "genesys-notebook/plot";
 * const t = await Genesys.fromEnv().traits({ crop: ["beans"] }, { aggregate: "mean" });
 * console.log(withDatasetNames(t.wide, t.datasets).head(3).toString());
 * console.log(withDatasetNames(t.descriptors, t.datasets, "datasets").select("name", "datasets").toString());
 * ```
 */
export function withDatasetNames(df: DataFrame, datasets: DataFrame, column = "dataset", max = 200): DataFrame {
  const names = datasetNames(datasets, max);
  const name = (id: unknown) => (id === null || id === undefined ? null : names.get(String(id)) ?? String(id));
  const values = df.getColumn(column).toArray() as unknown[];
  const named = df.schema[column]?.variant === "List"
    ? pl.Series(column, values.map((ids) => (ids === null ? null : [...(ids as unknown[])].map(name))), pl.List(pl.Utf8))
    : pl.Series(column, values.map(name), pl.Utf8);
  return df.withColumns(named);
}
