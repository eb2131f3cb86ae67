/**
 * PGRdup's probable duplicate sets (`ProbDup(method = "a")`), rebuilt from this finder's keyword matching, so the
 * two can be compared pair by pair (bench/duplicates-pgrdup.ts, test/duplicates-pgrdup.test.ts). PGRdup makes one
 * set per keyword: the records holding it and the records holding every keyword it matches (fuzzy: within
 * max.dist edits; phonetic: the same Double Metaphone code; semantic: one synset); keywords with digits or with at
 * most max.alpha letters match only themselves. Its sets therefore join records whose keywords do not match each
 * other but both match a third: this module keeps that, `probableDuplicates()` does not.
 */
import { matchKeywords, phoneticCode } from "./probable.ts";
import { parseDuplicateOptions } from "./options.ts";

export interface PgrdupSettings {
  /** Keywords left out (PGRdup excep). */
  exceptions?: string[];
  maxDistance?: number;
  maxAlpha?: number;
  phoneticMinLetters?: number;
  phoneticMinCode?: number;
  synonyms?: string[][];
}

/** Pairs `idA|idB` (sorted) of records in one set, per kind: F fuzzy, P phonetic, S semantic. */
export type PgrdupPairs = Record<"F" | "P" | "S", Set<string>>;

/** Sets as PGRdup makes them, from records already cleaned as PGRdup's KWIC() reads them (keywords split at spaces). */
export function pgrdupPairs(ids: readonly string[], fields: readonly (string | null)[][], s: PgrdupSettings = {}): PgrdupPairs {
  const excep = new Set((s.exceptions ?? []).map((x) => x.toUpperCase()));
  const recs = new Map<string, Set<number>>();
  ids.forEach((_, i) => {
    for (const text of fields[i]!) {
      for (const k of (text ?? "").replaceAll("\\", "").split(" ")) {
        if (!k || excep.has(k)) continue;
        let set = recs.get(k);
        if (!set) recs.set(k, set = new Set());
        set.add(i);
      }
    }
  });
  const keys = [...recs.keys()];
  const o = parseDuplicateOptions({
    blockBy: null,
    maxKeywordRecords: Number.MAX_SAFE_INTEGER,
    stopWords: [],
    maxDistance: s.maxDistance ?? 3,
    maxAlpha: s.maxAlpha ?? 4,
    phoneticMinLetters: s.phoneticMinLetters ?? 5,
    phoneticMinCode: s.phoneticMinCode ?? 3,
    synonyms: s.synonyms ?? [],
  });
  const matched = { F: new Map<string, string[]>(), P: new Map<string, string[]>(), S: new Map<string, string[]>() };
  const kindOf = { fuzzy: "F", phonetic: "P", synonym: "S" } as const;
  matchKeywords(keys, new Set(keys), (k) => recs.get(k)!.size, o, (a, b, kind) => {
    const m = matched[kindOf[kind as keyof typeof kindOf]];
    if (!m) return;
    m.set(a, [...(m.get(a) ?? []), b]);
    m.set(b, [...(m.get(b) ?? []), a]);
  });
  const out: PgrdupPairs = { F: new Set(), P: new Set(), S: new Set() };
  const letters = (k: string) => k.replace(/[^A-Z]/g, "").length;
  const phonetic = (k: string) => letters(k) >= o.phoneticMinLetters && phoneticCode(k).length >= o.phoneticMinCode;
  // PGRdup (dupsets) then merges the sets of keywords held by the same records (grouped by PRIM_ID, the list of
  // records holding the keyword): one set per distinct list
  const holders = new Map<string, string>();
  for (const k of keys) holders.set(k, [...recs.get(k)!].sort((a, b) => a - b).join(","));
  for (const type of ["F", "P", "S"] as const) {
    const merged = new Map<string, Set<number>>();
    for (const k of keys) {
      // a keyword's own records are a fuzzy set (PGRdup's exact and fuzzy matching both include the keyword itself),
      // a phonetic set when it qualifies for phonetic matching, a semantic set only with its synonyms
      const own = type === "F" || (type === "P" && phonetic(k)) || (type === "S" && matched.S.has(k));
      if (!own) continue;
      const members = new Set(recs.get(k));
      for (const m of matched[type].get(k) ?? []) for (const r of recs.get(m)!) members.add(r);
      if (members.size < 2) continue;
      const h = holders.get(k)!;
      const set = merged.get(h);
      if (set) { for (const r of members) set.add(r); }
      else merged.set(h, members);
    }
    for (const members of merged.values()) {
      const list = [...members];
      for (let x = 0; x < list.length; x++) {
        for (let y = x + 1; y < list.length; y++) out[type].add([ids[list[x]!]!, ids[list[y]!]!].sort().join("|"));
      }
    }
  }
  return out;
}

/** Pairs of PGRdup's own output (`SET_NO`, `TYPE`, `ID` with `[K1]` prefixes, comma-separated), per kind. */
export function pairsOfSets(sets: { TYPE: string; ID: string }[]): PgrdupPairs {
  const out: PgrdupPairs = { F: new Set(), P: new Set(), S: new Set() };
  for (const s of sets) {
    const m = s.ID.split(", ").map((x) => x.replace(/^\[K\d\]/, ""));
    for (let x = 0; x < m.length; x++) {
      for (let y = x + 1; y < m.length; y++) out[s.TYPE as "F" | "P" | "S"]?.add([m[x]!, m[y]!].sort().join("|"));
    }
  }
  return out;
}

/** PGRdup's vignette settings for its GN1000 example: the fields (primary key first), exceptions and synsets. */
export const PGRDUP_VIGNETTE = {
  fields: ["NationalID", "CollNo", "DonorID", "OtherID1", "OtherID2"],
  exceptions: [
    "A",
    "B",
    "BIG",
    "BOLD",
    "BUNCH",
    "C",
    "COMPANY",
    "CULTURE",
    "DARK",
    "E",
    "EARLY",
    "EC",
    "ERECT",
    "EXOTIC",
    "FLESH",
    "GROUNDNUT",
    "GUTHUKAI",
    "IMPROVED",
    "K",
    "KUTHUKADAL",
    "KUTHUKAI",
    "LARGE",
    "LIGHT",
    "LOCAL",
    "OF",
    "OVERO",
    "P",
    "PEANUT",
    "PURPLE",
    "R",
    "RED",
    "RUNNER",
    "S1",
    "SAM",
    "SMALL",
    "SPANISH",
    "TAN",
    "TYPE",
    "U",
    "VALENCIA",
    "VIRGINIA",
    "WHITE",
  ], // deno-fmt-ignore
  synonyms: [["CHANDRA", "AH114"], ["TG1", "VIKRAM"]],
} as const satisfies { fields: readonly string[]; exceptions: readonly string[]; synonyms: readonly (readonly string[])[] };
