/**
 * Field values from CSV bytes, by the dialect in dialect.ts: the slow path,
 * used for the header, for showing a bad record, and to rewrite the rare
 * blocks with escaped or lazy quotes as RFC 4180 for polars.
 */
import { BACKSLASH, CR, EMIT, EMIT_BACKSLASH, EMIT_QUOTE, FIELD_END, FS, QUOTE, QUOTED, RECORD_END, stepIn, U } from "./dialect.ts";

export interface Field {
  value: string;
  /** Written in quotes (so "" is the empty string, not null). */
  quoted: boolean;
}

/**
 * Calls `onRecord` for every record in `buf` (a final record without line end included). `expected`: the header's field
 * count, which resolves `\"` before a delimiter or line end (dialect.ts, stepIn). Invalid UTF-8 throws (the engine checks
 * it before, naming the byte).
 */
export function decodeRecords(buf: Uint8Array, sep: number, onRecord: (fields: Field[]) => void, expected?: number): void {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let bytes = new Uint8Array(256);
  let len = 0;
  /** The value ends in a CR that was not inside quotes: dropped at a record end (CRLF). */
  let crTail = false;
  let quoted = false;
  let fields: Field[] = [];
  let state = FS;
  const put = (b: number) => {
    if (len === bytes.length) {
      const grown = new Uint8Array(bytes.length * 2);
      grown.set(bytes);
      bytes = grown;
    }
    bytes[len++] = b;
  };
  const endField = () => {
    fields.push({ value: utf8.decode(bytes.subarray(0, len)), quoted });
    len = 0;
    quoted = false;
    crTail = false;
  };
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    const r = stepIn(state, c, sep, fields.length + 1, expected);
    state = r >> 8;
    if (r & QUOTED) quoted = true;
    if (r & EMIT_BACKSLASH) put(BACKSLASH);
    if (r & EMIT_QUOTE) put(QUOTE);
    if (r & EMIT) {
      put(c);
      // a CR emitted outside quotes leaves the field unquoted (U); inside quotes it stays data
      crTail = c === CR && state === U;
    } else if (r & (EMIT_QUOTE | EMIT_BACKSLASH)) crTail = false;
    if (r & FIELD_END) endField();
    else if (r & RECORD_END) {
      if (crTail) len--;
      endField();
      onRecord(fields);
      fields = [];
    }
  }
  // a last record without line end (content, an open field, or fields already ended)
  if (state !== FS || fields.length > 0) {
    if (crTail) len--;
    endField();
    onRecord(fields);
  }
}

/** All records of `buf` as values (null for an empty unquoted field). */
export function parseRecords(buf: Uint8Array, sep: number, expected?: number): (string | null)[][] {
  const out: (string | null)[][] = [];
  decodeRecords(buf, sep, (fields) => out.push(fields.map((f) => (f.value === "" && !f.quoted ? null : f.value))), expected);
  return out;
}

const needsQuotes = (v: string, sep: string) => v.includes(sep) || v.includes('"') || v.includes("\n") || v.includes("\r");

/**
 * Rewrites records as RFC 4180 (what polars reads): values with the
 * delimiter, quotes or line ends are quoted with doubled quotes, `""` stays
 * the empty string, blank lines are dropped when `columns` > 1.
 */
export function toRfc4180(buf: Uint8Array, sep: number, columns: number): Buffer {
  const s = String.fromCharCode(sep);
  const parts: string[] = [];
  decodeRecords(buf, sep, (fields) => {
    if (columns > 1 && fields.length === 1 && fields[0]!.value === "" && !fields[0]!.quoted) return;
    parts.push(
      fields.map((f) => (f.quoted && f.value === "") || needsQuotes(f.value, s) ? `"${f.value.replaceAll('"', '""')}"` : f.value).join(s) +
        "\n",
    );
  }, columns);
  return Buffer.from(parts.join(""), "utf8");
}
