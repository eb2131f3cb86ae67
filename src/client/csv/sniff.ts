/**
 * What a tabular body is, decided from its first bytes and its Content-Type
 * before any record is read: CSV text (UTF-8, or a declared single-byte
 * charset decoded to UTF-8), gzip sent without `Content-Encoding`
 * (decompressed), another compressed or archive format, an HTML page or a
 * JSON body (typed errors: never a frame with junk column names).
 */
import { GenesysResponseError } from "../../kernel/errors.ts";
import { gunzip as decompressed } from "../core/decompress.ts";

const preview = (b: Uint8Array) => JSON.stringify(Buffer.from(b.subarray(0, 120)).toString("latin1"));

/** Magic numbers of formats a server may send by mistake. */
const COMPRESSED: [string, number[]][] = [
  ["zip", [0x50, 0x4b, 0x03, 0x04]],
  ["bzip2", [0x42, 0x5a, 0x68]],
  ["xz", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ["zstd", [0x28, 0xb5, 0x2f, 0xfd]],
  ["Parquet", [0x50, 0x41, 0x52, 0x31]],
  ["Arrow IPC", [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]],
];
const GZIP = [0x1f, 0x8b];
const startsWith = (b: Uint8Array, magic: number[]) => magic.every((m, i) => b[i] === m);

/** Charsets decoded to UTF-8 chunk by chunk (single-byte: every byte is one character, so chunks never split one). */
const SINGLE_BYTE = new Map([
  ["iso-8859-1", "latin1"],
  ["latin1", "latin1"],
  ["latin-1", "latin1"],
  ["us-ascii", "latin1"],
  ["windows-1252", "windows-1252"],
  ["cp1252", "windows-1252"],
  ["iso-8859-15", "iso-8859-15"],
]);

/** The charset a Content-Type declares, lower-cased; undefined when none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "");
  return m?.[1]?.toLowerCase();
}

export interface Sniffed {
  /** The body as UTF-8 CSV bytes. */
  bytes: AsyncIterable<Uint8Array>;
  /** What was done to get there, for the diagnostics' notes (empty when nothing). */
  notes: string[];
}

async function* prepend(first: Uint8Array, it: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  while (true) {
    const r = await it.next();
    if (r.done) return;
    yield r.value;
  }
}

/** A body gzip-compressed without Content-Encoding, through the transport's one decompression step. */
async function* gunzip(source: AsyncIterable<Uint8Array>, endpoint: string, status: number): AsyncGenerator<Uint8Array> {
  const z = decompressed(source);
  try {
    for await (const chunk of z) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof GenesysResponseError || (e as { name?: string }).name?.startsWith("Genesys")) throw e;
    throw new GenesysResponseError(`the gzip-compressed body cannot be decompressed: ${(e as Error).message}`, {
      endpoint,
      status,
      cause: e,
    });
  } finally {
    z.destroy();
  }
}

async function* transcode(source: AsyncIterable<Uint8Array>, charset: string): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder(charset);
  for await (const chunk of source) yield Buffer.from(decoder.decode(chunk, { stream: true }), "utf8");
}

/**
 * Looks at the first bytes and the Content-Type, and returns the body as UTF-8 CSV bytes, or throws a typed error naming
 * what the body is instead.
 */
export async function sniff(
  body: AsyncIterable<Uint8Array>,
  endpoint: string,
  contentType: string | undefined,
  status = 200,
): Promise<Sniffed> {
  const it = body[Symbol.asyncIterator]();
  // enough bytes to recognise a magic number or a page
  let first: Uint8Array = new Uint8Array(0);
  while (first.length < 8) {
    const r = await it.next();
    if (r.done) break;
    first = first.length ? Buffer.concat([first, r.value]) : r.value;
  }
  const notes: string[] = [];
  let bytes: AsyncIterable<Uint8Array> = prepend(first, it);
  if (first.length === 0) return { bytes: prepend(first, it), notes };
  if (startsWith(first, GZIP)) {
    notes.push("the body was gzip-compressed without a Content-Encoding header; it was decompressed");
    const inner = await sniff(gunzip(bytes, endpoint, status), endpoint, contentType, status);
    return { bytes: inner.bytes, notes: [...notes, ...inner.notes] };
  }
  const magic = COMPRESSED.find(([, m]) => startsWith(first, m));
  if (magic) {
    throw new GenesysResponseError(`expected a CSV export, got a ${magic[0]} file (it starts with ${preview(first)})`, {
      endpoint,
      status,
      code: "GENESYS_NOT_CSV",
    });
  }
  const head = Buffer.from(first.subarray(0, 256)).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  const type = (contentType ?? "").toLowerCase();
  const html = /html|xml/.test(type) || head.startsWith("<!doctype") || head.startsWith("<html") || head.startsWith("<?xml");
  const json = /json/.test(type) || head.startsWith("{") || head.startsWith("[");
  if (html || json) {
    throw new GenesysResponseError(
      `expected a CSV export, got ${contentType ? `'${contentType}'` : "no Content-Type"} starting with ${preview(first)}`,
      { endpoint, status, code: "GENESYS_NOT_CSV" },
    );
  }
  const charset = charsetOf(contentType);
  const single = charset ? SINGLE_BYTE.get(charset) : undefined;
  if (single) {
    bytes = transcode(bytes, single);
    notes.push(`the body declared charset ${charset}; it was decoded as ${single}`);
  } else if (charset && charset !== "utf-8" && charset !== "utf8") {
    throw new GenesysResponseError(`the body declares charset '${charset}', which this client does not read`, {
      endpoint,
      status,
      code: "GENESYS_NOT_CSV",
    });
  }
  return { bytes, notes };
}
