/**
 * Pairs of distinct strings within an edit distance, without comparing every string with every other: a string
 * cut into d + 1 pieces keeps at least one piece unchanged in any string at most d edits away, shifted by at most d
 * (the pigeonhole principle), so only strings that share such a piece are compared. Distances by fastest-levenshtein.
 */
import { distance } from "fastest-levenshtein";

/** Start and length of the d + 1 pieces of a string of length n. */
function pieces(n: number, d: number): [number, number][] {
  const k = d + 1;
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < k; i++) {
    const len = Math.floor(n / k) + (i < n % k ? 1 : 0);
    out.push([start, len]);
    start += len;
  }
  return out;
}

/**
 * Every pair (i < j) of `strings` (distinct values expected) with 0 < distance <= maxDistance(i, j), where
 * `maxDistance(n)` is the largest distance allowed for a string of length n (the smaller of the two lengths is used).
 * Strings shorter than maxDistance + 1 are compared by brute force within their length band.
 */
export function fuzzyPairs(
  strings: readonly string[],
  maxDistance: (length: number) => number,
  onPair: (i: number, j: number, d: number) => void,
): void {
  const dmax = Math.max(0, ...strings.map((s) => maxDistance(s.length)));
  if (dmax === 0 || strings.length < 2) return;
  // index every string's pieces for the largest distance it may take part in
  const index = new Map<string, number[]>();
  const key = (len: number, piece: number, text: string) => `${len}\u0001${piece}\u0001${text}`;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    const d = maxDistance(s.length);
    if (d <= 0) continue;
    for (const [p, [start, len]] of pieces(s.length, dmax).entries()) {
      if (len === 0) continue;
      const k = key(s.length, p, s.slice(start, start + len));
      const list = index.get(k);
      if (list) list.push(i);
      else index.set(k, [i]);
    }
  }
  const seen = new Set<number>();
  for (let j = 0; j < strings.length; j++) {
    const t = strings[j]!;
    const dj = maxDistance(t.length);
    if (dj <= 0 || t.length <= dmax) continue; // short strings: below
    seen.clear();
    for (let L = Math.max(1, t.length - dmax); L <= t.length + dmax; L++) {
      for (const [p, [start, len]] of pieces(L, dmax).entries()) {
        if (len === 0) continue;
        for (let pos = Math.max(0, start - dmax); pos <= Math.min(t.length - len, start + dmax); pos++) {
          const list = index.get(key(L, p, t.slice(pos, pos + len)));
          if (!list) continue;
          for (const i of list) {
            if (i >= j || seen.has(i)) continue;
            seen.add(i);
            const s = strings[i]!;
            const allowed = Math.min(maxDistance(s.length), dj);
            if (allowed <= 0 || Math.abs(s.length - t.length) > allowed) continue;
            const dist = distance(s, t);
            if (dist > 0 && dist <= allowed) onPair(i, j, dist);
          }
        }
      }
    }
  }
  // strings too short to have d + 1 non-empty pieces (length <= dmax): brute force among them and against the rest
  const short = strings.map((s, i) => [s, i] as const).filter(([s]) => s.length <= dmax && maxDistance(s.length) > 0);
  for (const [s, i] of short) {
    for (let j = 0; j < strings.length; j++) {
      if (j === i) continue;
      const t = strings[j]!;
      if (t.length <= dmax && j < i) continue; // two short strings: once
      const allowed = Math.min(maxDistance(s.length), maxDistance(t.length));
      if (allowed <= 0 || Math.abs(s.length - t.length) > allowed) continue;
      const dist = distance(s, t);
      if (dist > 0 && dist <= allowed) onPair(Math.min(i, j), Math.max(i, j), dist);
    }
  }
}
