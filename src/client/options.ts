/**
 * The options objects of every public Genesys method, checked at run time before any request. Notebook cells are not
 * type-checked, so this is the check most users get: an unknown key (`selct`), a wrong type (`cache: true`, a string
 * where a list is expected) or a value outside the accepted ones (`aggregate: "average"`) is a GenesysInputError that
 * names the option, what was given and what is accepted, with a "did you mean" when the name is close to a known one.
 *
 * Each option is a zod schema and the words that say what it accepts; every method's set is a strict object of them.
 */
import { z } from "zod";
import { GenesysInputError } from "./core/errors.ts";
import { closest } from "./core/closest.ts";

export { closest };

/** One option: its schema and what it accepts, in words. */
type Option = readonly [z.ZodType, string];

const fn: Option = [z.custom((v) => typeof v === "function"), "a function"];
const signal: Option = [
  z.custom((v) => typeof AbortSignal !== "undefined" && v instanceof AbortSignal),
  "an AbortSignal (e.g. AbortSignal.timeout(60_000))",
];
const bool: Option = [z.boolean(), "true or false"];
const str: Option = [z.string().min(1), "a non-empty string"];
const strings = (example: string): Option => [z.array(z.string().min(1)), `an array of strings, e.g. ${example}`];
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Option => [
  z.number().int().min(min).max(max),
  max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max.toLocaleString("en")}`,
];
const ms: Option = [z.number().min(0), "a number of milliseconds >= 0"];
const nonNegative: Option = [z.number().min(0), "a number >= 0"];

const CACHE_MODES = ["off", "on", "refresh", "offline"] as const;
const cacheMode = z.enum(CACHE_MODES);
const cache: Option = [
  z.union([cacheMode, z.strictObject({ mode: cacheMode.optional(), ttlMs: z.number().min(0).optional() })]),
  `one of ${CACHE_MODES.map((m) => `"${m}"`).join(", ")}, or { mode, ttlMs }`,
];

const NUMERIC = ["list", "mean", "median", "min", "max", "first", "count"] as const;
const CODED = ["list", "mode", "first", "count"] as const;
const OTHER = ["list", "first", "count"] as const;
const aggregate: Option = [
  z.union([
    z.enum(NUMERIC),
    z.strictObject({ numeric: z.enum(NUMERIC).optional(), coded: z.enum(CODED).optional(), other: z.enum(OTHER).optional() }),
  ]),
  `one of ${NUMERIC.map((m) => `"${m}"`).join(", ")}, or { numeric, coded: ${CODED.map((m) => `"${m}"`).join("|")}, other: ${
    OTHER.map((m) => `"${m}"`).join("|")
  } }`,
];

const transport = {
  retries: int(0, 20),
  backoffMs: ms,
  maxRetryAfterMs: ms,
  timeoutMs: [z.number().positive(), "a number of milliseconds > 0"] as Option,
  maxJsonBytes: [z.number().positive(), "a number of bytes > 0"] as Option,
  deadlineMs: [z.number().positive(), "a number of milliseconds > 0"] as Option,
  minBytesPerSecond: nonNegative,
  throughputWindowMs: [z.number().positive(), "a number of milliseconds > 0"] as Option,
  userAgent: str,
  dispatcher: [z.custom((v) => typeof v === "object" && v !== null), "an undici Dispatcher"] as Option,
  onRetry: fn,
};
const client = {
  ...transport,
  baseUrl: [z.string().min(1), 'the server root as a string, e.g. "https://api.genesys-pgr.org"'] as Option,
  token: [z.string(), "an access token (a string)"] as Option,
  clientId: str,
  clientSecret: str,
  cache,
  cacheDir: [z.string().min(1), "a folder path (a string)"] as Option,
  tokens: [z.custom((v) => typeof (v as { token?: unknown } | null)?.token === "function"), "a TokenProvider"] as Option,
};
const login = {
  redirectPort: int(0, 65535),
  scope: str,
  open: fn,
  loginTimeoutMs: [z.number().positive(), "a number of milliseconds > 0"] as Option,
  signal,
};
const passports = {
  select: strings('["ACCENUMB", "ORIGCTY"]'),
  limit: int(1),
  pageSize: int(1, 1_000_000),
  onProgress: fn,
  parseDates: bool,
  signal,
  decode: bool,
  cache,
  onDiagnostics: fn,
};
const { decode: _d, cache: _c, ...parquetBase } = passports;

/** The options of each public method, by the name its messages use. */
export const OPTIONS = {
  "new Genesys()": client,
  "Genesys.fromEnv()": client,
  "Genesys.login()": { ...client, ...login },
  "passports()": passports,
  "passportBatches()": passports,
  "passportsToParquet()": {
    ...parquetBase,
    resume: bool,
    ttlMs: ms,
    compression: [
      z.enum(["uncompressed", "snappy", "lz4", "zstd", "gzip"]),
      '"snappy" (the default), "zstd", "lz4", "gzip" or "uncompressed"',
    ],
  },
  "accessions()": { size: int(1, 1_000), signal, cache },
  "datasets()": { signal, cache },
  "descriptors()": { signal, cache },
  "traits()": {
    datasets: strings('["c5f1…"] (dataset UUIDs)'),
    descriptors: strings('["Seed iron content"]'),
    aggregate,
    decode: bool,
    pageSize: int(1, 1_000),
    cache,
    onProgress: fn,
    signal,
  },
  "crops()": { signal },
  "species()": { signal },
  "institutes()": { code: strings('["COL003"]'), country: strings('["COL"]'), withAccessions: bool, signal },
  "instituteNames()": { signal },
  "overview()": { signal, limit: int(1) },
  "accession()": { signal },
  "subsets()": { institute: strings('["COL003"]'), crop: strings('["beans"]'), signal },
  "me()": { signal },
} satisfies Record<string, Record<string, Option>>;

export type OptionsOf = keyof typeof OPTIONS;

const schemas = new Map<string, z.ZodType>();
function schemaOf(method: OptionsOf): z.ZodType {
  let s = schemas.get(method);
  if (!s) {
    const shape = Object.fromEntries(Object.entries(OPTIONS[method]).map(([k, [schema]]) => [k, schema.optional()]));
    schemas.set(method, s = z.strictObject(shape));
  }
  return s;
}

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
  const known = OPTIONS[method] as Record<string, Option>;
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
  throw new GenesysInputError(`option '${name}' of ${method} is ${shown(given)}; it must be ${known[name]?.[1] ?? issue.message}`, {
    endpoint,
    hint: typeof given === "string" && known[name]?.[1].startsWith("an array")
      ? `put the value in a list: ${name}: [${shown(given)}]`
      : `accepted options: ${accepted}`,
  });
}
