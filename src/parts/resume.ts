/**
 * Resuming an interrupted multi-page export, one rule for every export kept on disk (the passport cache entry's pages,
 * the Parquet sink's folder: one format, manifest.ts). Complete pages are kept as they pass, and a later run of the same
 * query starts after them, but only when they can be shown to belong to the same result (`refuse`):
 *   - they were kept under the same record of what shapes the pages (`PassportQuery.pagesContext`),
 *   - they are younger than the time-to-live,
 *   - the service still answers the first and the last kept row with the same values (a row added or removed before
 *     the boundary shifts them).
 * Otherwise they are dropped, the export starts over, and the diagnostics say why.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { partRows, type PartsManifest } from "./manifest.ts";
import { readPart } from "./part.ts";

/** What is known of the kept pages of an unfinished export, before they are used. */
export interface Kept {
  /** What shaped them, as recorded when the first was kept. */
  context: Record<string, unknown>;
  /** When the first was kept (ISO 8601). */
  createdAt: string;
  /** Their rows in all. */
  rows: number;
  /** Their first and last row, each a one-row frame (read only when the checks get that far). */
  ends(): [DataFrame, DataFrame];
  /** The columns the service's rows must have exactly (a stored page's); otherwise only the kept rows' columns. */
  exactColumns?: string[];
}

/** The complete pages 0..k-1 of an unfinished export kept in the cache (CacheStore.readPages), as resuming uses them. */
export interface StoredPages {
  frames: DataFrame[];
  /** The header the service sent with the first page. */
  header: string[];
  /** When the first page was stored (ISO 8601). */
  createdAt: string;
  /** What shaped the pages, as given when the first was stored. */
  context: Record<string, unknown>;
  /** The pages as `refuse` checks them (keptParts). */
  kept: Kept;
}

export interface ResumeCheck {
  /** What shapes the pages now. */
  context: Record<string, unknown>;
  /** Kept pages older than this are not used. */
  ttlMs?: number;
  /** Fetches row `index` alone, typed like a kept page; undefined when the service has no such row. */
  row: (index: number) => Promise<DataFrame | undefined>;
}

/**
 * The complete parts a manifest names, as `refuse` reads them: the first row of the first part with rows, the last row
 * of the last. `exact`: the service's row must have exactly the parts' columns (pages stored as the service sent them).
 */
export function keptParts(dir: string, m: PartsManifest, exact = false): Kept {
  const withRows = m.parts.filter((p) => p.rows > 0);
  return {
    context: m.context,
    createdAt: m.createdAt,
    rows: partRows(m),
    exactColumns: exact && m.parts.length ? m.parts[0]!.columns.map(([n]) => n) : undefined,
    ends: () => {
      const first = withRows.length ? readPart(dir, withRows[0]!, 1) : undefined;
      const last = withRows.length ? readPart(dir, withRows[withRows.length - 1]!) : undefined;
      if (!first || !last) throw new Error("a kept part could not be read back");
      return [first.slice(0, 1), last.slice(last.height - 1, 1)];
    },
  };
}

/** A one-row frame as text, over the given columns: the same values typed the same way give the same text. */
const rowText = (df: DataFrame, columns: string[]) => JSON.stringify(df.select(...columns.map((c) => pl.col(c).cast(pl.Utf8))).row(0));

/** Why the kept pages cannot be used, or undefined when they can. */
export async function refuse(kept: Kept, check: ResumeCheck): Promise<string | undefined> {
  if (JSON.stringify(kept.context) !== JSON.stringify(check.context)) return "they were kept with other page settings";
  const age = Date.now() - Date.parse(kept.createdAt);
  if (check.ttlMs !== undefined && !(age <= check.ttlMs)) return `they are from ${kept.createdAt}, older than the cache's time-to-live`;
  let ends: [DataFrame, DataFrame];
  try {
    ends = kept.ends();
  } catch (e) {
    return `they could not be read back (${(e as Error).message})`;
  }
  const [first, last] = ends;
  const columns = first.columns;
  for (const [index, row] of [[0, first], [kept.rows - 1, last]] as const) {
    let fresh: DataFrame | undefined;
    try {
      fresh = await check.row(index);
    } catch (e) {
      return `the service could not confirm them (${(e as Error).message.split("\n")[0]})`;
    }
    if (!fresh || fresh.height !== 1) return `the service has no row ${index + 1} any more`;
    const shape = kept.exactColumns
      ? fresh.columns.join("\t") === kept.exactColumns.join("\t")
      : columns.every((c) => fresh!.columns.includes(c));
    if (!shape || rowText(fresh, columns) !== rowText(row, columns)) {
      return `row ${index + 1} has changed on the service since they were kept`;
    }
  }
  return undefined;
}

/** The note for kept pages that were not used. */
export const refused = (why: string) => `stored pages of an interrupted download were not used: ${why}; the export started over`;

/** The note for kept pages that were used. */
export const resumedNote = (pages: number, rows: number, createdAt: string) =>
  `resumed at page ${pages}: pages 0 to ${pages - 1} (${rows.toLocaleString("en")} rows) came from an earlier, interrupted ` +
  `download of ${createdAt} (checked against the service)`;
