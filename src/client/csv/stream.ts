/**
 * Streams a Genesys CSV/TSV export into nodejs-polars as it arrives, in three
 * levels: bytes -> record-aligned blocks (record-scanner.ts: every record's
 * field count checked, quote state by the dialect), blocks -> typed frames
 * (typing.ts: polars' native reader on its own threads, a lenient re-read
 * for the rare block it refuses), and the caller assembling the frames.
 *
 * Network chunks are appended to a block file (block-file.ts) and cut at
 * record ends: 4 MB at first, doubling to 32 MB, or sooner on a slow link.
 * The event loop only appends bytes and scans them, so it keeps draining the
 * socket while earlier blocks parse; the body is never held whole in memory.
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr, LazyDataFrame } from "nodejs-polars";
import { readFileSync, writeFileSync } from "node:fs";
import { CoercionLog } from "../diagnostics.ts";
import { GenesysAbortError, GenesysResponseError } from "../errors.ts";
import { BlockFile, spoolDir } from "./block-file.ts";
import { parseRecords, toRfc4180 } from "./decode.ts";
import { LF } from "./dialect.ts";
import { CsvSyntaxError, RecordScanner } from "./record-scanner.ts";
import { blockExprs, type Kinds, lenientBlock, readSchema } from "./typing.ts";

export interface CsvStreamOptions {
  endpoint: string;
  /** Field kind per header name (others are text). */
  kinds: (header: string[]) => Kinds;
  /** Add `_date` companions to MCPD dates. Default true. */
  parseDates?: boolean;
  /** Coercions and notes go here (one log over all pages of a download). */
  log: CoercionLog;
  /** The response's Content-Type, checked against what a CSV export may be. */
  contentType?: string;
  /** Largest block; blocks start at 1/8 of it and double, so parsing starts early. Default 32 MB. */
  blockBytes?: number;
  /**
   * A block older than this (ms) is cut at the next record end once it holds 1/32 of blockBytes: slow links still parse as they
   * go. Default 100.
   */
  blockMs?: number;
  /** Blocks parsed at once; the socket is not read further while this many are pending. Default 3. */
  inFlight?: number;
  /** Longest header line. Default 1 MB. */
  maxHeaderBytes?: number;
  /** Longest record. Default 64 MB. */
  maxRecordBytes?: number;
  signal?: AbortSignal;
  onBlock?: (rows: number, bytes: number) => void;
  /** Takes each typed block frame as it settles, in order, instead of collecting them (awaited: back-pressure). */
  onFrame?: (df: DataFrame, header: string[], kinds: Kinds) => Promise<void> | void;
}

export interface CsvStreamResult {
  /** Typed block frames in order (empty when there are no rows, or when `onFrame` took them); assemble with typing.ts. */
  frames: DataFrame[];
  /** undefined: the body was empty (past the last page). */
  header: string[] | undefined;
  rows: number;
  bytes: number;
}

/** Genesys exports are tab-separated; some servers send commas: decide from the header line. */
export function detectDelimiter(headerLine: string): "\t" | "," {
  return headerLine.includes("\t") || !headerLine.includes(",") ? "\t" : ",";
}

const preview = (b: Uint8Array) => JSON.stringify(Buffer.from(b.subarray(0, 120)).toString("utf8"));

/** A body that is evidently not CSV (an HTML login or error page, a JSON object) is an error, never an empty frame. */
function checkNotCsv(first: Uint8Array, contentType: string | undefined, endpoint: string): void {
  const head = Buffer.from(first.subarray(0, 256)).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  const type = (contentType ?? "").toLowerCase();
  const html = /html|xml/.test(type) || head.startsWith("<!doctype") || head.startsWith("<html") || head.startsWith("<?xml");
  const json = /json/.test(type) || head.startsWith("{") || head.startsWith("[");
  if (html || json) {
    throw new GenesysResponseError(
      `expected a CSV export, got ${contentType ? `'${contentType}'` : "no Content-Type"} starting with ${preview(first)}`,
      endpoint,
      200,
    );
  }
}

