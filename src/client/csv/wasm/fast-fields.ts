/**
 * The record scanner's fast path: field counts of a chunk without quotes or
 * backslashes, 16 bytes at a time in WebAssembly SIMD (fields.wat). Any chunk
 * the dialect could read another way (a quote, a backslash, a record with
 * another field count, a blank line) is left to the scanner's state machine,
 * which then gives exactly the same answer and the same errors. Off with
 * GENESYS_CSV_WASM=0, or where WebAssembly SIMD is missing.
 */
import { FIELDS_WASM } from "./fields.ts";

interface Exports {
  memory: WebAssembly.Memory;
  scan: (len: number, sep: number, expected: number, seps: number) => number;
  records: WebAssembly.Global;
  last: WebAssembly.Global;
  seps: WebAssembly.Global;
  stop: WebAssembly.Global;
}

let exports: Exports | null | undefined;

function load(): Exports | null {
  if (exports !== undefined) return exports;
  const off = typeof process !== "undefined" && process.env?.GENESYS_CSV_WASM === "0";
  try {
    exports = off
      ? null
      : (new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(FIELDS_WASM, "base64"))).exports as unknown as Exports);
  } catch {
    exports = null; // no WebAssembly SIMD here: the state machine reads every chunk
  }
  return exports;
}

export interface FastFields {
  /** Records that ended before `stop` (the whole chunk when `stop` is -1), each with the expected field count. */
  records: number;
  /** Index of the last LF of those records, or -1. */
  last: number;
  /** Delimiters in the record left open at the chunk's end (when `stop` is -1). */
  seps: number;
  /** Where the plain bytes end (a quote, a backslash, or the LF of a record with another field count), or -1. */
  stop: number;
}

/**
 * Counts `chunk`, which starts outside quotes with `seps` delimiters in the open record, for as long as it is plain;
 * undefined where WebAssembly SIMD is not available.
 */
export function fastFields(chunk: Uint8Array, sep: number, expected: number, seps: number): FastFields | undefined {
  const w = load();
  if (!w) return undefined;
  const need = chunk.length - w.memory.buffer.byteLength;
  if (need > 0) w.memory.grow(Math.ceil(need / 65536));
  new Uint8Array(w.memory.buffer, 0, chunk.length).set(chunk);
  const stopped = w.scan(chunk.length, sep, expected, seps) !== 0;
  return {
    records: w.records.value as number,
    last: w.last.value as number,
    seps: stopped ? 0 : (w.seps.value as number),
    stop: stopped ? (w.stop.value as number) : -1,
  };
}

/** Whether the fast path is in use (for tests and the benchmark). */
export const fastFieldsAvailable = (): boolean => load() !== null;

/** Turns the fast path off (false) or back on, for comparing it with the state machine alone (tests, benchmark). */
export function useFastFields(on: boolean): void {
  exports = undefined;
  if (!on) exports = null;
}
