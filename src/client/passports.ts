/**
 * Passport export: /acn/query CSV streamed into a typed DataFrame, paging
 * transparently past the 1,000,000-row limit of one request.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, Expr, LazyDataFrame } from "nodejs-polars";
import { fieldByMcpd, fieldByPath, PASSPORT_FIELDS, type FieldKind, type PassportField } from "../schema/passport-fields.ts";
import { GenesysInputError } from "./errors.ts";
import { concatFrames, emptyFrame, readCsvStream } from "./csv-stream.ts";
import { strptimeDate, strptimeDatetime } from "./strptime.ts";
import { bodyStream, type Transport } from "./transport.ts";

export const QUERY_MAX_ROWS = 1_000_000;
const ENDPOINT = "POST /api/v2/acn/query";

export interface Progress {
  /** Rows received so far, over all pages. */
  rows: number;
  /** Bytes received so far. */
  bytes: number;
  /** Zero-based request page. */
  page: number;
  /** Total rows expected, when known (limit). */
  total?: number;
}

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
}

export interface ResolvedColumn { field: PassportField; select: string; header: string }

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
    throw new GenesysInputError(`unknown select field${bad.length > 1 ? "s" : ""} ${bad.map((b) => `'${b}'`).join(", ")}`, ENDPOINT,
      "use MCPD names (INSTCODE, ACCENUMB, GENUS, ORIGCTY, DECLATITUDE…) or service paths (instituteCode, taxonomy.genus…); see PASSPORT_FIELDS");
  }
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.header)) throw new GenesysInputError(`column '${c.header}' is selected twice`, ENDPOINT, "give one of them an alias: 'path ALIAS'");
    seen.add(c.header);
  }
  return out;
}

/** dtypes the CSV reader produces directly (codes are read as text and cast per block: polars' reader builds Categorical more slowly). */
const READ_DTYPE: Partial<Record<FieldKind, DataType>> = { int: pl.Int64, float: pl.Float64, bool: pl.Bool };

/** The CSV reader's schema for these columns (text unless the kind reads natively). */
export function passportReadSchema(columns: ResolvedColumn[]): Record<string, DataType> {
  return Object.fromEntries(columns.map((c) => [c.header, READ_DTYPE[c.field.kind] ?? pl.Utf8]));
}

/** Typing done per block on polars' threads: codes to Categorical, instants to Datetime, MCPD dates get a parsed `_date` companion. */
export function passportTypingExprs(columns: ResolvedColumn[], present: readonly string[], parseDates = true): Expr[] {
  const exprs: Expr[] = [];
  for (const c of columns) {
    if (!present.includes(c.header)) continue;
    const col = pl.col(c.header);
    if (c.field.kind === "code") exprs.push(col.cast(pl.Categorical));
    else if (c.field.kind === "instant") {
      exprs.push(strptimeDatetime(col, "%Y-%m-%dT%H:%M:%SZ", "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$").alias(c.header));
    } else if (c.field.kind === "mcpdDate" && parseDates) {
      exprs.push(strptimeDate(col, "%Y%m%d", "^\\d{8}$").alias(`${c.header}_date`));
    }
  }
  return exprs;
}

/**
 * Blocks parsed apart carry their own Categorical dictionaries; Arrow IPC
 * (writeIPC, and tools reading it) needs one per column. Rechunking just those
 * columns (u32 codes) merges them; string columns keep their chunks.
 */
function unifyCategoricals(df: DataFrame): DataFrame {
  const cats = df.getColumns().filter((s) => s.dtype.equals(pl.Categorical));
  return cats.length ? df.withColumns(...cats.map((s) => s.rechunk())) : df;
}

/** Puts each parsed `<COL>_date` right after its MCPD string column. */
function orderDateCompanions(df: DataFrame): DataFrame {
  const names = df.columns;
  const companions = new Set(names.filter((n) => n.endsWith("_date") && names.includes(n.slice(0, -5))));
  if (!companions.size) return df;
  const order: string[] = [];
  for (const name of names) {
    if (companions.has(name)) continue;
    order.push(name);
    if (companions.has(`${name}_date`)) order.push(`${name}_date`);
  }
  return df.select(...order);
}

export async function fetchPassports(transport: Transport, filter: unknown, opts: PassportOptions = {}): Promise<DataFrame> {
  const columns = resolveSelect(opts.select);
  const limit = opts.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new GenesysInputError(`limit must be a positive integer, got ${limit}`, ENDPOINT);
  const requested = opts.pageSize ?? QUERY_MAX_ROWS;
  if (!Number.isInteger(requested) || requested < 1 || requested > QUERY_MAX_ROWS) {
    throw new GenesysInputError(`pageSize must be 1 to ${QUERY_MAX_ROWS.toLocaleString("en")}, got ${opts.pageSize}`, ENDPOINT, "/acn/query returns at most 1,000,000 rows a request; the client pages beyond that");
  }
  const pageSize = Math.min(requested, limit ?? QUERY_MAX_ROWS);
  const readSchema = passportReadSchema(columns);
  let typing: Expr[] = [];
  // typing follows the header the server sent (columns it left out are not typed)
  const dtypes = (header: string[]) => {
    typing = passportTypingExprs(columns, header, opts.parseDates ?? true);
    return readSchema;
  };
  const transform = (block: LazyDataFrame) => (typing.length ? block.withColumns(...typing) : block);
  const frames: DataFrame[] = [];
  let rowsBefore = 0;
  let bytesBefore = 0;
  for (let page = 0; ; page++) {
    const res = await transport.post("/acn/query", {
      query: { p: page, l: pageSize, select: columns.map((c) => c.select).join(",") },
      body: filter,
      accept: "text/csv, */*",
    });
    const { frame, rows, bytes } = await readCsvStream(bodyStream(res), {
      endpoint: ENDPOINT,
      dtypes,
      transform,
      onBlock: (r, b) => opts.onProgress?.({ rows: rowsBefore + r, bytes: bytesBefore + b, page, total: limit }),
    });
    rowsBefore += rows;
    bytesBefore += bytes;
    if (frame && frame.height > 0) frames.push(frame);
    else if (frame && frames.length === 0) frames.push(frame);
    opts.onProgress?.({ rows: rowsBefore, bytes: bytesBefore, page, total: limit });
    if (rows < pageSize || (limit !== undefined && rowsBefore >= limit)) break;
  }
  if (frames.length === 0) {
    const empty = emptyFrame(readSchema);
    // typed like a parsed block: codes Categorical, instants Datetime
    typing = passportTypingExprs(columns, empty.columns, opts.parseDates ?? true);
    frames.push(transform(empty.lazy()).collectSync());
  }
  let df = concatFrames(frames);
  if (limit !== undefined && df.height > limit) df = df.head(limit);
  return orderDateCompanions(unifyCategoricals(df));
}
