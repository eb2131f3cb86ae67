/**
 * Passport export: `/acn/query` CSV as one pull-based pipeline of typed blocks, paging past the 1,000,000-row limit of
 * one request. `exportBlocks` is the source every consumer reads: passports() collects it (collect.ts),
 * passportBatches() finishes it block by block (batches.ts), the Parquet sink writes it (parquet.ts), and a resumed
 * export (resume.ts) is a wrapper around it.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import type { DataFrame } from "nodejs-polars";
import { type TypedBlock, typedBlocks } from "../csv/stream.ts";
import { assembleFrame, type Kinds, stackBlocks } from "../csv/typing.ts";
import { CoercionLog } from "../../kernel/diagnostics.ts";
import { GenesysResponseError } from "../../kernel/errors.ts";
import { abortErrorOf } from "../core/limits.ts";
import type { Progress } from "../../kernel/progress.ts";
import type { Transport } from "../core/transport.ts";
import type { ExportPlan, PassportQuery } from "./query.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;

/** A typed block of one page of the export, counted at the source: consumers never recount. */
export interface PageBlock {
  page: number;
  /** Its rows, cut where the export's `limit` is reached. */
  df: DataFrame;
  header: string[];
  kinds: Kinds;
  /** The last block of its page (the page is complete), or of the export (at `limit`). */
  last: boolean;
  /** What was coerced reading this block, and every note that concerns it (the body's, the page's). */
  log: CoercionLog;
  /** Rows and body bytes of the export up to and including this block (stored pages of a resumed export included). */
  rows: number;
  bytes: number;
  /** Rows of this block's page so far, as the service sent them (before `limit`). */
  pageRows: number;
  /** Set when the export resumed an interrupted download at this page (resume.ts). */
  resumedAt?: number;
}

/** Where an export starts: after the pages a resumed export already holds. */
export interface ExportStart {
  startPage?: number;
  rowsBefore?: number;
  signal?: AbortSignal;
  /** How blocks are cut and parsed (csv/stream.ts; its defaults when absent): the Parquet sink holds fewer, smaller ones. */
  blocks?: { blockBytes?: number; inFlight?: number };
}

/** One request's rows (`p`, `l`) as typed blocks; the last one marked. Rows and bytes are the page's. */
async function* pageBlocks(t: Transport, filter: unknown, plan: ExportPlan, p: number, l: number, start: ExportStart = {}) {
  const { signal } = start;
  const res = await t.post(ENDPOINTS.acnQuery, { query: { p, l, select: plan.select }, body: filter, accept: "text/csv, */*", signal });
  const blocks = typedBlocks(t.body(res, ENDPOINT, signal), {
    endpoint: ENDPOINT,
    kinds: plan.kindsOf,
    parseDates: plan.parseDates,
    contentType: String(res.headers["content-type"] ?? ""),
    signal,
    ...start.blocks,
  });
  // one block of look-ahead, to mark the page's last
  let held: TypedBlock | undefined;
  for await (const b of blocks) {
    if (held) yield { block: held, last: false };
    held = b;
  }
  if (held) yield { block: held, last: true };
}

const listed = (names: string[]) => names.map((n) => `'${n}'`).join(", ");

/**
 * What the export checks page by page: each page's header against the `select` and the first page's, a page that
 * repeats the one before, and a service that sends shorter pages than asked for.
 */
class PageChecks {
  #asked: string[];
  #first: string[] | undefined;
  #previous: string | undefined;
  #short = false;
  #firstRow: DataFrame | undefined;

  constructor(private readonly plan: ExportPlan) {
    this.#asked = plan.columns.map((c) => c.header);
  }

