/** Passport data quality, offline: `checkPassports(df)` and its rules. */
export { type CheckOptions, checkPassports, type QualityReport } from "./check.ts";
export { type Rule, RULES, type Severity } from "./rules.ts";
export { BDQ, type BdqTest } from "./bdq.ts";
export { sampstatCollsrcConflict } from "./sampstat-collsrc.ts";
export { LandIndex, landIndex } from "./geometry.ts";
export {
  type CompletenessOptions,
  type PassportCompleteness,
  passportCompleteness,
  type PassportCompletenessOptions,
  PassportCompletenessOptionsSchema,
  type PassportCompletenessResult,
  PDCI_ITEMS,
} from "./pdci.ts";
