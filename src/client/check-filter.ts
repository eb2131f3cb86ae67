import { AccessionFilter, type AccessionFilterInput, FILTER_KEYS, parseFilter, pruneEmpty } from "../schema/filter.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { closest } from "./options.ts";
import { fieldByMcpd } from "../schema/passport-fields.ts";

/** Every key a filter path can name: the leaves (`institute.code`) and the objects holding them (`institute`). */
const PATHS = [...new Set(FILTER_KEYS.flatMap((k) => k.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."))))];

/** MCPD names whose filter key is not their export path (ORIGCTY's path is origCty; its filter key countryOfOrigin.code3). */
const MCPD_FILTER: Record<string, string> = { ACCENUMB: "accessionNumbers", CROPCODE: "crop", CROPNAME: "crop" };

/** The filter key an MCPD name (ORIGCTY, INSTCODE, SAMPSTAT…) stands for, when it has one. */
function mcpdKey(key: string): string | undefined {
  const field = fieldByMcpd(key);
  if (!field) return undefined;
  return MCPD_FILTER[field.mcpd] ?? [field.path, ...(field.synonyms ?? [])].find((p) => FILTER_KEYS.includes(p));
}

/** The value the caller gave under a key path ("ORIGCTY"), for the suggestion. */
function valueAt(filter: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), filter);
}

/** `countryOfOrigin: { code3: ["MEX"] }`: a key path written as the nested object a filter takes. */
function nested(path: string, value: unknown): string {
  const shown = value === undefined ? "…" : JSON.stringify(value).replaceAll(",", ", ");
  return path.split(".").reduceRight((inner, k) => `{ ${k}: ${inner} }`, shown).slice(2, -2);
}

/** "unknown filter key 'crops' (did you mean 'crop'?)", one part per unknown key, or undefined when every key is known. */
function unknownKeys(filter: unknown): string | undefined {
  const r = AccessionFilter.safeParse(pruneEmpty(filter));
  if (r.success) return undefined;
  const keys = r.error.issues.flatMap((
    i,
  ) => (i.code === "unrecognized_keys" ? i.keys.map((k) => [...i.path.map(String), k].join(".")) : []));
  if (!keys.length) return undefined;
  const parts = keys.map((k) => {
    const mcpd = mcpdKey(k);
    if (mcpd) return `'${k}' (an MCPD name: filter with ${nested(mcpd, valueAt(filter, k))})`;
    const near = closest(k, PATHS, 1);
    return `'${k}'${near.length ? ` (did you mean '${near[0]}'?)` : ""}`;
  });
  return `unknown filter key${keys.length > 1 ? "s" : ""} ${parts.join(", ")}`;
}

/** Validates a passport filter before any request; a bad key or value is a GenesysInputError naming it. */
export function checkFilter(filter: AccessionFilterInput | undefined, endpoint = "filter"): AccessionFilterInput {
  const r = parseFilter(filter ?? {});
  if (r.ok) return r.filter;
  const unknown = unknownKeys(filter);
  if (unknown) throw new GenesysInputError(unknown, { endpoint, hint: `known keys: ${FILTER_KEYS.join(", ")} (docs/api.md#filters)` });
  throw new GenesysInputError(r.message, { endpoint, hint: "see docs/api.md#filters for the accepted keys and types" });
}
