/**
 * A Genesys CSV/TSV body as typed DataFrame blocks, pulled one at a time:
 *
 *   body -> sniff (sniff.ts: gzip, charset, not-CSV) -> header and
 *   record-aligned block files (blocks.ts: field counts, UTF-8) -> typed
 *   blocks (polars' native reader on its own threads; typing.ts).
 *
 * Up to `inFlight` blocks parse at once while the next is cut from the
 * socket; the consumer's pace is the back-pressure: nothing more is read
 * while it holds a block. Stopping early (`break`, an error, an abort)
 * removes every block file.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, Expr } from "nodejs-polars";
import { readFileSync, writeFileSync } from "node:fs";
import { CoercionLog } from "../../kernel/diagnostics.ts";
import { GenesysAbortError, GenesysResponseError } from "../../kernel/errors.ts";
import type { BlockFile } from "./block-file.ts";
import { cutBlocks, type Head } from "./blocks.ts";
import { toRfc4180 } from "./decode.ts";
import { sniff } from "./sniff.ts";
import { clock, lap } from "./events.ts";
import { blockExprs, emptyBlock, type Kinds, lenientBlock, positional, readSchema } from "./typing.ts";
import { spareText, wholeSecondChecks } from "./instant-text.ts";

export interface CsvStreamOptions {
  endpoint: string;
  /** Field kind per header name (others are text). */
  kinds: (header: string[]) => Kinds;
  /** Add `_date` companions to MCPD dates. Default true. */
  parseDates?: boolean;
  /**
   * The body's log: its notes (header renames, blank lines, sniffing) and every block's coercions are also gathered
   * here. Optional: each block carries its own share (`TypedBlock.log`).
   */
  log?: CoercionLog;
  /** The response's Content-Type: checked against what a CSV export may be, and its charset. */
  contentType?: string;
  /** Largest block; blocks start at 1/8 of it and double, so parsing starts early. Default 32 MB. */
  blockBytes?: number;
  /** A block older than this (ms) is cut early on a slow link while polars is idle. Default 100. */
  blockMs?: number;
  /** Blocks parsed at once. Default 3. */
  inFlight?: number;
  /** Longest header line. Default 1 MB. */
  maxHeaderBytes?: number;
  /** Longest record. Default 64 MB. */
  maxRecordBytes?: number;
  signal?: AbortSignal;
}

/** One typed block of a body. */
export interface TypedBlock {
  /** Typed by the block's own values (blocks are unified when stacked: typing.ts). */
  df: DataFrame;
  header: string[];
  kinds: Kinds;
  /** Rows of the body up to and including this block. */
  rows: number;
  /** Bytes of the body read so far. */
  bytes: number;
  /**
   * What was coerced reading this block, with the body's notes that concern it: those about the header (renamed
   * columns, blank lines before it, how the body was decoded) on every block, the others on the block that follows
   * them (the last block gets those found at the body's end). A fold over a body's blocks is the body's diagnostics.
   */
  log: CoercionLog;
}

/** The body's notes handed to its blocks: the header's on every block, any later one once. */
class BodyNotes {
  private head: string[] = [];
  private handed = 0;
  constructor(readonly log: CoercionLog) {}

  /** The header has been read: the notes so far concern every block. */
  headerRead(): void {
    this.head = [...this.log.notes];
    this.handed = this.log.notes.length;
  }

  /** Puts the header's notes and those not handed yet on a block's log, then folds the block into the body's. */
  hand(own: CoercionLog): void {
    for (const n of this.head) own.note(n);
    for (const n of this.log.notes.slice(this.handed)) own.note(n);
    this.log.merge(own);
    this.handed = this.log.notes.length;
  }
}

/** How a header's blocks are read and typed: built once per body. */
class BlockReader {
  readonly kinds: Kinds;
  private readonly typing: Expr[];
  private readonly typingText: Expr[];
  private readonly checks: Expr[];
  private readonly names: Record<string, string>;
  private readonly schema: [string, DataType][];
  private readonly text: [string, DataType][];

  constructor(
    readonly head: Head,
    kindsOf: (header: string[]) => Kinds,
    readonly parseDates: boolean,
  ) {
    const { header } = head;
    this.kinds = kindsOf(header);
    this.typing = blockExprs(header, this.kinds, parseDates);
    this.typingText = blockExprs(header, this.kinds, parseDates, true);
    this.checks = wholeSecondChecks(header, this.kinds);
    // polars reads under positional names (a schema is applied by position), then the header's names are put on by name
    this.names = Object.fromEntries(header.map((h, i) => [positional(i), h]));
    const pos = (pairs: [string, DataType][]) => pairs.map(([, t], i) => [positional(i), t] as [string, DataType]);
    this.schema = pos(readSchema(header, this.kinds));
    this.text = pos(readSchema(header, this.kinds, true));
  }

