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
import { CoercionLog } from "../core/diagnostics.ts";
import { GenesysInputError, GenesysResponseError } from "../core/errors.ts";
import { BlockFile, spoolDir } from "./block-file.ts";
import { parseRecords } from "./decode.ts";
import { CR, LF } from "./dialect.ts";
import { CsvSyntaxError, RecordScanner } from "./record-scanner.ts";
import { Utf8Check } from "./utf8.ts";
import { lap, phases } from "./phases.ts";

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

/**
 * Pulls the body and hands out the header, then blocks of whole records. An empty or blank body hands out nothing.
 */
export async function* cutBlocks(bytes: AsyncIterable<Uint8Array>, opts: CutOptions): AsyncGenerator<Cut> {
  const { endpoint, log } = opts;
  const maxBlock = opts.blockBytes ?? 32 * 1024 * 1024;
  const blockMs = opts.blockMs ?? 100;
  const maxHeader = opts.maxHeaderBytes ?? 1024 * 1024;
  const idle = opts.idle ?? (() => true);
  const it = bytes[Symbol.asyncIterator]();

  // the header line: blank lines before it are skipped, a body of whitespace alone is empty
  let pending: Buffer = Buffer.alloc(0);
  let head: Head | undefined;
  let rest: Uint8Array = new Uint8Array(0);
  let skipped = 0;
  while (!head) {
    const nl = pending.indexOf(LF);
    if (nl >= 0) {
      const line = pending.subarray(0, nl);
      if (line.toString("latin1").trim() === "") {
        skipped++;
        pending = pending.subarray(nl + 1);
        continue;
      }
      head = readHead(line, endpoint, log);
      rest = pending.subarray(nl + 1);
      break;
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
      if (pending.toString("latin1").trim() === "") return; // empty or blank: past the last page
      head = readHead(pending, endpoint, log);
      break;
    }
    pending = pending.length ? Buffer.concat([pending, r.value]) : Buffer.from(r.value);
  }
  if (skipped) log.note(`${skipped} blank line${skipped === 1 ? "" : "s"} before the header were skipped`);
  yield { head };

  const { sep, header } = head;
  const scanner = new RecordScanner(sep, header.length, opts.maxRecordBytes);
  const utf8 = new Utf8Check();
  let dir: string;
  try {
    dir = spoolDir();
  } catch (e) {
    throw new GenesysInputError(`cannot use the spool directory for export blocks: ${(e as Error).message}`, {
      endpoint,
      hint: "set GENESYS_SPOOL_DIR to a directory of your own",
    });
  }
  let size = Math.max(1, Math.floor(maxBlock / 8));
  let block: BlockFile | undefined;
  let rewritten = 0;

  const fail = (e: unknown): never => {
    if (!(e instanceof CsvSyntaxError)) throw e;
    const raw = block ? block.read(e.start, e.end, 600) : Buffer.alloc(0);
    throw error(endpoint, `malformed CSV: ${e.message}${raw.length ? `: ${JSON.stringify(raw.toString("utf8"))}` : ""}`, e);
  };
  const badUtf8 = (offset: number, record: number): never => {
    throw error(
      endpoint,
      `invalid UTF-8 at byte ${offset.toLocaleString("en")} of the data (record ${record.toLocaleString("en")}); the body ` +
        "declares no charset (such as ISO-8859-1) that would explain it",
    );
  };
  /** Hands the full block over. */
  const cut = (): Cut => {
    const full = block!;
    block = undefined;
    size = Math.min(maxBlock, size * 2);
    full.close();
    const irregular = scanner.lastIrregular >= full.start;
    phases.blocks++;
    phases.bytes += full.size;
    if (irregular) rewritten++;
    return { block: full, irregular };
  };

  try {
    let chunk: Uint8Array | undefined = rest;
    while (true) {
      let t = performance.now();
      if (!chunk) {
        const r = await it.next();
        t = lap("receive", t);
        if (r.done) break;
        chunk = r.value;
      }
      if (chunk.length === 0) {
        chunk = undefined;
        continue;
      }
      block ??= new BlockFile(dir, scanner.pos);
      const bad = utf8.check(chunk);
      t = lap("utf8", t);
      if (bad >= 0) badUtf8(bad, recordAt(scanner, chunk, bad));
      let end = -1;
      try {
        end = scanner.scan(chunk);
      } catch (e) {
        block.append(chunk);
        fail(e);
      }
      t = lap("scan", t);
      const filled = block.size + chunk.length;
      const due = filled >= size || (idle() && filled >= maxBlock / 32 && performance.now() - block.started > blockMs);
      if (!due || end <= 0) {
        block.append(chunk);
        lap("cut", t);
        chunk = undefined;
        continue;
      }
      block.append(chunk.subarray(0, end));
      const next = chunk.subarray(end);
      const at = scanner.pos - next.length;
      const full = cut();
      lap("cut", t);
      yield full;
      t = performance.now();
      if (next.length) {
        block = new BlockFile(dir, at);
        block.append(next);
      }
      lap("cut", t);
      chunk = undefined;
    }
    let finish;
    try {
      finish = scanner.finish();
    } catch (e) {
      fail(e);
    }
    if (utf8.finish() >= 0) badUtf8(utf8.finish(), scanner.records + scanner.blank);
    if (finish!.unterminated) log.note("the last record had no line end; it has the right number of fields and was kept");
    if (scanner.blank) log.note(`${scanner.blank.toLocaleString("en")} blank line${scanner.blank === 1 ? " was" : "s were"} skipped`);
    if (block && block.size > 0) yield cut();
    if (rewritten) {
      log.note(
        `${rewritten} block${rewritten === 1 ? "" : "s"} with backslash-escaped or lazy quotes (or blank lines) were read by ` +
          "the documented CSV dialect",
      );
    }
  } finally {
    await block?.discard();
  }
}
