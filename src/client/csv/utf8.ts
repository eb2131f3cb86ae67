/**
 * UTF-8 validity of a body checked chunk by chunk as it arrives (native
 * `isUtf8`, several GB/s), carrying a character split across two chunks. One
 * policy for every block: invalid bytes are a typed error naming the byte
 * offset, never a silent U+FFFD (a body in a declared single-byte charset is
 * decoded before: sniff.ts).
 */
import { isUtf8 } from "node:buffer";

/** Bytes a sequence needs after its lead byte, or -1 for a byte that cannot lead. */
function trailing(b: number): number {
  if (b < 0x80) return 0;
  if (b >= 0xc2 && b <= 0xdf) return 1;
  if (b >= 0xe0 && b <= 0xef) return 2;
  if (b >= 0xf0 && b <= 0xf4) return 3;
  return -1;
}

/** Index of the first byte of the first invalid sequence in `b`, or -1 (a slow path: only after isUtf8 said no). */
export function firstInvalid(b: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let i = 0; i < b.length;) {
    const n = trailing(b[i]!);
    // (i + n: the sequence's last byte, which must be in `b`)
    if (n < 0 || i + n >= b.length) return i;
    if (n > 0) {
      try {
        decoder.decode(b.subarray(i, i + n + 1));
      } catch {
        return i;
      }
    }
    i += n + 1;
  }
  return -1;
}

export class Utf8Check {
  private carry: Uint8Array = new Uint8Array(0);
  /** Absolute offset of the first byte not yet checked (the carry's start). */
  private pos = 0;

  /** Checks a chunk; returns the absolute offset of the first invalid byte, or -1. */
  check(chunk: Uint8Array): number {
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    // an incomplete sequence at the end waits for the next chunk
    let keep = 0;
    for (let back = 1; back <= 3 && back <= data.length; back++) {
      const b = data[data.length - back]!;
      if ((b & 0xc0) === 0x80) continue;
      const n = trailing(b);
      if (n >= back) keep = back;
      break;
    }
    const whole = keep ? data.subarray(0, data.length - keep) : data;
    if (!isUtf8(whole)) return this.pos + Math.max(0, firstInvalid(whole));
    this.pos += whole.length;
    this.carry = keep ? Uint8Array.from(data.subarray(data.length - keep)) : new Uint8Array(0);
    return -1;
  }

  /** At the end of the body: a sequence cut off by the end is invalid. */
  finish(): number {
    return this.carry.length ? this.pos : -1;
  }
}
