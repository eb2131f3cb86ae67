/**
 * Ready-made genebank plots. Each takes a DataFrame and column names and
 * returns a Figure (inline in Deno Jupyter, `.save("x.svg")` from scripts).
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { feature } from "topojson-client";
import { createRequire } from "node:module";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { type Figure, render } from "./figure.ts";

export { SAMPSTAT_LABELS };

const records = (df: DataFrame, cols: string[]) => df.select(...cols).toRecords() as Record<string, unknown>[];

/**
 * Points drawn at most by the maps and scatters: above this a seeded random sample is drawn (the
 * same sample on every run) and the subtitle says how many of how many, so a figure over a
 * million accessions stays fast to render and small to share.
 */
export const MAX_POINTS = 20_000;

/** The rows to draw, and the subtitle saying so when they are a sample. */
function capPoints(df: DataFrame, max = MAX_POINTS): { df: DataFrame; subtitle?: string } {
  if (df.height <= max) return { df };
  const n = (x: number) => x.toLocaleString("en");
  return {
    df: df.sample({ n: max, seed: 42 }),
    subtitle: `${n(max)} of ${n(df.height)} points drawn (a random sample; the frame holds all)`,
  };
}

/** A List column (the wide trait frame's default) as plain values: every value, or the row's mean. */
function flat(df: DataFrame, col: string, how: "explode" | "mean"): DataFrame {
  if (df.schema[col]?.variant !== "List") return df;
  return how === "explode" ? df.explode(col) : df.withColumns(pl.col(col).lst.mean().alias(col));
}

function counts(df: DataFrame, col: string, top: number): { key: string; n: number }[] {
  const g = df.select(pl.col(col).cast(pl.Utf8).alias("key")).filter(pl.col("key").isNotNull())
    .groupBy("key").agg(pl.len().alias("n")).sort("n", true).head(top);
  return g.toRecords().map((r) => ({ key: String(r.key), n: Number(r.n) }));
}

/** Horizontal bars of accession counts, longest first. */
function countBars(data: { key: string; n: number }[], title: string, marginLeft: number, fill: string): Figure {
  return render({
    title,
    marginLeft,
    height: Math.max(120, 22 * data.length + 40),
    x: { label: "accessions", grid: true },
    y: { label: null },
    marks: [Plot.barX(data, { x: "n", y: "key", sort: { y: "-x" }, fill }), Plot.ruleX([0])],
  }, title);
}

/**
 * Accessions per country of origin (horizontal bars, top N).
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { countryBar } from "genesys-notebook/plot";
 * countryBar(df, { top: 10 }).save("out/countries.svg");
 * ```
 */
export function countryBar(df: DataFrame, { column = "ORIGCTY", top = 20, title = "Accessions by country of origin" } = {}): Figure {
  return countBars(counts(df, column, top), title, 50, "#4c78a8");
}

/**
 * Accessions per biological status, with MCPD SAMPSTAT labels instead of codes.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { sampstatBar } from "genesys-notebook/plot";
 * sampstatBar(df).save("out/sampstat.svg");
 * ```
 */
export function sampstatBar(df: DataFrame, { column = "SAMPSTAT", title = "Accessions by biological status" } = {}): Figure {
  const data = counts(df, column, 50).map((d) => ({ key: SAMPSTAT_LABELS.get(Number(d.key)) ?? `code ${d.key}`, n: d.n }));
  return countBars(data, title, 210, "#59a14f");
}

/**
 * Acquisitions per year, from an MCPD YYYYMMDD column (partial dates count by their year).
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { acquisitionTimeline } from "genesys-notebook/plot";
 * acquisitionTimeline(df).save("out/acquisitions.svg");
 * ```
 */
export function acquisitionTimeline(df: DataFrame, { column = "ACQDATE", title = "Acquisitions per year" } = {}): Figure {
  const years = df.select(pl.col(column).str.slice(0, 4).cast(pl.Int32, false).alias("year")).filter(pl.col("year").isNotNull())
    .groupBy("year").agg(pl.len().alias("n")).sort("year");
  const data = years.toRecords().map((r) => ({ year: Number(r.year), n: Number(r.n) }));
  return render({
    title,
    x: { label: "year", tickFormat: "d" },
    y: { label: "accessions", grid: true },
    marks: [Plot.rectY(data, { x1: "year", x2: (d: { year: number }) => d.year + 1, y: "n", fill: "#f28e2b" }), Plot.ruleY([0])],
  }, title);
}

let land: unknown;
function worldLand(): unknown {
  if (!land) {
    const require = createRequire(import.meta.url);
    const topo = require("world-atlas/land-110m.json");
    land = feature(topo, topo.objects.land);
  }
  return land;
}

