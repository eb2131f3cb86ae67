/**
 * Where access tokens come from: a fixed token, or OAuth 2 client credentials
 * exchanged at `{baseUrl}/oauth/token` and refreshed before
 * `expires_in` runs out or after a 401. Tokens and secrets live only in private
 * fields of these objects (memory), are remembered for redaction in error
 * messages, and never appear in their console form or JSON.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import type { Dispatcher } from "undici";
import { TokenResponse } from "../../schema/responses.ts";
import {
  errorForStatus,
  GenesysCredentialsError,
  GenesysNetworkError,
  GenesysResponseError,
  redact,
  rememberSecret,
  requestIdOf,
} from "../../kernel/errors.ts";
import { abortErrorOf, MAX_TOKEN_BODY_BYTES, readCapped, redactedInspect, untilAborted } from "./limits.ts";
import { type HttpRequest, type HttpResponse, send, tries } from "./http.ts";
import { decompress } from "./decompress.ts";
import { networkError, redirectError, serverMessage } from "./http-errors.ts";

const TOKEN_ENDPOINT = ENDPOINTS.oauthToken.label;

export interface TokenOptions {
  /** Ends the caller's wait for a token with a GenesysAbortError. */
  signal?: AbortSignal;
  /** With `force`: the token the server refused. When the provider already holds a newer one, that one is returned. */
  rejected?: string;
}

export interface TokenProvider {
  /**
   * Returns a valid token; `force` asks for a fresh one (after a 401). Returns undefined when it cannot refresh.
   * Concurrent callers share one token request.
   */
  token(force?: boolean, opts?: TokenOptions): Promise<string | undefined>;
  readonly canRefresh: boolean;
  /** What the provider is, without secrets (its console form and JSON). */
  toJSON?(): Record<string, unknown>;
}

