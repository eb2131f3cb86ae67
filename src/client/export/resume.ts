/**
 * Resuming an interrupted multi-page export, one rule for both places an export is kept on disk (the passport cache
 * entry's pages, the Parquet sink's folder). Complete pages are kept as they pass, and a later run of the same query
 * starts after them, but only when they can be shown to belong to the same result (`refuse`):
 *   - they were kept under the same record of what shapes the pages (`PassportQuery.pagesContext`),
 *   - they are younger than the time-to-live,
 *   - the service still answers the first and the last kept row with the same values (a row added or removed before
 *     the boundary shifts them).
 * Otherwise they are dropped, the export starts over, and the diagnostics say why.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { stackBlocks } from "../csv/typing.ts";
import { CoercionLog } from "../core/diagnostics.ts";
import type { PageBlock } from "./pages.ts";
import type { Kinds } from "../csv/typing.ts";

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

export interface ResumeCheck {
  /** What shapes the pages now. */
  context: Record<string, unknown>;
  /** Kept pages older than this are not used. */
  ttlMs?: number;
  /** Fetches row `index` alone, typed like a kept page; undefined when the service has no such row. */
  row: (index: number) => Promise<DataFrame | undefined>;
}

/** A one-row frame as text, over the given columns: the same values typed the same way give the same text. */
const rowText = (df: DataFrame, columns: string[]) => JSON.stringify(df.select(...columns.map((c) => pl.col(c).cast(pl.Utf8))).row(0));

/** Why the kept pages cannot be used, or undefined when they can. */
export async function refuse(kept: Kept, check: ResumeCheck): Promise<string | undefined> {
  if (JSON.stringify(kept.context) !== JSON.stringify(check.context)) return "they were kept with other page settings";
  const age = Date.now() - Date.parse(kept.createdAt);
  if (check.ttlMs !== undefined && !(age <= check.ttlMs)) return `they are from ${kept.createdAt}, older than the cache's time-to-live`;
  const [first, last] = kept.ends();
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

/** The complete pages 0..k-1 of an unfinished export in the cache. */
export interface StoredPages {
  frames: DataFrame[];
  header: string[];
  /** When the first page was stored (ISO 8601). */
  createdAt: string;
  /** What shaped the pages, as given to write(). */
  context: Record<string, unknown>;
}

/** Where the complete pages of one export are kept in the cache (the entry's pages). */
export interface PageStore {
  read(): StoredPages | undefined;
  write(page: number, df: DataFrame, header: string[], context: Record<string, unknown>): void;
  drop(): void;
}

/** Stored pages as `refuse` reads them. */
function keptPages(s: StoredPages): Kept {
  const rows = s.frames.reduce((n, f) => n + f.height, 0);
  return {
    context: s.context,
    createdAt: s.createdAt,
    rows,
    exactColumns: s.frames[0]!.columns,
    ends: () => {
      const all = stackBlocks(s.frames);
      return [all.slice(0, 1), all.slice(all.height - 1, 1)];
    },
  };
}

/**
 * The export's blocks (passports() with the cache), starting after the stored pages when they still hold; every full
 * page (`pageSize` rows, so another may follow) is stored as it completes. The notes on resuming are on the first block.
 */
export async function* resumable(
  store: PageStore | undefined,
  check: ResumeCheck & { context: { pageSize: number }; kindsOf: (header: string[]) => Kinds },
  run: (startPage: number, rowsBefore: number) => AsyncIterable<PageBlock>,
): AsyncGenerator<PageBlock> {
  const notes = new CoercionLog();
  let stored = store?.read();
  const why = stored && (await refuse(keptPages(stored), check));
  if (why) {
    notes.note(refused(why));
    store!.drop();
    stored = undefined;
  }
  let start = 0, before = 0;
  for (const df of stored?.frames ?? []) {
    before += df.height;
    if (start === 0) notes.note(resumedNote(stored!.frames.length, stored!.frames.reduce((n, f) => n + f.height, 0), stored!.createdAt));
    const kinds = check.kindsOf(stored!.header);
    const resumedAt = stored!.frames.length;
    yield {
      page: start++,
      df,
      header: stored!.header,
      kinds,
      last: true,
      rows: before,
      bytes: 0,
      pageRows: df.height,
      log: notes,
      resumedAt,
    };
  }
  const resumedAt = stored ? start : undefined;
  let page: DataFrame[] = [];
  // the notes go with the first block (a refusal's when nothing was resumed)
  let pending = !stored && notes.notes.length ? notes : undefined;
  for await (const b of run(start, before)) {
    if (pending) b.log.merge(pending);
    pending = undefined;
    page.push(b.df);
    yield resumedAt === undefined ? b : { ...b, resumedAt };
    if (!b.last) continue;
    const rows = page.reduce((n, f) => n + f.height, 0);
    if (store && rows === check.context.pageSize) store.write(b.page, stackBlocks(page), b.header, check.context);
    page = [];
  }
}
