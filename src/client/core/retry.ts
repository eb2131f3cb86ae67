/**
 * Retry, after undici's `interceptor/retry.js`, with this client's policy: only requests that may be sent twice
 * (Endpoint.idempotent), at most `retries` more times, on 429/502/503/504 (RETRIED_STATUSES) and on connections that
 * broke or timed out; exponential backoff with jitter, or the server's Retry-After up to `maxRetryAfterMs`; each retry
 * reported through `onRetry`; waits cut short by the request's signal. Not retried: HTTP 500 (it answers the request
 * itself), any other status, a refused connection or a host name that does not resolve (nothing listens at that URL).
 */
import { RETRIED_STATUSES } from "../../kernel/errors.ts";
import { discard, type HttpRequest, type Layer } from "./http.ts";

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

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff delay, ms (doubles each time, with jitter). */
  backoffMs: number;
  /** Longest wait honoured from Retry-After, ms. */
  maxRetryAfterMs: number;
  onRetry: (r: RetryEvent) => void;
}

/** The default onRetry: one line on stderr. */
export const warnRetry = (r: RetryEvent): void =>
  console.warn(
    `genesys-notebook: ${r.endpoint}: ${r.reason}; retrying ${r.attempt}/${r.of} in ${(r.waitMs / 1000).toFixed(1)} s`,
  );

/** Connections that broke or timed out; a refused connection (nothing listens there) and an unknown host are not retried. */
export const RETRY_CODES: ReadonlySet<string> = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT"]);

export const codeOf = (e: unknown): string => String((e as { code?: unknown } | null)?.code ?? "");

/** Parses Retry-After (seconds or HTTP date) into ms. */
export function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - Date.now());
}

/** Waits `ms`, or less when `signal` aborts (the caller then sees the abort on its next step). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((r) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      r();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

export function withRetry(policy: RetryPolicy): Layer {
  const backoff = (attempt: number) => policy.backoffMs * 2 ** attempt * (0.75 + Math.random() / 2);
  const pause = async (req: HttpRequest, attempt: number, reason: string, waitMs: number) => {
    policy.onRetry({ endpoint: req.endpoint, attempt: attempt + 2, of: policy.retries + 1, reason, waitMs });
    await sleep(waitMs, req.signal);
  };
  return (next) => async (req) => {
    for (let attempt = 0;; attempt++) {
      const last = attempt >= policy.retries || !req.idempotent;
      try {
        const res = await next(req);
        if (last || !RETRIED_STATUSES.has(res.statusCode) || req.signal?.aborted) return res;
        await discard(res);
        const wait = Math.min(retryAfterMs(res.headers["retry-after"]) ?? backoff(attempt), policy.maxRetryAfterMs);
        await pause(req, attempt, `HTTP ${res.statusCode}`, wait);
      } catch (e) {
        if (last || req.signal?.aborted || !RETRY_CODES.has(codeOf(e))) throw e;
        await pause(req, attempt, `${codeOf(e)}: ${(e as Error).message}`, backoff(attempt));
      }
    }
  };
}
