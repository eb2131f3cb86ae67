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
import { GenesysInputError } from "./core/errors.ts";
import { closest } from "./core/closest.ts";
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

export { closest };

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

/** Every option optional (a required one, such as baseUrl, is checked by its method with its own message). */
const schemas = new Map<string, z.ZodType>();
function schemaOf(method: OptionsOf): z.ZodType {
  let s = schemas.get(method);
  if (!s) schemas.set(method, s = OPTIONS[method].partial());
  return s;
}

/** What an option accepts, in words (its schema's description). */
const accepts = (method: OptionsOf, name: string): string | undefined =>
  (OPTIONS[method].shape as Record<string, z.ZodType>)[name]?.description;

/** A value as a message shows it: `true`, `"average"`, `a function`, a list shortened. */
export function shown(v: unknown): string {
  if (typeof v === "function") return "a function";
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (v === null || typeof v !== "object") return String(v);
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/**
 * Checks a method's options object and returns it; throws GenesysInputError naming the first bad option. `undefined`
 * is an empty options object. Used by every public Genesys method, e.g. `checkOptions("traits()", opts)`.
 */
export function checkOptions<T>(method: OptionsOf, value: T, endpoint: string = method): T {
  if (value === undefined || value === null) return value;
  const known = OPTIONS[method].shape;
  const accepted = Object.keys(known).join(", ");
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new GenesysInputError(
      `the options of ${method} must be an object like { ${Object.keys(known).slice(0, 3).join(", ")}, … }, got ${shown(value)}`,
      { endpoint, hint: `accepted options: ${accepted}` },
    );
  }
  const r = schemaOf(method).safeParse(value);
  if (r.success) return value;
  const unknownKeys = r.error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []));
  if (unknownKeys.length) {
    const parts = unknownKeys.map((k) => {
      const near = closest(k, Object.keys(known), 1);
      return `'${k}'${near.length ? ` (did you mean '${near[0]}'?)` : ""}`;
    });
    throw new GenesysInputError(`unknown option${unknownKeys.length > 1 ? "s" : ""} ${parts.join(", ")} for ${method}`, {
      endpoint,
      hint: `accepted options: ${accepted}`,
    });
  }
  const issue = r.error.issues[0]!;
  const name = String(issue.path[0]);
  const given = (value as Record<string, unknown>)[name];
  throw new GenesysInputError(`option '${name}' of ${method} is ${shown(given)}; it must be ${accepts(method, name) ?? issue.message}`, {
    endpoint,
    hint: typeof given === "string" && accepts(method, name)?.startsWith("an array")
      ? `put the value in a list: ${name}: [${shown(given)}]`
      : `accepted options: ${accepted}`,
  });
}
