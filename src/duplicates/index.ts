/** Probable duplicates and cross-genebank links: `probableDuplicates(passports)` and what it is made of. */
export { type DuplicateResult, probableDuplicates, probableDuplicatesInDataset } from "./find.ts";
export { type DuplicateOptions, type DuplicateOptionsInput, DuplicateOptionsSchema } from "./options.ts";
export { LANDRACE_STOP_WORDS } from "./stoplist.ts";
export { safetyDuplication } from "./safety.ts";
export { cleanText, compactKey, keywordsOf, otherNumbers } from "./keywords.ts";
