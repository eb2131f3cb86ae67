/**
 * Names that match everywhere and prove nothing: words genebanks write for landraces and unknown material in many
 * languages. A keyword (or a whole name) on this list is never evidence of duplication; replace or extend the list
 * with the `stopWords` option. The list is data: `stop-words.json` beside this module, with its source, licence and
 * the SHA-256 of its words (test/duplicates-stoplist.test.ts recomputes it), read once through a zod schema.
 */
import { readDataFile } from "../kernel/data-file.ts";
import { z } from "zod";

export const StopWordsFile = z.object({
  about: z.string(),
  source: z.string().min(1),
  licence: z.string().min(1),
  /** SHA-256 of the words in order, each followed by a newline. */
  wordsSha256: z.string().regex(/^[0-9a-f]{64}$/),
  groups: z.array(z.object({ languages: z.string(), words: z.array(z.string().regex(/^[A-Z]+$/)).min(1) })).min(1),
});
export type StopWordsFile = z.infer<typeof StopWordsFile>;

/** The file as shipped: beside this module (in src/ and in the package's dist/). */
export const STOP_WORDS_FILE: URL = new URL("./stop-words.json", import.meta.url);

/** The file, checked against its schema. */
export function readStopWords(file: URL = STOP_WORDS_FILE): StopWordsFile {
  return readDataFile(file, StopWordsFile, "a stop-words file (the landrace stop-list)");
}

/** The stop-list, as cleanText() leaves names (upper case, no accents): the default of the `stopWords` option. */
export const LANDRACE_STOP_WORDS: readonly string[] = Object.freeze(readStopWords().groups.flatMap((g) => g.words));
