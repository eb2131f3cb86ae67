/**
 * Bounds on what the client waits for and reads: bodies read whole are capped, and every wait ends when the caller's
 * AbortSignal aborts. Shared by the transport, the token providers and the interactive login.
 */
import { GenesysAbortError, GenesysError } from "../../kernel/errors.ts";

/** Bytes of an error response kept for the error message; the rest is not read (the connection is closed). */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Largest answer accepted from /oauth/token (a token answer is a few KB). */
export const MAX_TOKEN_BODY_BYTES = 1024 * 1024;

/**
 * Reads at most `max` bytes of `source`; stops there (`truncated`), which ends the iteration and so destroys a
 * Node stream or finishes a generator, instead of holding the whole body.
 */
export async function readCapped(source: AsyncIterable<Buffer>, max: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    if (chunk.length > max - size) {
      parts.push(chunk.subarray(0, max - size));
      return { bytes: Buffer.concat(parts), truncated: true };
    }
    parts.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(parts), truncated: false };
}

/** The error an aborted signal stands for: its reason when that is a GenesysError (a deadline), else a GenesysAbortError. */
export function abortErrorOf(signal: AbortSignal, endpoint: string): GenesysError {
  return signal.reason instanceof GenesysError ? signal.reason : new GenesysAbortError({ endpoint, reason: signal.reason });
}

/**
 * `p`, or a rejection with abortErrorOf(signal) as soon as `signal` aborts. Only this wait ends: the work behind `p`
 * goes on (it may be shared with other callers).
 */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined, endpoint: string): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(abortErrorOf(signal, endpoint));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortErrorOf(signal, endpoint));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

type Inspect = (value: unknown, options?: unknown) => string;

/**
 * Gives a class holding secrets a console form made of its `toJSON()` (which holds none) under Node (`util.inspect`,
 * `console.log`) and Deno (`Deno.inspect`, a notebook cell's value): `Name { … }`.
 */
export function redactedInspect(cls: { prototype: { toJSON(): unknown } }, name: string): void {
  const show = (self: { toJSON(): unknown }, inspect: Inspect | undefined, options: unknown) =>
    `${name} ${inspect ? inspect(self.toJSON(), options) : JSON.stringify(self.toJSON())}`;
  Object.defineProperty(cls.prototype, Symbol.for("nodejs.util.inspect.custom"), {
    value(this: { toJSON(): unknown }, _depth: number, options: unknown, inspect?: Inspect) {
      return show(this, inspect, options);
    },
  });
  Object.defineProperty(cls.prototype, Symbol.for("Deno.customInspect"), {
    value(this: { toJSON(): unknown }, inspect: Inspect, options: unknown) {
      return show(this, inspect, options);
    },
  });
}