  /** The page's first block: a selected column missing is a GenesysResponseError; other differences are noted. */
  pageStart(page: number, b: TypedBlock): void {
    this.#firstRow = undefined;
    const missing = this.#asked.filter((h) => !b.header.includes(h));
    const unexpected = b.header.filter((h) => !this.#asked.includes(h));
    if (missing.length) {
      throw new GenesysResponseError(
        `page ${page} of the export has no column ${listed(missing)}, asked for in select` +
          (unexpected.length ? `; it has ${listed(unexpected)}, which were not asked for` : ""),
        { endpoint: ENDPOINT, status: 200, code: "GENESYS_COLUMNS", hint: "the service did not answer the select that was sent" },
      );
    }
    if (unexpected.length) b.log.note(`page ${page} has column ${listed(unexpected)}, not asked for in select: kept, as text`);
    const first = this.#first ??= b.header;
    const lacks = first.filter((c) => !b.header.includes(c));
    const adds = b.header.filter((c) => !first.includes(c));
    if (lacks.length) b.log.note(`page ${page} has no column ${listed(lacks)}, which earlier pages have: its rows are null there`);
    if (adds.length) b.log.note(`page ${page} adds column ${listed(adds)}: rows of earlier pages are null there`);
    if (!lacks.length && !adds.length && b.header.join("\t") !== first.join("\t")) {
      b.log.note(`page ${page} lists the columns in another order: they were aligned by name`);
    }
    if (this.#short && b.df.height) {
      b.log.note(
        `the service sent fewer rows a page than the ${this.plan.pageSize.toLocaleString("en")} requested (it caps page sizes); ` +
          "paging went on until an empty page",
      );
    }
  }

  /** Every block: the page's first row is kept; at the page's end, a page that repeats the one before is an error. */
  block(page: number, b: TypedBlock, last: boolean): void {
    if (b.df.height) this.#firstRow ??= b.df.head(1);
    if (!last) return;
    this.#short = b.rows > 0 && b.rows < this.plan.pageSize;
    if (!b.rows) return;
    const mark = JSON.stringify([b.rows, this.#firstRow!.row(0), b.df.row(b.df.height - 1)]);
    if (mark === this.#previous) {
      throw new GenesysResponseError(`page ${page} repeats the rows of page ${page - 1}: the service ignores the page parameter p`, {
        endpoint: ENDPOINT,
        status: 200,
        code: "GENESYS_PAGING",
      });
    }
    this.#previous = mark;
  }
}

/**
 * The export from page `startPage` on, block by block, counted here once: rows and bytes of the whole export on every
 * block, and `limit` (the block that reaches it is cut and is the last). Paging goes on until a page without rows (a
 * short page is not taken as the end: a service may cap `l`). A page identical to the one before (a service that
 * ignores `p`), or one without a selected column, is a GenesysResponseError.
 */
export async function* exportBlocks(t: Transport, query: PassportQuery, start: ExportStart = {}): AsyncGenerator<PageBlock> {
  const { plan, filter } = query;
  const checks = new PageChecks(plan);
  let rows = start.rowsBefore ?? 0, bytes = 0;
  for (let page = start.startPage ?? 0;; page++) {
    let pageRows = 0, pageBytes = 0, firstBlock = true;
    for await (const { block: b, last } of pageBlocks(t, filter, plan, page, plan.pageSize, start)) {
      // an abort is honoured between blocks too, not only while bytes arrive (a body already read whole)
      if (start.signal?.aborted) throw abortErrorOf(start.signal, ENDPOINT);
      if (firstBlock) checks.pageStart(page, b);
      firstBlock = false;
      checks.block(page, b, last);
      const room = plan.limit === undefined ? Infinity : plan.limit - rows;
      const df = b.df.height > room ? b.df.head(Math.max(0, room)) : b.df;
      const atLimit = df.height >= room;
      rows += df.height;
      pageRows = b.rows;
      pageBytes = b.bytes;
      const { header, kinds, log } = b;
      yield { page, df, header, kinds, log, last: last || atLimit, rows, bytes: bytes + pageBytes, pageRows };
      if (atLimit) return;
    }
    bytes += pageBytes;
    if (pageRows === 0) return;
  }
}

/** The blocks, each reported to `onProgress` as it passes: the counts are the source's (exportBlocks). */
export async function* reported(blocks: AsyncIterable<PageBlock>, onProgress?: (p: Progress) => void, total?: number) {
  for await (const b of blocks) {
    const label = b.resumedAt === undefined ? {} : { label: `resumed at page ${b.resumedAt}` };
    onProgress?.({ rows: b.rows, bytes: b.bytes, page: b.page, total, ...label });
    yield b;
  }
}

/**
 * Requests rows [index, index + count) alone (`p` = index / count with `l` = count), for checking stored pages: typed
 * blocks stacked as a stored page is (`finished` false), or the finished frame as passports() gives it.
 */
export async function fetchRows(
  t: Transport,
  { filter, plan }: PassportQuery,
  index: number,
  count: number,
  signal?: AbortSignal,
  finished = false,
): Promise<DataFrame | undefined> {
  const frames: DataFrame[] = [];
  let last: TypedBlock | undefined;
  for await (const { block: b } of pageBlocks(t, filter, plan, index / count, count, { signal })) {
    if (b.df.height) frames.push(b.df);
    last = b;
  }
  if (!last) return undefined;
  if (!finished) return frames.length ? stackBlocks(frames) : last.df;
  // finished: rows a resumed Parquet folder is checked against (parquet.ts), compared and dropped, never returned to the
  // user; their coercions are not the export's, so they go to a log of their own
  return assembleFrame(frames, last.header, last.kinds, plan.parseDates, new CoercionLog());
}
