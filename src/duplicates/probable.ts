/**
 * Probable links from names and numbers, within one block (records of one genus by default), so that the work
 * grows with the candidate pairs and not with the square of the records:
 * - keywords of the name fields and keywords with digits of the number fields (keywords.ts), minus stop words;
 * - exact: the same keyword; keywords with digits only ever match exactly (PGRdup's force.exact with max.digit Inf),
 *   and so do keywords of at most `maxAlpha` letters;
 * - fuzzy: letter keywords of more than `maxAlpha` letters within `maxDistance` edits (fuzzy.ts); keywords with
 *   digits and more than `maxAlpha` letters when their digits are equal and their letters within the distance;
 * - phonetic: the same Double Metaphone primary code (npm double-metaphone) for keywords of `phoneticMinLetters`
 *   letters or more, codes of `phoneticMinCode` characters or more, and equal digits;
 * - synonyms the user gave; whole names (every keyword joined, at least four letters outside the stop words) equal, or
 *   one or two edits apart.
 * A keyword (or whole name, or phonetic code) held by more than `maxKeywordRecords` records of the block makes no
 * pairs: it is reported as common; a fuzzy or phonetic match makes pairs only when its two keywords' records make
 * at most `maxKeywordRecords` pairs.
 */
import { doubleMetaphone } from "double-metaphone";
import { codeList, compactKey, digitCount, digitsOf, keywordsOf, letterCount, lettersOf, otherNumbers } from "./keywords.ts";
import type { DuplicateOptions } from "./options.ts";
import { type EvidenceKind, type PairStore, PROBABLE_WEIGHTS } from "./pairs.ts";
import { type Records, value } from "./records.ts";
import { fuzzyPairs } from "./fuzzy.ts";
import { pushTo } from "./group.ts";

interface Occurrence {
  row: number;
  field: string;
  /** Institute codes that qualify the number (INSTCODE of ACCENUMB…), null when none. */
  qualifier: string[] | null;
}

/** A keyword that was too common to be evidence, with how many records of a block hold it. */
export interface CommonKeyword {
  block: string;
  keyword: string;
  records: number;
}

const QUALIFIER: Record<string, string> = { ACCENUMB: "INSTCODE", DONORNUMB: "DONORCODE", COLLNUMB: "COLLCODE" };

function compatible(a: string[] | null, b: string[] | null): boolean {
  return a === null || b === null || a.some((x) => b.includes(x));
}

const hasDigit = (k: string) => /[0-9]/.test(k);

/** Weight of an exact keyword match, by what the keyword is. */
function exactKind(k: string, maxAlpha: number): [EvidenceKind, number] {
  const letters = letterCount(k);
  const digits = digitCount(k); // not k.length - letters: a letter outside A-Z is no digit
  if (digits > 0 && letters > 0) return ["identifier", k.length >= 4 ? PROBABLE_WEIGHTS.identifier : 0.3];
  if (digits > 0) return ["number", digits >= 4 ? PROBABLE_WEIGHTS.number : 0.2];
  return ["keyword", letters > maxAlpha ? PROBABLE_WEIGHTS.keyword : 0.3];
}

/** Keyword and whole-name occurrences of a block's records. */
interface Occurrences {
  byKeyword: Map<string, Occurrence[]>;
  nameKeys: Map<string, Occurrence[]>;
}

/** Emits a pair for every two occurrences of two keywords (or of one, `same`), of two rows and compatible qualifiers. */
type Emit = (ka: string, kb: string, A: Occurrence[], B: Occurrence[], kind: EvidenceKind, weight: number, same: boolean) => void;

function emitter(pairs: PairStore): Emit {
  return (ka, kb, A, B, kind, weight, same) => {
    for (let x = 0; x < A.length; x++) {
      for (let y = same ? x + 1 : 0; y < B.length; y++) {
        const a = A[x]!, b = B[y]!;
        if (a.row === b.row || !compatible(a.qualifier, b.qualifier)) continue;
        pairs.add(a.row, b.row, { kind, fieldA: a.field, fieldB: b.field, valueA: ka, valueB: kb, weight });
      }
    }
  };
}

