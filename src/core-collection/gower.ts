/**
 * Gower's distance exactly as Core Hunter 3 computes it (GowerDistance.java, AbstractDistanceMeasure.java; see
 * docs/core.md), over typed arrays so that no n×n matrix is ever made:
 *
 *   d(x, y) = Σ_k w_k δ_k / Σ_k w_k
 *   numeric:  δ = |x - y| / R_k, R_k = max - min of the column over all rows (0 when R_k = 0)
 *   ordinal:  δ = |rank x - rank y| / (L_k - 1), ranks among the column's L_k distinct values in ascending order
 *   nominal:  δ = 0 when equal, else 1
 *   binary (boolean columns, asymmetric): δ = 0 when both true, else 1; w = 0 when both false
 *   missing (either value): w = 1 and δ = 0 ("floor", used by EN and EE) or δ = 1 ("ceil", used by AN)
 *
 * Numeric and ordinal columns are stored scaled (value / R, rank / (L - 1)), so both are |a - b| here.
 */
export type ColumnKind = "numeric" | "ordinal" | "nominal" | "binary";

export interface GowerColumn {
  name: string;
  kind: ColumnKind;
  /** Numeric: max - min; ordinal: number of distinct values - 1; nominal, binary: 1. */
  range: number;
}

export interface GowerData {
  n: number;
  columns: GowerColumn[];
  /** Numeric and ordinal columns, row-major (n × mq), scaled; NaN is missing. */
  q: Float64Array;
  mq: number;
  /** Nominal columns, row-major (n × mc), category codes; -1 is missing. */
  c: Int32Array;
  mc: number;
  /** Binary columns, row-major (n × mb): 0, 1; 255 is missing. */
  b: Uint8Array;
  mb: number;
}

/** The distance of a pair: `floor` (missing contributes 0) and `ceil` (missing contributes 1). */
export interface PairDistance {
  floor: number;
  ceil: number;
}

/** Σ δ over present numeric/ordinal pairs, and the number of missing ones, into out[0], out[1]. */
function quantitative(g: GowerData, i: number, j: number, out: Float64Array): void {
  const q = g.q, m = g.mq;
  let s = 0, miss = 0;
  for (let k = 0, a = i * m, b = j * m; k < m; k++, a++, b++) {
    const d = q[a]! - q[b]!;
    if (d !== d) miss++;
    else s += d < 0 ? -d : d;
  }
  out[0] = s;
  out[1] = miss;
}

/** Σ δ, missing count and Σ w of the nominal and binary columns, added into out[0..2]. */
function qualitative(g: GowerData, i: number, j: number, out: Float64Array): void {
  const c = g.c, mc = g.mc;
  let s = 0, miss = 0, w = mc;
  for (let k = 0, a = i * mc, b = j * mc; k < mc; k++, a++, b++) {
    const x = c[a]!, y = c[b]!;
    if (x < 0 || y < 0) miss++;
    else if (x !== y) s++;
  }
  const bb = g.b, mb = g.mb;
  for (let k = 0, a = i * mb, b = j * mb; k < mb; k++, a++, b++) {
    const x = bb[a]!, y = bb[b]!;
    if (x === 255 || y === 255) {
      miss++;
      w++;
    } else if (x === 1 || y === 1) {
      w++;
      if (x !== y) s++;
    }
  }
  out[0] += s;
  out[1] += miss;
  out[2] = w;
}

const scratch = new Float64Array(3);

/** Gower's distance between rows i and j, with the floor and the ceil rule for missing values. */
export function pairDistance(g: GowerData, i: number, j: number, out: PairDistance): PairDistance {
  if (i === j) {
    out.floor = 0;
    out.ceil = 0;
    return out;
  }
  quantitative(g, i, j, scratch);
  if (g.mc + g.mb > 0) qualitative(g, i, j, scratch);
  else scratch[2] = 0;
  const w = g.mq + scratch[2]!;
  out.floor = scratch[0]! / w;
  out.ceil = (scratch[0]! + scratch[1]!) / w;
  return out;
}

/** A distance function of one rule (floor or ceil): the search's inner loop. */
export function distanceFunction(g: GowerData, rule: "floor" | "ceil"): (i: number, j: number) => number {
  const below = boundedDistanceFunction(g, rule);
  return (i, j) => below(i, j, Infinity);
}

/**
 * A distance with a bound, for the searches that only need to know whether a distance is below a running best:
 * (i, j, bound) returns the distance (the same sum in the same order whatever the bound), or Infinity as soon as
 * the partial sum shows that it is above `bound` (every term is ≥ 0, and the weight can only grow to mq + mc + mb,
 * so s / (mq + mc + mb) is a lower bound). The margin keeps every distance within 1e-9 of the bound computed in
 * full, so a pruned pair never decides a comparison the full distance would have decided. Written for V8: Math.abs
 * and one NaN test per term, `(x | y) < 0` for a missing code.
 */
export function boundedDistanceFunction(g: GowerData, rule: "floor" | "ceil"): (i: number, j: number, bound: number) => number {
  const missing = rule === "ceil" ? 1 : 0;
  const q = g.q, mq = g.mq, c = g.c, mc = g.mc, bb = g.b, mb = g.mb, wMax = mq + mc + mb;
  return (i, j, bound) => {
    if (i === j) return 0;
    const limit = bound * wMax * (1 + 1e-9);
    let s = 0, w = mq + mc;
    const a = i * mq, b = j * mq;
    for (let k = 0; k < mq; k++) {
      const d = Math.abs(q[a + k]! - q[b + k]!);
      s += d === d ? d : missing;
      if ((k & 3) === 3 && s > limit) return Infinity;
    }
    const ac = i * mc, bc = j * mc;
    for (let k = 0; k < mc; k++) {
      const x = c[ac + k]!, y = c[bc + k]!;
      s += (x | y) < 0 ? missing : x === y ? 0 : 1;
    }
    const ab = i * mb, bbi = j * mb;
    for (let k = 0; k < mb; k++) {
      const x = bb[ab + k]!, y = bb[bbi + k]!;
      if (x === 255 || y === 255) (s += missing), w++;
      else if (x === 1 || y === 1) (s += x === y ? 0 : 1), w++;
    }
    return s / w;
  };
}
