/**
 * The options of `probableDuplicates()`: one zod schema, the single source of truth; the type is inferred from it.
 * Defaults follow PGRdup's `ProbDup()` where it has the same setting (max.dist 3, max.alpha 4, max.digit Inf,
 * phon.min.alpha 5, min.enc 3, primary encoding).
 */
import { z } from "zod";
import { LANDRACE_STOP_WORDS } from "./stoplist.ts";

export const DuplicateOptionsSchema = z.strictObject({
  /** Column whose value forms the blocks probable links are sought in; null: one block. Default "GENUS". */
  blockBy: z.string().min(1).nullable().default("GENUS"),
  /** Columns read as names: every keyword counts, letters are matched fuzzily and phonetically. Default ["ACCENAME"]. */
  nameFields: z.array(z.string().min(1)).default(["ACCENAME"]),
  /**
   * Columns read as numbers: only keywords with digits count, matched exactly. ACCENUMB is qualified by INSTCODE,
   * DONORNUMB by DONORCODE, COLLNUMB by COLLCODE and an OTHERNUMB item `INSTCODE:number` by its code: two numbers
   * qualified by different institutes do not match. Default ["ACCENUMB", "OTHERNUMB", "COLLNUMB", "DONORNUMB"].
   */
  numberFields: z.array(z.string().min(1)).default(["ACCENUMB", "OTHERNUMB", "COLLNUMB", "DONORNUMB"]),
  /** Fuzzy matching of name keywords (Levenshtein). Default true. */
  fuzzy: z.boolean().default(true),
  /** Largest edit distance for a fuzzy match (PGRdup max.dist). Default 3. */
  maxDistance: z.number().int().min(1).max(5).default(3),
  /** Keywords with at most this many letters are matched exactly (PGRdup max.alpha). Default 4. */
  maxAlpha: z.number().int().min(0).default(4),
  // keywords with digits are always matched exactly, as PGRdup's force.exact = TRUE with max.digit = Inf
  /** Phonetic matching (Double Metaphone, primary code). Default true. */
  phonetic: z.boolean().default(true),
  /** Fewest letters a keyword needs for phonetic matching (PGRdup phon.min.alpha). Default 5. */
  phoneticMinLetters: z.number().int().min(1).default(5),
  /** Shortest Double Metaphone code used (PGRdup min.enc). Default 3. */
  phoneticMinCode: z.number().int().min(1).default(3),
  /** Synonym sets: names or numbers that stand for the same material, e.g. [["CHANDRA", "AH114"]]. */
  synonyms: z.array(z.array(z.string().min(1)).min(2)).default([]),
  /** Keywords (and whole names) that are never evidence; default LANDRACE_STOP_WORDS. */
  stopWords: z.array(z.string()).default([...LANDRACE_STOP_WORDS]),
  /** Further keywords to ignore, added to `stopWords` (PGRdup excep). */
  exceptions: z.array(z.string()).default([]),
  /**
   * A keyword held by more records than this within a block proves little and makes no pairs (listed in the summary
   * as common keywords). Default 25.
   */
  maxKeywordRecords: z.number().int().min(2).default(25),
  /**
   * A whole name held by more records than this within a block is a common name (a landrace type, a market class):
   * its matches weigh as a shared keyword (0.5), not as the same name (0.7), so they join nothing without a number.
   * Default 5.
   */
  rareNameRecords: z.number().int().min(2).default(5),
  /** A probable pair whose score reaches this joins a set; below it, the pair is listed for review only. Default 0.7. */
  linkScore: z.number().min(0).max(1).default(0.7),
  /**
   * Keep every pair below `linkScore` in the pairs frame too (as strength "weak"): the whole unranked list, which can
   * be several pairs per record. Default false: the ranked `review` frame holds the best of them.
   */
  weakPairs: z.boolean().default(false),
  /**
   * The most pairs the review list (`review`, ranked best first) holds: a number, or "all". Default null: one pair per
   * ten records, at most 10,000.
   */
  reviewPairs: z.union([z.number().int().min(0), z.literal("all")]).nullable().default(null),
  /**
   * A block (genus) of more records than this is split by ORIGCTY, so that memory stays bounded whatever the genus
   * (docs/duplicates.md says what the split costs). Default 300,000: the sandbox's 5,000,000 accessions (generator
   * v17) have 7 genera above it, Triticum the largest (803,682 records); each of their countries is a unit of its own.
   */
  maxBlockRecords: z.number().int().min(100).default(300_000),
});

export type DuplicateOptionsInput = z.input<typeof DuplicateOptionsSchema>;
export type DuplicateOptions = z.output<typeof DuplicateOptionsSchema>;

/** The options completed with their defaults (the options are checked, with "did you mean", by the kernel's parser). */
export const defaultDuplicateOptions = (o: DuplicateOptionsInput = {}): DuplicateOptions => DuplicateOptionsSchema.parse(o);
