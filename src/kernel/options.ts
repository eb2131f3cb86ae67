/**
 * The one options parser of the project: an options object checked against its zod schema, before any work, with a
 * GenesysInputError that names the function, the option, what was given and what is accepted, and a "did you mean"
 * when an unknown name is close to a known one. Notebook cells are not type-checked, so this is the check most users
 * get. The client's methods (client/options.ts) and every analysis (kernel/analysis.ts) call it.
 */
import type { z } from "zod";
import { GenesysInputError } from "./errors.ts";
import { closest } from "./closest.ts";

export { closest };

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

/** Every option optional (a required one is checked by its function with its own message); cached per schema. */
const partials = new WeakMap<z.ZodObject, z.ZodType>();
function partialOf(schema: z.ZodObject): z.ZodType {
  let s = partials.get(schema);
  if (!s) partials.set(schema, s = schema.partial());
  return s;
}

/** What an option accepts, in words (its schema's description). */
const accepts = (schema: z.ZodObject, name: string): string | undefined => (schema.shape as Record<string, z.ZodType>)[name]?.description;

/**
 * Checks an options object against `schema` and returns it unchanged; throws GenesysInputError naming the first bad
 * option. `undefined` and `null` are an empty options object. `method` is the name messages use (`checkPassports()`).
 */
export function checkOptionsWith<T>(method: string, schema: z.ZodObject, value: T, endpoint: string = method): T {
  if (value === undefined || value === null) return value;
  const known = schema.shape;
  const accepted = Object.keys(known).join(", ");
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new GenesysInputError(
      `the options of ${method} must be an object like { ${Object.keys(known).slice(0, 3).join(", ")}, … }, got ${shown(value)}`,
      { endpoint, hint: `accepted options: ${accepted}` },
    );
  }
  const r = partialOf(schema).safeParse(value);
  if (r.success) return value;
  const unknownKeys = r.error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []));
  if (unknownKeys.length) {
    const parts = unknownKeys.map((k) => {
      const near = closest(k, Object.keys(known), 1);
      return `'${k}'${near.length ? ` (did you mean '${near[0]}'?)` : ""}`;
    });
    const of = endpoint === method ? "" : ` for ${method}`;
    throw new GenesysInputError(`unknown option${unknownKeys.length > 1 ? "s" : ""} ${parts.join(", ")}${of}`, {
      endpoint,
      hint: `accepted options: ${accepted}`,
    });
  }
  const issue = r.error.issues[0]!;
  const name = String(issue.path[0]);
  const given = (value as Record<string, unknown>)[name];
  const inWords = accepts(schema, name);
  throw new GenesysInputError(
    `option '${name}'${endpoint === method ? "" : ` of ${method}`} is ${shown(given)}; it must be ${inWords ?? issue.message}`,
    {
      endpoint,
      hint: typeof given === "string" && inWords?.startsWith("an array")
        ? `put the value in a list: ${name}: [${shown(given)}]`
        : `accepted options: ${accepted}`,
    },
  );
}
