/**
 * Passport export: `/acn/query` CSV as one pull-based pipeline of typed
 * blocks, paging past the 1,000,000-row limit of one request.
 *
 *   planExport(opts)            options checked once, before any request
 *   exportBlocks(...)           page after page, each body's typed blocks (csv/stream.ts)
 *   collectPassports(blocks)    one frame, with the coercion log
 *
 * `passports()` collects, `passportBatches()` finishes block by block, and a
 * resumed export (cache/resume.ts) is a wrapper around the same iterator: the
 * export itself never touches the cache.
 */
import { ENDPOINTS } from "../schema/endpoints.ts";
import type { DataFrame } from "nodejs-polars";
import { fieldByMcpd, fieldByPath, PASSPORT_FIELDS, type PassportField } from "../schema/passport-fields.ts";
import { typedBlocks } from "./csv/stream.ts";
import { lap } from "./csv/phases.ts";
import { assembleFrame, type Kinds, stackBlocks } from "./csv/typing.ts";
import { CoercionLog, type Diagnostics } from "./core/diagnostics.ts";
import { GenesysInputError, GenesysResponseError } from "./core/errors.ts";
import type { CacheOption } from "./cache/cached.ts";
import type { Progress } from "./core/progress.ts";
import type { Transport } from "./core/transport.ts";

export type { Progress };

export const QUERY_MAX_ROWS = 1_000_000;
const ENDPOINT = ENDPOINTS.acnQuery.label;

export interface PassportOptions {
  /**
   * Columns: MCPD names (INSTCODE, ACCENUMB…), service paths (instituteCode,
   * taxonomy.genus…) or "path ALIAS". Default: the 49 MCPD fields.
   */
  select?: string[];
  /** Stop after this many rows. Default: all matching rows. */
  limit?: number;
  /** Rows per request, at most 1,000,000 (the default). */
  pageSize?: number;
  /** Called as blocks of rows are parsed. */
  onProgress?: (p: Progress) => void;
  /** Add `<COL>_date` Date columns next to complete ACQDATE/COLLDATE values. Default true. */
  parseDates?: boolean;
  /** Cancels the download (a notebook interrupt); block files are removed and GenesysAbortError is thrown. */
  signal?: AbortSignal;
  /**
   * Add label columns after coded MCPD columns (SAMPSTAT_label, COLLSRC_label, STORAGE_label, MLSSTAT_label,
   * ORIGCTY_name) and INSTCODE_name from the institutes look-up; the code columns are unchanged.
   */
  decode?: boolean;
  /** On-disk cache for this call (default: the client's `cache` option, else "off"); see docs/api.md#cache. */
  cache?: CacheOption;
  /** Called once when values had to be read another way (default: one line on stderr). Also readable with diagnostics(df). */
  onDiagnostics?: (d: Diagnostics) => void;
}

export interface ResolvedColumn {
  field: PassportField;
  select: string;
  header: string;
}

/** Resolves the `select` option to select items; unknown names are rejected before any request. */
export function resolveSelect(select: string[] | undefined): ResolvedColumn[] {
  if (!select || select.length === 0) return PASSPORT_FIELDS.map((f) => ({ field: f, select: `${f.path} ${f.mcpd}`, header: f.mcpd }));
  const out: ResolvedColumn[] = [];
  const bad: string[] = [];
  for (const raw of select) {
    const [name, alias, ...rest] = raw.trim().split(/\s+/);
    if (!name || rest.length) {
      bad.push(raw);
      continue;
    }
    const byPath = fieldByPath(name);
    const byMcpd = byPath ? undefined : fieldByMcpd(name);
    const field = byPath ?? byMcpd;
    if (!field) {
      bad.push(name);
      continue;
    }
    const path = byPath ? name : field.path;
    const header = alias ?? (byMcpd ? field.mcpd : name);
    out.push({ field, select: header === path ? path : `${path} ${header}`, header });
  }
  if (bad.length) {
    throw new GenesysInputError(`unknown select field${bad.length > 1 ? "s" : ""} ${bad.map((b) => `'${b}'`).join(", ")}`, {
      endpoint: ENDPOINT,
      hint: "use MCPD names (INSTCODE, ACCENUMB, GENUS, ORIGCTY, DECLATITUDE…) or service paths (instituteCode, taxonomy.genus…); " +
        "see PASSPORT_FIELDS",
    });
  }
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.header)) {
      throw new GenesysInputError(`column '${c.header}' is selected twice`, {
        endpoint: ENDPOINT,
        hint: "give one of them an alias: 'path ALIAS'",
      });
    }
    seen.add(c.header);
  }
  return out;
}

/** Field kind per CSV header, for the columns the server sent (columns it left out are not typed). */
export function passportKinds(columns: ResolvedColumn[]): (header: string[]) => Kinds {
  const byHeader = new Map(columns.map((c) => [c.header, c.field.kind]));
  return (header) => Object.fromEntries(header.flatMap((h) => (byHeader.has(h) ? [[h, byHeader.get(h)!]] : [])));
}