/** The keywords of the name and number fields of `rows`, and their whole names, minus stop words. */
function occurrencesOf(r: Records, rows: number[], o: DuplicateOptions, stop: Set<string>): Occurrences {
  const byKeyword = new Map<string, Occurrence[]>();
  const nameKeys = new Map<string, Occurrence[]>();
  for (const row of rows) {
    for (const field of o.nameFields) {
      const text = value(r, field, row);
      if (!text) continue;
      const all = keywordsOf(text);
      const kws = all.filter((k) => !stop.has(k));
      for (const k of new Set(kws)) pushTo(byKeyword, k, { row, field, qualifier: null });
      // the whole name keeps its common words: "Rojo de Jimma" is not "Negro de Jimma", though neither colour alone is evidence
      const whole = all.join("");
      if (letterCount(kws.join("")) >= 4 && !stop.has(whole)) pushTo(nameKeys, whole, { row, field, qualifier: null });
    }
    for (const field of o.numberFields) {
      const text = value(r, field, row);
      if (!text) continue;
      const items = field === "OTHERNUMB" ? otherNumbers(text) : [{ instCode: null, number: text }];
      for (const item of items) {
        const codes = QUALIFIER[field] ? codeList(value(r, QUALIFIER[field]!, row)) : [];
        const qual = item.instCode ? [item.instCode] : codes.length ? codes : null;
        const kws = new Set(keywordsOf(item.number).filter((k) => hasDigit(k) && !stop.has(k)));
        const whole = compactKey(item.number);
        if (hasDigit(whole) && !stop.has(whole)) kws.add(whole);
        for (const k of kws) pushTo(byKeyword, k, { row, field, qualifier: qual });
      }
    }
  }
  return { byKeyword, nameKeys };
}

/** Finds the probable links among `rows` (one block) and adds them to `pairs`; returns the common keywords met. */
export function probableLinks(
  r: Records,
  rows: number[],
  block: string,
  o: DuplicateOptions,
  pairs: PairStore,
): CommonKeyword[] {
  const stop = new Set([...o.stopWords, ...o.exceptions].map((w) => compactKey(w)));
  const { byKeyword, nameKeys } = occurrencesOf(r, rows, o, stop);
  const common: CommonKeyword[] = [];
  const counted = new Map<Occurrence[], number>();
  const distinctRows = (occ: Occurrence[]) => {
    let n = counted.get(occ);
    if (n === undefined) counted.set(occ, n = new Set(occ.map((x) => x.row)).size);
    return n;
  };
  const usable = (m: Map<string, Occurrence[]>) => {
    const keys: string[] = [];
    for (const [k, occ] of m) {
      const n = distinctRows(occ);
      if (n > o.maxKeywordRecords) common.push({ block, keyword: k, records: n });
      else keys.push(k);
    }
    return keys;
  };
  const keys = usable(byKeyword);
  const emit = emitter(pairs);
  // exact
  for (const k of keys) {
    const occ = byKeyword.get(k)!;
    if (occ.length < 2) continue;
    const [kind, w] = exactKind(k, o.maxAlpha);
    emit(k, k, occ, occ, kind, w, true);
  }
  const fromNames = new Set(keys.filter((k) => byKeyword.get(k)!.some((x) => o.nameFields.includes(x.field))));
  const rowsOf = (k: string) => distinctRows(byKeyword.get(k)!);
  matchKeywords(keys, fromNames, rowsOf, o, (ka, kb, kind, weight) => {
    // a fuzzy or phonetic match between keywords that many records hold proves little and would list every pair of
    // them: such matches make pairs only when the two keywords' records are at most maxKeywordRecords pairs
    if (kind !== "synonym" && rowsOf(ka) * rowsOf(kb) > o.maxKeywordRecords) return;
    emit(ka, kb, byKeyword.get(ka)!, byKeyword.get(kb)!, kind, weight, false);
  }, (keyword, records) => common.push({ block, keyword, records }));
  wholeNameLinks(nameKeys, usable(nameKeys), distinctRows, o, emit);
  return common;
}

