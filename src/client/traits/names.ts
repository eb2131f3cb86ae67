/**
 * Column names for descriptors, computed once per trait request: the
 * descriptor's title; when titles clash, "title (unit)" if that separates
 * them, else "title [columnName]", else "title [uuid8]". A title equal to a
 * key column of the trait frames gets the same treatment.
 */
import type { Descriptor } from "../../schema/responses.ts";

/** Key columns of the wide frame (and the first columns of the long one). */
export const TRAIT_KEYS = ["INSTCODE", "ACCENUMB", "DOI", "UUID", "dataset", "trial"] as const;

/** Descriptor UUID (canonical) -> column name, for every descriptor in `list`. */
export function descriptorColumnNames(list: readonly Descriptor[]): Map<string, string> {
  const names = new Map<string, string>();
  const byTitle = new Map<string, Descriptor[]>();
  for (const d of list) byTitle.set(d.title, [...(byTitle.get(d.title) ?? []), d]);
  const taken = new Set<string>(TRAIT_KEYS);
  for (const [title, group] of byTitle) {
    if (group.length === 1 && !taken.has(title)) {
      names.set(group[0]!.uuid, title);
      taken.add(title);
      continue;
    }
    const tries: ((d: Descriptor) => string | undefined)[] = [
      (d) => (d.uom ? `${title} (${d.uom})` : undefined),
      (d) => (d.columnName ? `${title} [${d.columnName}]` : undefined),
      (d) => `${title} [${d.uuid.slice(0, 8)}]`,
      (d) => `${title} [${d.uuid}]`,
    ];
    for (const attempt of tries) {
      const candidate = group.map(attempt);
      if (candidate.every((c) => c !== undefined && !taken.has(c)) && new Set(candidate).size === group.length) {
        group.forEach((d, i) => names.set(d.uuid, candidate[i]!));
        candidate.forEach((c) => taken.add(c!));
        break;
      }
    }
  }
  return names;
}
