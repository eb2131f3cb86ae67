/**
 * Passport export: `/acn/query` CSV as one pull-based pipeline of typed blocks, paging past the 1,000,000-row limit of
 * one request. `exportBlocks` is the source every consumer reads: passports() collects it (collect.ts),
 * passportBatches() finishes it block by block (batches.ts), the Parquet sink writes it (parquet.ts), and a resumed
 * export (resume.ts) is a wrapper around it.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import type { DataFrame } from "nodejs-polars";
import { typedBlocks } from "../csv/stream.ts";
import { assembleFrame, type Kinds, stackBlocks } from "../csv/typing.ts";
import { CoercionLog } from "../core/diagnostics.ts";
import { GenesysResponseError } from "../core/errors.ts";
import type { Transport } from "../core/transport.ts";
import type { ExportPlan } from "./query.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;

/** A typed block of one page of the export. */
export interface PageBlock {
  page: number;
  df: DataFrame;
  header: string[];
  kinds: Kinds;
  /** The last block of its page (the page is complete). */
  last: boolean;
  /** What was coerced reading this block (also in the export's log). */
  log: CoercionLog;
  /** Rows and bytes of this page so far. */
  rows: number;
  bytes: number;
  /** Set when the export resumed an interrupted download at this page (resume.ts). */
  resumedAt?: number;
}

/** One request's rows (`p`, `l`) as typed blocks; the last one marked. */
async function* pageBlocks(
  t: Transport,
  filter: unknown,
  plan: ExportPlan,
  log: CoercionLog,
  p: number,
  l: number,
  signal?: AbortSignal,
): AsyncGenerator<PageBlock> {
  const res = await t.post(ENDPOINTS.acnQuery, {
    query: { p, l, select: plan.select },
    body: filter,
    accept: "text/csv, */*",
    signal,
  });
  const blocks = typedBlocks(t.body(res, ENDPOINT, signal), {
    endpoint: ENDPOINT,
    kinds: plan.kindsOf,
    parseDates: plan.parseDates,
    log,
    contentType: String(res.headers["content-type"] ?? ""),
    signal,
    ...plan.blocks,
  });
  // one block of look-ahead, to mark the page's last
  let held: PageBlock | undefined;
  for await (const b of blocks) {
    if (held) yield held;
    held = { page: p, df: b.df, header: b.header, kinds: b.kinds, last: false, rows: b.rows, bytes: b.bytes, log: b.log };
  }
  if (held) yield { ...held, last: true };
}

/** First and last row of a page as text, to recognise a page the service sent twice. */
const pageMark = (first: DataFrame, last: DataFrame, rows: number) =>
  JSON.stringify([rows, first.height ? first.row(0) : null, last.height ? last.row(last.height - 1) : null]);

/**
 * The export from page `startPage` on, block by block. Paging goes on until a page without rows (a short page is not
 * taken as the end: a service may cap `l`), or until `limit` rows. A page identical to the one before (a service that
 * ignores `p`) is a GenesysResponseError.
 */
export async function* exportBlocks(
  t: Transport,
  filter: unknown,
  plan: ExportPlan,
  log: CoercionLog,
  { startPage = 0, rowsBefore = 0, signal }: { startPage?: number; rowsBefore?: number; signal?: AbortSignal } = {},
): AsyncGenerator<PageBlock> {
  let rows = rowsBefore;
  let previous: string | undefined;
  let short = false;
  for (let page = startPage;; page++) {
    let first: DataFrame | undefined;
    let pageRows = 0;
    for await (const b of pageBlocks(t, filter, plan, log, page, plan.pageSize, signal)) {
      if (b.df.height) first ??= b.df;
      pageRows = b.rows;
      if (b.last && pageRows > 0) {
        const mark = pageMark(first!, b.df, pageRows);
        if (mark === previous) {
          throw new GenesysResponseError(`page ${page} repeats the rows of page ${page - 1}: the service ignores the page parameter p`, {
            endpoint: ENDPOINT,
            status: 200,
            code: "GENESYS_PAGING",
          });
        }
        previous = mark;
      }
      yield b;
    }
    rows += pageRows;
    if (pageRows === 0 || (plan.limit !== undefined && rows >= plan.limit)) return;
    if (short) {
      log.note(
        `the service sent fewer rows a page than the ${plan.pageSize.toLocaleString("en")} requested (it caps page sizes); ` +
          "paging went on until an empty page",
      );
    }
    short = pageRows < plan.pageSize;
  }
}

/**
 * Requests rows [index, index + count) alone (`p` = index / count with `l` = count), for checking stored pages: typed
 * blocks stacked as a stored page is (`finished` false), or the finished frame as passports() gives it.
 */
export async function fetchRows(
  t: Transport,
  filter: unknown,
  plan: ExportPlan,
  index: number,
  count: number,
  signal?: AbortSignal,
  finished = false,
): Promise<DataFrame | undefined> {
  const frames: DataFrame[] = [];
  let last: PageBlock | undefined;
  for await (const b of pageBlocks(t, filter, plan, new CoercionLog(), index / count, count, signal)) {
    if (b.df.height) frames.push(b.df);
    last = b;
  }
  if (!last) return undefined;
  if (!finished) return frames.length ? stackBlocks(frames) : last.df;
  return assembleFrame(frames, last.header, last.kinds, plan.parseDates, new CoercionLog());
}
