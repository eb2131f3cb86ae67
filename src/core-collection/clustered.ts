/**
 * clusteredCore(): the Genesys Subsetting Tool's route (backend CIAT-DAPA/subsets_genebank_accessions): standardise,
 * principal components, Ward clustering into `size` clusters, and from each cluster the accession nearest its
 * centre. Mixed data are put on one footing as in factor analysis of mixed data (FAMD, Pagès 2004): numeric and
 * ordinal columns as z-scores, each level of a nominal column as an indicator (I − p)/√p; a missing value is the
 * column's mean (0). Ward's clustering is the nearest-neighbour chain of ward.ts (no distance matrix).
 */
import pl, { type DataFrame } from "nodejs-polars";
import { PCA } from "ml-pca";
import { z } from "zod";
import { type AnalysisContext, defineAnalysis } from "../kernel/analysis.ts";
import { prepareColumns } from "./columns.ts";
import { checkOrdinal, coreSize, noUsableColumn, required } from "./inputs.ts";
import { wardClusters } from "./ward.ts";

export const ClusteredCoreOptionsSchema = z.strictObject({
  /** The core's size, which is the number of clusters: a count or a fraction of the collection. Required. */
  size: z.number().positive().optional().describe("a count (an integer >= 1) or a fraction of the collection (0 < size < 1)"),
  /** The columns to use (numbers numeric, text and categorical nominal, booleans nominal); missing values allowed. Required. */
  columns: z.array(z.string().min(1)).min(1).optional().describe("an array of column names"),
  /** Columns of `columns` to treat as ordinal (ranked among their distinct values, then standardised). */
  ordinal: z.array(z.string().min(1)).default([]).describe("an array of column names that are also in columns"),
  /** Principal components kept: the fewest explaining this share of the variance (0-1], or a count (≥ 1). Default 0.9. */
  components: z.number().positive().default(0.9).describe("a share of variance in (0, 1] or a count of components"),
  /** Ward's clustering costs O(n²) time: more accessions than this is an error. Default 30,000. */
  maxAccessions: z.number().int().positive().default(30_000).describe("an integer > 0"),
});
export type ClusteredCoreOptions = z.input<typeof ClusteredCoreOptionsSchema>;

export interface ClusteredCoreResult {
  /** One accession per cluster, in the frame's order. */
  core: DataFrame;
  /** The whole frame with `cluster` (0-based) and `core` (boolean) columns. */
  frame: DataFrame;
  rows: number[];
  /** Principal components kept and the share of variance they explain. */
  components: number;
  explained: number;
}

/** The FAMD-scaled matrix (n × p, row-major), p columns. */
function famdMatrix(df: DataFrame, columns: string[], ordinal: string[]): { x: number[][]; p: number } {
  const { data, dropped } = prepareColumns(df, { columns, ordinal });
  const n = data.n, blocks: Float64Array[] = [];
  for (let k = 0; k < data.mq; k++) {
    const v = Float64Array.from({ length: n }, (_, i) => data.q[i * data.mq + k]!);
    const present = v.filter((x) => x === x);
    const mean = present.reduce((a, b) => a + b, 0) / present.length;
    const sd = Math.sqrt(present.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(present.length - 1, 1)) || 1;
    blocks.push(v.map((x) => (x === x ? (x - mean) / sd : 0)));
  }
  const nominal = (code: (i: number) => number, levels: number) => {
    const counts = new Float64Array(levels);
    for (let i = 0; i < n; i++) if (code(i) >= 0) counts[code(i)]++;
    for (let l = 0; l < levels; l++) {
      const p = counts[l]! / n;
      if (p > 0) blocks.push(Float64Array.from({ length: n }, (_, i) => (code(i) < 0 ? 0 : ((code(i) === l ? 1 : 0) - p) / Math.sqrt(p))));
    }
  };
  for (let k = 0; k < data.mc; k++) nominal((i) => data.c[i * data.mc + k]!, Math.max(...data.c.filter((_, j) => j % data.mc === k)) + 1);
  for (let k = 0; k < data.mb; k++) nominal((i) => (data.b[i * data.mb + k] === 255 ? -1 : data.b[i * data.mb + k]!), 2);
  if (!blocks.length) noUsableColumn(dropped);
  return { x: Array.from({ length: n }, (_, i) => blocks.map((b) => b[i]!)), p: blocks.length };
}

