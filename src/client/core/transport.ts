/**
 * HTTP for the client: undici with a keep-alive pool, timeouts and gzip;
 * retries with exponential backoff on 429/502/503/504 and on connections that
 * broke or timed out, honouring Retry-After, each retry reported through
 * `onRetry` ("retrying 2/5…", by default a line on stderr); one token refresh
 * on 401. Not retried: HTTP 500 (it answers the request itself), any other 4xx,
 * and a connection refused or a host name that does not resolve (nothing
 * listens at that URL: the error comes at once and names the URL).
 */
import { VERSION } from "../../version.ts";
import { Agent, type Dispatcher, request } from "undici";
import { createGunzip } from "node:zlib";
import { pipeline, type Readable } from "node:stream";
import type { z } from "zod";
import { ErrorBody } from "../../schema/responses.ts";
import { API, type Endpoint } from "../../schema/endpoints.ts";
import type { TokenProvider } from "./auth.ts";
import {
  errorForStatus,
  GenesysAbortError,
  GenesysError,
  GenesysNetworkError,
  GenesysResponseError,
  requestIdOf,
  RETRIED_STATUSES,
} from "./errors.ts";
import { MAX_ERROR_BODY_BYTES, readCapped, redactedInspect } from "./limits.ts";

export interface TransportOptions {
  baseUrl: string;
  tokens: TokenProvider;
  /** Retries after the first attempt. Default 4. */
  retries?: number;
  /** First backoff delay, ms (doubles each time, with jitter). Default 500. */
  backoffMs?: number;
  /** Longest wait honoured from Retry-After, ms. Default 60,000. */
  maxRetryAfterMs?: number;
  /** Headers timeout, and longest pause between two pieces of a body, ms. Default 120,000. */
  timeoutMs?: number;
  /** Largest JSON response after decompression, bytes. Default 512 MB. */
  maxJsonBytes?: number;
  /** Longest a whole request may take, body included, ms (a server that trickles forever). Default: no limit. */
  deadlineMs?: number;
  /** Fewest bytes a second a body must bring, averaged over `throughputWindowMs`. Default 0 (no limit). */
  minBytesPerSecond?: number;
  /** Window of the throughput check, ms. Default 30,000. */
  throughputWindowMs?: number;
  userAgent?: string;
  dispatcher?: Dispatcher;
  /** Called before each retry (default: one line on stderr). */
  onRetry?: (r: RetryEvent) => void;
}

/** A retry about to happen: what failed, and which attempt comes next. */
export interface RetryEvent {
  endpoint: string;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
  /** Attempts at most (retries + 1). */
  of: number;
  /** Why: "HTTP 503", "ECONNRESET: socket hang up"… */
  reason: string;
  /** The wait before it, ms. */
  waitMs: number;
}

/** The default onRetry: one line on stderr. */
export const warnRetry = (r: RetryEvent): void =>
  console.warn(
    `genesys-notebook: ${r.endpoint}: ${r.reason}; retrying ${r.attempt}/${r.of} in ${(r.waitMs / 1000).toFixed(1)} s`,
  );

/**
 * Every client method takes one: a notebook interrupt (or any AbortController) cancels the request and its body; a
 * GenesysAbortError follows.
 */
export interface Cancellable {
  signal?: AbortSignal;
}

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  accept?: string;
  /** Cancels the request and its body. */
  signal?: AbortSignal;
  /** The value of the endpoint's `{uuid}` path parameter. */
  uuid?: string;
}

/** Connections that broke or timed out; a refused connection (nothing listens there) and an unknown host are not retried. */
const RETRY_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT"]);

export function createDispatcher(timeoutMs = 120_000): Dispatcher {
  return new Agent({
    keepAliveTimeout: 30_000,
    connections: 16,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: 15_000,
  });
}

/** Parses Retry-After (seconds or HTTP date) into ms. */
export function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - Date.now());
}

