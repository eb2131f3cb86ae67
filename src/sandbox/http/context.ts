/** What every sandbox route handler gets. */
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type AccessionFilter, parseFilter } from "../../schema/filter.ts";
import type { ExportSpool } from "./export-spool.ts";
import { HttpError } from "./error.ts";
import { BoundedLru } from "./lru.ts";
import type { Memo } from "./memo.ts";
import type { ParsedBody } from "./io.ts";

export interface SandboxSettings {
  /** CSV delimiter of /acn/query: tab like the real service (default) or comma. */
  delimiter: "\t" | ",";
  /** Pace CSV responses to this many bytes per second (0 = unthrottled). */
  throttleBytesPerSecond: number;
}

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: ParsedBody;
  endpoint: string;
  db: DuckDBInstance;
  settings: SandboxSettings;
  filterCodes: FilterCodes;
  spool: ExportSpool;
  /** Memoised ordered id lists for paged queries. */
  memo: Memo<Int32Array>;
  /** Aborts when the client disconnects or the request's time budget runs out: running statements are interrupted. */
  signal: AbortSignal;
  /** Path parameters of a pattern route (e.g. the UUID of /acn/details/{uuid}). */
  params: string[];
  /** Who the bearer token was issued to: the client id, or the user of an interactive login. */
  subject: string;
}

export type Route = (ctx: RouteContext) => Promise<void>;

/**
 * Remembers filters by a short code so later pages can send `?f=<code>` with
 * an empty body (notes §3). Bounded: the least recently used codes are
 * forgotten past `maxEntries` or `maxBytes` of filter JSON.
 */
export class FilterCodes {
  private readonly byCode: BoundedLru<AccessionFilter>;
  constructor(maxEntries = 10_000, maxBytes = 16 * 1024 * 1024) {
    this.byCode = new BoundedLru(maxEntries, maxBytes);
  }
  register(filter: AccessionFilter): string {
    const json = JSON.stringify(filter);
    const code = createHash("sha1").update(json).digest("base64url").slice(0, 10);
    this.byCode.set(code, filter, json.length);
    return code;
  }
  get(code: string): AccessionFilter | undefined {
    return this.byCode.get(code);
  }
  get size(): number {
    return this.byCode.size;
  }
}

/** Resolves the filter from `?f=`, a `filter` form field or the JSON body, naming the bad key on failure. */
export function requestFilter(ctx: RouteContext, bodyValue: unknown = ctx.body.json): AccessionFilter {
  const code = ctx.url.searchParams.get("f");
  const isEmpty = bodyValue === undefined || (typeof bodyValue === "object" && bodyValue !== null && Object.keys(bodyValue).length === 0);
  if (code && isEmpty) {
    const f = ctx.filterCodes.get(code);
    if (!f) throw new HttpError(404, `${ctx.endpoint}: unknown filter code f=${code}; send the filter in the body instead`);
    return f;
  }
  let value = bodyValue;
  const formFilter = ctx.body.form?.get("filter");
  if (formFilter !== undefined) {
    try {
      value = formFilter.trim() ? JSON.parse(formFilter) : {};
    } catch (e) {
      throw new HttpError(400, `${ctx.endpoint}: form field 'filter' is not valid JSON: ${(e as Error).message}`);
    }
  }
  const r = parseFilter(value);
  if (!r.ok) throw new HttpError(400, `${ctx.endpoint}: ${r.message}`);
  return r.filter;
}

/**
 * Runs `fn` on a fresh connection, closed afterwards. When `signal` aborts
 * (the client went away, the time budget ran out), the running statement is
 * interrupted and the abort's reason is thrown.
 */
export async function withConnection<T>(
  ctx: { db: DuckDBInstance; signal?: AbortSignal },
  fn: (con: DuckDBConnection) => Promise<T>,
): Promise<T> {
  ctx.signal?.throwIfAborted();
  const con = await ctx.db.connect();
  const interrupt = () => con.interrupt();
  ctx.signal?.addEventListener("abort", interrupt, { once: true });
  try {
    return await fn(con);
  } catch (e) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    throw e;
  } finally {
    ctx.signal?.removeEventListener("abort", interrupt);
    con.closeSync();
  }
}

/** Runs a query and returns its first column as strings (JSON text rows). */
export async function textColumn(con: DuckDBConnection, sql: string): Promise<string[]> {
  const reader = await con.runAndReadAll(sql);
  return reader.getColumns()[0]?.map((v) => String(v)) ?? [];
}

export async function scalar(con: DuckDBConnection, sql: string): Promise<number> {
  const reader = await con.runAndReadAll(sql);
  return Number(reader.getRows()[0]?.[0] ?? 0);
}

/**
 * Ids of the accessions matching `where`, in id order, memoised per filter so
 * that paging through a large result (`/acn/filter`, JSON `/acn/query`) costs
 * one narrow query, then a slice per page.
 */
export function matchingIds(ctx: RouteContext, con: DuckDBConnection, where: string): Promise<Int32Array> {
  return ctx.memo.get(`accession:${where}`, () => idColumn(con, `SELECT id::INTEGER FROM accession WHERE ${where} ORDER BY id`));
}

/** First column of a query of integer ids, as an Int32Array. */
export async function idColumn(con: DuckDBConnection, sql: string): Promise<Int32Array> {
  const column = (await con.runAndReadAll(sql)).getColumns()[0] ?? [];
  return Int32Array.from(column as number[]);
}

/** SQL condition for the id range these (sorted) ids span: what a scan can prune on. */
export function idRange(ids: Int32Array, column = "id"): string {
  return ids.length ? `${column} BETWEEN ${ids[0]} AND ${ids[ids.length - 1]}` : "false";
}

/** SQL condition for exactly these ids (sorted), with their range for pruning. */
export function idsCondition(ids: Int32Array, column = "id"): string {
  return ids.length ? `${idRange(ids, column)} AND ${column} IN (${ids.join(",")})` : "false";
}

/** Standard page envelope fields (Spring Page, top level; notes §3). */
export function pageEnvelope(contentJson: string, page: number, size: number, total: number, extra: Record<string, unknown> = {}): string {
  const totalPages = Math.ceil(total / size);
  const numberOfElements = Math.max(0, Math.min(size, total - page * size));
  const fields = {
    totalElements: total,
    totalPages,
    number: page,
    size,
    numberOfElements,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: numberOfElements === 0,
    ...extra,
  };
  return `{"content":${contentJson},${JSON.stringify(fields).slice(1)}`;
}
