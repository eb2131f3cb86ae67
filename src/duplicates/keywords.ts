/**
 * Keywords of passport names and numbers, as PGRdup's `DataClean()` and `KWIC()` make them (upper case; commas,
 * semicolons, colons and brackets to spaces; other punctuation removed; runs of spaces to one; a letter and the
 * digits after a space joined, `PI 12345` -> `PI12345`; leading zeros of a digit run removed, `EC 0016664` ->
 * `EC16664`), plus one step PGRdup leaves to the user: accents and other marks removed (`Nariño` -> `NARINO`), so
 * that a transliterated name matches.
 */
import { readDataFile } from "../kernel/data-file.ts";
import { z } from "zod";

const cache = new Map<string, string>();
const CACHE_MAX = 200_000;

/**
 * Latin letters that Unicode does not decompose into a base letter and a mark, as their usual transliteration. The
 * table is data: `fold-letters.json` beside this module, with its source, licence and the SHA-256 of its pairs
 * (test/duplicates-fold.test.ts recomputes it), read once through a zod schema.
 */
export const FoldLettersFile = z.object({
  about: z.string(),
  source: z.string().min(1),
  licence: z.string().min(1),
  /** SHA-256 of the pairs in order, each written `letter<TAB>replacement<NEWLINE>`. */
  lettersSha256: z.string().regex(/^[0-9a-f]{64}$/),
  letters: z.array(z.tuple([z.string().regex(/^\p{L}$/u), z.string().regex(/^[A-Za-z]+$/)])).min(1),
}).strict();
export type FoldLettersFile = z.infer<typeof FoldLettersFile>;

/** The file as shipped: beside this module (in src/ and in the package's dist/). */
export const FOLD_LETTERS_FILE: URL = new URL("./fold-letters.json", import.meta.url);

/** The file, checked against its schema. */
export function readFoldLetters(file: URL = FOLD_LETTERS_FILE): FoldLettersFile {
  return readDataFile(file, FoldLettersFile, "a fold-letters file (the letters cleanText() folds)");
}

const FOLD: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(readFoldLetters().letters));
const UNDECOMPOSED = new RegExp(`[${Object.keys(FOLD).join("")}]`, "g");

/** Text as PGRdup's DataClean() leaves it (all fix.* options on), accents removed; "" for null. */
export function cleanText(x: string | null | undefined): string {
  if (x == null) return "";
  let c = cache.get(x);
  if (c !== undefined) return c;
  // ASCII text skips the Unicode steps
  // deno-lint-ignore no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(x);
  c = (ascii ? x : x.normalize("NFD").replace(/\p{M}+/gu, "").replace(UNDECOMPOSED, (ch) => FOLD[ch]!))
    .toUpperCase()
    .replace(/[,;:(){}[\]]/g, " ")
    .replace(ascii ? /[!-/:-@[-`{-~]/g : /[\p{P}\p{S}]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/([A-Z]) ([0-9])/g, "$1$2")
    .replace(/(?<![0-9])0+/g, "")
    .trim();
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(x, c);
  return c;
}

/** The keywords of a text: its cleaned words. */
export function keywordsOf(x: string | null | undefined): string[] {
  const c = cleanText(x);
  return c === "" ? [] : c.split(" ");
}

/** A whole value compared as one identifier or name: cleaned, without spaces (`G 4680` = `G4680`, `Kanya Tira` = `KANYATIRA`). */
export function compactKey(x: string | null | undefined): string {
  return cleanText(x).replaceAll(" ", "");
}

/** Number of letters and of digits in a keyword. */
export function letterCount(k: string): number {
  let n = 0;
  for (const ch of k) if (ch >= "A" && ch <= "Z") n++;
  return n;
}
export function digitCount(k: string): number {
  let n = 0;
  for (const ch of k) if (ch >= "0" && ch <= "9") n++;
  return n;
}
/** The letters of a keyword, and its digits, each in order (PGRdup matches them apart in mixed keywords). */
export const lettersOf = (k: string): string => k.replace(/[^A-Z]/g, "");
export const digitsOf = (k: string): string => k.replace(/[^0-9]/g, "");

/** One item of MCPD OTHERNUMB: `INSTCODE:number` (the code may be absent). */
export interface OtherNumber {
  instCode: string | null;
  number: string;
}

/** A WIEWS institute code: three letters and three or more digits, e.g. COL003, NOR051. */
export const INSTCODE_PATTERN = /^[A-Z]{3}[0-9]{3,}$/;

/**
 * MCPD OTHERNUMB: items separated by `;`, each `INSTCODE:number` or a bare number. A prefix before the first colon
 * is an institute code only when it looks like one (`COL003:G4680`); otherwise the colon is part of the number.
 */
export function otherNumbers(x: string | null | undefined): OtherNumber[] {
  if (x == null) return [];
  const out: OtherNumber[] = [];
  for (const raw of x.split(";")) {
    const item = raw.trim();
    if (!item) continue;
    const c = item.indexOf(":");
    const code = c > 0 ? item.slice(0, c).trim().toUpperCase() : "";
    if (c > 0 && INSTCODE_PATTERN.test(code) && item.slice(c + 1).trim()) out.push({ instCode: code, number: item.slice(c + 1).trim() });
    else out.push({ instCode: null, number: item });
  }
  return out;
}

/** Codes of a `;`-separated MCPD code list (COLLCODE, DUPLSITE), upper case, blanks dropped. */
export function codeList(x: string | null | undefined): string[] {
  if (x == null) return [];
  return x.split(";").map((s) => s.trim().toUpperCase()).filter(Boolean);
}

/** A DOI in its canonical form: lower case, without a resolver prefix (`https://doi.org/`, `doi:`). */
export function normaliseDoi(x: string | null | undefined): string {
  if (x == null) return "";
  return x.trim().toLowerCase().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/, "");
}
