/**
 * Figures from the trait frames of `g.traits()`: a trait's distribution per
 * dataset (trial), and one trait against another, dataset by dataset. Values
 * come from the long frame (every observed value) or the wide frame (List
 * columns averaged per accession and dataset).
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { type Figure, render } from "./figure.ts";

/** The frames a figure needs; a whole `TraitsResult` fits. */
export interface TraitFrames {
  long?: DataFrame;
  wide?: DataFrame;
  datasets?: DataFrame;
}

const shorten = (s: string, n = 48) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** dataset UUID -> title (shortened), from the datasets frame when given. */
function titles(datasets: DataFrame | undefined): Map<string, string> {
  if (!datasets) return new Map();
  return new Map(datasets.select("uuid", "title").toRecords().map((r) => [String(r.uuid), shorten(String(r.title))]));
}

function need<K extends keyof TraitFrames>(t: TraitFrames, key: K, fn: string): DataFrame {
  if (!t[key]) throw new TypeError(`${fn}: pass the result of g.traits() (it needs its \`${key}\` frame)`);
  return t[key]!;
}

/**
 * Distribution of one numeric descriptor per dataset: a box per trial, from
 * every observed value (the long frame). `descriptor` is the column name
 * (`descriptors.name`).
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitByDataset } from "genesys-notebook/plot";
 * const t = await g.traits({ crop: ["beans"] });
 * traitByDataset(t, "Days to flowering").save("out/dtf.svg");
 * ```
 */
export function traitByDataset(t: TraitFrames, descriptor: string, { title = `${descriptor} by dataset` } = {}): Figure {
  const long = need(t, "long", "traitByDataset");
  const names = titles(t.datasets);
  const rows = long.filter(pl.col("descriptor").eq(pl.lit(descriptor)).and(pl.col("value").isNotNull())).select("dataset", "value")
    .toRecords();
  if (!rows.length) throw new RangeError(`traitByDataset: no numeric values of '${descriptor}' (names: descriptors.getColumn("name"))`);
  const data = rows.map((r) => ({ dataset: names.get(String(r.dataset)) ?? String(r.dataset).slice(0, 8), value: Number(r.value) }));
  const longest = Math.max(...data.map((d) => d.dataset.length));
  return render({
    title,
    marginLeft: Math.min(320, 12 + longest * 6.2),
    height: 60 + 50 * new Set(data.map((d) => d.dataset)).size,
    x: { grid: true, label: descriptor },
    y: { label: null },
    marks: [Plot.boxX(data, { x: "value", y: "dataset" })],
  }, title);
}

/**
 * One descriptor against another, a point per accession and dataset (the
 * mean of its values there), coloured by dataset, with a regression line per
 * dataset. Only datasets that measured both appear.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitPairByDataset } from "genesys-notebook/plot";
 * const t = await g.traits({ crop: ["beans"] });
 * traitPairByDataset(t, "Seed iron content", "Seed zinc content").save("out/fe-zn-by-dataset.svg");
 * ```
 */
export function traitPairByDataset(t: TraitFrames, x: string, y: string, { title = `${y} vs ${x}, by dataset` } = {}): Figure {
  const wide = need(t, "wide", "traitPairByDataset");
  for (const c of [x, y]) if (!wide.columns.includes(c)) throw new RangeError(`traitPairByDataset: no column '${c}' in the wide frame`);
  const mean = (c: string) => (wide.schema[c]!.variant === "List" ? pl.col(c).lst.mean() : pl.col(c).cast(pl.Float64)).alias(c);
  const names = titles(t.datasets);
  const rows = wide.select(pl.col("dataset"), mean(x), mean(y)).filter(pl.col(x).isNotNull().and(pl.col(y).isNotNull())).toRecords();
  if (!rows.length) throw new RangeError(`traitPairByDataset: no accession has both '${x}' and '${y}' in one dataset`);
  const data = rows.map((r) => ({
    dataset: names.get(String(r.dataset)) ?? String(r.dataset).slice(0, 8),
    [x]: Number(r[x]),
    [y]: Number(r[y]),
  }));
  return render({
    title,
    grid: true,
    x: { label: x },
    y: { label: y },
    color: { legend: true },
    marks: [
      Plot.dot(data, { x, y, stroke: "dataset", r: 2.2, strokeOpacity: 0.6 }),
      Plot.linearRegressionY(data, { x, y, stroke: "dataset" }),
    ],
  }, title);
}
