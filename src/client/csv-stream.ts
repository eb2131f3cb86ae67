/**
 * Streams a Genesys CSV/TSV export into nodejs-polars as it arrives. Network
 * chunks are appended to a short-lived block file (RAM-backed /dev/shm when
 * there is one) and cut at record ends (quote-aware, tracked chunk by chunk):
 * 4 MB at first, doubling to 32 MB, or sooner on a slow link. Each finished
 * block is parsed and typed by polars' native multi-threaded reader on polars'
 * own threads (a lazy scan, collected asynchronously). The event loop only appends bytes and counts quotes, so it
 * keeps draining the socket while earlier blocks parse: the parse hides behind
 * the transfer, and the body is never held whole in memory.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, LazyDataFrame } from "nodejs-polars";
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GenesysError, GenesysNetworkError, GenesysResponseError } from "./errors.ts";

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
  /** dtype per header name (Categorical allowed); others read as Utf8. */
  dtypes: (header: string[]) => Record<string, DataType>;
  /** Per-block typing applied on polars' threads (e.g. parse dates). */
  transform?: (block: LazyDataFrame) => LazyDataFrame;
  /** Largest block; blocks start at 1/8 of it and double, so parsing starts early. Default 32 MB. */
  blockBytes?: number;
  /** A block older than this (ms) is cut at the next record end once it holds 1/32 of blockBytes: slow links still parse as they go. Default 100. */
  blockMs?: number;
  /** Blocks parsed at once; the socket is not read further while this many are pending. Default 3. */
  inFlight?: number;
  onBlock?: (rows: number, bytes: number) => void;
  endpoint: string;
}

/**
 * Where blocks wait for polars: `$GENESYS_SPOOL_DIR`, else RAM-backed /dev/shm
 * when it has room (containers often give it 64 MB; a few blocks in flight
 * need ~130 MB), else the temp dir.
 */
export function spoolDir(): string {
  const env = typeof process !== "undefined" ? process.env.GENESYS_SPOOL_DIR : undefined;
  if (env) return env;
  try {
    const s = statfsSync("/dev/shm");
    if (s.bavail * s.bsize >= 512 * 1024 * 1024) return "/dev/shm";
  } catch {
    // no /dev/shm (macOS, Windows)
  }
  return tmpdir();
}

// V8's own Uint8Array search: about twice as fast as Buffer#indexOf under Deno
const indexOf = (buf: Uint8Array, byte: number, from: number) => Uint8Array.prototype.indexOf.call(buf, byte, from);

/** Positions of `"` in `buf`. */
function quotePositions(buf: Uint8Array, from = 0, to = buf.length): number[] {
  const out: number[] = [];
  for (let i = indexOf(buf, QUOTE, from); i >= 0 && i < to; i = indexOf(buf, QUOTE, i + 1)) out.push(i);
  return out;
}

/**
 * Index just past the last record end (LF outside quotes) in `buf`, or -1.
 * `quotedAtStart`: whether `buf` starts inside a quoted field.
 */
