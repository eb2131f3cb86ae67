/**
 * Streams a Genesys CSV/TSV export into nodejs-polars as it arrives: bytes are
 * cut at record boundaries (quote-aware) into ~8 MB blocks, each parsed by
 * polars' native multi-threaded reader, so parsing overlaps the transfer and
 * the whole body is never held as one string.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType } from "nodejs-polars";
import { GenesysResponseError } from "./errors.ts";

const NL = 10;
const QUOTE = 34;
const BACKSLASH = 92;

export interface CsvStreamResult {
  frame: DataFrame | undefined;
  header: string[];
  rows: number;
  bytes: number;
}

export interface CsvStreamOptions {
  /** dtype per header name; others read as Utf8. */
  dtypes: (header: string[]) => Record<string, DataType>;
  blockBytes?: number;
  onBlock?: (rows: number, bytes: number) => void;
  endpoint: string;
}

/** Index just past the last record end (LF outside quotes) in `buf`, or -1. */
export function lastRecordEnd(buf: Buffer): number {
  let end = buf.lastIndexOf(NL);
  if (end < 0) return -1;
  const quotes: number[] = [];
  for (let i = buf.indexOf(QUOTE); i >= 0 && i < end; i = buf.indexOf(QUOTE, i + 1)) quotes.push(i);
  if (quotes.length === 0) return end + 1;
  // parity of quotes before position p, by binary search
  const before = (p: number) => {
    let lo = 0, hi = quotes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (quotes[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  while (end >= 0) {
    if (before(end) % 2 === 0) return end + 1;
    end = buf.lastIndexOf(NL, end - 1);
  }
  return -1;
}

/** Splits one CSV line into fields (for the header). */
export function splitCsvLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Genesys exports are tab-separated; some servers send commas: decide from the header line. */
export function detectDelimiter(headerLine: string): "\t" | "," {
  return headerLine.includes("\t") || !headerLine.includes(",") ? "\t" : ",";
}

/** Rewrites backslash-escaped quotes (`\"`), seen in real exports, to RFC 4180 (`""`). */
function normaliseEscapes(block: Buffer): Buffer {
  let i = block.indexOf(BACKSLASH);
  if (i < 0) return block;
  let found = false;
  for (; i >= 0; i = block.indexOf(BACKSLASH, i + 1)) {
    if (block[i + 1] === QUOTE && block[i + 2] !== NL && block[i + 2] !== 9 && block[i + 2] !== 44) {
      found = true;
      break;
    }
  }
  if (!found) return block;
  return Buffer.from(block.toString("utf8").replace(/\\"(?![\t,\n])/g, '""'), "utf8");
}

export async function readCsvStream(body: AsyncIterable<Buffer | Uint8Array>, opts: CsvStreamOptions): Promise<CsvStreamResult> {
  const blockBytes = opts.blockBytes ?? 8 * 1024 * 1024;
  const frames: DataFrame[] = [];
  let header: string[] | undefined;
  let sep: "\t" | "," = "\t";
  let schema: Record<string, DataType> = {};
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let rows = 0;
  let bytes = 0;

  const parse = (block: Buffer) => {
    if (block.length === 0) return;
    let df: DataFrame;
    try {
      df = pl.readCSV(normaliseEscapes(block), { hasHeader: false, sep, quoteChar: '"', schema, missingIsNull: true });
    } catch (e) {
      throw new GenesysResponseError(`malformed CSV near row ${rows + 1}: ${(e as Error).message.split("\n")[0]}`, opts.endpoint, 200);
    }
    if (df.width !== header!.length) {
      throw new GenesysResponseError(`malformed CSV: a block has ${df.width} columns, the header has ${header!.length}`, opts.endpoint, 200);
    }
    frames.push(df);
    rows += df.height;
    opts.onBlock?.(rows, bytes);
  };

  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    bytes += buf.length;
    pending.push(buf);
    pendingBytes += buf.length;
    if (!header) {
      const joined = Buffer.concat(pending);
      const nl = joined.indexOf(NL);
      if (nl < 0) {
        pending = [joined];
        continue;
      }
      const line = joined.subarray(0, nl).toString("utf8").replace(/\r$/, "").replace(/^\uFEFF/, "");
      sep = detectDelimiter(line);
      header = splitCsvLine(line, sep);
      if (new Set(header).size !== header.length) throw new GenesysResponseError(`CSV header has duplicate columns: ${header.join(", ")}`, opts.endpoint, 200);
      const dtypes = opts.dtypes(header);
      schema = Object.fromEntries(header.map((h) => [h, dtypes[h] ?? pl.Utf8]));
      const rest = joined.subarray(nl + 1);
      pending = [rest];
      pendingBytes = rest.length;
    }
    if (pendingBytes >= blockBytes) {
      const joined = Buffer.concat(pending);
      const cut = lastRecordEnd(joined);
      if (cut > 0) {
        parse(joined.subarray(0, cut));
        const rest = joined.subarray(cut);
        pending = [rest];
        pendingBytes = rest.length;
      } else {
        pending = [joined];
      }
    }
  }
  const tail = Buffer.concat(pending);
  if (!header) {
    const text = tail.toString("utf8").trim();
    if (!text) return { frame: undefined, header: [], rows: 0, bytes }; // empty body: past the last page
    sep = detectDelimiter(text);
    header = splitCsvLine(text, sep);
    const dtypes = opts.dtypes(header);
    schema = Object.fromEntries(header.map((h) => [h, dtypes[h] ?? pl.Utf8]));
    return { frame: emptyFrame(schema), header, rows: 0, bytes };
  }
  if (tail.length && tail.toString("utf8").trim()) {
    if (countQuotes(tail) % 2 === 1) throw new GenesysResponseError("malformed CSV: the body ends inside a quoted field (truncated download?)", opts.endpoint, 200);
    parse(tail[tail.length - 1] === NL ? tail : Buffer.concat([tail, Buffer.from("\n")]));
  }
  const frame = frames.length === 0 ? emptyFrame(schema) : frames.length === 1 ? frames[0]! : pl.concat(frames, { how: "vertical", rechunk: true });
  return { frame, header, rows, bytes };
}

function countQuotes(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(QUOTE); i >= 0; i = buf.indexOf(QUOTE, i + 1)) n++;
  return n;
}

export function emptyFrame(schema: Record<string, DataType>): DataFrame {
  return pl.DataFrame(Object.fromEntries(Object.entries(schema).map(([k, t]) => [k, pl.Series(k, [], t)])));
}
