/**
 * Passport export: /acn/query CSV streamed into a typed DataFrame, paging
 * transparently past the 1,000,000-row limit of one request.
 */
import type { DataFrame } from "nodejs-polars";
import { fieldByMcpd, fieldByPath, PASSPORT_FIELDS, type PassportField } from "../schema/passport-fields.ts";
import { readCsvStream } from "./csv/stream.ts";
import { assembleFrame, type Kinds, stackBlocks } from "./csv/typing.ts";
import { attachDiagnostics, CoercionLog, type Diagnostics, summarize } from "./diagnostics.ts";
import { GenesysInputError } from "./errors.ts";
import type { CacheOption } from "./cache/cached.ts";
import type { Progress } from "./progress.ts";
import type { Transport } from "./transport.ts";

export type { Progress };

export const QUERY_MAX_ROWS = 1_000_000;
const ENDPOINT = "POST /api/v2/acn/query";

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
    throw new GenesysInputError(
      `unknown select field${bad.length > 1 ? "s" : ""} ${bad.map((b) => `'${b}'`).join(", ")}`,
      ENDPOINT,
      "use MCPD names (INSTCODE, ACCENUMB, GENUS, ORIGCTY, DECLATITUDE…) or service paths (instituteCode, taxonomy.genus…); " +
        "see PASSPORT_FIELDS",
    );
  }
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.header)) {
      throw new GenesysInputError(`column '${c.header}' is selected twice`, ENDPOINT, "give one of them an alias: 'path ALIAS'");
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

/** Where the complete pages of a multi-page export are kept, so a failed export resumes at its first missing page. */
export interface PageStore {
  readPages(): { frames: DataFrame[]; header: string[] } | undefined;
  writePage(page: number, df: DataFrame, header: string[]): void;
}

/** Checks the options and walks the export page by page; each page's body goes through readCsvStream. */
async function exportPages(
  transport: Transport,
  filter: unknown,
  opts: PassportOptions,
  onFrame?: (df: DataFrame, header: string[], kinds: Kinds) => Promise<void>,
  pages?: PageStore,
) {
  const columns = resolveSelect(opts.select);
  const limit = opts.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new GenesysInputError(`limit must be a positive integer, got ${limit}`, ENDPOINT);
  }
  const requested = opts.pageSize ?? QUERY_MAX_ROWS;
  if (!Number.isInteger(requested) || requested < 1 || requested > QUERY_MAX_ROWS) {
    throw new GenesysInputError(
      `pageSize must be 1 to ${QUERY_MAX_ROWS.toLocaleString("en")}, got ${opts.pageSize}`,
      ENDPOINT,
      "/acn/query returns at most 1,000,000 rows a request; the client pages beyond that",
    );
  }
  const pageSize = Math.min(requested, limit ?? QUERY_MAX_ROWS);
  const parseDates = opts.parseDates ?? true;
  const kindsOf = passportKinds(columns);
  const log = new CoercionLog();
  const frames: DataFrame[] = [];
  let header: string[] | undefined;
  let rowsBefore = 0;
  let bytesBefore = 0;
  let first = 0;
  // an earlier run of the same export stopped part-way: its complete pages are reused, never a partial one
  const resumed = pages && !onFrame ? pages.readPages() : undefined;
  if (resumed) {
    frames.push(...resumed.frames);
    header = resumed.header;
    first = resumed.frames.length;
    rowsBefore = resumed.frames.reduce((n, f) => n + f.height, 0);
    log.note(
      `resumed at page ${first}: pages 0 to ${first - 1} (${
        rowsBefore.toLocaleString("en")
      } rows) came from an earlier, interrupted download`,
    );
    opts.onProgress?.({ rows: rowsBefore, page: first - 1, total: limit, label: `resumed at page ${first}` });
  }
  for (let page = first;; page++) {
    const res = await transport.post("/acn/query", {
      query: { p: page, l: pageSize, select: columns.map((c) => c.select).join(",") },
      body: filter,
      accept: "text/csv, */*",
      signal: opts.signal,
    });
    const r = await readCsvStream(transport.body(res, ENDPOINT, opts.signal), {
      endpoint: ENDPOINT,
      kinds: kindsOf,
      parseDates,
      log,
      contentType: String(res.headers["content-type"] ?? ""),
      signal: opts.signal,
      onBlock: (rows, bytes) =>
        opts.onProgress?.({
          rows: rowsBefore + rows,
          bytes: bytesBefore + bytes,
          page,
          total: limit,
          ...(first ? { label: `resumed at page ${first}` } : {}),
        }),
      onFrame,
    });
    rowsBefore += r.rows;
    bytesBefore += r.bytes;
    header ??= r.header;
    frames.push(...r.frames);
    opts.onProgress?.({
      rows: rowsBefore,
      bytes: bytesBefore,
      page,
      total: limit,
      ...(first ? { label: `resumed at page ${first}` } : {}),
    });
    if (r.rows < pageSize || (limit !== undefined && rowsBefore >= limit)) break;
    // another page follows: keep this one, complete, for a resumed run
    // (typed blocks as they are, before the whole-frame checks, so they stack with the pages still to come)
    if (pages && header) pages.writePage(page, stackBlocks(r.frames), header);
  }
  // no header at all (an empty body): the columns requested
  header ??= columns.map((c) => c.header);
  return { frames, header, kinds: kindsOf(header), parseDates, log, limit };
}

