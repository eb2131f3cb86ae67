/**
 * The Genesys AccessionFilter: one zod schema shared by the client (which
 * rejects a bad filter before any request) and the sandbox (which answers
 * 400 naming the bad key). Keys are those the service's AccessionFilter takes.
 *
 * Like the real server (Jackson ACCEPT_SINGLE_VALUE_AS_ARRAY), a scalar is
 * accepted where an array is expected: `{crop: "maize"}` == `{crop: ["maize"]}`.
 * Empty arrays and empty objects mean "no criterion".
 */
import { z } from "zod";

/** Values one filter array may hold (the sandbox's limit; larger lists are split by the caller). */
export const MAX_FILTER_VALUES = 10_000;
/** Words a `_text` search may have. */
export const MAX_TEXT_TERMS = 16;

const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item).max(MAX_FILTER_VALUES, `at most ${MAX_FILTER_VALUES.toLocaleString("en")} values`),
  );

/** Text without NUL characters (no genebank value has them; databases refuse them). */
export const text = (max: number) =>
  z.string().max(max, `at most ${max} characters`).refine((s) => !s.includes("\u0000"), "NUL characters are not allowed");

const strings = many(text(1000).pipe(z.string().min(1)));
const ints = many(z.number().int());
const uuids = many(z.uuid());

/** `{ge, le, gt, lt, eq[]}` on numbers (NumberFilter in the Genesys OpenAPI). */
export const NumberFilter = z.strictObject({
  eq: many(z.number()).optional(),
  ge: z.number().optional(),
  gt: z.number().optional(),
  le: z.number().optional(),
  lt: z.number().optional(),
});

/** `{ge, le}` on MCPD dates: YYYYMMDD strings, compared as text. */
export const DateRangeFilter = z.strictObject({
  ge: z.string().regex(/^\d{4}[\d-]{4}$/, "expected an MCPD date YYYYMMDD").optional(),
  le: z.string().regex(/^\d{4}[\d-]{4}$/, "expected an MCPD date YYYYMMDD").optional(),
});

/** `{ge, le}` on instants (ISO 8601). */
export const InstantRangeFilter = z.strictObject({
  ge: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  le: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const AccessionFilterShape = {
  _text: text(2000).refine((s) => s.trim().split(/\s+/).length <= MAX_TEXT_TERMS, `at most ${MAX_TEXT_TERMS} search words`).optional(),
  crop: strings.optional(),
  historic: z.boolean().optional(),
  institute: z.strictObject({
    code: strings.optional(),
    country: z.strictObject({ code3: strings.optional() }).optional(),
  }).optional(),
  accessionNumbers: strings.optional(),
  doi: strings.optional(),
  uuid: uuids.optional(),
  taxonomy: z.strictObject({
    genus: strings.optional(),
    species: strings.optional(),
    genusSpecies: strings.optional(),
  }).optional(),
  countryOfOrigin: z.strictObject({ code3: strings.optional() }).optional(),
  sampStat: ints.optional(),
  storage: ints.optional(),
  donorCode: strings.optional(),
  available: z.boolean().optional(),
  mlsStatus: z.boolean().optional(),
  sgsv: z.boolean().optional(),
  hasDoi: z.boolean().optional(),
  genotyped: z.boolean().optional(),
  curationType: strings.optional(),
  geo: z.strictObject({
    referenced: z.boolean().optional(),
    latitude: NumberFilter.optional(),
    longitude: NumberFilter.optional(),
    elevation: NumberFilter.optional(),
  }).optional(),
  acquisitionDate: DateRangeFilter.optional(),
  createdDate: InstantRangeFilter.optional(),
  subsets: uuids.optional(),
  datasets: uuids.optional(),
};

export const AccessionFilter = z.strictObject(AccessionFilterShape);
/** What a caller may pass (scalars allowed where arrays are expected). */
export type AccessionFilterInput = z.input<typeof AccessionFilter>;
/** The normalised filter (arrays everywhere). */
export type AccessionFilter = z.output<typeof AccessionFilter>;

/** Every accepted key, dotted, for error messages. */
export const FILTER_KEYS: string[] = (() => {
  const out: string[] = [];
  const walk = (shape: Record<string, z.ZodType>, prefix: string) => {
    for (const [k, v] of Object.entries(shape)) {
      const inner = unwrap(v);
      if (inner instanceof z.ZodObject && !["eq", "ge"].some((x) => x in inner.shape)) {
        walk(inner.shape as Record<string, z.ZodType>, `${prefix}${k}.`);
      } else out.push(prefix + k);
    }
  };
  walk(AccessionFilterShape, "");
  return out;
})();

function unwrap(t: z.ZodType): z.ZodType {
  let cur: z.ZodType = t;
  while (cur instanceof z.ZodOptional) cur = cur.unwrap() as z.ZodType;
  return cur;
}

/** Drops `{}` and `[]` values (an absent key means "do not filter on this"). */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const pv = pruneEmpty(v);
      if (pv === undefined || pv === null) continue;
      if (Array.isArray(pv) && pv.length === 0) continue;
      if (typeof pv === "object" && !Array.isArray(pv) && Object.keys(pv).length === 0) continue;
      out[k] = pv;
    }
    return out;
  }
  return value;
}

/** Turns zod issues into one sentence naming each bad key. */
export function describeIssues(issues: z.core.$ZodIssue[], root = "filter"): string {
  return issues.map((i) => {
    const at = [root, ...i.path.map(String)].join(".");
    if (i.code === "unrecognized_keys") {
      return `unknown filter key${i.keys.length > 1 ? "s" : ""} ${
        i.keys.map((k) => `'${[...i.path.map(String), k].join(".")}'`).join(", ")
      } in ${at}`;
    }
    return `${at}: ${i.message}`;
  }).join("; ");
}

export type ParseFilterResult =
  | { ok: true; filter: AccessionFilter }
  | { ok: false; message: string };

/**
 * Validates and normalises a filter; the message names every bad key.
 * @example
 * ```ts
 * import { parseFilter } from "genesys-notebook";
 * const r = parseFilter({ crop: ["beans"], sampStat: [300] });
 * if (!r.ok) console.error(r.message);
 * ```
 */
export function parseFilter(input: unknown, root = "filter"): ParseFilterResult {
  if (input === undefined || input === null) return { ok: true, filter: {} };
  if (typeof input !== "object" || Array.isArray(input)) {
    return {
      ok: false,
      message: `${root} must be a JSON object (an AccessionFilter), got ${Array.isArray(input) ? "an array" : typeof input}`,
    };
  }
  const r = AccessionFilter.safeParse(pruneEmpty(input));
  if (r.success) return { ok: true, filter: r.data };
  const unknown = r.error.issues.some((i) => i.code === "unrecognized_keys");
  return {
    ok: false,
    message: describeIssues(r.error.issues, root) + (unknown ? `. Known keys: ${FILTER_KEYS.join(", ")}` : ""),
  };
}
