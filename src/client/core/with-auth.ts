/**
 * Auth as a piece of the transport: the provider's token in `Authorization`, and after a 401 one refresh and one more
 * attempt with the new token (a burst of 401s for the same token causes one refresh: the provider returns a newer token
 * it already holds). A provider that cannot refresh (a fixed token) lets the 401 through to the error mapping.
 */
import type { TokenProvider } from "./auth.ts";
import { discard, type HttpRequest, type Layer, withHeaders } from "./http.ts";

const authorized = (req: HttpRequest, token: string | undefined) => (token ? withHeaders(req, { authorization: `Bearer ${token}` }) : req);

export function withAuth(tokens: TokenProvider): Layer {
  return (next) => async (req) => {
    const token = await tokens.token(false, { signal: req.signal });
    const res = await next(authorized(req, token));
    if (res.statusCode !== 401 || !tokens.canRefresh || req.signal?.aborted) return res;
    await discard(res);
    return await next(authorized(req, await tokens.token(true, { signal: req.signal, rejected: token })));
  };
}