export function lastRecordEnd(buf: Uint8Array, quotedAtStart = false): number {
  let end = Uint8Array.prototype.lastIndexOf.call(buf, NL);
  if (end < 0) return -1;
  const quotes = quotePositions(buf, 0, end);
  if (quotes.length === 0) return quotedAtStart ? -1 : end + 1;
  // quotes before p, by binary search; inside quotes when the parity (plus the start state) is odd
  const before = (p: number) => {
    let lo = 0, hi = quotes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (quotes[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = quotedAtStart ? 1 : 0;
  while (end >= 0) {
    if ((before(end) + start) % 2 === 0) return end + 1;
    end = end > 0 ? Uint8Array.prototype.lastIndexOf.call(buf, NL, end - 1) : -1;
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

/** Rewrites backslash-escaped quotes (`\"`), seen in real exports, to RFC 4180 (`""`); undefined when there are none. */
function normaliseEscapes(block: Buffer): Buffer | undefined {
  for (let i = block.indexOf(BACKSLASH); i >= 0; i = block.indexOf(BACKSLASH, i + 1)) {
    if (block[i + 1] === QUOTE && block[i + 2] !== NL && block[i + 2] !== 9 && block[i + 2] !== 44) {
      return Buffer.from(block.toString("utf8").replace(/\\"(?![\t,\n])/g, '""'), "utf8");
    }
  }
  return undefined;
}

/** Re-throws a connection that breaks mid-body as a typed error: a cut-off export never passes for a complete one. */
async function* cutOffAsError<T>(body: AsyncIterable<T>, endpoint: string, received: () => number): AsyncGenerator<T> {
  try {
    yield* body;
  } catch (e) {
    if (e instanceof GenesysError) throw e;
    throw new GenesysNetworkError(`the connection broke after ${received().toLocaleString("en")} bytes of the response: ${(e as Error).message}`, endpoint, 200, undefined,
      "the export was cut off and nothing of it is returned; retry, or request smaller pages (pageSize)");
  }
}

/** Fields in the first record of `buf` (quote-aware), or undefined when that record does not end in `buf`. */
function firstRecordFields(buf: Uint8Array, sep: string): number | undefined {
  const d = sep.charCodeAt(0);
  let n = 1;
  let quoted = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === d) n++;
    else if (!quoted && c === NL) return n;
  }
  return undefined;
}

/** One block file being filled: bytes appended as they arrive, quote state tracked. */
class BlockFile {
  readonly path: string;
  readonly started = performance.now();
  private fd: number | undefined;
  size = 0;
  /** The bytes so far end inside a quoted field. */
  quoted = false;
  /** Saw `\"`: the block may need normaliseEscapes(). */
  backslash = false;
  private lastByte = 0;

  constructor(dir: string) {
    this.path = join(dir, `genesys-notebook-${process.pid}-${randomUUID()}.csv`);
    this.fd = openSync(this.path, "w");
  }

  append(part: Uint8Array): void {
    if (part.length === 0) return;
    writeSync(this.fd!, part);
    this.size += part.length;
    const quotes = quotePositions(part);
    if (quotes.length % 2 === 1) this.quoted = !this.quoted;
    // a backslash-escaped quote is a quote after a backslash: no second scan of the bytes
    for (let k = 0; k < quotes.length && !this.backslash; k++) {
      const q = quotes[k]!;
      if ((q === 0 ? this.lastByte : part[q - 1]) === BACKSLASH) this.backslash = true;
    }
    this.lastByte = part[part.length - 1]!;
  }

  /** Closes the file; rewrites it when it holds backslash-escaped quotes. */
  finish(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    if (this.backslash) {
      const fixed = normaliseEscapes(readFileSync(this.path));
      if (fixed) writeFileSync(this.path, fixed);
    }
  }

  async discard(): Promise<void> {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    await unlink(this.path).catch(() => undefined);
  }
}

export async function readCsvStream(body: AsyncIterable<Buffer | Uint8Array>, opts: CsvStreamOptions): Promise<CsvStreamResult> {
  // 32 MB x 3 in flight measured fastest on 2 cores (bench/README.md); in-flight blocks live in /dev/shm, not the heap
  const maxBlock = opts.blockBytes ?? 32 * 1024 * 1024;
  const blockMs = opts.blockMs ?? 100;
  let blockBytes = Math.max(1, Math.floor(maxBlock / 8));
  const inFlight = Math.max(1, opts.inFlight ?? 3);
  const dir = spoolDir();
  const parsing: { block: BlockFile; frame: Promise<DataFrame> }[] = [];
  const frames: DataFrame[] = [];
  let header: string[] | undefined;
  let headerBytes: Buffer[] = [];
  let sep: "\t" | "," = "\t";
  let schema: Record<string, DataType> = {};
  let block: BlockFile | undefined;
  let rows = 0;
  let bytes = 0;
  /** Parses not finished yet: on a slow link a block is cut early only while polars is idle. */
  let running = 0;

  const startHeader = (line: string) => {
    sep = detectDelimiter(line);
    header = splitCsvLine(line, sep);
    if (new Set(header).size !== header.length) throw new GenesysResponseError(`CSV header has duplicate columns: ${header.join(", ")}`, opts.endpoint, 200);
    const dtypes = opts.dtypes(header);
    schema = Object.fromEntries(header.map((h) => [h, dtypes[h] ?? pl.Utf8]));
  };
  const typed = (frame: LazyDataFrame) => (opts.transform ? opts.transform(frame) : frame);
  const emptyResult = (): Promise<DataFrame> => typed(emptyFrame(schema).lazy()).collect();
  // blocks settle in order, so `rows` counts every row before the one settling
  const settle = async (): Promise<void> => {
    const { block: done, frame } = parsing.shift()!;
    let df: DataFrame;
    try {
      df = await frame;
    } catch (e) {
      throw new GenesysResponseError(`malformed CSV in the block starting at data row ${rows + 1}: ${(e as Error).message.split("\n")[0]}`, opts.endpoint, 200);
    } finally {
      await done.discard();
    }
    frames.push(df);
    rows += df.height;
    opts.onBlock?.(rows, bytes);
  };
  const submit = async (): Promise<void> => {
    const full = block!;
    block = undefined;
    blockBytes = Math.min(maxBlock, blockBytes * 2);
    full.finish();
    const frame = typed(pl.scanCSV(full.path, { hasHeader: false, sep, quoteChar: '"', schema, inferSchemaLength: 0 })).collect();
    running++;
    frame.catch(() => undefined).finally(() => running--); // awaited in order by settle(); no unhandled rejection meanwhile
    parsing.push({ block: full, frame });
    while (parsing.length >= inFlight) await settle();
  };
  const append = (part: Uint8Array) => {
    if (part.length === 0) return;
    block ??= new BlockFile(dir);
    if (block.size === 0) {
      // a block's first record, when this part holds all of it
      const fields = firstRecordFields(part, sep);
      if (fields !== undefined && fields !== header!.length) {
        throw new GenesysResponseError(`malformed CSV: a record has ${fields} columns, the header has ${header!.length}`, opts.endpoint, 200);
      }
    }
    block.append(part);
  };
  /** Appends a chunk, cutting the block at the chunk's last record end once it is big enough. */
  const take = async (chunk: Uint8Array): Promise<void> => {
    const size = block ? block.size + chunk.length : 0;
    const due = block && (size >= blockBytes || (running === 0 && size >= maxBlock / 32 && performance.now() - block.started > blockMs));
    if (!due) return append(chunk);
    const cut = lastRecordEnd(chunk, block!.quoted);
    if (cut <= 0) return append(chunk);
    append(chunk.subarray(0, cut));
    await submit();
    append(chunk.subarray(cut));
  };

  try {
    for await (const raw of cutOffAsError(body, opts.endpoint, () => bytes)) {
      const chunk = raw instanceof Uint8Array ? raw : Buffer.from(raw);
      bytes += chunk.length;
      if (header) {
        await take(chunk);
        continue;
      }
      headerBytes.push(Buffer.from(chunk));
      const joined = Buffer.concat(headerBytes);
      const nl = joined.indexOf(NL);
      if (nl < 0) {
        headerBytes = [joined];
        continue;
      }
      startHeader(joined.subarray(0, nl).toString("utf8").replace(/\r$/, "").replace(/^\uFEFF/, ""));
      headerBytes = [];
      await take(joined.subarray(nl + 1));
    }
    if (!header) {
      const text = Buffer.concat(headerBytes).toString("utf8").trim();
      if (!text) return { frame: undefined, header: [], rows: 0, bytes }; // empty body: past the last page
      startHeader(text);
      return { frame: await emptyResult(), header: header!, rows: 0, bytes };
    }
    if (block) {
      if (block.quoted) throw new GenesysResponseError("malformed CSV: the body ends inside a quoted field (truncated download?)", opts.endpoint, 200);
      await submit();
    }
    while (parsing.length) await settle();
  } finally {
    // on failure, let pending parses finish, then delete every block file
    await Promise.allSettled(parsing.map((p) => p.frame));
    await Promise.all([...parsing.map((p) => p.block.discard()), block?.discard()]);
  }
  const frame = frames.length === 0 ? await emptyResult() : concatFrames(frames);
  return { frame, header, rows, bytes };
}

/**
 * Stacks frames without copying their columns. (nodejs-polars' "vertical"
 * concat folds `vstack` pairwise, a new frame per step: 0.6 s for the 62
 * blocks of a 1,000,000-row export on a 50 MB/s link; the lazy concat behind
 * "verticalRelaxed" takes one pass, ~10 ms. Blocks share one schema, so
 * nothing is relaxed.)
 */
export function concatFrames(frames: DataFrame[]): DataFrame {
  return frames.length === 1 ? frames[0]! : pl.concat(frames, { how: "verticalRelaxed", rechunk: false });
}

export function emptyFrame(schema: Record<string, DataType>): DataFrame {
  return pl.DataFrame(Object.fromEntries(Object.entries(schema).map(([k, t]) => [k, pl.Series(k, [], t)])));
}
