/**
 * Evidence between two records and the pairs it makes. Each kind has a weight (how much it alone says the two
 * records are the same material); a pair's score combines the strongest evidence of each field pair (noisy-OR),
 * so that one name written twice over is not counted twice.
 */

/** Kinds of evidence that need no guessing: a pair with one of them is a deterministic link. */
export const DETERMINISTIC_KINDS = ["doi", "donor", "othernumb", "same-source", "collecting"] as const;
/** Kinds of evidence from names and numbers, with their weights. */
export const PROBABLE_WEIGHTS = {
  /** The same identifier (letters and digits, e.g. PI12345) in two records, not contradicted by their institute codes. */
  identifier: 0.8,
  /** The same number without letters, of 4 or more digits. */
  number: 0.6,
  /** The same whole name (spaces, punctuation, case and accents aside), not a common landrace name. */
  name: 0.7,
  /**
   * A distinctive name: a whole name (word order aside, one typo allowed in a long one) held by few records of the
   * block, in different genebanks, of one species, with countries of origin that agree (or one unknown). Its weight
   * is set per pair (0.7 to 0.95: the rarer and longer the name, the stronger; a typo or an unknown origin lowers it).
   */
  distinctive: 0.75,
  /** A whole name one or two edits from the other (typos). */
  "name-fuzzy": 0.5,
  /** The same name keyword. */
  keyword: 0.5,
  /** Name keywords within the edit distance (0.4 at 1, 0.3 at 2, 0.2 at 3). */
  fuzzy: 0.4,
  /** Name keywords with the same Double Metaphone code (and the same digits). */
  phonetic: 0.35,
  /** Keywords of one synonym set the user gave. */
  synonym: 0.7,
} as const;
/**
 * What the rest of the passport says about a pair (corroboration.ts): an agreement (`passport`) or a conflict. They
 * weigh nothing in the score; they decide whether a name or number link may join sets.
 */
export const PASSPORT_KINDS = ["passport", "conflict"] as const;
export type EvidenceKind = typeof DETERMINISTIC_KINDS[number] | keyof typeof PROBABLE_WEIGHTS | typeof PASSPORT_KINDS[number];

export interface Evidence {
  kind: EvidenceKind;
  /** Field of the first and of the second record. */
  fieldA: string;
  fieldB: string;
  /** What matched, as the records have it (or as the keywords were cleaned). */
  valueA: string;
  valueB: string;
  weight: number;
  /** Records of the block holding the matched keyword or name (both, for a match of two): its rarity, for the review list. */
  held?: number;
}

export interface Pair {
  a: number;
  b: number;
  evidence: Evidence[];
}

const DET = new Set<string>(DETERMINISTIC_KINDS);
const PASSPORT = new Set<string>(PASSPORT_KINDS);
export const isDeterministic = (kind: string): boolean => DET.has(kind);
/** Evidence kept per pair (the strongest first when scoring). */
const MAX_EVIDENCE = 12;

/** Pairs of records (row numbers), each with its evidence. */
export class PairStore {
  readonly pairs = new Map<number, Pair>();
  constructor(private readonly rows: number) {}

  add(a: number, b: number, e: Evidence): void {
    if (a === b) return;
    if (a > b) {
      [a, b] = [b, a];
      e = { ...e, fieldA: e.fieldB, fieldB: e.fieldA, valueA: e.valueB, valueB: e.valueA };
    }
    const key = a * this.rows + b;
    let p = this.pairs.get(key);
    if (!p) this.pairs.set(key, p = { a, b, evidence: [] });
    if (p.evidence.length >= MAX_EVIDENCE) return;
    if (p.evidence.some((x) => x.kind === e.kind && x.fieldA === e.fieldA && x.fieldB === e.fieldB && x.valueA === e.valueA)) return;
    p.evidence.push(e);
  }
}

/**
 * A pair's score from 0 to 1: 1 with deterministic evidence; else the strongest evidence of each field pair
 * combined as 1 - prod(1 - w), halved when both records name a country of origin and they differ.
 */
export function pairScore(p: Pair, countryDiffers: boolean): number {
  if (p.evidence.some((e) => isDeterministic(e.kind))) return 1;
  const best = new Map<string, number>();
  for (const e of p.evidence) {
    if (PASSPORT.has(e.kind)) continue;
    const k = [e.fieldA, e.fieldB].sort().join("|");
    best.set(k, Math.max(best.get(k) ?? 0, e.weight));
  }
  let none = 1;
  for (const w of best.values()) none *= 1 - w;
  const s = 1 - none;
  return Math.round((countryDiffers ? s / 2 : s) * 1e6) / 1e6;
}
