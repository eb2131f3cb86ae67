/**
 * The transport's pieces and how they fit, after undici's `compose` and interceptors: one `send` that makes a single
 * HTTP exchange, and layers that each wrap a `Send` with one concern (deadline, error mapping, auth, retry,
 * decompression). `compose(a, b, c)(send)` is `a(b(c(send)))`: `a` sees the request first and the answer last.
 */
import { type Dispatcher, request } from "undici";
import type { Readable } from "node:stream";

/** How often a request was sent, and since when (ms, performance.now()); the pieces fill it in. */
export interface Tries {
  attempts: number;
  started: number;
}

/** One request as the pieces see it. */
export interface HttpRequest {
  /** How messages name it: the endpoint's label, "POST /api/v2/acn/query". */
  endpoint: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Sending it twice does no harm (Endpoint.idempotent): only then may it be retried. */
  idempotent: boolean;
  /** Cancels the request and its body. */
  signal?: AbortSignal;
  /** Shared by every attempt of this request. */
  tries: Tries;
}

/** An answer with its body unread. */
export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export type Send = (req: HttpRequest) => Promise<HttpResponse>;
export type Layer = (next: Send) => Send;

/** `compose(a, b, c)(send)` = `a(b(c(send)))`. */
export const compose = (...layers: Layer[]) => (send: Send): Send => layers.reduceRight((next, layer) => layer(next), send);

/** A new request record (no attempt made yet). */
export const tries = (): Tries => ({ attempts: 0, started: performance.now() });

/** The base of every chain: one exchange through an undici dispatcher, any status returned as it is, redirects not followed. */
export function send(dispatcher: Dispatcher): Send {
  return async (req) => {
    req.tries.attempts++;
    const res = await request(req.url, { method: req.method, dispatcher, headers: req.headers, body: req.body, signal: req.signal });
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  };
}

/** Adds headers to a request (the record of tries stays shared). */
export const withHeaders = (req: HttpRequest, headers: Record<string, string>): HttpRequest => ({
  ...req,
  headers: { ...req.headers, ...headers },
});

/** Reads and drops what is left of an answer that will not be used (at most `max` bytes; the connection is closed beyond). */
export async function discard(res: HttpResponse, max = 64 * 1024): Promise<void> {
  let size = 0;
  try {
    for await (const chunk of res.body) if ((size += (chunk as Buffer).length) > max) break;
  } catch {
    // the body of an answer nobody reads: its failure does not matter
  } finally {
    res.body.on("error", () => undefined); // undici's body reports its own destruction as an error
    if (!res.body.destroyed) res.body.destroy();
  }
}
