/**
 * Reading a downloaded zip safely: its central directory (names, sizes, CRC-32s) checked against the file, and each
 * member inflated (fflate) chunk by chunk to `<name>.part`, its CRC-32 and size checked, and only then renamed to its
 * final name, so that no half file ever carries a final name.
 */
import { closeSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { Inflate } from "fflate";

/** One member of a zip, from its central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

/** Why a zip cannot be used, in words; thrown as a plain Error and turned into a typed one by the caller. */
export class ZipDamage extends Error {}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 (the zip polynomial), continued from `crc`. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function readAt(fd: number, at: number, length: number): Uint8Array {
  const b = new Uint8Array(length);
  const n = readSync(fd, b, 0, length, at);
  return b.subarray(0, n);
}

/** The members of a zip file; a ZipDamage when the file is not a complete zip. */
export function zipEntries(path: string): ZipEntry[] {
  const size = statSync(path).size;
  const fd = openSync(path, "r");
  try {
    const tailLength = Math.min(size, 65_557);
    const tail = readAt(fd, size - tailLength, tailLength);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.length);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) if (view.getUint32(i, true) === 0x06054b50) (eocd = i), (i = -1);
    if (eocd < 0) throw new ZipDamage("no zip directory at its end (cut, or not a zip)");
    const count = view.getUint16(eocd + 10, true);
    const dirSize = view.getUint32(eocd + 12, true);
    const dirAt = view.getUint32(eocd + 16, true);
    if (dirAt + dirSize > size) throw new ZipDamage(`its directory points past its end (${dirAt + dirSize} > ${size} bytes)`);
    const dir = readAt(fd, dirAt, dirSize);
    const d = new DataView(dir.buffer, dir.byteOffset, dir.length);
    const entries: ZipEntry[] = [];
    for (let p = 0, k = 0; k < count; k++) {
      if (p + 46 > dir.length || d.getUint32(p, true) !== 0x02014b50) throw new ZipDamage(`its directory is damaged at entry ${k + 1}`);
      const nameLength = d.getUint16(p + 28, true);
      const entry = {
        name: new TextDecoder().decode(dir.subarray(p + 46, p + 46 + nameLength)),
        method: d.getUint16(p + 10, true),
        crc: d.getUint32(p + 16, true),
        compressedSize: d.getUint32(p + 20, true),
        size: d.getUint32(p + 24, true),
        localHeader: d.getUint32(p + 42, true),
      };
      if (entry.localHeader + entry.compressedSize > size) throw new ZipDamage(`${entry.name} ends past the file's end`);
      entries.push(entry);
      p += 46 + nameLength + d.getUint16(p + 30, true) + d.getUint16(p + 32, true);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/** Inflates one member to `target` through `target.part`; a ZipDamage (and no file left) when its CRC or size is wrong. */
export function extractEntry(zip: string, e: ZipEntry, target: string, onBytes?: (n: number) => void): void {
  const part = `${target}.part`;
  const fd = openSync(zip, "r");
  const out = openSync(part, "w");
  let crc = 0;
  let written = 0;
  try {
    const head = readAt(fd, e.localHeader, 30);
    const h = new DataView(head.buffer, head.byteOffset, head.length);
    if (head.length < 30 || h.getUint32(0, true) !== 0x04034b50) throw new ZipDamage(`${e.name}: no local header where the directory says`);
    let at = e.localHeader + 30 + h.getUint16(26, true) + h.getUint16(28, true);
    const sink = (chunk: Uint8Array) => {
      crc = crc32(chunk, crc);
      written += chunk.length;
      writeSync(out, chunk);
    };
    if (e.method !== 0 && e.method !== 8) throw new ZipDamage(`${e.name}: compression method ${e.method} (only stored and deflate)`);
    const inflate = new Inflate((chunk) => sink(chunk));
    for (let left = e.compressedSize; left > 0;) {
      const chunk = readAt(fd, at, Math.min(left, 1 << 20));
      if (!chunk.length) throw new ZipDamage(`${e.name}: the data stops early`);
      if (e.method === 0) sink(chunk);
      else inflate.push(chunk, left === chunk.length);
      onBytes?.(chunk.length);
      at += chunk.length;
      left -= chunk.length;
    }
    if (crc !== e.crc || written !== e.size) {
      throw new ZipDamage(
        `${e.name}: CRC-32 ${crc.toString(16)} and ${written} bytes, but the zip says ${e.crc.toString(16)} and ${e.size}`,
      );
    }
  } catch (err) {
    closeSync(out);
    rmSync(part, { force: true });
    throw err instanceof ZipDamage ? err : new ZipDamage(`${e.name}: ${(err as Error).message}`);
  } finally {
    closeSync(fd);
  }
  closeSync(out);
  renameSync(part, target);
}
