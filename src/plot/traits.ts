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
import { categories, CATEGORY_COLOURS, datasetNames, fmt, paddedDomain, plural, withUnit } from "./labels.ts";

/** The frames a figure needs; a whole `TraitsResult` fits. */
export interface TraitFrames {
  long?: DataFrame;
  wide?: DataFrame;
  datasets?: DataFrame;
  /** Units on the axes (`name`, `unit`). */
  descriptors?: DataFrame;
}

function need<K extends keyof TraitFrames>(t: TraitFrames, key: K, fn: string): DataFrame {
  if (!t[key]) throw new TypeError(`${fn}: pass the result of g.traits() (it needs its \`${key}\` frame)`);
  return t[key]!;
}

const nameOf = (names: Map<string, string>, id: unknown) => names.get(String(id)) ?? String(id).slice(0, 8);

/**
 * Distribution of one numeric descriptor per dataset: a box per trial, from every observed value (the long frame),
 * trials named by title (datasetNames) with their number of values; the axis carries the unit. `descriptor` is the
 * column name (`descriptors.name`).
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
  const names = datasetNames(t.datasets);
  const rows = long.filter(pl.col("descriptor").eq(pl.lit(descriptor)).and(pl.col("value").isNotNull())).select("dataset", "value")
    .toRecords();
  if (!rows.length) throw new RangeError(`traitByDataset: no numeric values of '${descriptor}' (names: descriptors.getColumn("name"))`);
  const n = new Map<string, number>();
  for (const r of rows) n.set(nameOf(names, r.dataset), (n.get(nameOf(names, r.dataset)) ?? 0) + 1);
  const label = (name: string) => `${name} (n = ${fmt(n.get(name)!)})`;
  const data = rows.map((r) => ({ dataset: label(nameOf(names, r.dataset)), value: Number(r.value) }));
  const order = [...n.keys()].sort().map(label);
  const longest = Math.max(...order.map((d) => d.length));
  const marginLeft = Math.min(420, 16 + longest * 6.4);
  return render(
    {
      title,
      marginLeft,
      width: Math.max(640, marginLeft + 460),
      height: 60 + 50 * order.length,
      x: { grid: true, label: withUnit(descriptor, t.descriptors), domain: paddedDomain(data.map((d) => d.value)) },
      y: { label: null, domain: order },
      marks: [Plot.boxX(data, { x: "value", y: "dataset", fill: "#dde6f0", stroke: "#333" })],
    },
    title,
    { subtitle: `${fmt(rows.length)} values in ${plural(order.length, "dataset")}` },
  );
}

/** Accession means of the descriptors in the wide frame (List columns averaged). */
function means(wide: DataFrame, cols: string[], fn: string): DataFrame {
  for (const c of cols) if (!wide.columns.includes(c)) throw new RangeError(`${fn}: no column '${c}' in the wide frame`);
  const mean = (c: string) => (wide.schema[c]!.variant === "List" ? pl.col(c).lst.mean() : pl.col(c).cast(pl.Float64)).alias(c);
  return wide.select(pl.col("UUID"), pl.col("dataset"), ...cols.map(mean));
}

/** Least-squares line over the x range, or nothing for fewer than 3 points or no spread in x. */
function fitLine(points: { x: number; y: number }[]): { x: number; y: number }[] {
  if (points.length < 3) return [];
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length, my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (!(sxx > 0)) return [];
  const b = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  const xs = points.map((p) => p.x);
  return [Math.min(...xs), Math.max(...xs)].map((x) => ({ x, y: my + b * (x - mx) }));
}

/** Pearson's r, or undefined below 3 points. */
function pearson(points: { x: number; y: number }[]): number | undefined {
  if (points.length < 3) return undefined;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length, my = points.reduce((s, p) => s + p.y, 0) / points.length;
  let sxy = 0, sxx = 0, syy = 0;
  for (const p of points) (sxy += (p.x - mx) * (p.y - my)), (sxx += (p.x - mx) ** 2), (syy += (p.y - my) ** 2);
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : undefined;
}