export async function readCsvStream(body: AsyncIterable<Buffer | Uint8Array>, opts: CsvStreamOptions): Promise<CsvStreamResult> {
  // 32 MB x 3 in flight measured fastest on 2 cores (bench/README.md); in-flight blocks live in /dev/shm, not the heap
  const maxBlock = opts.blockBytes ?? 32 * 1024 * 1024;
  const blockMs = opts.blockMs ?? 100;
  const maxHeader = opts.maxHeaderBytes ?? 1024 * 1024;
  const parseDates = opts.parseDates ?? true;
  const { endpoint, log } = opts;
  let blockBytes = Math.max(1, Math.floor(maxBlock / 8));
  const inFlight = Math.max(1, opts.inFlight ?? 3);
  const dir = spoolDir();
  const parsing: { block: BlockFile; frame: Promise<DataFrame> }[] = [];
  const frames: DataFrame[] = [];
  let headerChunks: Buffer[] = [];
  let headerSize = 0;
  let header: string[] | undefined;
  let scanner: RecordScanner | undefined;
  let sep = 9;
  let kinds: Kinds = {};
  /** Per-block typing, built once from the header. */
  let typing: Expr[] = [];
  let block: BlockFile | undefined;
  let rows = 0;
  let bytes = 0;
  let rewritten = 0;
  /** Parses not finished yet: on a slow link a block is cut early only while polars is idle. */
  let running = 0;

  const startHeader = (line: Buffer) => {
    const text = line.toString("utf8").replace(/^\uFEFF/, "").replace(/\r$/, "");
    const delimiter = detectDelimiter(text);
    sep = delimiter.charCodeAt(0);
    header = (parseRecords(Buffer.from(text), sep)[0] ?? []).map((h) => h ?? "");
    if (new Set(header).size !== header.length) {
      throw new GenesysResponseError(`CSV header has duplicate columns: ${header.join(", ")}`, endpoint, 200);
    }
    kinds = opts.kinds(header);
    typing = blockExprs(header, kinds, parseDates);
    scanner = new RecordScanner(sep, header.length, opts.maxRecordBytes);
  };
  const syntaxError = (e: unknown): never => {
    if (!(e instanceof CsvSyntaxError)) throw e;
    const raw = block ? block.read(e.start, e.end, 600) : Buffer.alloc(0);
    throw new GenesysResponseError(
      `malformed CSV: ${e.message}${raw.length ? `: ${JSON.stringify(raw.toString("utf8"))}` : ""}`,
      endpoint,
      200,
      undefined,
      { cause: e, code: "GENESYS_CSV_RECORD" },
    );
  };
  const typed = (lf: LazyDataFrame) => (typing.length ? lf.withColumns(...typing) : lf);
  const parse = async (path: string): Promise<DataFrame> => {
    const read = (allText: boolean) =>
      pl.scanCSV(path, {
        hasHeader: false,
        sep: String.fromCharCode(sep),
        quoteChar: '"',
        schema: readSchema(header!, kinds, allText),
        inferSchemaLength: 0,
      });
    try {
      return await typed(read(false)).collect();
    } catch {
      // a value polars' typed reader refuses: read the block as text and type it leniently
      const text = await read(true).collect();
      return await typed(lenientBlock(text, kinds, log).lazy()).collect();
    }
  };
  // blocks settle in order, so `rows` counts every row before the one settling
  const settle = async (): Promise<void> => {
    const { block: done, frame } = parsing.shift()!;
    let df: DataFrame;
    try {
      df = await frame;
    } catch (e) {
      throw new GenesysResponseError(
        `malformed CSV in the block starting at data row ${rows + 1}: ${(e as Error).message.split("\n")[0]}`,
        endpoint,
        200,
        undefined,
        { cause: e, code: "GENESYS_CSV_RECORD" },
      );
    } finally {
      await done.discard();
    }
    rows += df.height;
    if (opts.onFrame) await opts.onFrame(df, header!, kinds);
    else frames.push(df);
    opts.onBlock?.(rows, bytes);
  };
  const submit = async (): Promise<void> => {
    const full = block!;
    block = undefined;
    blockBytes = Math.min(maxBlock, blockBytes * 2);
    full.close();
    if (scanner!.lastIrregular >= full.start) {
      // escaped or lazy quotes, blank lines: rewrite as RFC 4180, which polars reads
      writeFileSync(full.path, toRfc4180(readFileSync(full.path), sep, header!.length));
      rewritten++;
    }
    const frame = parse(full.path);
    running++;
    frame.catch(() => undefined).finally(() => running--); // awaited in order by settle(); no unhandled rejection meanwhile
    parsing.push({ block: full, frame });
    while (parsing.length >= inFlight) await settle();
  };
  /** Scans a chunk of records and appends it, cutting the block at the chunk's last record end once it is big enough. */
  const take = async (chunk: Uint8Array): Promise<void> => {
    if (chunk.length === 0) return;
    block ??= new BlockFile(dir, scanner!.pos);
    let cut: number;
    try {
      cut = scanner!.scan(chunk);
    } catch (e) {
      block.append(chunk);
      syntaxError(e);
    }
    const size = block.size + chunk.length;
    const due = size >= blockBytes || (running === 0 && size >= maxBlock / 32 && performance.now() - block.started > blockMs);
    if (!due || cut! <= 0) return block.append(chunk);
    block.append(chunk.subarray(0, cut!));
    await submit();
    if (cut! < chunk.length) {
      block = new BlockFile(dir, scanner!.pos - chunk.length + cut!);
      block.append(chunk.subarray(cut!));
    }
  };

  try {
    // (the body reader maps a broken connection to GenesysNetworkError: transport.ts)
    for await (const raw of body) {
      if (opts.signal?.aborted) throw new GenesysAbortError(endpoint, opts.signal.reason);
      const chunk = raw instanceof Uint8Array ? raw : Buffer.from(raw);
      if (bytes === 0 && chunk.length) checkNotCsv(chunk, opts.contentType, endpoint);
      bytes += chunk.length;
      if (header) {
        await take(chunk);
        continue;
      }
      // the header line: searched in each new chunk only (linear), bounded in size
      const nl = chunk.indexOf(LF);
      if (nl < 0) {
        headerChunks.push(Buffer.from(chunk));
        headerSize += chunk.length;
        if (headerSize > maxHeader) {
          throw new GenesysResponseError(
            `the first line is longer than ${(maxHeader / 1024).toFixed(0)} KB without a line end: not a CSV export?`,
            endpoint,
            200,
          );
        }
        continue;
      }
      startHeader(Buffer.concat([...headerChunks, chunk.subarray(0, nl)]));
      headerChunks = [];
      await take(chunk.subarray(nl + 1));
    }
    if (!header) {
      const text = Buffer.concat(headerChunks).toString("utf8").trim();
      if (!text) return { frames: [], header: undefined, rows: 0, bytes }; // empty body: past the last page
      startHeader(Buffer.from(text));
      return { frames: [], header, rows: 0, bytes };
    }
    let end;
    try {
      end = scanner!.finish();
    } catch (e) {
      syntaxError(e);
    }
    if (end!.unterminated) log.note("the last record had no line end; it has the right number of fields and was kept");
    if (scanner!.blank) log.note(`${scanner!.blank.toLocaleString("en")} blank line${scanner!.blank === 1 ? " was" : "s were"} skipped`);
    if (block) await submit();
    while (parsing.length) await settle();
    if (rewritten) {
      log.note(
        `${rewritten} block${
          rewritten === 1 ? "" : "s"
        } with backslash-escaped or lazy quotes (or blank lines) were read by the documented CSV dialect`,
      );
    }
  } finally {
    // on failure, let pending parses finish, then delete every block file
    await Promise.allSettled(parsing.map((p) => p.frame));
    await Promise.all([...parsing.map((p) => p.block.discard()), block?.discard()]);
  }
  return { frames, header, rows, bytes };
}
