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
  /** Whole names: every keyword joined in order, and (names of several words) in alphabetical order, marked `~`. */
  nameKeys: Map<string, Occurrence[]>;
}

/** Emits a pair for every two occurrences of two keywords (or of one, `same`), of two rows and compatible qualifiers. */
type Emit = (ka: string, kb: string, A: Occurrence[], B: Occurrence[], kind: EvidenceKind, weight: number, same: boolean) => void;

/** `held` counts the records of a list of occurrences (the evidence's rarity, for the review list). */
function emitter(pairs: PairStore, held: (occ: Occurrence[]) => number): Emit {
  return (ka, kb, A, B, kind, weight, same) => {
    const n = same ? held(A) : held(A) + held(B);
    for (let x = 0; x < A.length; x++) {
      for (let y = same ? x + 1 : 0; y < B.length; y++) {
        const a = A[x]!, b = B[y]!;
        if (a.row === b.row || !compatible(a.qualifier, b.qualifier)) continue;
        pairs.add(a.row, b.row, { kind, fieldA: a.field, fieldB: b.field, valueA: ka, valueB: kb, weight, held: n });
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
      if (letterCount(kws.join("")) >= 4 && !stop.has(whole)) {
        pushTo(nameKeys, whole, { row, field, qualifier: null });
        // word order aside: "Kutu Jujaya" and "Jujaya Kutu" are one name
        if (all.length > 1) pushTo(nameKeys, `~${all.toSorted().join("")}`, { row, field, qualifier: null });
      }
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
      if (n > o.maxKeywordRecords) {
        if (!k.startsWith("~")) common.push({ block, keyword: k, records: n }); // a name in word order is listed once
      } else keys.push(k);
    }
    return keys;
  };
  const keys = usable(byKeyword);
  const emit = emitter(pairs, distinctRows);
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
  const names = usable(nameKeys);
  wholeNameLinks(nameKeys, names, distinctRows, o, emit);
  // a name made of words each many records hold ("Varero de Congona": a landrace type and a place) is no one sample's
  const rareWord = (row: number, field: string) =>
    keywordsOf(value(r, field, row)).some((k) => byKeyword.has(k) && distinctRows(byKeyword.get(k)!) <= o.rareNameRecords);
  distinctiveNames(r, nameKeys, names, distinctRows, o, stop, pairs, rareWord);
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
  for (const k of names) if (!k.startsWith("~")) pushTo(byDigits, digitsOf(k), k);
  for (const group of byDigits.values()) {
    if (group.length < 2) continue;
    fuzzyPairs(group, (n) => (n >= 10 ? 2 : n >= 6 ? 1 : 0), (i, j) => {
      emit(group[i]!, group[j]!, nameKeys.get(group[i]!)!, nameKeys.get(group[j]!)!, "name-fuzzy", PROBABLE_WEIGHTS["name-fuzzy"], false);
    });
  }
}

/** Fewest letters a distinctive name has (outside stop words); a long name (a typo allowed, a stronger link) has LONG_NAME. */
const DISTINCTIVE_LETTERS = 4, LONG_NAME = 8;

/**
 * Distinctive names (issue 44): a whole name (word order aside) held by at most `rareNameRecords` records of the
 * block, not a stop word or a bare number, of four letters or more, with a word itself held by at most
 * `rareNameRecords` records (not a landrace type and a place, each common), shared by two records of different genebanks and
 * one species whose countries of origin agree or are unknown in one; a long name (8 letters) also with one typo. The
 * evidence's weight: 0.8, + 0.1 when only the two records hold it, + 0.05 for 10 letters or more, - 0.05 for a typo,
 * - 0.05 when one origin is unknown (0.7 to 0.95). Corroboration (corroboration.ts) then makes it a probable link
 * unless the passport conflicts.
 */
function distinctiveNames(
  r: Records,
  nameKeys: Map<string, Occurrence[]>,
  names: string[],
  distinctRows: (occ: Occurrence[]) => number,
  o: DuplicateOptions,
  stop: Set<string>,
  pairs: PairStore,
  rareWord: (row: number, field: string) => boolean,
): void {
  const rare = names.filter((k) => {
    const letters = letterCount(k);
    return distinctRows(nameKeys.get(k)!) <= o.rareNameRecords && letters >= DISTINCTIVE_LETTERS && !stop.has(k.replace("~", ""));
  });
  const link = (ka: string, kb: string, typo: boolean) => {
    const A = nameKeys.get(ka)!, B = nameKeys.get(kb)!;
    const held = ka === kb ? distinctRows(A) : distinctRows(A) + distinctRows(B);
    const base = 0.8 + (held <= 2 ? 0.1 : 0) + (letterCount(ka) >= 10 ? 0.05 : 0) - (typo ? 0.05 : 0);
    for (const a of A) {
      for (const b of B) {
        if (a.row === b.row || (ka === kb && a.row > b.row)) continue;
        if (!rareWord(a.row, a.field) || !rareWord(b.row, b.field)) continue;
        const w = distinctiveWeight(r, a.row, b.row, base);
        if (w > 0) {
          pairs.add(a.row, b.row, { kind: "distinctive", fieldA: a.field, fieldB: b.field, valueA: ka, valueB: kb, weight: w, held });
        }
      }
    }
  };
  for (const k of rare) if (nameKeys.get(k)!.length >= 2) link(k, k, false);
  if (!o.fuzzy) return;
  // one typo in a long name: whole names of equal digits one edit apart (in order, or both in alphabetical order)
  // (a long name: LONG_NAME letters in one of the two, so a letter dropped from an 8-letter name is still one)
  const long = rare.filter((k) => letterCount(k) >= LONG_NAME - 1);
  const byDigits = new Map<string, string[]>();
  for (const k of long) pushTo(byDigits, `${k.startsWith("~") ? "~" : ""}${digitsOf(k)}`, k);
  for (const group of byDigits.values()) {
    if (group.length < 2) continue;
    fuzzyPairs(group, () => 1, (i, j) => {
      if (Math.max(letterCount(group[i]!), letterCount(group[j]!)) >= LONG_NAME) link(group[i]!, group[j]!, true);
    });
  }
}

/** The weight of a distinctive name between two records (`base` adjusted), or 0 when they may not share one. */
function distinctiveWeight(r: Records, a: number, b: number, base: number): number {
  const same = (col: string) => value(r, col, a).toUpperCase() === value(r, col, b).toUpperCase();
  if (same("INSTCODE")) return 0; // a genebank keeps its own duplicates apart by number, not by name
  const spA = value(r, "SPECIES", a), spB = value(r, "SPECIES", b);
  if (!spA || !spB || /^spp?\.?$/i.test(spA) || !same("SPECIES")) return 0;
  // a name alone says one sample only when nothing in the passports tells the two apart: another biological status, a
  // collecting site written otherwise (the finder's conflicts, corroboration.ts, cover species, origin, date, breeder)
  const ssA = value(r, "SAMPSTAT", a), ssB = value(r, "SAMPSTAT", b);
  if (ssA && ssB && Number.parseInt(ssA, 10) !== Number.parseInt(ssB, 10)) return 0;
  const siteA = compactKey(value(r, "COLLSITE", a)), siteB = compactKey(value(r, "COLLSITE", b));
  if (siteA && siteB && !siteA.includes(siteB) && !siteB.includes(siteA)) return 0;
  const cA = value(r, "ORIGCTY", a), cB = value(r, "ORIGCTY", b);
  if (!cA && !cB) return 0;
  if (cA && cB) return same("ORIGCTY") ? base : 0;
  return base - 0.05;
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
