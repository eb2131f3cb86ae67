/**
 * One tabular answer (a CSV/TSV body) read by the export engine, with all its
 * checks: non-CSV bodies refused, every record's field count checked, the
 * documented dialect, lenient typing with every coercion logged. Every path
 * that reads a table (passports, catalogue look-ups, anything new) goes
 * through here or through the export pipeline built on the same engine.
 */
import type { DataFrame } from "nodejs-polars";
import { CoercionLog, type Diagnostics } from "../../kernel/diagnostics.ts";
import { type TypedBlock, typedBlocks } from "./stream.ts";
import { assembleFrame, type Kinds } from "./typing.ts";

export interface TableOptions {
  /** The endpoint label for errors and diagnostics, e.g. "GET /api/v2/crops/list". */
  endpoint: string;
  /** The response's Content-Type. */
  contentType?: string;
  /** Field kind per header name (others are text). Default: every column text. */
  kinds?: (header: string[]) => Kinds;
  /** Add `_date` companions to MCPD dates. Default false. */
  parseDates?: boolean;
  signal?: AbortSignal;
  /** Coercions and notes (pass one log to gather several answers). Default: a new log. */
  log?: CoercionLog;
}

export interface Table {
  df: DataFrame;
  /** undefined: the body was empty. */
  header: string[] | undefined;
  rows: number;
  bytes: number;
  diagnostics: Diagnostics;
}

/** Reads a whole tabular answer into a frame, with its diagnostics. */
export async function readTable(body: AsyncIterable<Buffer | Uint8Array>, opts: TableOptions): Promise<Table> {
  const log = opts.log ?? new CoercionLog();
  const kinds = opts.kinds ?? (() => ({}));
  const parseDates = opts.parseDates ?? false;
  const frames: DataFrame[] = [];
  let last: TypedBlock | undefined;
  for await (
    const b of typedBlocks(body, { endpoint: opts.endpoint, kinds, parseDates, log, contentType: opts.contentType, signal: opts.signal })
  ) {
    frames.push(b.df);
    last = b;
  }
  const header = last?.header;
  const df = assembleFrame(frames.filter((f) => f.height > 0), header ?? [], last?.kinds ?? {}, parseDates, log);
  return { df, header, rows: last?.rows ?? 0, bytes: last?.bytes ?? 0, diagnostics: log.toDiagnostics(opts.endpoint) };
}
