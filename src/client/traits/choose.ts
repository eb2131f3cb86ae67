/**
 * Which trial datasets a traits() call reads: every dataset with data for the filter, or those the caller named by UUID
 * or by title (any case). A name that is neither a UUID nor a title of the filter's datasets is a GenesysInputError
 * listing the titles there are and naming g.datasets(filter), which lists them with their UUIDs.
 */
import type { Datatable } from "../../schema/responses.ts";
import { UUID_RE } from "../../schema/uuid.ts";
import { GenesysInputError, GenesysRequestError } from "../../kernel/errors.ts";
import type { Cancellable, Transport } from "../core/transport.ts";
import { closest } from "../../kernel/closest.ts";
import { canonical, datatables, traitDatasets } from "./requests.ts";

export async function chooseDatasets(
  t: Transport,
  filter: unknown,
  wanted: readonly string[] | undefined,
  opts: Cancellable,
): Promise<Datatable[]> {
  // UUIDs only: no need to ask which datasets the filter has, unless one of them is unknown (then the list says which there are)
  if (wanted && wanted.every((w) => UUID_RE.test(w))) {
    try {
      return await datatables(t, [...wanted], opts);
    } catch (e) {
      if (!(e instanceof GenesysRequestError && e.status === 404)) throw e;
    }
  }
  const all = await datatables(t, await traitDatasets(t, filter, opts), opts);
  if (!wanted) return all;
  const chosen: Datatable[] = [];
  const unknown: string[] = [];
  for (const w of wanted) {
    const key = w.trim().toLowerCase();
    const hits = all.filter((d) => d.key === canonical(w) || d.title.trim().toLowerCase() === key);
    if (!hits.length) unknown.push(w);
    for (const h of hits) if (!chosen.includes(h)) chosen.push(h);
  }
  if (unknown.length) {
    const titles = [...new Set(all.map((d) => d.title))].sort();
    const near = unknown.flatMap((u) => closest(u, titles, 1));
    throw new GenesysInputError(
      `dataset${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `'${u}'`).join(", ")} not among the ${all.length} trial ` +
        `datasets with data for this filter${near.length ? ` (did you mean '${near.join("', '")}'?)` : ""}`,
      {
        endpoint: "traits()",
        hint: `datasets takes titles or UUIDs; g.datasets(filter) lists them (title, uuid, version)${
          titles.length ? `; titles here: ${titles.slice(0, 10).join("; ")}${titles.length > 10 ? "; …" : ""}` : ""
        }`,
      },
    );
  }
  return chosen;
}
