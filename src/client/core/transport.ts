/**
 * HTTP for the client, made of pieces (http.ts): undici with a keep-alive pool and timeouts as the base `send`, then
 *
 *   withDeadline   the caller's signal and deadlineMs, for the request and its body (deadline.ts)
 *   withErrors     every failure mapped once to a GenesysError (http-errors.ts)
 *   withAuth       the provider's token; one refresh after a 401 (with-auth.ts)
 *   withRetry      429/502/503/504 and broken connections, Retry-After honoured, bounded (retry.ts)
 *   decompress     gzip, the one decompression step (decompress.ts)
 *
 * `Transport` builds that chain from the client's options and reads bodies (throughput, JSON, validation).
 */
import { VERSION } from "../../version.ts";
import { Agent, type Dispatcher } from "undici";
import type { z } from "zod";
import { API, type Endpoint } from "../../schema/endpoints.ts";
import type { TokenProvider } from "./auth.ts";
import { GenesysAbortError, GenesysError, GenesysNetworkError, GenesysResponseError, requestIdOf } from "../../kernel/errors.ts";
import { redactedInspect } from "./limits.ts";
import { compose, type HttpResponse, type Send, send, tries } from "./http.ts";
import { withDeadline } from "./deadline.ts";
import { withErrors } from "./http-errors.ts";
import { withAuth } from "./with-auth.ts";
import { retryAfterMs, type RetryEvent, warnRetry, withRetry } from "./retry.ts";
import { decompress } from "./decompress.ts";
import type { TransportSettings } from "./option-schemas.ts";

export { type HttpResponse, retryAfterMs, type RetryEvent, warnRetry };

/** The transport's settings (declared once, as a zod schema: option-schemas.ts), the server and where tokens come from. */
export type TransportOptions = TransportSettings & { baseUrl: string; tokens: TokenProvider };

/**
 * Every client method takes one: a notebook interrupt (or any AbortController) cancels the request and its body; a
 * GenesysAbortError follows.
 */
export type { Cancellable } from "./option-schemas.ts";

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  accept?: string;
  /** Cancels the request and its body. */
  signal?: AbortSignal;
  /** The value of the endpoint's `{uuid}` path parameter. */
  uuid?: string;
  /** Send it once, without retries (a probe whose failure only means "no"). */
  once?: boolean;
}

export function createDispatcher(timeoutMs = 120_000): Dispatcher {
  return new Agent({
    keepAliveTimeout: 30_000,
    connections: 16,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: 15_000,
  });
}

export class Transport {
  readonly dispatcher: Dispatcher;
  readonly #send: Send;
  constructor(readonly opts: TransportOptions) {
    this.dispatcher = opts.dispatcher ?? createDispatcher(opts.timeoutMs);
    this.#send = compose(
      withDeadline(opts.deadlineMs),
      withErrors,
      withAuth(opts.tokens),
      withRetry({
        retries: opts.retries ?? 4,
        backoffMs: opts.backoffMs ?? 500,
        maxRetryAfterMs: opts.maxRetryAfterMs ?? 60_000,
        onRetry: opts.onRetry ?? warnRetry,
      }),
      decompress,
    )(send(this.dispatcher));
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
   * Sends the endpoint's request and returns the successful response with its body unread and decompressed (the caller
   * streams it). Every failure is a GenesysError.
   */
  post(e: Endpoint, call: CallOptions = {}): Promise<HttpResponse> {
    const post = e.method === "POST";
    return this.#send({
      endpoint: e.label,
      method: e.method,
      url: this.url(e, call),
      headers: {
        ...(post ? { "content-type": "application/json" } : {}),
        accept: call.accept ?? "application/json",
        "user-agent": this.opts.userAgent ?? `genesys-notebook/${VERSION}`,
      },
      body: post ? JSON.stringify(call.body ?? {}) : undefined,
      idempotent: e.idempotent && !call.once,
      signal: call.signal,
      tries: tries(),
    });
  }

  /**
   * The response body (decompressed by the chain), for every reader (CSV and JSON). A body slower than
   * `minBytesPerSecond` over a window is cut off, and every failure is a GenesysError naming the endpoint.
   */
  async *body(res: HttpResponse, endpoint: string, signal?: AbortSignal): AsyncGenerator<Buffer> {
    const source = res.body as AsyncIterable<Buffer>;
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

export { GenesysError };
