/** Passport data quality, offline: `checkPassports(df)` and its rules. */
export { type CheckOptions, checkPassports, type QualityReport } from "./check.ts";
export { type Rule, RULES, type Severity } from "./rules.ts";
export { LandIndex, landIndex } from "./geometry.ts";
export { type CompletenessOptions, type PassportCompleteness, passportCompleteness, PDCI_ITEMS } from "./pdci.ts";