export class StaticToken implements TokenProvider {
  readonly canRefresh = false;
  readonly #value: string | undefined;
  constructor(value: string | undefined) {
    this.#value = value;
    rememberSecret(value);
  }
  token(): Promise<string | undefined> {
    return Promise.resolve(this.#value);
  }
  toJSON(): Record<string, unknown> {
    return { kind: "token", token: this.#value ? "[redacted]" : "none" };
  }
}
redactedInspect(StaticToken, "StaticToken");

/** A token is renewed this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

/** When a token answer expires (an hour when the server does not say). */
export const expiryOf = (t: { expires_in?: number }): number => Date.now() + (t.expires_in ?? 3600) * 1000;

/** Whether a held token is still good for a request (outside the refresh margin). */
export const stillValid = (current: { expiresAt: number } | undefined): boolean =>
  !!current && current.expiresAt - REFRESH_MARGIN_MS > Date.now();

/**
 * The held token when it answers the call: without `force`, a token outside the refresh margin; with `force` (a 401),
 * a token newer than the refused one that has not expired (another caller refreshed already).
 */
export function usable(current: { token: string; expiresAt: number } | undefined, force: boolean, rejected?: string): string | undefined {
  if (!current) return undefined;
  if (!force) return stillValid(current) ? current.token : undefined;
  return rejected !== undefined && current.token !== rejected && current.expiresAt > Date.now() ? current.token : undefined;
}

/**
 * One token request at a time, shared by every caller that needs a token meanwhile (single flight): concurrent calls
 * at expiry, or a burst of 401s, cause one request, not one each (a refresh token used twice is refused by servers
 * that rotate them). A caller's signal ends only its own wait. When every waiter has given up, an `abandonable`
 * request (client credentials) is aborted; a refresh is not, as the server may already have rotated the refresh token,
 * and its answer is kept when it arrives (it ends at the latest after the transport's timeoutMs).
 */
export class SingleFlight {
  #run?: { promise: Promise<string>; waiters: number; ac: AbortController };

  get inFlight(): boolean {
    return this.#run !== undefined;
  }

  async join(start: (signal: AbortSignal) => Promise<string>, signal: AbortSignal | undefined, abandonable: boolean): Promise<string> {
    if (signal?.aborted) throw abortErrorOf(signal, TOKEN_ENDPOINT);
    let run = this.#run;
    if (!run) {
      const ac = new AbortController();
      const started = { waiters: 0, ac } as { promise: Promise<string>; waiters: number; ac: AbortController };
      started.promise = (async () => await start(ac.signal))().finally(() => {
        if (this.#run === started) this.#run = undefined;
      });
      started.promise.catch(() => undefined); // every waiter may have gone: not an unhandled rejection
      this.#run = run = started;
    }
    run.waiters++;
    try {
      return await untilAborted(run.promise, signal, TOKEN_ENDPOINT);
    } finally {
      run.waiters--;
      if (run.waiters === 0 && abandonable && this.#run === run && signal?.aborted) run.ac.abort(signal.reason);
    }
  }
}

export class ClientCredentials implements TokenProvider {
  readonly canRefresh = true;
  #current?: { token: string; expiresAt: number };
  readonly #flight = new SingleFlight();
  readonly #baseUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #dispatcher: Dispatcher;
  constructor(baseUrl: string, clientId: string, clientSecret: string, dispatcher: Dispatcher) {
    this.#baseUrl = baseUrl;
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
    this.#dispatcher = dispatcher;
    rememberSecret(clientSecret);
  }

  async token(force = false, opts: TokenOptions = {}): Promise<string> {
    const held = usable(this.#current, force, opts.rejected);
    if (held !== undefined) return held;
    return await this.#flight.join(
      async (signal) => {
        const basic = Buffer.from(`${encodeURIComponent(this.#clientId)}:${encodeURIComponent(this.#clientSecret)}`).toString("base64");
        const t = await tokenRequest(
          this.#baseUrl,
          this.#dispatcher,
          { grant_type: "client_credentials", scope: "openid" },
          `Basic ${basic}`,
          signal,
        );
        this.#current = { token: t.access_token, expiresAt: expiryOf(t) };
        return t.access_token;
      },
      opts.signal,
      true,
    );
  }

  toJSON(): Record<string, unknown> {
    return {
      kind: "client credentials",
      clientId: this.#clientId,
      clientSecret: "[redacted]",
      token: this.#current ? "[redacted]" : "none yet",
      ...(this.#current ? { expires: new Date(this.#current.expiresAt).toISOString() } : {}),
    };
  }
}
redactedInspect(ClientCredentials, "ClientCredentials");

/** The token endpoint's answer, validated. */
export type TokenAnswer = { access_token: string; refresh_token?: string; expires_in?: number };

/**
 * POST {baseUrl}/oauth/token with a form, through the transport's base `send` and its one decompression step (not
 * retried: a refresh token may be used only once); every failure is a GenesysError (refused credentials or grant:
 * GenesysCredentialsError; `signal` aborted: GenesysAbortError). The answer is read up to MAX_TOKEN_BODY_BYTES; every
 * token in it is remembered for redaction before anything else is done with it.
 */
export async function tokenRequest(
  baseUrl: string,
  dispatcher: Dispatcher,
  form: Record<string, string>,
  authorization?: string,
  signal?: AbortSignal,
): Promise<TokenAnswer> {
  for (const k of ["refresh_token", "client_secret", "code", "code_verifier"]) rememberSecret(form[k]);
  const req: HttpRequest = {
    endpoint: TOKEN_ENDPOINT,
    method: "POST",
    url: `${baseUrl}${ENDPOINTS.oauthToken.path}`,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(form).toString(),
    idempotent: ENDPOINTS.oauthToken.idempotent,
    signal,
    tries: tries(),
  };
  if (signal?.aborted) throw abortErrorOf(signal, TOKEN_ENDPOINT);
  let res: HttpResponse;
  try {
    res = await decompress(send(dispatcher))(req);
  } catch (e) {
    throw networkError(e, req);
  }
  const text = await tokenBody(res, req);
  rememberTokens(text);
  if (res.statusCode === 401 || res.statusCode === 400) throw refusal(res, text, form.grant_type);
  if (res.statusCode >= 300) {
    throw res.statusCode < 400 ? redirectError(res, req) : errorForStatus(TOKEN_ENDPOINT, res.statusCode, serverMessage(text), {
      requestId: requestIdOf(res.headers),
    });
  }
  return tokenAnswer(text, res);
}

/** The token endpoint's answer as text, at most MAX_TOKEN_BODY_BYTES. */
async function tokenBody(res: HttpResponse, req: HttpRequest): Promise<string> {
  const endpoint = TOKEN_ENDPOINT;
  try {
    const { bytes, truncated } = await readCapped(res.body, MAX_TOKEN_BODY_BYTES);
    if (truncated) {
      throw new GenesysResponseError(`the token response is larger than ${MAX_TOKEN_BODY_BYTES / 1024} KB; it was not read further`, {
        endpoint,
        status: res.statusCode,
        requestId: requestIdOf(res.headers),
      });
    }
    return bytes.toString("utf8");
  } catch (e) {
    if (e instanceof GenesysResponseError) throw e;
    if (req.signal?.aborted) throw abortErrorOf(req.signal, endpoint);
    throw new GenesysNetworkError(`the connection broke while reading the token response: ${(e as Error).message}`, {
      endpoint,
      status: res.statusCode,
      hint: "retry; no token was received",
      cause: e,
    });
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
}

/** A 400 or 401 from the token endpoint (RFC 6749 §5.2): the grant or the client credentials were refused. */
function refusal(res: HttpResponse, text: string, grant: string | undefined): GenesysCredentialsError {
  const oauth = oauthError(text);
  const options = {
    endpoint: TOKEN_ENDPOINT,
    status: res.statusCode,
    serverMessage: text.slice(0, 2000),
    requestId: requestIdOf(res.headers),
  };
  if (grant !== "client_credentials" && oauth?.startsWith("invalid_grant")) {
    return new GenesysCredentialsError(
      `the ${grant === "refresh_token" ? "refresh token" : "authorization code"} was refused (${oauth})`,
      { ...options, hint: "the login has expired or was revoked: log in again with Genesys.login()" },
    );
  }
  return new GenesysCredentialsError(`the client id and secret were refused${oauth ? ` (${oauth})` : ""}`, {
    ...options,
    hint: "check GENESYS_CLIENT_ID and GENESYS_CLIENT_SECRET (or { clientId, clientSecret }): a typo, a secret that was reset, " +
      "or a client not enabled for the client_credentials grant. Genesys issues client credentials through " +
      "helpdesk@genesys-pgr.org; the sandbox prints its own when it starts",
  });
}

/** A successful token answer, validated; the issue list is not kept (it would quote the answer's values). */
function tokenAnswer(text: string, res: HttpResponse): TokenAnswer {
  const options = { endpoint: TOKEN_ENDPOINT, status: res.statusCode, requestId: requestIdOf(res.headers) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GenesysResponseError(`token response is not JSON: ${redact(text.slice(0, 200))}`, options);
  }
  const parsed = TokenResponse.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new GenesysResponseError(
    `token response has no usable access_token${issue ? ` (${issue.path.join(".") || "(root)"}: ${issue.code})` : ""}`,
    { ...options, path: "access_token" },
  );
}

/**
 * Remembers every token-like value in a token answer for redaction (JSON fields, and the fields of a form-encoded or
 * otherwise odd answer), so that no error built from it, here or later, quotes them.
 */
function rememberTokens(text: string): void {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    if (j && typeof j === "object") {
      for (const k of ["access_token", "refresh_token", "id_token"]) if (typeof j[k] === "string") rememberSecret(j[k] as string);
    }
  } catch {
    for (const m of text.matchAll(/(?:access_token|refresh_token|id_token)["']?\s*[:=]\s*["']?([^\s"'&,;}]+)/g)) rememberSecret(m[1]);
  }
}

/** "invalid_client: Bad client credentials" from an OAuth error body, if it is one. */
function oauthError(text: string): string | undefined {
  try {
    const j = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof j.error !== "string") return undefined;
    return typeof j.error_description === "string" ? `${j.error}: ${j.error_description}` : j.error;
  } catch {
    return undefined;
  }
}