/**
 * The first principal components of `columns` (FAMD scaling as clusteredCore() uses), for figures: one array per
 * component and the share of variance each explains.
 * @example
 * ```ts
 * import { Genesys, principalComponents } from "genesys-notebook";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const pc = principalComponents(passports, ["ELEVATION", "DECLATITUDE", "SAMPSTAT"]);
 * console.log(pc.explained[0], pc.scores[0]!.length);
 * ```
 */
export function principalComponents(df: DataFrame, columns: string[], ordinal: string[] = [], count = 2): {
  scores: Float64Array[];
  explained: number[];
} {
  const { x } = famdMatrix(df, columns, ordinal);
  const pca = new PCA(x, { center: true, scale: false });
  const q = Math.min(count, pca.getExplainedVariance().length);
  const m = pca.predict(x, { nComponents: q });
  return {
    scores: Array.from({ length: q }, (_, j) => Float64Array.from(m.getColumn(j))),
    explained: pca.getExplainedVariance().slice(0, q),
  };
}

function run(df: DataFrame, o: z.output<typeof ClusteredCoreOptionsSchema>, ctx: AnalysisContext): ClusteredCoreResult {
  const { size: asked, columns } = required(o);
  checkOrdinal(columns, o.ordinal);
  const n = df.shape.height;
  if (n > o.maxAccessions) {
    ctx.fail(
      `${n} accessions is more than maxAccessions (${o.maxAccessions}): Ward's clustering takes O(n²) time`,
      "use coreCollection() for large collections, or raise maxAccessions",
    );
  }
  const k = coreSize(asked, n);
  const { x } = famdMatrix(df, columns, o.ordinal);
  const pca = new PCA(x, { center: true, scale: false });
  const variance = pca.getExplainedVariance();
  let q = o.components >= 1 ? Math.min(Math.round(o.components), variance.length) : 1;
  if (o.components < 1) { for (let s = variance[0]!; s < o.components && q < variance.length; q++) s += variance[q]!; }
  const scores = pca.predict(x, { nComponents: q });
  const flat = Float64Array.from(scores.to1DArray());
  const labels = wardClusters(flat, n, q, k);
  const rows = nearestCentres(flat, n, q, labels, k);
  const frame = df.withColumns(
    pl.Series("cluster", Array.from(labels), pl.Int32),
    pl.Series("core", Array.from({ length: n }, (_, i) => rows.includes(i)), pl.Bool),
  );
  const core = frame.filter(pl.col("core")).drop(["core", "cluster"]);
  return { core, frame, rows, components: q, explained: variance.slice(0, q).reduce((a, b) => a + b, 0) };
}

/** Per cluster, the row nearest the cluster's centre (ties: the first row); returned ascending. */
function nearestCentres(x: Float64Array, n: number, d: number, labels: Int32Array, k: number): number[] {
  const sum = new Float64Array(k * d), count = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    count[labels[i]!]++;
    for (let j = 0; j < d; j++) sum[labels[i]! * d + j] += x[i * d + j]!;
  }
  const best = new Float64Array(k).fill(Infinity), at = new Int32Array(k).fill(-1);
  for (let i = 0; i < n; i++) {
    const c = labels[i]!;
    let s = 0;
    for (let j = 0; j < d; j++) s += (x[i * d + j]! - sum[c * d + j]! / count[c]!) ** 2;
    if (s < best[c]!) (best[c] = s), (at[c] = i);
  }
  return Array.from(at).sort((a, b) => a - b);
}

/**
 * A core by clustered sampling, as the Genesys Subsetting Tool makes one: standardise (FAMD scaling for mixed data),
 * principal components, Ward clustering into `size` clusters, one accession per cluster nearest its centre.
 * @example
 * ```ts
 * import { clusteredCore, Genesys } from "genesys-notebook";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = clusteredCore(passports, { size: 50, columns: ["ELEVATION", "DECLATITUDE", "SAMPSTAT"] });
 * console.log(r.components, r.explained, r.core.height);
 * ```
 */
export const clusteredCore = defineAnalysis({
  name: "clusteredCore()",
  kind: "core-collection.clustered",
  input: "accessions with the columns to cluster on",
  options: ClusteredCoreOptionsSchema,
  columns: (o) => (o.columns ?? []).map((name) => ({ name })),
  run,
});
