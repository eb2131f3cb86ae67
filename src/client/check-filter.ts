import { type AccessionFilterInput, parseFilter } from "../schema/filter.ts";
import { GenesysInputError } from "./core/errors.ts";

/** Validates a passport filter before any request; a bad key or value is a GenesysInputError naming it. */
export function checkFilter(filter: AccessionFilterInput | undefined, endpoint = "filter"): AccessionFilterInput {
  const r = parseFilter(filter ?? {});
  if (!r.ok) throw new GenesysInputError(r.message, { endpoint, hint: "see docs/api.md#filters for the accepted keys and types" });
  return r.filter;
}
