/**
 * The CSV dialect the client reads, as one byte-level state machine. Both the
 * fast record scanner (field counts, record ends) and the decoder (field
 * values, for blocks that need rewriting) drive this same table, so they can
 * never disagree about where a record ends.
 *
 * Accepted (documented in docs/api.md, "CSV dialect"):
 * - delimiter: tab (Genesys) or comma, decided from the header line;
 * - records end at LF; a CR right before the LF is dropped (CRLF files);
 * - RFC 4180 quoting: a field that starts with `"` runs to the next lone `"`;
 *   `""` inside it is one quote;
 * - backslash-escaped quotes inside a quoted field: `\"` is one quote, unless
 *   the `"` is followed by the delimiter or a line end, where it closes the
 *   field and the backslash is kept (`"C:\"` is `C:\`, as RFC 4180 reads it).
 *   Where that reading gives the record another field count than the
 *   header's and the other one (an escaped quote followed by a delimiter or
 *   line end inside the value) does not, the consistent one is taken
 *   (stepIn);
 *   Other backslashes are literal (`\\` stays two characters);
 * - lazy quotes: a `"` inside an unquoted field is a literal character, and a
 *   `"` inside a quoted field that is followed by anything other than a quote,
 *   the delimiter or a line end is literal too (Go's `LazyQuotes`).
 * - an empty unquoted field is null; `""` is the empty string.
 */

export const LF = 10;
export const CR = 13;
export const QUOTE = 34;
export const BACKSLASH = 92;

/** States. U and Q come first: the scanner skips ordinary bytes in them without a transition. */
export const U = 0; // inside an unquoted field
export const Q = 1; // inside a quoted field
export const FS = 2; // at the start of a field
export const QQ = 3; // after a `"` inside a quoted field: closing, or the first of `""`
export const QE = 4; // after a `\` inside a quoted field
export const QEQ = 5; // after `\"` inside a quoted field: an escaped quote, or `\` + closing quote

/** Actions, OR-ed into the low byte of step()'s result. */
export const FIELD_END = 1;
export const RECORD_END = 2;
/** The byte is part of the field's value. */
export const EMIT = 4;
/** A `"` belongs to the value before the byte (a resolved escape or a lazy quote). */
export const EMIT_QUOTE = 8;
/** A `\` belongs to the value before the byte. */
export const EMIT_BACKSLASH = 16;
/** The field is quoted (it starts here). */
export const QUOTED = 32;
/** Syntax polars' RFC 4180 reader does not read the same way: the block must be rewritten. */
export const IRREGULAR = 64;

/**
 * One transition: returns `(nextState << 8) | actions`. `sep` is the
 * delimiter byte. A CR is ordinary content here; the decoder drops it when it
 * is the last byte of an unquoted record end.
 */
export function step(state: number, c: number, sep: number): number {
  switch (state) {
    case FS:
      if (c === sep) return (FS << 8) | FIELD_END;
      if (c === LF) return (FS << 8) | RECORD_END;
      if (c === QUOTE) return (Q << 8) | QUOTED;
      return (U << 8) | EMIT;
    case U:
      if (c === sep) return (FS << 8) | FIELD_END;
      if (c === LF) return (FS << 8) | RECORD_END;
      if (c === QUOTE) return (U << 8) | EMIT | IRREGULAR;
      return (U << 8) | EMIT;
    case Q:
      if (c === QUOTE) return QQ << 8;
      if (c === BACKSLASH) return QE << 8;
      return (Q << 8) | EMIT;
    case QQ:
      if (c === QUOTE) return (Q << 8) | EMIT;
      if (c === sep) return (FS << 8) | FIELD_END;
      if (c === LF) return (FS << 8) | RECORD_END;
      if (c === CR) return (U << 8) | EMIT; // `"x"\r\n`: the CR is dropped at the record end
      if (c === BACKSLASH) return (QE << 8) | EMIT_QUOTE | IRREGULAR;
      return (Q << 8) | EMIT_QUOTE | EMIT | IRREGULAR;
    case QE:
      if (c === QUOTE) return QEQ << 8;
      if (c === BACKSLASH) return (QE << 8) | EMIT_BACKSLASH;
      return (Q << 8) | EMIT_BACKSLASH | EMIT;
    case QEQ:
      if (c === sep) return (FS << 8) | EMIT_BACKSLASH | FIELD_END;
      if (c === LF) return (FS << 8) | EMIT_BACKSLASH | RECORD_END;
      if (c === CR) return (U << 8) | EMIT_BACKSLASH | EMIT;
      if (c === QUOTE) return (QQ << 8) | EMIT_QUOTE | IRREGULAR;
      if (c === BACKSLASH) return (QE << 8) | EMIT_QUOTE | IRREGULAR;
      return (Q << 8) | EMIT_QUOTE | EMIT | IRREGULAR;
  }
  throw new Error(`bad CSV state ${state}`);
}

/** At the end of the body: the last field is still open inside quotes (QQ and QEQ have just closed it). */
export const inQuotes = (state: number) => state === Q || state === QE;

/**
 * step() with the one ambiguity of backslash escapes resolved by the field
 * count: after `\"`, a delimiter or line end (CR or LF) closes the field
 * (the backslash kept) unless closing there gives the record a field count
 * other than `expected` while reading on does not; then `\"` is an escaped
 * quote and the byte is part of the value. `field` is the 1-based number of
 * the field being read; without `expected` (the header line) it closes.
 */
export function stepIn(state: number, c: number, sep: number, field: number, expected: number | undefined): number {
  if (state === QEQ && expected !== undefined) {
    const readOn = c === sep ? field >= expected : (c === LF || c === CR) && field < expected;
    if (readOn) return (Q << 8) | EMIT_QUOTE | EMIT | IRREGULAR;
  }
  return step(state, c, sep);
}
