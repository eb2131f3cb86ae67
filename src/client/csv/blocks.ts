/**
 * Bytes -> the header and record-aligned block files, pulled one at a time.
 *
 * The header line decides the delimiter and the field count; every data
 * record's field count is then checked by the record scanner, UTF-8 is
 * checked as the bytes arrive, and the bytes are appended to a block file
 * (block-file.ts) that is cut at a record end: 4 MB at first, doubling to
 * 32 MB, or sooner on a slow link while the parser is idle. The consumer owns
 * each block it is handed (and discards it); a block being filled when the
 * consumer stops is removed here.
 */
import { CoercionLog } from "../../kernel/diagnostics.ts";
import { GenesysInputError, GenesysResponseError } from "../../kernel/errors.ts";
import { BlockFile, spoolDir } from "./block-file.ts";
import { parseRecords } from "./decode.ts";
import { CR, LF } from "./dialect.ts";
import { CsvSyntaxError, RecordScanner } from "./record-scanner.ts";
import { Utf8Check } from "./utf8.ts";
import { blockCut, clock, lap } from "./events.ts";

export interface CutOptions {
  endpoint: string;
  log: CoercionLog;
  /** Largest block; blocks start at 1/8 of it and double. Default 32 MB. */
  blockBytes?: number;
  /** A block older than this (ms) is cut at the next record end once it holds 1/32 of blockBytes, while `idle()`. Default 100. */
  blockMs?: number;
  /** Longest header line. Default 1 MB. */
  maxHeaderBytes?: number;
  /** Longest record. Default 64 MB. */
  maxRecordBytes?: number;
  /** True while no block is being parsed: a slow link then cuts blocks early. */
  idle?: () => boolean;
}

export interface Head {
  /** Column names as they will be in the frame (empty names and repeats renamed, with a note). */
  header: string[];
  /** Delimiter byte. */
  sep: number;
}

/** Either the header (first, once) or a block of whole records; `irregular`: it needs the dialect's rewrite for polars. */
export type Cut = { head: Head; block?: undefined } | { block: BlockFile; irregular: boolean; head?: undefined };

/** Genesys exports are tab-separated; some servers send commas: decide from the header line. */
export function detectDelimiter(headerLine: string): "\t" | "," {
  return headerLine.includes("\t") || !headerLine.includes(",") ? "\t" : ",";
}

const error = (endpoint: string, message: string, cause?: unknown) =>
  new GenesysResponseError(message, { endpoint, status: 200, cause, code: "GENESYS_CSV_RECORD" });

/** Header names as frame columns: an empty name becomes `column_<n>`, a repeated one `<name>_<k>`; both noted. */
export function frameNames(raw: (string | null)[], log: CoercionLog): string[] {
  const names: string[] = [];
  const taken = new Set<string>();
  raw.forEach((r, i) => {
    let name = r ?? "";
    if (name === "") {
      name = `column_${i + 1}`;
      log.note(`column ${i + 1} has no name in the header; it is named '${name}'`);
    }
    if (taken.has(name)) {
      let k = 2;
      while (taken.has(`${name}_${k}`) || raw.includes(`${name}_${k}`)) k++;
      log.note(`the header names '${name}' more than once; column ${i + 1} is named '${name}_${k}'`);
      name = `${name}_${k}`;
    }
    taken.add(name);
    names.push(name);
  });
  return names;
}

/** The header from its line's bytes (without the LF). */
function readHead(line: Buffer, endpoint: string, log: CoercionLog): Head {
  const utf8 = new Utf8Check();
  const bad = utf8.check(line);
  if (bad >= 0 || utf8.finish() >= 0) {
    throw error(endpoint, `the header line is not valid UTF-8 (byte ${Math.max(bad, 0)}); the body declares no charset that explains it`);
  }
  const text = line.toString("utf8").replace(/^\uFEFF/, "").replace(/\r$/, "");
  const sep = detectDelimiter(text).charCodeAt(0);
  return { header: frameNames(parseRecords(Buffer.from(text), sep)[0] ?? [], log), sep };
}