/** Whole names: equal, or one or two edits apart. */
function wholeNameLinks(
  nameKeys: Map<string, Occurrence[]>,
  names: string[],
  distinctRows: (occ: Occurrence[]) => number,
  o: DuplicateOptions,
  emit: Emit,
): void {
  for (const k of names) {
    const occ = nameKeys.get(k)!;
    if (occ.length < 2) continue;
    // a name many records share names a landrace type or a market class, not one sample
    const rare = distinctRows(occ) <= o.rareNameRecords;
    emit(k, k, occ, occ, "name", rare ? PROBABLE_WEIGHTS.name : PROBABLE_WEIGHTS.keyword, true);
  }
  if (!o.fuzzy) return;
  // numbers one digit apart are other material: only names with equal digits are compared (names of one series,
  // FHIA-58, FHIA-90…, share their letters and would otherwise all be compared with each other)
  const byDigits = new Map<string, string[]>();
  for (const k of names) pushTo(byDigits, digitsOf(k), k);
  for (const group of byDigits.values()) {
    if (group.length < 2) continue;
    fuzzyPairs(group, (n) => (n >= 10 ? 2 : n >= 6 ? 1 : 0), (i, j) => {
      emit(group[i]!, group[j]!, nameKeys.get(group[i]!)!, nameKeys.get(group[j]!)!, "name-fuzzy", PROBABLE_WEIGHTS["name-fuzzy"], false);
    });
  }
}

/** Double Metaphone primary code, cut to 4 characters as the original algorithm (and PGRdup's C code) does. */
export const phoneticCode = (k: string): string => doubleMetaphone(k)[0].slice(0, 4);

/**
 * Pairs of distinct keywords that match without being equal: fuzzy (letter keywords of more than `maxAlpha` letters
 * within `maxDistance`; mixed keywords with equal digits), phonetic (same code and digits) and synonyms. `named`
 * holds the keywords that may match fuzzily or phonetically (those of name fields); `rowsOf` counts a keyword's
 * records, for the common-code cut. PGRdup's fuzzy, phonetic and semantic matching, keyword by keyword.
 */
export function matchKeywords(
  keys: readonly string[],
  named: ReadonlySet<string>,
  rowsOf: (k: string) => number,
  o: DuplicateOptions,
  onMatch: (a: string, b: string, kind: EvidenceKind, weight: number) => void,
  onCommon: (what: string, records: number) => void = () => {},
): void {
  if (o.fuzzy) {
    const letterKeys = keys.filter((k) => !hasDigit(k) && k.length > o.maxAlpha && named.has(k));
    const fw = (d: number) => Math.max(0.1, PROBABLE_WEIGHTS.fuzzy + 0.1 - 0.1 * d);
    fuzzyPairs(
      letterKeys,
      (n) => (n > o.maxAlpha ? o.maxDistance : 0),
      (i, j, d) => onMatch(letterKeys[i]!, letterKeys[j]!, "fuzzy", fw(d)),
    );
    const mixed = new Map<string, string[]>();
    for (const k of keys) {
      if (hasDigit(k) && letterCount(k) > o.maxAlpha && named.has(k)) {
        pushTo(mixed, digitsOf(k), k);
      }
    }
    for (const group of mixed.values()) {
      if (group.length < 2) continue;
      const letters = group.map(lettersOf);
      fuzzyPairs(letters, (n) => (n > o.maxAlpha ? o.maxDistance : 0), (i, j, d) => onMatch(group[i]!, group[j]!, "fuzzy", fw(d)));
    }
  }
  if (o.phonetic) {
    const byCode = new Map<string, string[]>();
    for (const k of keys) {
      if (letterCount(k) < o.phoneticMinLetters || !named.has(k)) continue;
      const code = phoneticCode(k);
      if (code.length < o.phoneticMinCode) continue;
      pushTo(byCode, `${code}\u0001${digitsOf(k)}`, k);
    }
    for (const [g, group] of byCode) {
      if (group.length < 2) continue;
      const records = group.reduce((n, k) => n + rowsOf(k), 0);
      if (records > o.maxKeywordRecords) {
        onCommon(`phonetic ${g.split("\u0001")[0]}`, records);
        continue;
      }
      for (let x = 0; x < group.length; x++) {
        for (let y = x + 1; y < group.length; y++) onMatch(group[x]!, group[y]!, "phonetic", PROBABLE_WEIGHTS.phonetic);
      }
    }
  }
  if (o.synonyms.length) {
    const synset = new Map<string, number>();
    o.synonyms.forEach((set, i) => set.forEach((w) => synset.set(compactKey(w), i)));
    const bySet = new Map<number, string[]>();
    for (const k of keys) {
      const s = synset.get(k);
      if (s !== undefined) pushTo(bySet, s, k);
    }
    for (const group of bySet.values()) {
      for (let x = 0; x < group.length; x++) {
        for (let y = x + 1; y < group.length; y++) onMatch(group[x]!, group[y]!, "synonym", PROBABLE_WEIGHTS.synonym);
      }
    }
  }
}