/**
 * One descriptor against another, a point per accession and dataset (the mean of its values there), coloured by
 * dataset (named by title, with the number of accessions), with a least-squares line per dataset of at least three
 * accessions. Only datasets that measured both appear; axes carry units.
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
  const names = datasetNames(t.datasets);
  const rows = means(wide, [x, y], "traitPairByDataset").filter(pl.col(x).isNotNull().and(pl.col(y).isNotNull())).toRecords();
  if (!rows.length) throw new RangeError(`traitPairByDataset: no accession has both '${x}' and '${y}' in one dataset`);
  const scale = categories(rows.map((r) => nameOf(names, r.dataset)), { what: "datasets" });
  const data = rows.map((r) => ({ dataset: scale.label(nameOf(names, r.dataset)), x: Number(r[x]), y: Number(r[y]) }));
  const lines = scale.domain.flatMap((d) => fitLine(data.filter((p) => p.dataset === d)).map((p) => ({ ...p, dataset: d })));
  return render(
    {
      title,
      grid: true,
      x: { label: withUnit(x, t.descriptors) },
      y: { label: withUnit(y, t.descriptors) },
      color: { domain: scale.domain, range: scale.range, legend: true },
      marks: [
        Plot.dot(data, { x: "x", y: "y", fill: "dataset", r: 2.5, fillOpacity: 0.7 }),
        Plot.line(lines, { x: "x", y: "y", stroke: "dataset", z: "dataset", strokeWidth: 2 }),
      ],
    },
    title,
    {
      subtitle: `${fmt(data.length)} accession means in ${
        plural(scale.domain.length, "dataset")
      }; a least-squares line per dataset of 3 or more`,
    },
  );
}

/**
 * The same descriptor in two datasets (trials): a point per accession scored in both (its mean in each), axes named by
 * the datasets' titles with the unit, the 1:1 line dashed, and the number of accessions and Pearson's r in the
 * subtitle. `datasets` are two dataset UUIDs; by default the first two datasets that measured the descriptor.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitAcrossDatasets } from "genesys-notebook/plot";
 * const t = await g.traits({ crop: ["beans"] });
 * traitAcrossDatasets(t, "Days to flowering").save("out/dtf-two-trials.svg");
 * ```
 */
export function traitAcrossDatasets(
  t: TraitFrames,
  descriptor: string,
  { datasets, title = `${descriptor} in two datasets` }: { datasets?: [string, string]; title?: string } = {},
): Figure {
  const wide = need(t, "wide", "traitAcrossDatasets");
  const names = datasetNames(t.datasets);
  const m = means(wide, [descriptor], "traitAcrossDatasets").filter(pl.col(descriptor).isNotNull());
  const measured = [...new Set(m.getColumn("dataset").toArray().map(String))];
  const [a, b] = datasets ?? measured.slice(0, 2);
  if (!a || !b) throw new RangeError(`traitAcrossDatasets: '${descriptor}' was measured in fewer than two datasets`);
  const pick = (id: string, as: string) => m.filter(pl.col("dataset").eq(pl.lit(id))).select(pl.col("UUID"), pl.col(descriptor).alias(as));
  const rows = pick(a, "a").join(pick(b, "b"), { on: "UUID" }).toRecords();
  if (!rows.length) throw new RangeError(`traitAcrossDatasets: no accession has '${descriptor}' in both datasets`);
  const data = rows.map((r) => ({ x: Number(r.a), y: Number(r.b) }));
  const lo = Math.min(...data.flatMap((d) => [d.x, d.y])), hi = Math.max(...data.flatMap((d) => [d.x, d.y]));
  const r = pearson(data);
  const axis = (id: string) => `${nameOf(names, id)}${unitSuffix(descriptor, t)}`;
  return render(
    {
      title,
      grid: true,
      marginBottom: 40,
      x: { label: axis(a), domain: [lo, hi] },
      y: { label: axis(b), domain: [lo, hi] },
      marks: [
        Plot.line([{ x: lo, y: lo }, { x: hi, y: hi }], { x: "x", y: "y", stroke: "#999", strokeDasharray: "4 3" }),
        Plot.dot(data, { x: "x", y: "y", fill: CATEGORY_COLOURS[0]!, r: 2.5, fillOpacity: 0.7 }),
      ],
    },
    title,
    {
      subtitle: `${fmt(data.length)} accessions scored in both (accession means)${
        r === undefined ? "" : `; Pearson's r = ${r.toFixed(2)}`
      }; dashed: 1:1`,
    },
  );
}

/** ", days" style unit after a dataset name on an axis (the descriptor is in the title). */
function unitSuffix(descriptor: string, t: TraitFrames): string {
  const labelled = withUnit(descriptor, t.descriptors);
  return labelled === descriptor ? "" : ` ${labelled.slice(descriptor.length).trim()}`;
}
