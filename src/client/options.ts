/**
 * The options objects of every public Genesys method, checked at run time before any request. Notebook cells are not
 * type-checked, so this is the check most users get: an unknown key (`selct`), a wrong type (`cache: true`, a string
 * where a list is expected) or a value outside the accepted ones (`aggregate: "average"`) is a GenesysInputError that
 * names the option, what was given and what is accepted, with a "did you mean" when the name is close to a known one.
 *
 * The schemas are declared once, in core/option-schemas.ts, each option described by what it accepts; the methods'
 * TypeScript types are inferred from them.
 */
import type { z } from "zod";
import { checkOptionsWith, closest, shown } from "../kernel/options.ts";
import {
  AccessionsOptionsSchema,
  CancellableSchema,
  FrameOptionsSchema,
  GenesysLoginOptionsSchema,
  GenesysOptionsSchema,
  InstituteQuerySchema,
  OverviewOptionsSchema,
  ParquetOptionsSchema,
  PassportOptionsSchema,
  SubsetQuerySchema,
  TraitsOptionsSchema,
} from "./core/option-schemas.ts";

export { closest, shown };

/** The options of each public method, by the name its messages use. */
export const OPTIONS = {
  "new Genesys()": GenesysOptionsSchema,
  "Genesys.fromEnv()": GenesysOptionsSchema,
  "Genesys.login()": GenesysLoginOptionsSchema,
  "passports()": PassportOptionsSchema,
  "passportBatches()": PassportOptionsSchema,
  "passportsToParquet()": ParquetOptionsSchema,
  "accessions()": AccessionsOptionsSchema,
  "datasets()": FrameOptionsSchema,
  "descriptors()": FrameOptionsSchema,
  "traits()": TraitsOptionsSchema,
  "crops()": CancellableSchema,
  "species()": CancellableSchema,
  "institutes()": InstituteQuerySchema,
  "instituteNames()": CancellableSchema,
  "overview()": OverviewOptionsSchema,
  "accession()": CancellableSchema,
  "subsets()": SubsetQuerySchema,
  "me()": CancellableSchema,
} satisfies Record<string, z.ZodObject>;

export type OptionsOf = keyof typeof OPTIONS;

/**
 * Checks a method's options object and returns it; throws GenesysInputError naming the first bad option. `undefined`
 * is an empty options object. Used by every public Genesys method, e.g. `checkOptions("traits()", opts)`.
 */
export function checkOptions<T>(method: OptionsOf, value: T, endpoint: string = method): T {
  return checkOptionsWith(method, OPTIONS[method], value, endpoint);
}
