/**
 * Resuming an interrupted multi-page export, as a wrapper around the
 * export's block iterator: complete pages are stored as they pass, and a
 * later run of the same query starts after them, but only when the stored
 * pages can be shown to belong to the same result:
 *   - they were stored with the same page size and columns (`context`),
 *   - they are younger than the cache's time-to-live,
 *   - the service still answers the first and the last stored row with the
 *     same values (a row added or removed before the boundary shifts them).
 * Otherwise the stored pages are dropped, the export starts over, and the
 * diagnostics say why.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { stackBlocks } from "../csv/typing.ts";
import type { CoercionLog } from "../core/diagnostics.ts";
import type { PageBlock } from "./pages.ts";
import type { Kinds } from "../csv/typing.ts";

export interface StoredPages {
  frames: DataFrame[];
  header: string[];
  /** When the first page was stored (ISO 8601). */
  createdAt: string;
  /** What shaped the pages (page size, columns…), as given to write(). */
  context: Record<string, unknown>;
}

/** Where the complete pages of one export are kept (the cache entry's pages). */
export interface PageStore {
  read(): StoredPages | undefined;
  write(page: number, df: DataFrame, header: string[], context: Record<string, unknown>): void;
  drop(): void;
}

export interface ResumeOptions {
  /** Stored pages older than this are not used. */
  ttlMs: number;
  /** What shapes the pages; stored pages with another context are not used. Must hold `pageSize`. */
  context: Record<string, unknown> & { pageSize: number };
  kindsOf: (header: string[]) => Kinds;
  log: CoercionLog;
  /** Fetches row `index` alone, typed like a stored page; undefined when the service has no such row. */
  row: (index: number) => Promise<DataFrame | undefined>;
}

/** A one-row frame as text, over the given columns: the same values typed the same way give the same text. */
const rowText = (df: DataFrame, columns: string[]) => JSON.stringify(df.select(...columns.map((c) => pl.col(c).cast(pl.Utf8))).row(0));

/**
 * Whether the service still answers stored rows the same: each sample (row index, the stored row) is asked alone
 * (`row`) and compared as text over `columns`. A reason when it does not (or cannot be asked), else undefined.
 * `exactColumns`: the fresh row must have exactly these columns (a stored page), not only `columns`.
 */
export async function rowsChanged(
  samples: [number, DataFrame][],
  columns: string[],
  row: (index: number) => Promise<DataFrame | undefined>,
  stored: "stored" | "written",
  exactColumns?: string[],
): Promise<string | undefined> {
  for (const [index, kept] of samples) {
    let fresh: DataFrame | undefined;
    try {
      fresh = await row(index);
    } catch (e) {
      return `the service could not confirm them (${(e as Error).message.split("\n")[0]})`;
    }
    if (!fresh || fresh.height !== 1) return `the service has no row ${index + 1} any more`;
    const shape = exactColumns ? fresh.columns.join("\t") === exactColumns.join("\t") : columns.every((c) => fresh!.columns.includes(c));
    if (!shape || rowText(fresh, columns) !== rowText(kept, columns)) {
      return `row ${index + 1} has changed on the service since they were ${stored}`;
    }
  }
  return undefined;
}

/** Why stored pages cannot be used, or undefined when they can. */
async function refuse(stored: StoredPages, o: ResumeOptions): Promise<string | undefined> {
  if (JSON.stringify(stored.context) !== JSON.stringify(o.context)) {
    return `they were stored with other page settings (${JSON.stringify(stored.context)})`;
  }
  const age = Date.now() - Date.parse(stored.createdAt);
  if (!(age <= o.ttlMs)) return `they are from ${stored.createdAt}, older than the cache's time-to-live`;
  const all = stackBlocks(stored.frames);
  const samples = [...new Set([0, all.height - 1])].map((i) => [i, all.slice(i, 1)] as [number, DataFrame]);
  return await rowsChanged(samples, stored.header, o.row, "stored", all.columns);
}

/**
 * The export's blocks, starting after the stored pages when they still hold; every full page (`pageSize` rows, so
 * another may follow) is stored as it completes.
 */
export async function* resumable(
  store: PageStore | undefined,
  o: ResumeOptions,
  run: (startPage: number, rowsBefore: number) => AsyncIterable<PageBlock>,
): AsyncGenerator<PageBlock> {
  let stored = store?.read();
  if (stored) {
    const why = await refuse(stored, o);
    if (why) {
      o.log.note(`stored pages of an interrupted download were not used: ${why}; the export started over`);
      store!.drop();
      stored = undefined;
    }
  }
  let start = 0, before = 0;
  if (stored) {
    const kinds = o.kindsOf(stored.header);
    for (const df of stored.frames) {
      before += df.height;
      yield {
        page: start,
        df,
        header: stored.header,
        kinds,
        last: true,
        rows: df.height,
        bytes: 0,
        log: o.log,
        resumedAt: stored.frames.length,
      };
      start++;
    }
    o.log.note(
      `resumed at page ${start}: pages 0 to ${start - 1} (${before.toLocaleString("en")} rows) came from an earlier, ` +
        `interrupted download of ${stored.createdAt} (checked against the service)`,
    );
  }
  let page: DataFrame[] = [];
  const resumedAt = stored ? start : undefined;
  for await (const b of run(start, before)) {
    page.push(b.df);
    yield resumedAt === undefined ? b : { ...b, resumedAt };
    if (!b.last) continue;
    if (store && b.rows === o.context.pageSize) store.write(b.page, stackBlocks(page), b.header, o.context);
    page = [];
  }
}