/** The 1-based number of the record holding data byte `offset` of `chunk`, which the scanner has not read yet. */
function recordAt(scanner: RecordScanner, chunk: Uint8Array, offset: number): number {
  const copy = Object.assign(Object.create(RecordScanner.prototype), scanner) as RecordScanner;
  try {
    copy.scan(chunk.subarray(0, Math.max(0, offset - scanner.pos)));
  } catch {
    // a ragged record before the byte: the count so far names it
  }
  return copy.records + copy.blank + 1;
}

/** The header line, read from the body's first chunks (blank lines before it skipped); undefined for an empty body. */
async function readHeader(it: AsyncIterator<Uint8Array>, opts: CutOptions): Promise<{ head: Head; rest: Uint8Array } | undefined> {
  const { endpoint, log } = opts;
  const maxHeader = opts.maxHeaderBytes ?? 1024 * 1024;
  let pending: Buffer = Buffer.alloc(0);
  let skipped = 0;
  const found = (head: Head, rest: Uint8Array) => {
    if (skipped) log.note(`${skipped} blank line${skipped === 1 ? "" : "s"} before the header were skipped`);
    return { head, rest };
  };
  while (true) {
    const nl = pending.indexOf(LF);
    if (nl >= 0) {
      const line = pending.subarray(0, nl);
      if (line.toString("latin1").trim() !== "") return found(readHead(line, endpoint, log), pending.subarray(nl + 1));
      skipped++;
      pending = pending.subarray(nl + 1);
      continue;
    }
    if (pending.length > maxHeader) {
      throw error(endpoint, `the first line is longer than ${(maxHeader / 1024).toFixed(0)} KB without a line end: not a CSV export?`);
    }
    const cr = pending.indexOf(CR);
    if (cr >= 0 && cr < pending.length - 1) {
      throw error(
        endpoint,
        "the body's lines end in CR alone (old Mac style), which this client does not read: records end at LF (or CRLF)",
      );
    }
    const r = await it.next();
    if (r.done) {
      // empty or blank: past the last page
      return pending.toString("latin1").trim() === "" ? undefined : found(readHead(pending, endpoint, log), new Uint8Array(0));
    }
    pending = pending.length ? Buffer.concat([pending, r.value]) : Buffer.from(r.value);
  }
}

/**
 * The records after the header, cut into block files at record ends: each chunk is checked (UTF-8, field counts) and
 * appended to the block being filled, which is handed over once it is due (its size reached, or on a slow link).
 */
class BlockCutter {
  readonly #scanner: RecordScanner;
  readonly #utf8 = new Utf8Check();
  readonly #dir: string;
  readonly #maxBlock: number;
  readonly #blockMs: number;
  readonly #idle: () => boolean;
  /** The size at which the block being filled is due: 1/8 of the largest at first, doubling. */
  #size: number;
  #block: BlockFile | undefined;
  /** Blocks that needed the dialect's rewrite for polars. */
  #rewritten = 0;

  constructor(head: Head, private readonly opts: CutOptions) {
    this.#scanner = new RecordScanner(head.sep, head.header.length, opts.maxRecordBytes);
    this.#maxBlock = opts.blockBytes ?? 32 * 1024 * 1024;
    this.#blockMs = opts.blockMs ?? 100;
    this.#idle = opts.idle ?? (() => true);
    this.#size = Math.max(1, Math.floor(this.#maxBlock / 8));
    try {
      this.#dir = spoolDir();
    } catch (e) {
      throw new GenesysInputError(`cannot use the spool directory for export blocks: ${(e as Error).message}`, {
        endpoint: opts.endpoint,
        hint: "set GENESYS_SPOOL_DIR to a directory of your own",
      });
    }
  }