  async parse(block: BlockFile, irregular: boolean, log: CoercionLog): Promise<DataFrame> {
    const sep = this.head.sep;
    const t0 = clock();
    if (irregular) {
      // escaped or lazy quotes, blank lines: rewritten as RFC 4180, which polars reads
      writeFileSync(block.path, toRfc4180(readFileSync(block.path), sep, this.head.header.length));
    }
    const t1 = lap("rewrite", t0);
    const read = (schema: [string, DataType][]) =>
      pl.scanCSV(block.path, {
        hasHeader: false,
        sep: String.fromCharCode(sep),
        quoteChar: '"',
        schema: Object.fromEntries(schema),
        inferSchemaLength: 0,
      }).rename(this.names);
    const typed = async (lf: ReturnType<typeof read>, typing: Expr[]) => {
      const exprs = [...typing, ...this.checks];
      // an instant column's text is freed at once where its parsed values say the same (instant-text.ts)
      return spareText(await (exprs.length ? lf.withColumns(...exprs) : lf).collect(), this.head.header, this.kinds);
    };
    try {
      return await typed(read(this.schema), this.typing);
    } catch {
      // a value polars' typed reader refuses: read the block as text and type it leniently
      const text = await read(this.text).collect();
      return await typed(lenientBlock(text, this.kinds, log).lazy(), this.typingText);
    } finally {
      lap("parse", t1);
    }
  }

  /** A header-only body: no rows, typed from the header. */
  empty(): DataFrame {
    return emptyBlock(this.head.header, this.kinds, this.parseDates);
  }
}

/** Counts the bytes and honours the signal between chunks. */
async function* counted(bytes: AsyncIterable<Uint8Array>, total: { bytes: number }, endpoint: string, signal?: AbortSignal) {
  for await (const chunk of bytes) {
    if (signal?.aborted) throw new GenesysAbortError({ endpoint, reason: signal.reason });
    total.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * The body's typed blocks, in order. An empty (or blank) body gives none; a header-only body one empty block, so the
 * consumer always learns the header.
 */
export async function* typedBlocks(body: AsyncIterable<Uint8Array>, opts: CsvStreamOptions): AsyncGenerator<TypedBlock> {
  const { endpoint } = opts;
  const log = opts.log ?? new CoercionLog();
  const notes = new BodyNotes(log);
  const inFlight = Math.max(1, opts.inFlight ?? 3);
  const sniffed = await sniff(body, endpoint, opts.contentType);
  for (const n of sniffed.notes) log.note(n);
  const total = { bytes: 0 };
  const parsing: { block: BlockFile; frame: Promise<DataFrame>; log: CoercionLog }[] = [];
  let running = 0;
  let reader: BlockReader | undefined;
  let rows = 0;
  const settle = async (): Promise<TypedBlock> => {
    const { block, frame, log: own } = parsing.shift()!;
    let df: DataFrame;
    const t0 = clock();
    try {
      df = await frame;
      lap("waitParse", t0);
    } catch (e) {
      throw new GenesysResponseError(
        `malformed CSV in the block starting at data row ${rows + 1}: ${(e as Error).message.split("\n")[0]}`,
        { endpoint, status: 200, cause: e, code: "GENESYS_CSV_RECORD" },
      );
    } finally {
      await block.discard();
    }
    rows += df.height;
    notes.hand(own);
    return { df, header: reader!.head.header, kinds: reader!.kinds, rows, bytes: total.bytes, log: own };
  };
  try {
    const cuts = cutBlocks(counted(sniffed.bytes, total, endpoint, opts.signal), {
      endpoint,
      log,
      blockBytes: opts.blockBytes,
      blockMs: opts.blockMs,
      maxHeaderBytes: opts.maxHeaderBytes,
      maxRecordBytes: opts.maxRecordBytes,
      idle: () => running === 0,
    });
    let blocks = 0;
    for await (const cut of cuts) {
      if (cut.head) {
        reader = new BlockReader(cut.head, opts.kinds, opts.parseDates ?? true);
        notes.headerRead();
        continue;
      }
      const own = new CoercionLog();
      const frame = reader!.parse(cut.block, cut.irregular, own);
      running++;
      frame.catch(() => undefined).finally(() => running--); // awaited in order by settle(); no unhandled rejection meanwhile
      parsing.push({ block: cut.block, frame, log: own });
      blocks++;
      while (parsing.length >= inFlight) yield await settle();
    }
    while (parsing.length) yield await settle();
    if (reader && blocks === 0) {
      const own = new CoercionLog();
      notes.hand(own);
      yield { df: reader.empty(), header: reader.head.header, kinds: reader.kinds, rows: 0, bytes: total.bytes, log: own };
    }
  } finally {
    // on failure or an early stop, let pending parses finish, then delete every block file
    await Promise.allSettled(parsing.map((p) => p.frame));
    await Promise.all(parsing.map((p) => p.block.discard()));
  }
}