/** Waits `ms`, or less when `signal` aborts (the caller then sees the abort on its next check). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((r) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      r();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

export class Transport {
  readonly dispatcher: Dispatcher;
  constructor(readonly opts: TransportOptions) {
    this.dispatcher = opts.dispatcher ?? createDispatcher(opts.timeoutMs);
  }

  /** The endpoint's URL on this server, with its `{uuid}` and query parameters. */
  url(e: Endpoint, call: Pick<CallOptions, "query" | "uuid"> = {}): string {
    const path = e.path.replace("{uuid}", encodeURIComponent(call.uuid ?? ""));
    const u = new URL(`${this.opts.baseUrl}${e.root ? "" : API}${path}`);
    const query = call.query;
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  /**
   * Sends a POST and returns the successful response with its body unread
   * (the caller streams it). Error statuses become GenesysErrors.
   */
  async post(e: Endpoint, call: CallOptions = {}): Promise<Dispatcher.ResponseData> {
    const e0 = e;
    const method = e.method;
    const endpoint = e.label;
    const retries = this.opts.retries ?? 4;
    const backoff = this.opts.backoffMs ?? 500;
    let refreshed = false;
    const limit = this.requestSignal(endpoint, call.signal);
    const started = performance.now();
    const tries = (attempt: number) => ({ attempts: attempt + 1, seconds: (performance.now() - started) / 1000 });
    const retry = (attempt: number, reason: string, waitMs: number) =>
      (this.opts.onRetry ?? warnRetry)({ endpoint, attempt: attempt + 2, of: retries + 1, reason, waitMs });
    for (let attempt = 0;; attempt++) {
      if (limit.signal.aborted) (limit.clear(), limitError(limit.signal, endpoint));
      let token: string | undefined;
      try {
        token = await this.opts.tokens.token(false, { signal: limit.signal });
      } catch (e) {
        limit.clear();
        throw e;
      }
      let res: Dispatcher.ResponseData;
      try {
        res = await request(this.url(e, call), {
          method,
          dispatcher: this.dispatcher,
          headers: {
            ...(method === "POST" ? { "content-type": "application/json" } : {}),
            accept: call.accept ?? "application/json",
            "accept-encoding": "gzip",
            "user-agent": this.opts.userAgent ?? `genesys-notebook/${VERSION}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: method === "POST" ? JSON.stringify(call.body ?? {}) : undefined,
          signal: limit.signal,
        });
      } catch (e) {
        if (limit.signal.aborted) (limit.clear(), limitError(limit.signal, endpoint));
        const code = (e as { code?: string }).code ?? "";
        if (attempt < retries && RETRY_CODES.has(code)) {
          const wait = backoff * 2 ** attempt * (0.75 + Math.random() / 2);
          retry(attempt, `${code}: ${(e as Error).message}`, wait);
          await sleep(wait, limit.signal);
          continue;
        }
        limit.clear();
        const t = tries(attempt);
        const times = t.attempts === 1
          ? RETRY_CODES.has(code) ? "1 attempt" : `1 attempt; ${code || "this error"} is not retried`
          : `${t.attempts} attempts over ${t.seconds.toFixed(1)} s`;
        throw new GenesysNetworkError(`cannot reach ${this.url(e0, call)}: ${(e as Error).message} (${times})`, {
          endpoint,
          hint: `is the server running, and is the URL (${this.opts.baseUrl}, GENESYS_API_URL) right? For a local sandbox run ` +
            "`npx genesys-sandbox` in your project (it prints GENESYS_API_URL and GENESYS_TOKEN), or in code " +
            "`const sb = await startSandbox(); new Genesys({ baseUrl: sb.url, token: sb.token })`",
          cause: e,
        });
      }
      if (res.statusCode < 300) {
        // the deadline runs until the caller has read the body
        res.body.once("close", limit.clear);
        return res;
      }

      // at most MAX_ERROR_BODY_BYTES of an error body is read (decompressed); the rest is dropped with the connection
      const text = await readCapped(this.body(res, endpoint, limit.signal), MAX_ERROR_BODY_BYTES)
        .then((r) => r.bytes.toString("utf8"), () => "");
      if (limit.signal.aborted) (limit.clear(), limitError(limit.signal, endpoint));
      if (res.statusCode === 401 && this.opts.tokens.canRefresh && !refreshed) {
        refreshed = true;
        try {
          // a burst of 401s for the same token causes one refresh: the provider returns a newer token it already holds
          await this.opts.tokens.token(true, { signal: limit.signal, rejected: token });
        } catch (e) {
          limit.clear();
          throw e;
        }
        attempt--;
        continue;
      }
      if (RETRIED_STATUSES.has(res.statusCode) && attempt < retries) {
        const wait = Math.min(
          retryAfterMs(res.headers["retry-after"]) ?? backoff * 2 ** attempt * (0.75 + Math.random() / 2),
          this.opts.maxRetryAfterMs ?? 60_000,
        );
        retry(attempt, `HTTP ${res.statusCode}`, wait);
        await sleep(wait, limit.signal);
        continue;
      }
      limit.clear();
      throw errorForStatus(endpoint, res.statusCode, serverMessage(text), { requestId: requestIdOf(res.headers) }, tries(attempt));
    }
  }

  /**
   * The response body as decompressed chunks, for every reader (CSV and
   * JSON). `pipeline` (not `pipe`) carries a connection error or an abort
   * through the decompressor, so a gzip body cut off mid-way fails instead of
   * hanging. A body slower than `minBytesPerSecond` over a window is cut off,
   * and every failure is a GenesysError naming the endpoint.
   */
  async *body(res: Dispatcher.ResponseData, endpoint: string, signal?: AbortSignal): AsyncGenerator<Buffer> {
    let source: AsyncIterable<Buffer> = res.body;
    if (isGzip(res)) {
      const gunzip = createGunzip();
      pipeline(res.body as unknown as Readable, gunzip, () => undefined);
      source = gunzip;
    }
    const min = this.opts.minBytesPerSecond ?? 0;
    const windowMs = this.opts.throughputWindowMs ?? 30_000;
    let windowStart = performance.now();
    let windowBytes = 0;
    let received = 0;
    try {
      for await (const chunk of source) {
        received += chunk.length;
        windowBytes += chunk.length;
        const elapsed = performance.now() - windowStart;
        if (min > 0 && elapsed >= windowMs) {
          if (windowBytes / (elapsed / 1000) < min) {
            throw new GenesysNetworkError(
              `the response came at ${Math.round(windowBytes / (elapsed / 1000))} bytes/s over ${
                (elapsed / 1000).toFixed(0)
              } s, under the minimum of ${min} bytes/s (minBytesPerSecond)`,
              { endpoint, status: res.statusCode, hint: "the server trickles its answer; retry later, or lower minBytesPerSecond" },
            );
          }
          windowStart = performance.now();
          windowBytes = 0;
        }
        yield chunk;
      }
    } catch (e) {
      if (e instanceof GenesysError) throw e;
      if (signal?.aborted) throw new GenesysAbortError({ endpoint, reason: signal.reason });
      if ((e as Error)?.cause instanceof GenesysError) throw (e as Error).cause;
      throw new GenesysNetworkError(
        `the connection broke after ${received.toLocaleString("en")} bytes of the response: ${(e as Error).message}`,
        {
          endpoint,
          status: res.statusCode,
          hint: "nothing of this response is returned; retry, or request smaller pages",
          cause: e,
          requestId: requestIdOf(res.headers),
        },
      );
    } finally {
      // a reader that stops early (an error, a limit) releases the connection
      if (!res.body.destroyed) res.body.destroy();
    }
  }

  /**
   * One signal for a request and its body: the caller's (a notebook
   * interrupt) and the `deadlineMs` timer. Its reason is a GenesysError.
   */
  private requestSignal(endpoint: string, user?: AbortSignal): { signal: AbortSignal; clear: () => void } {
    const ac = new AbortController();
    const onUser = () => ac.abort(new GenesysAbortError({ endpoint, reason: user!.reason }));
    if (user?.aborted) onUser();
    else user?.addEventListener("abort", onUser, { once: true });
    const deadline = this.opts.deadlineMs;
    const timer = deadline === undefined ? undefined : setTimeout(() =>
      ac.abort(
        new GenesysNetworkError(`no complete answer within ${deadline / 1000} s (deadlineMs)`, {
          endpoint,
          hint: "the server is too slow for the deadline; raise deadlineMs or request smaller pages",
        }),
      ), deadline);
    const clear = () => {
      clearTimeout(timer);
      user?.removeEventListener("abort", onUser);
    };
    return { signal: ac.signal, clear };
  }

  /** What the transport talks to, without secrets (its console form). */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.opts.baseUrl, auth: describeTokens(this.opts.tokens) };
  }

  /** POST, read JSON, validate it with `schema`. */
  async json<T extends z.ZodType>(e: Endpoint, schema: T, call: CallOptions = {}): Promise<z.output<T>> {
    const endpoint = e.label;
    const res = await this.post(e, call);
    const type = String(res.headers["content-type"] ?? "");
    const max = this.opts.maxJsonBytes ?? 512 * 1024 * 1024;
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.body(res, endpoint, call.signal)) {
      size += chunk.length;
      if (size > max) {
        res.body.destroy();
        throw new GenesysResponseError(`the response decompresses to more than ${(max / 1048576).toFixed(0)} MB (maxJsonBytes)`, {
          endpoint,
          status: res.statusCode,
        });
      }
      parts.push(chunk);
    }
    const text = Buffer.concat(parts).toString("utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new GenesysResponseError(
        `response is not valid JSON (${(e as Error).message}); Content-Type ${type ? `'${type}'` : "missing"}, it starts with ${
          JSON.stringify(text.slice(0, 120))
        }`,
        { endpoint, status: res.statusCode, cause: e, requestId: requestIdOf(res.headers) },
      );
    }
    return validate(schema, value, endpoint, res.statusCode, requestIdOf(res.headers));
  }
}

redactedInspect(Transport, "Transport");

/** A token provider's own description (its toJSON(), which holds no secrets), else only its class name. */
export function describeTokens(tokens: TokenProvider): Record<string, unknown> {
  return tokens.toJSON ? tokens.toJSON() : { kind: tokens.constructor?.name ?? "custom" };
}

/** Throws the reason a request's signal was aborted with (a GenesysError: the caller's abort or the deadline). */
function limitError(signal: AbortSignal, endpoint: string): never {
  throw signal.reason instanceof GenesysError ? signal.reason : new GenesysAbortError({ endpoint, reason: signal.reason });
}

const isGzip = (res: Dispatcher.ResponseData) => /gzip/i.test(String(res.headers["content-encoding"] ?? ""));

export function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  endpoint: string,
  status: number,
  requestId?: string,
): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") || "(root)";
  throw new GenesysResponseError(
    `response does not match the expected shape at ${path}: ${issue.message}${
      r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more)` : ""
    }`,
    { endpoint, status, path, cause: r.error, requestId },
  );
}

function serverMessage(text: string): string {
  try {
    const b = ErrorBody.parse(JSON.parse(text));
    return b.error && b.error_description ? `${b.error}: ${b.error_description}` : (b.error ?? b.message ?? b.localizedError ?? text);
  } catch {
    return text.slice(0, 500);
  }
}

export { GenesysError };