  /** A malformed record as the typed error, with the record's text. */
  #fail(e: unknown): never {
    if (!(e instanceof CsvSyntaxError)) throw e;
    const raw = this.#block ? this.#block.read(e.start, e.end, 600) : Buffer.alloc(0);
    throw error(this.opts.endpoint, `malformed CSV: ${e.message}${raw.length ? `: ${JSON.stringify(raw.toString("utf8"))}` : ""}`, e);
  }

  #badUtf8(offset: number, record: number): never {
    throw error(
      this.opts.endpoint,
      `invalid UTF-8 at byte ${offset.toLocaleString("en")} of the data (record ${record.toLocaleString("en")}); the body ` +
        "declares no charset (such as ISO-8859-1) that would explain it",
    );
  }

  /** Hands the block being filled over. */
  #cut(): Cut {
    const full = this.#block!;
    this.#block = undefined;
    this.#size = Math.min(this.#maxBlock, this.#size * 2);
    full.close();
    const irregular = this.#scanner.lastIrregular >= full.start;
    blockCut(full.size);
    if (irregular) this.#rewritten++;
    return { block: full, irregular };
  }

  /** Takes a chunk of the body; a block when one is due (the chunk's rest starts the next). */
  push(chunk: Uint8Array): Cut | undefined {
    if (chunk.length === 0) return undefined;
    const scanner = this.#scanner;
    let t = clock();
    this.#block ??= new BlockFile(this.#dir, scanner.pos);
    const block = this.#block;
    const bad = this.#utf8.check(chunk);
    t = lap("utf8", t);
    if (bad >= 0) this.#badUtf8(bad, recordAt(scanner, chunk, bad));
    let end = -1;
    try {
      end = scanner.scan(chunk);
    } catch (e) {
      block.append(chunk);
      this.#fail(e);
    }
    t = lap("scan", t);
    const filled = block.size + chunk.length;
    const slow = this.#idle() && filled >= this.#maxBlock / 32 && performance.now() - block.started > this.#blockMs;
    if ((filled < this.#size && !slow) || end <= 0) {
      block.append(chunk);
      lap("cut", t);
      return undefined;
    }
    block.append(chunk.subarray(0, end));
    const next = chunk.subarray(end);
    const at = scanner.pos - next.length;
    const full = this.#cut();
    if (next.length) {
      this.#block = new BlockFile(this.#dir, at);
      this.#block.append(next);
    }
    lap("cut", t);
    return full;
  }

  /** The body ended: its last checks and notes, and the last block. */
  finish(): Cut | undefined {
    const { log } = this.opts;
    let finish;
    try {
      finish = this.#scanner.finish();
    } catch (e) {
      this.#fail(e);
    }
    if (this.#utf8.finish() >= 0) this.#badUtf8(this.#utf8.finish(), this.#scanner.records + this.#scanner.blank);
    if (finish!.unterminated) log.note("the last record had no line end; it has the right number of fields and was kept");
    const blank = this.#scanner.blank;
    if (blank) log.note(`${blank.toLocaleString("en")} blank line${blank === 1 ? " was" : "s were"} skipped`);
    const last = this.#block && this.#block.size > 0 ? this.#cut() : undefined;
    if (this.#rewritten) {
      log.note(
        `${this.#rewritten} block${this.#rewritten === 1 ? "" : "s"} with backslash-escaped or lazy quotes (or blank lines) were ` +
          "read by the documented CSV dialect",
      );
    }
    return last;
  }

  /** Removes the block being filled (the consumer owns the blocks handed over). */
  async discard(): Promise<void> {
    await this.#block?.discard();
  }
}

/**
 * Pulls the body and hands out the header, then blocks of whole records. An empty or blank body hands out nothing.
 */
export async function* cutBlocks(bytes: AsyncIterable<Uint8Array>, opts: CutOptions): AsyncGenerator<Cut> {
  const it = bytes[Symbol.asyncIterator]();
  const start = await readHeader(it, opts);
  if (!start) return;
  yield { head: start.head };
  const cutter = new BlockCutter(start.head, opts);
  try {
    let chunk: Uint8Array | undefined = start.rest;
    while (true) {
      if (!chunk) {
        const t = clock();
        const r = await it.next();
        lap("receive", t);
        if (r.done) break;
        chunk = r.value;
      }
      const full = cutter.push(chunk);
      chunk = undefined;
      if (full) yield full;
    }
    const last = cutter.finish();
    if (last) yield last;
  } finally {
    await cutter.discard();
  }
}
