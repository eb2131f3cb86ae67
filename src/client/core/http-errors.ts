/**
 * Error mapping, once for every request: a connection that failed becomes a GenesysNetworkError that leads with the
 * cause and the host (the URL's path is in the endpoint label; the query, with every select path, is left out), an
 * answer of 300 or more becomes the GenesysError for its status with the server's message (a redirect says where to),
 * and an abort becomes its signal's reason.
 */
import { ErrorBody } from "../../schema/responses.ts";
import { type Attempts, errorForStatus, GenesysError, GenesysNetworkError, GenesysRequestError, requestIdOf } from "../../kernel/errors.ts";
import { discard, type HttpRequest, type HttpResponse, type Layer } from "./http.ts";
import { abortErrorOf, MAX_ERROR_BODY_BYTES, readCapped } from "./limits.ts";
import { codeOf, RETRY_CODES } from "./retry.ts";

/** What a failed connection means, with the host it concerns. */
const CAUSES: Record<string, (host: string, hostname: string) => string> = {
  ECONNREFUSED: (h) => `connection refused by ${h}: nothing listens there`,
  ENOTFOUND: (_h, name) => `unknown host ${name}: the name does not resolve`,
  EAI_AGAIN: (_h, name) => `the host name ${name} cannot be resolved just now (DNS)`,
  ECONNRESET: (h) => `connection reset by ${h}`,
  EPIPE: (h) => `connection closed by ${h} while the request was sent`,
  UND_ERR_SOCKET: (h) => `connection closed by ${h}`,
  UND_ERR_CONNECT_TIMEOUT: (h) => `connecting to ${h} timed out`,
  ETIMEDOUT: (h) => `connecting to ${h} timed out`,
  UND_ERR_HEADERS_TIMEOUT: (h) => `no answer from ${h} within timeoutMs`,
};

export const attemptsOf = (req: HttpRequest): Attempts => ({
  attempts: Math.max(1, req.tries.attempts),
  seconds: (performance.now() - req.tries.started) / 1000,
});

/** How often it was tried: "1 attempt, not retried", "3 attempts over 1.2 s". */
function times(req: HttpRequest, code: string): string {
  const t = attemptsOf(req);
  if (t.attempts > 1) return `${t.attempts} attempts over ${t.seconds.toFixed(1)} s`;
  return RETRY_CODES.has(code) && req.idempotent ? "1 attempt" : "1 attempt, not retried";
}

/** The error for a request that got no answer: the signal's reason when aborted, else the cause, the host and the tries. */
export function networkError(e: unknown, req: HttpRequest): GenesysError {
  if (e instanceof GenesysError) return e;
  if (req.signal?.aborted) return abortErrorOf(req.signal, req.endpoint);
  const url = new URL(req.url);
  const code = codeOf(e);
  const cause = CAUSES[code]?.(url.host, url.hostname) ?? `cannot reach ${url.host}: ${(e as Error)?.message ?? String(e)}`;
  return new GenesysNetworkError(`${cause} (${code ? `${code}; ` : ""}${times(req, code)})`, {
    endpoint: req.endpoint,
    hint: `is the server running, and is the URL (${url.origin}, GENESYS_API_URL) right? For a local sandbox run ` +
      "`npx genesys-sandbox` in your project (it prints GENESYS_API_URL and GENESYS_TOKEN), or in code " +
      "`const sb = await startSandbox(); new Genesys({ baseUrl: sb.url, token: sb.token })`",
    cause: e,
  });
}

/** The server's own message in an error body (JSON `error`, `message`…), else the body's start. */
export function serverMessage(text: string): string {
  try {
    const b = ErrorBody.parse(JSON.parse(text));
    return b.error && b.error_description ? `${b.error}: ${b.error_description}` : (b.error ?? b.message ?? b.localizedError ?? text);
  } catch {
    return text.slice(0, 500);
  }
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A 3xx: where the service sent the request, and that the client did not go there. */
export function redirectError(res: HttpResponse, req: HttpRequest): GenesysError {
  const from = new URL(req.url);
  const location = header(res.headers.location);
  let to: URL | undefined;
  try {
    to = location ? new URL(location, from) : undefined;
  } catch {
    to = undefined;
  }
  const options = { endpoint: req.endpoint, status: res.statusCode, code: "GENESYS_REDIRECT", requestId: requestIdOf(res.headers) };
  if (!to) {
    return new GenesysRequestError(`the service redirected the request without a usable Location (${JSON.stringify(location ?? "")})`, {
      ...options,
      hint: "check baseUrl (GENESYS_API_URL): a proxy or a login page may stand in front of the API",
    });
  }
  // the query of the target is left out: it may be long, or carry a login page's parameters
  const where = `${to.origin}${to.pathname}${to.search ? "?…" : ""}`;
  if (to.origin !== from.origin) {
    return new GenesysRequestError(
      `the service redirected to ${where}; the client does not follow redirects to another origin (your token would go with it)`,
      {
        ...options,
        hint: `if the service has moved, use ${to.origin} as baseUrl (GENESYS_API_URL); a login page or a proxy in between is not the API`,
      },
    );
  }
  return new GenesysRequestError(`the service redirected to ${where}; the client does not follow redirects`, {
    ...options,
    hint: `check baseUrl (GENESYS_API_URL, now ${from.origin}): the path moved on this server, or a proxy rewrites it`,
  });
}

/** The error for an answer of 300 or more: at most MAX_ERROR_BODY_BYTES of its body is read for the server's message. */
export async function statusError(res: HttpResponse, req: HttpRequest): Promise<GenesysError> {
  if (res.statusCode < 400) {
    await discard(res);
    return redirectError(res, req);
  }
  const text = await readCapped(res.body, MAX_ERROR_BODY_BYTES).then((r) => r.bytes.toString("utf8"), () => "");
  if (!res.body.destroyed) res.body.destroy();
  if (req.signal?.aborted) return abortErrorOf(req.signal, req.endpoint);
  const said = withoutSubject(serverMessage(text), req);
  return errorForStatus(req.endpoint, res.statusCode, said, { requestId: requestIdOf(res.headers) }, attemptsOf(req));
}

/**
 * The server's message without its own "GET /api/v2/acn/details/0f3c…: " in front when that is the request itself: the
 * headline already names the endpoint ("GET /api/v2/acn/details/{uuid} -> HTTP 404: no accession with UUID 0f3c…").
 */
function withoutSubject(message: string, req: HttpRequest): string {
  const m = /^(GET|POST) (\/\S*): /.exec(message);
  return m && m[1] === req.method && m[2] === new URL(req.url).pathname ? message.slice(m[0].length) : message;
}

/** Maps what went wrong below it, once: no answer (networkError), or an answer of 300 or more (statusError). */
export const withErrors: Layer = (next) => async (req) => {
  let res: HttpResponse;
  try {
    res = await next(req);
  } catch (e) {
    throw networkError(e, req);
  }
  if (res.statusCode >= 300) throw await statusError(res, req);
  return res;
};
