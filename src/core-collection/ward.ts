/**
 * Ward's hierarchical clustering (Ward 1963; the Lance-Williams form on Euclidean distances that R calls ward.D2 and
 * scikit-learn uses) by the nearest-neighbour chain (Murtagh 1983): O(n²·d) time, O(n·d) memory, no distance matrix.
 * Clusters are kept as centroids and sizes; the Ward distance of two clusters A and B is
 *   sqrt(2·|A|·|B| / (|A| + |B|)) · ‖c_A − c_B‖,
 * which is the merge height scikit-learn and R's hclust(method = "ward.D2") report. Ward's distance is reducible,
 * so the chain finds the same hierarchy as the textbook algorithm (up to ties).
 */

/** Ward distance² between clusters a and b (centroids in `c`, row-major n × d, sizes in `size`). */
function ward2(c: Float64Array, d: number, size: Float64Array, a: number, b: number): number {
  let s = 0;
  for (let k = 0, x = a * d, y = b * d; k < d; k++, x++, y++) {
    const t = c[x]! - c[y]!;
    s += t * t;
  }
  return 2 * size[a]! * size[b]! / (size[a]! + size[b]!) * s;
}

/** The merges of Ward's clustering of the n rows of `x` (n × d, row-major): [a, b, height] in the order found. */
export function wardMerges(x: Float64Array, n: number, d: number): { a: Int32Array; b: Int32Array; height: Float64Array } {
  const c = Float64Array.from(x);
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const a = new Int32Array(n - 1), b = new Int32Array(n - 1), height = new Float64Array(n - 1);
  const chain: number[] = [];
  let merges = 0, next = 0;
  while (merges < n - 1) {
    if (chain.length === 0) {
      while (!active[next]) next++;
      chain.push(next);
    }
    const top = chain[chain.length - 1]!, prev = chain.length > 1 ? chain[chain.length - 2]! : -1;
    let best = prev, bestD = prev >= 0 ? ward2(c, d, size, top, prev) : Infinity;
    for (let j = 0; j < n; j++) {
      if (!active[j] || j === top || j === prev) continue;
      const v = ward2(c, d, size, top, j);
      if (v < bestD) (bestD = v), (best = j);
    }
    if (best !== prev) {
      chain.push(best);
      continue;
    }
    chain.length -= 2;
    const [lo, hi] = top < prev ? [top, prev] : [prev, top];
    const s = size[lo]! + size[hi]!;
    for (let k = 0; k < d; k++) c[lo * d + k] = (c[lo * d + k]! * size[lo]! + c[hi * d + k]! * size[hi]!) / s;
    size[lo] = s;
    active[hi] = 0;
    a[merges] = lo;
    b[merges] = hi;
    height[merges++] = Math.sqrt(bestD);
  }
  return { a, b, height };
}

/** Cluster labels 0..k-1 (numbered by first row) after the n − k lowest merges. */
export function wardClusters(x: Float64Array, n: number, d: number, k: number): Int32Array {
  const { a, b, height } = wardMerges(x, n, d);
  const order = Array.from(height.keys()).sort((i, j) => height[i]! - height[j]! || i - j);
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let m = 0; m < n - k; m++) {
    const o = order[m]!;
    parent[find(b[o]!)] = find(a[o]!);
  }
  const labels = new Int32Array(n), seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    if (!seen.has(r)) seen.set(r, seen.size);
    labels[i] = seen.get(r)!;
  }
  return labels;
}
