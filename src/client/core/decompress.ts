/**
 * The one decompression step: a gzip body (declared by `Content-Encoding`, or recognised by its magic number when the
 * server forgot the header: csv/sniff.ts) becomes its decompressed bytes here. `pipeline` (not `pipe`) carries a
 * connection error or an abort through the decompressor, so a gzip body cut off mid-way fails instead of hanging, and a
 * reader that stops early releases the connection.
 */
import { createGunzip } from "node:zlib";
import { pipeline, Readable } from "node:stream";
import { type Layer, withHeaders } from "./http.ts";

/** `source` decompressed. */
export function gunzip(source: AsyncIterable<Uint8Array> | Readable): Readable {
  const z = createGunzip();
  pipeline(source instanceof Readable ? source : Readable.from(source), z, () => undefined);
  return z;
}

const isGzip = (headers: Record<string, string | string[] | undefined>) => /gzip/i.test(String(headers["content-encoding"] ?? ""));

/** Asks for gzip and hands on the body decompressed, for every reader (CSV, JSON, error bodies). */
export const decompress: Layer = (next) => async (req) => {
  const res = await next(withHeaders(req, { "accept-encoding": "gzip" }));
  return isGzip(res.headers) ? { ...res, body: gunzip(res.body) } : res;
};
