/**
 * One signal for a request and its body: the caller's (a notebook interrupt) and the `deadlineMs` timer, which runs
 * until the caller has read the body (a server that trickles forever). Its reason is a GenesysError: a
 * GenesysAbortError for the caller's abort, a GenesysNetworkError naming deadlineMs for the timer.
 */
import { GenesysAbortError, GenesysNetworkError } from "../../kernel/errors.ts";
import type { Layer } from "./http.ts";

export function requestSignal(endpoint: string, user: AbortSignal | undefined, deadlineMs: number | undefined) {
  const ac = new AbortController();
  const onUser = () => ac.abort(new GenesysAbortError({ endpoint, reason: user!.reason }));
  if (user?.aborted) onUser();
  else user?.addEventListener("abort", onUser, { once: true });
  const timer = deadlineMs === undefined ? undefined : setTimeout(() =>
    ac.abort(
      new GenesysNetworkError(`no complete answer within ${deadlineMs / 1000} s (deadlineMs)`, {
        endpoint,
        hint: "the server is too slow for the deadline; raise deadlineMs or request smaller pages",
      }),
    ), deadlineMs);
  const clear = () => {
    clearTimeout(timer);
    user?.removeEventListener("abort", onUser);
  };
  return { signal: ac.signal, clear };
}

export function withDeadline(deadlineMs: number | undefined): Layer {
  return (next) => async (req) => {
    const limit = requestSignal(req.endpoint, req.signal, deadlineMs);
    try {
      const res = await next({ ...req, signal: limit.signal });
      if (res.body.destroyed) limit.clear();
      else res.body.once("close", limit.clear);
      return res;
    } catch (e) {
      limit.clear();
      throw e;
    }
  };
}
