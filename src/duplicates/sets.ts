/**
 * Sets from the links. Only deterministic links and probable pairs (a score that reaches `linkScore`, corroborated by
 * the passport: corroboration.ts) join records
 * (union-find): a weak pair (one fuzzy or phonetic keyword, a common short number…) is listed for review but never
 * joins two records, so a set never grows by chaining weak links. Within each set, the records joined by
 * deterministic links alone form its cores: a user can accept the cores and review what probable links add.
 */
import { corroborate } from "./corroboration.ts";
import type { Pair } from "./pairs.ts";
import type { Records } from "./records.ts";
import { UnionFind } from "./union-find.ts";

export type Strength = "deterministic" | "probable" | "weak";

export interface ScoredPair extends Pair {
  score: number;
  strength: Strength;
  /** Set the pair belongs to (0 for weak pairs across or outside sets). */
  set: number;
}

export interface SetInfo {
  /** Set number (1, 2…) per row; 0 for rows in no set. */
  setOf: Int32Array;
  /** Deterministic core number per row within its set (1, 2…); 0 for rows outside sets. */
  coreOf: Int32Array;
  /** Members of each set, by set number - 1. */
  members: number[][];
}

/** A pair's strength: deterministic evidence, or a name or number link the passport corroborates (corroboration.ts). */
export function strengthOf(p: Pair, score: number, o: { linkScore: number; nameFields: readonly string[] }, r: Records): Strength {
  return corroborate(r, p, score, o);
}

/** Builds the sets (numbered by their first row) and numbers each set's deterministic cores. */
export function buildSets(rows: number, pairs: ScoredPair[]): SetInfo {
  const all = new UnionFind(rows);
  const det = new UnionFind(rows);
  const touched = new Set<number>();
  for (const p of pairs) {
    if (p.strength === "weak") continue;
    all.union(p.a, p.b);
    if (p.strength === "deterministic") det.union(p.a, p.b);
    touched.add(p.a);
    touched.add(p.b);
  }
  const setOf = new Int32Array(rows);
  const coreOf = new Int32Array(rows);
  const members: number[][] = [];
  const setByRoot = new Map<number, number>();
  for (const row of [...touched].sort((a, b) => a - b)) {
    const root = all.find(row);
    let s = setByRoot.get(root);
    if (s === undefined) {
      setByRoot.set(root, s = members.length + 1);
      members.push([]);
    }
    setOf[row] = s;
    members[s - 1]!.push(row);
  }
  for (const m of members) {
    const cores = new Map<number, number>();
    for (const row of m) {
      const root = det.find(row);
      let c = cores.get(root);
      if (c === undefined) cores.set(root, c = cores.size + 1);
      coreOf[row] = c;
    }
  }
  for (const p of pairs) p.set = p.strength === "weak" ? (setOf[p.a] === setOf[p.b] ? setOf[p.a]! : 0) : setOf[p.a]!;
  return { setOf, coreOf, members };
}
