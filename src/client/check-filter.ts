import { AccessionFilter, type AccessionFilterInput, FILTER_KEYS, parseFilter, pruneEmpty } from "../schema/filter.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { closest } from "./options.ts";

/** Every key a filter path can name: the leaves (`institute.code`) and the objects holding them (`institute`). */
const PATHS = [...new Set(FILTER_KEYS.flatMap((k) => k.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."))))];

/** "unknown filter key 'crops' (did you mean 'crop'?)", one part per unknown key, or undefined when every key is known. */
function unknownKeys(filter: unknown): string | undefined {
  const r = AccessionFilter.safeParse(pruneEmpty(filter));
  if (r.success) return undefined;
  const keys = r.error.issues.flatMap((
    i,
  ) => (i.code === "unrecognized_keys" ? i.keys.map((k) => [...i.path.map(String), k].join(".")) : []));
  if (!keys.length) return undefined;
  const parts = keys.map((k) => {
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
