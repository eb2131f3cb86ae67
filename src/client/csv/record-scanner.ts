/**
 * Bytes -> record boundaries, as they arrive: pure byte logic over the dialect
 * in dialect.ts. Counts the fields of every record and checks them against the
 * header, knows where the last complete record in a chunk ends (where a block
 * may be cut), and notes syntax that polars would read differently (escaped
 * or lazy quotes, blank lines), so that only such blocks are rewritten.
 */
import { fastFields } from "./wasm/fast-fields.ts";
import { BACKSLASH, CR, FIELD_END, FS, inQuotes, IRREGULAR, LF, QEQ, QUOTE, RECORD_END, step, stepIn, U } from "./dialect.ts";

const SEP_OUTSIDE = (FS << 8) | FIELD_END;
const LF_OUTSIDE = (FS << 8) | RECORD_END;

export type CsvSyntaxKind = "ragged" | "unclosed" | "too-long";

/** A record that cannot be read; offsets are absolute byte positions in the body after the header. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly kind: CsvSyntaxKind,
    /** 1-based data record number (the header is record 0). */
    readonly record: number,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

export interface ScanEnd {
  /** The body's last record had no line end (it had the right number of fields and is kept). */
  unterminated: boolean;
}

export class RecordScanner {
  private state = FS;
  /** Fields of the current record so far. */
  private fields = 1;
  private lastByte = 0;
  private readonly special = new Uint8Array(256);
  /** Complete data records, blank lines not counted. */
  records = 0;
  /** Blank lines skipped (only when the header has more than one column). */
  blank = 0;
  /** Absolute offset of the next byte. */
  pos = 0;
  /** Absolute offset where the current record starts. */
  recordStart = 0;
  /** Absolute offset of the latest byte that needs a rewrite before polars reads it, or -1. */
  lastIrregular = -1;
  /** Index just past the last record end in the chunk being scanned, or -1. */
  private lastEnd = -1;

  constructor(readonly sep: number, readonly expected: number, readonly maxRecordBytes = 64 * 1024 * 1024) {
    for (const b of [sep, LF, QUOTE, BACKSLASH]) this.special[b] = 1;
  }

  /** Scans a chunk; returns the index just past the chunk's last record end, or -1 when no record ends in it. */
  scan(chunk: Uint8Array): number {
    const base = this.pos;
    this.lastEnd = -1;
    let i = 0;
    while (i < chunk.length) {
      // outside quotes, plain bytes are counted 16 at a time (wasm/fast-fields.ts) up to the first byte that needs the
      // state machine (a quote, a backslash, a record with another field count), which reads from that record on
      // until a record ends after it; then the fast path again
      const fast = (this.state === U || this.state === FS) && chunk.length - i >= 64
        ? fastFields(chunk.subarray(i), this.sep, this.expected, this.fields - 1)
        : undefined;
      if (!fast) {
        this.slowScan(chunk, i, chunk.length, base);
        break;
      }
      if (fast.last >= 0) {
        this.records += fast.records;
        this.recordStart = base + i + fast.last + 1;
        this.lastEnd = i + fast.last + 1;
      }
      if (fast.stop < 0) {
        this.fields = fast.seps + 1;
        const lastByte = chunk[chunk.length - 1]!;
        // after a delimiter or a line end the next byte starts a field; after anything else it continues one
        this.state = lastByte === this.sep || lastByte === LF ? FS : U;
        break;
      }
      const from = fast.last >= 0 ? i + fast.last + 1 : i;
      if (fast.last >= 0) {
        this.fields = 1;
        this.state = FS;
      }
      i = this.slowScan(chunk, from, i + fast.stop, base);
    }
    this.pos = base + chunk.length;
    if (chunk.length) this.lastByte = chunk[chunk.length - 1]!;
    this.checkLength();
    return this.lastEnd;
  }

  /**
   * The state machine over chunk[from…): up to the end, or only until the first record that ends outside quotes at or
   * after `until` (returns the index just past it).
   */
  private slowScan(chunk: Uint8Array, from: number, until: number, base: number): number {
    const sep = this.sep;
    const special = this.special;
    let state = this.state;
    for (let i = from; i < chunk.length; i++) {
      const c = chunk[i]!;
      // U and Q (0, 1) pass ordinary bytes through unchanged: the hot path
      if (state < 2 && special[c] === 0) continue;
      // the frequent transitions (a delimiter or LF outside quotes) without a call; step() gives the same. After `\"`
      // (QEQ) the field count decides (stepIn), in a method of its own so this loop stays small for the optimiser
      const outside = state === U || state === FS;
      const r = outside && c === sep
        ? SEP_OUTSIDE
        : outside && c === LF
        ? LF_OUTSIDE
        : state === QEQ
        ? this.afterEscape(c)
        : step(state, c, sep);
      state = r >> 8;
      if (r & FIELD_END) this.fields++;
      else if (r & RECORD_END) {
        this.endRecord(base + i, i > 0 ? chunk[i - 1]! : this.lastByte);
        this.lastEnd = i + 1;
        if (i >= until) {
          this.state = state;
          return i + 1;
        }
      }
      if (r & IRREGULAR) this.lastIrregular = base + i;
    }
    this.state = state;
    return chunk.length;
  }

  /** A record longer than maxRecordBytes is an error (an unclosed quote, or not CSV). */
  private checkLength(): void {
    if (this.pos - this.recordStart > this.maxRecordBytes) {
      const n = this.records + this.blank + 1;
      throw new CsvSyntaxError(
        `record ${n} is longer than ${(this.maxRecordBytes / 1048576).toFixed(0)} MB without a line end (an unclosed quote, or not CSV)`,
        "too-long",
        n,
        this.recordStart,
        this.pos,
      );
    }
  }

  /** The transition after `\"`, resolved by the field count (dialect.ts, stepIn). */
  private afterEscape(c: number): number {
    return stepIn(QEQ, c, this.sep, this.fields, this.expected);
  }

  /** Checks the end of the body. */
  finish(): ScanEnd {
    if (this.pos === this.recordStart) return { unterminated: false };
    const n = this.records + this.blank + 1;
    if (inQuotes(this.state)) {
      throw new CsvSyntaxError(
        `the body ends inside a quoted field of record ${n} (cut off, or an unbalanced quote)`,
        "unclosed",
        n,
        this.recordStart,
        this.pos,
      );
    }
    this.endRecord(this.pos, this.lastByte);
    return { unterminated: true };
  }

  /** `at`: absolute offset of the LF (or the end of the body); `before`: the byte before it. */
  private endRecord(at: number, before: number): void {
    const bytes = at - this.recordStart;
    const n = this.records + this.blank + 1;
    if (this.fields === 1 && this.expected > 1 && (bytes === 0 || (bytes === 1 && before === CR))) {
      this.blank++;
      this.lastIrregular = at; // dropped by the rewrite, never shown to polars
    } else if (this.fields !== this.expected) {
      throw new CsvSyntaxError(
        `record ${n} has ${this.fields} field${this.fields === 1 ? "" : "s"}, the header has ${this.expected}`,
        "ragged",
        n,
        this.recordStart,
        at,
      );
    } else this.records++;
    this.fields = 1;
    this.recordStart = at + 1;
  }
}