/** An export's shape, checked once before any request. */
export interface ExportPlan {
  columns: ResolvedColumn[];
  /** The `select` parameter as sent. */
  select: string;
  /** Rows requested per page (`l`). */
  pageSize: number;
  limit: number | undefined;
  parseDates: boolean;
  kindsOf: (header: string[]) => Kinds;
  /** How blocks are cut and parsed (csv/stream.ts; its defaults when absent): the Parquet sink holds fewer, smaller ones. */
  blocks?: { blockBytes?: number; inFlight?: number };
}

/** Checks the options; throws GenesysInputError naming the bad one. */
export function planExport(opts: PassportOptions): ExportPlan {
  const columns = resolveSelect(opts.select);
  const limit = opts.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new GenesysInputError(`limit must be a positive integer, got ${limit}`, { endpoint: ENDPOINT });
  }
  const requested = opts.pageSize ?? QUERY_MAX_ROWS;
  if (!Number.isInteger(requested) || requested < 1 || requested > QUERY_MAX_ROWS) {
    throw new GenesysInputError(`pageSize must be 1 to ${QUERY_MAX_ROWS.toLocaleString("en")}, got ${opts.pageSize}`, {
      endpoint: ENDPOINT,
      hint: "/acn/query returns at most 1,000,000 rows a request; the client pages beyond that",
    });
  }
  return {
    columns,
    select: columns.map((c) => c.select).join(","),
    pageSize: Math.min(requested, limit ?? QUERY_MAX_ROWS),
    limit,
    parseDates: opts.parseDates ?? true,
    kindsOf: passportKinds(columns),
  };
}

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
  /** Set when the export resumed an interrupted download at this page (cache/resume.ts). */
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

/**
 * Collects an export into one frame: blocks stacked by column name (pages whose headers differ are aligned, each
 * difference noted), typed once over the whole, cut to `limit`.
 */
export async function collectPassports(
  blocks: AsyncIterable<PageBlock>,
  plan: ExportPlan,
  log: CoercionLog,
  onProgress?: (p: Progress) => void,
): Promise<DataFrame> {
  const frames: DataFrame[] = [];
  let header: string[] | undefined;
  const kinds: Kinds = {};
  let rowsBefore = 0, bytesBefore = 0, rows = 0;
  for await (const b of blocks) {
    if (!header) header = b.header;
    else if (b.rows === b.df.height && b.header.join("\t") !== header.join("\t")) noteDrift(header, b, log);
    Object.assign(kinds, b.kinds);
    if (b.df.height) frames.push(b.df);
    rows = rowsBefore + b.rows;
    const label = b.resumedAt === undefined ? {} : { label: `resumed at page ${b.resumedAt}` };
    onProgress?.({ rows, bytes: bytesBefore + b.bytes, page: b.page, total: plan.limit, ...label });
    if (b.last) {
      rowsBefore += b.rows;
      bytesBefore += b.bytes;
    }
  }
  const names = header ?? plan.columns.map((c) => c.header);
  const t0 = performance.now();
  let df = assembleFrame(frames, names, header ? kinds : plan.kindsOf(names), plan.parseDates, log);
  lap("assemble", t0);
  if (plan.limit !== undefined && df.height > plan.limit) df = df.head(plan.limit);
  return df;
}

/** A page whose header differs from the first page's: its columns are aligned by name (typing.ts); say how. */
function noteDrift(first: string[], b: PageBlock, log: CoercionLog): void {
  const missing = first.filter((c) => !b.header.includes(c));
  const extra = b.header.filter((c) => !first.includes(c));
  if (missing.length) log.note(`page ${b.page} has no column ${missing.join(", ")}: its rows are null there`);
  if (extra.length) log.note(`page ${b.page} adds column ${extra.join(", ")}: rows of earlier pages are null there`);
  if (!missing.length && !extra.length) log.note(`page ${b.page} lists the columns in another order: they were aligned by name`);
}

/**
 * The export as typed frames, one per block (a few MB to 32 MB of CSV each), finished and checked on their own, for
 * exports too large to hold at once. `limit` is honoured. Stopping early (`break`) cancels the download and removes
 * its block files.
 */
export async function* passportFrames(
  t: Transport,
  filter: unknown,
  plan: ExportPlan,
  signal?: AbortSignal,
  onProgress?: (p: Progress) => void,
): AsyncGenerator<{ df: DataFrame; log: CoercionLog }> {
  let emitted = 0, rowsBefore = 0, bytesBefore = 0;
  for await (const b of exportBlocks(t, filter, plan, new CoercionLog(), { signal })) {
    onProgress?.({ rows: rowsBefore + b.rows, bytes: bytesBefore + b.bytes, page: b.page, total: plan.limit });
    if (b.last) (rowsBefore += b.rows, bytesBefore += b.bytes);
    const log = new CoercionLog().merge(b.log);
    let df = assembleFrame([b.df], b.header, b.kinds, plan.parseDates, log);
    if (plan.limit !== undefined) df = df.head(Math.max(0, plan.limit - emitted));
    emitted += df.height;
    if (df.height) yield { df, log };
    if (plan.limit !== undefined && emitted >= plan.limit) return;
  }
}
