/**
 * One accession per collecting site: accessions collected at the same point (their coordinates equal to 4 decimals,
 * about 11 m) count once when a model is trained or a subset is chosen, since their climate is one climate. Accessions
 * without coordinates are each their own site. The merged accessions are listed, never dropped silently.
 */

export interface SiteGroups {
  /** The site of every row (a row number of its first accession); -1 where the row is not considered. */
  siteOf: number[];
  /** The sites' first rows, in row order. */
  firsts: number[];
  /** The rows of each site, by its first row. */
  members: Map<number, number[]>;
}

/** The site key of a row: its coordinates to 4 decimals, or undefined without both. */
export const siteKey = (lat: number | null | undefined, lon: number | null | undefined): string | undefined =>
  lat == null || lon == null || !Number.isFinite(lat) || !Number.isFinite(lon) ? undefined : `${lat.toFixed(4)},${lon.toFixed(4)}`;

/**
 * Groups the `rows` considered by collecting site. `merge` false: every row its own site.
 */
export function groupSites(
  rows: readonly number[],
  lat: readonly (number | null)[] | undefined,
  lon: readonly (number | null)[] | undefined,
  merge: boolean,
  length: number,
): SiteGroups {
  const siteOf = new Array<number>(length).fill(-1), firsts: number[] = [], members = new Map<number, number[]>();
  const byKey = new Map<string, number>();
  for (const r of rows) {
    const key = merge && lat && lon ? siteKey(lat[r], lon[r]) : undefined;
    const first = key === undefined ? r : byKey.get(key) ?? r;
    if (key !== undefined) byKey.set(key, first);
    siteOf[r] = first;
    if (first !== r) members.get(first)!.push(r);
    else {
      firsts.push(r);
      members.set(r, [r]);
    }
  }
  return { siteOf, firsts, members };
}
