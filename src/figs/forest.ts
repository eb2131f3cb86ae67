/**
 * Breiman's random forest as R's randomForest grows it (caret's method "rf"): each tree on a bootstrap sample of the
 * rows, `mtry` climate columns drawn afresh at every split, the split that most lowers the Gini impurity (classes) or
 * the sum of squares (numbers) at the midpoint between two neighbouring values, trees grown unpruned down to nodes of
 * one row (classes) or five (numbers). A class's probability is the share of trees voting for it.
 *
 * Written here rather than taken from ml-random-forest 2.1, which draws its columns once per tree instead of at every
 * split, and on these data took 140 to 540 ms a tree (ml-cart's split search): caret's 10 x 10 cross-validation of
 * 500-tree forests would have taken hours.
 */
import { drawn, type Random, shuffled } from "./rng.ts";

type Node = { leaf: number } | { column: number; at: number; left: Node; right: Node };

interface Grow {
  cols: Float64Array[];
  /** Per column, each row's rank among the column's distinct values (equal values, equal rank). */
  ranks: Uint32Array[];
  y: Float64Array;
  classes: number;
  mtry: number;
  nodeSize: number;
  rng: Random;
}

/** The impurity of rows: Gini × n (classes) or the sum of squares about the mean (numbers). */
function impurity(g: Grow, rows: readonly number[]): number {
  if (g.classes) {
    const c = new Array<number>(g.classes).fill(0);
    for (const r of rows) c[g.y[r]!]!++;
    return rows.length - c.reduce((s, v) => s + (v * v) / rows.length, 0);
  }
  let s = 0, s2 = 0;
  for (const r of rows) {
    s += g.y[r]!;
    s2 += g.y[r]! ** 2;
  }
  return s2 - (s * s) / rows.length;
}

/**
 * `rows` in the order of their ranks, equal ranks in the order given (as a stable sort): rank and position packed in one
 * 32-bit key and sorted natively, several times faster than a comparator, the forest's main cost.
 */
function sortedBy(rank: Uint32Array, rows: readonly number[]): number[] {
  const n = rows.length;
  if (n > 0xffff || rank.length > 0xffff) return rows.slice().sort((a, b) => rank[a]! - rank[b]!);
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = rank[rows[i]!]! * 0x10000 + i;
  keys.sort();
  return Array.from(keys, (k) => rows[k & 0xffff]!);
}

/** Each value's rank among the distinct values of `x`. */
function ranksOf(x: Float64Array): Uint32Array {
  const order = Array.from(x, (_, i) => i).sort((a, b) => x[a]! - x[b]!), rank = new Uint32Array(x.length);
  order.forEach((r, i) => (rank[r] = i && x[r] === x[order[i - 1]!] ? rank[order[i - 1]!]! : i));
  return rank;
}

/** The sum of squared counts (a loop: this runs at every candidate threshold). */
function squares(counts: Float64Array): number {
  let s = 0;
  for (let c = 0; c < counts.length; c++) s += counts[c]! * counts[c]!;
  return s;
}

/** The best split of `rows` on `column`: the impurity left after it and the threshold, by one scan of sorted rows. */
function bestOn(g: Grow, rows: readonly number[], column: number): { after: number; at: number } {
  const x = g.cols[column]!, sorted = sortedBy(g.ranks[column]!, rows), n = sorted.length;
  const left = new Float64Array(Math.max(2, g.classes)), right = new Float64Array(left.length);
  let ls = 0, ls2 = 0, rs = 0, rs2 = 0, best = { after: Infinity, at: NaN };
  for (const r of sorted) {
    if (g.classes) right[g.y[r]!]!++;
    else {
      rs += g.y[r]!;
      rs2 += g.y[r]! ** 2;
    }
  }
  for (let i = 0; i < n - 1; i++) {
    const v = g.y[sorted[i]!]!;
    if (g.classes) {
      left[v]!++;
      right[v]!--;
    } else {
      ls += v;
      ls2 += v * v;
      rs -= v;
      rs2 -= v * v;
    }
    if (x[sorted[i]!] === x[sorted[i + 1]!]) continue;
    const nl = i + 1, nr = n - nl;
    const after = g.classes ? nl - squares(left) / nl + nr - squares(right) / nr : ls2 - (ls * ls) / nl + rs2 - (rs * rs) / nr;
    if (after < best.after) best = { after, at: (x[sorted[i]!]! + x[sorted[i + 1]!]!) / 2 };
  }
  return best;
}

/** The leaf's answer: the majority class (ties to the first drawn) or the mean. */
function leafOf(g: Grow, rows: readonly number[]): Node {
  if (!g.classes) return { leaf: rows.reduce((s, r) => s + g.y[r]!, 0) / rows.length };
  const c = new Array<number>(g.classes).fill(0);
  for (const r of rows) c[g.y[r]!]!++;
  const top = Math.max(...c), tied = c.flatMap((v, i) => (v === top ? [i] : []));
  return { leaf: tied.length === 1 ? tied[0]! : tied[Math.floor(g.rng() * tied.length)]! };
}

function grow(g: Grow, rows: number[]): Node {
  const here = impurity(g, rows);
  if (rows.length <= g.nodeSize || here <= 1e-12) return leafOf(g, rows);
  const columns = shuffled(g.cols.map((_, j) => j), g.rng).slice(0, g.mtry);
  let best = { after: Infinity, at: NaN, column: -1 };
  for (const column of columns) {
    const b = bestOn(g, rows, column);
    if (b.after < best.after) best = { ...b, column };
  }
  if (best.column < 0 || best.after >= here - 1e-12) return leafOf(g, rows);
  const x = g.cols[best.column]!;
  const l = rows.filter((r) => x[r]! <= best.at), r = rows.filter((r) => x[r]! > best.at);
  return { column: best.column, at: best.at, left: grow(g, l), right: grow(g, r) };
}

function answer(node: Node, row: readonly number[]): number {
  while (!("leaf" in node)) node = row[node.column]! <= node.at ? node.left : node.right;
  return node.leaf;
}

export interface ForestOptions {
  trees: number;
  mtry: number;
  /** 0 for numbers. */
  classes: number;
  rng: Random;
}

/** Grows the forest on rows `x` (row-major) and answers, per row predicted, the vote shares per class or [mean]. */
export function randomForest(x: readonly number[][], y: readonly number[], o: ForestOptions): (z: number[][]) => number[][] {
  const n = x.length, p = x[0]!.length, rows = x.map((_, i) => i);
  const cols = Array.from({ length: p }, (_, j) => Float64Array.from(x, (r) => r[j]!));
  const g: Grow = {
    cols,
    ranks: cols.map(ranksOf),
    y: Float64Array.from(y),
    classes: o.classes,
    mtry: Math.max(1, Math.min(p, o.mtry)),
    nodeSize: o.classes ? 1 : 5,
    rng: o.rng,
  };
  const forest = Array.from({ length: o.trees }, () => grow(g, drawn(rows, n, o.rng)));
  return (z) =>
    z.map((row) => {
      const votes = forest.map((t) => answer(t, row));
      if (!o.classes) return [votes.reduce((a, b) => a + b, 0) / votes.length];
      const count = new Array<number>(o.classes).fill(0);
      for (const v of votes) count[v]!++;
      return count.map((c) => c / votes.length); // counted, then divided: equal votes give equal probabilities
    });
}