/**
 * Collecting sites as points over country outlines (equal-earth projection).
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { collectingSitesMap } from "genesys-notebook/plot";
 * collectingSitesMap(df, { title: "Bean collecting sites" }).save("out/sites.svg");
 * ```
 */
export function collectingSitesMap(
  df: DataFrame,
  { lon = "DECLONGITUDE", lat = "DECLATITUDE", color, title = "Collecting sites" }: {
    lon?: string;
    lat?: string;
    color?: string;
    title?: string;
  } = {},
): Figure {
  const cols = [lon, lat, ...(color ? [color] : [])];
  const drawn = capPoints(df.select(...cols).filter(pl.col(lon).isNotNull().and(pl.col(lat).isNotNull())));
  const data = records(drawn.df, cols).map((r) => ({ ...r, [color ?? "_"]: color ? String(r[color]) : undefined }));
  return render(
    {
      title,
      projection: "equal-earth",
      width: 900,
      color: color ? { legend: true } : undefined,
      marks: [
        Plot.sphere({ stroke: "#ccc" }),
        Plot.geo(worldLand() as never, { fill: "#eee", stroke: "#bbb" }),
        Plot.dot(data, { x: lon, y: lat, r: 2, fill: color ?? "#e15759", fillOpacity: 0.7 }),
      ],
    },
    title,
    { subtitle: drawn.subtitle },
  );
}

/**
 * Histogram of a numeric trait (every value of a List column), optionally coloured by a group column.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitHistogram } from "genesys-notebook/plot";
 * const { wide } = await g.traits({ crop: ["beans"] });
 * traitHistogram(wide, "Seed iron content", { group: "dataset" }).save("out/fe.svg");
 * ```
 */
export function traitHistogram(
  frame: DataFrame,
  trait: string,
  { group, title = `Distribution of ${trait}` }: { group?: string; title?: string } = {},
): Figure {
  const df = flat(frame, trait, "explode");
  const data = records(df.filter(pl.col(trait).isNotNull()), [trait, ...(group ? [group] : [])]).map((
    r,
  ) => (group ? { ...r, [group]: String(r[group]) } : r));
  return render({
    title,
    y: { grid: true, label: "count" },
    x: { label: trait },
    color: group ? { legend: true } : undefined,
    marks: [
      Plot.rectY(
        data,
        Plot.binX<Plot.RectYOptions>({ y: "count" }, {
          x: trait,
          fill: group ?? "#4c78a8",
          ...(group ? { mixBlendMode: "multiply", fillOpacity: 0.6 } : {}),
        }),
      ),
      Plot.ruleY([0]),
    ],
  }, title);
}

/**
 * Box plot of a numeric trait (every value of a List column) per group.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitBox } from "genesys-notebook/plot";
 * const { wide } = await g.traits({ crop: ["beans"] });
 * traitBox(wide, "Seed zinc content", "INSTCODE").save("out/zn.svg");
 * ```
 */
export function traitBox(frame: DataFrame, trait: string, group: string, { title = `${trait} by ${group}` } = {}): Figure {
  const df = flat(frame, trait, "explode");
  const data = records(df.filter(pl.col(trait).isNotNull().and(pl.col(group).isNotNull())), [trait, group]).map((r) => ({
    ...r,
    [group]: String(r[group]),
  }));
  // room for the longest group label (about 6 px a character at Plot's 10 px font)
  const longest = Math.max(0, ...data.map((d) => String(d[group]).length));
  return render({
    title,
    marginLeft: Math.min(320, 20 + longest * 6.2),
    x: { grid: true, label: trait },
    y: { label: group },
    marks: [Plot.boxX(data, { x: trait, y: group })],
  }, title);
}

/**
 * Trait vs trait scatter (List columns averaged per row), coloured by a (passport) column.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitScatter } from "genesys-notebook/plot";
 * const { wide } = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
 * traitScatter(wide, "Seed iron content", "Seed zinc content", { color: "INSTCODE" }).save("out/fe-zn.svg");
 * ```
 */
export function traitScatter(
  frame: DataFrame,
  x: string,
  y: string,
  { color, title = `${y} vs ${x}` }: { color?: string; title?: string } = {},
): Figure {
  const df = flat(flat(frame, x, "mean"), y, "mean");
  const cols = [x, y, ...(color ? [color] : [])];
  const drawn = capPoints(df.filter(pl.col(x).isNotNull().and(pl.col(y).isNotNull())).select(...cols));
  const data = records(drawn.df, cols).map((r) => (color ? { ...r, [color]: String(r[color]) } : r));
  return render(
    {
      title,
      grid: true,
      x: { label: x },
      y: { label: y },
      color: color ? { legend: true } : undefined,
      marks: [Plot.dot(data, { x, y, stroke: color ?? "#4c78a8", r: 2.5 })],
    },
    title,
    { subtitle: drawn.subtitle },
  );
}