function report(df: DataFrame, log: CoercionLog, opts: PassportOptions): DataFrame {
  if (log.size || log.notes.length) {
    const d = log.toDiagnostics(ENDPOINT);
    attachDiagnostics(df, d);
    if (log.size) (opts.onDiagnostics ?? warn)(d);
  }
  return df;
}

export async function fetchPassports(
  transport: Transport,
  filter: unknown,
  opts: PassportOptions = {},
  pages?: PageStore,
): Promise<DataFrame> {
  const { frames, header, kinds, parseDates, log, limit } = await exportPages(transport, filter, opts, undefined, pages);
  let df = assembleFrame(frames, header, kinds, parseDates, log);
  if (limit !== undefined && df.height > limit) df = df.head(limit);
  return report(df, log, opts);
}

/**
 * The export as typed block frames, yielded as they are parsed (a few MB to
 * 32 MB of CSV each), for exports too large to hold at once. Each batch is
 * typed and checked on its own (diagnostics per batch); `limit` is honoured.
 * Stopping early (`break`) cancels the download and removes its block files.
 */
export async function* passportBatches(transport: Transport, filter: unknown, opts: PassportOptions = {}): AsyncGenerator<DataFrame> {
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  // a one-slot hand-over between the download (producer) and the caller's loop (consumer)
  let slot: { df: DataFrame; taken: () => void } | undefined;
  let wake: (() => void) | undefined;
  let finished = false, failure: unknown, emitted = 0;
  const limit = opts.limit;
  const run = exportPages(transport, filter, { ...opts, signal }, async (block, header, kinds) => {
    const log = new CoercionLog();
    let df = assembleFrame([block], header, kinds, opts.parseDates ?? true, log);
    if (limit !== undefined) df = df.head(Math.max(0, limit - emitted));
    emitted += df.height;
    if (!df.height) return;
    report(df, log, opts);
    await new Promise<void>((taken) => {
      slot = { df, taken };
      wake?.();
    });
  }).then(() => void (finished = true), (e) => void ((failure = e), (finished = true))).finally(() => wake?.());
  try {
    while (true) {
      if (!slot && !finished) await new Promise<void>((r) => (wake = r));
      if (slot) {
        const { df, taken } = slot;
        slot = undefined;
        taken();
        yield df;
        continue;
      }
      if (failure) throw failure;
      return;
    }
  } finally {
    if (!finished) {
      stop.abort(new Error("passportBatches: the loop stopped early"));
      slot?.taken();
      await run;
    }
  }
}

const warn = (d: Diagnostics) => console.warn(summarize(d));
