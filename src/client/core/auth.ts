/**
 * Where access tokens come from: a fixed token, or OAuth 2 client credentials
 * exchanged at `{baseUrl}/oauth/token` and refreshed before
 * `expires_in` runs out or after a 401. Tokens and secrets live only in private
 * fields of these objects (memory), are remembered for redaction in error
 * messages, and never appear in their console form or JSON.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import type { Dispatcher } from "undici";
import { request } from "undici";
import { TokenResponse } from "../../schema/responses.ts";
import {
  errorForStatus,
  GenesysCredentialsError,
  GenesysNetworkError,
  GenesysResponseError,
  redact,
  rememberSecret,
  requestIdOf,
} from "./errors.ts";
import { abortErrorOf, MAX_TOKEN_BODY_BYTES, readCapped, redactedInspect, untilAborted } from "./limits.ts";

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
 * POST {baseUrl}/oauth/token with a form; every failure is a GenesysError (refused credentials or
 * grant: GenesysCredentialsError; `signal` aborted: GenesysAbortError). The answer is read up to
 * MAX_TOKEN_BODY_BYTES; every token in it is remembered for redaction before anything else is done with it.
 */
export async function tokenRequest(
  baseUrl: string,
  dispatcher: Dispatcher,
  form: Record<string, string>,
  authorization?: string,
  signal?: AbortSignal,
): Promise<TokenAnswer> {
  const endpoint = TOKEN_ENDPOINT;
  for (const k of ["refresh_token", "client_secret", "code", "code_verifier"]) rememberSecret(form[k]);
  if (signal?.aborted) throw abortErrorOf(signal, endpoint);
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${baseUrl}${ENDPOINTS.oauthToken.path}`, {
      method: "POST",
      dispatcher,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...(authorization ? { authorization } : {}),
      },
      body: new URLSearchParams(form).toString(),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw abortErrorOf(signal, endpoint);
    throw new GenesysNetworkError(`cannot reach ${baseUrl}: ${(e as Error).message}`, {
      endpoint,
      hint: "is the server running and GENESYS_API_URL right?",
      cause: e,
    });
  }
  const requestId = requestIdOf(res.headers);
  let text: string;
  try {
    const { bytes, truncated } = await readCapped(res.body, MAX_TOKEN_BODY_BYTES);
    if (truncated) {
      throw new GenesysResponseError(`the token response is larger than ${MAX_TOKEN_BODY_BYTES / 1024} KB; it was not read further`, {
        endpoint,
        status: res.statusCode,
        requestId,
      });
    }
    text = bytes.toString("utf8");
  } catch (e) {
    if (e instanceof GenesysResponseError) throw e;
    if (signal?.aborted) throw abortErrorOf(signal, endpoint);
    throw new GenesysNetworkError(`the connection broke while reading the token response: ${(e as Error).message}`, {
      endpoint,
      status: res.statusCode,
      hint: "retry; no token was received",
      cause: e,
    });
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
  rememberTokens(text);
  if (res.statusCode === 401 || res.statusCode === 400) {
    // RFC 6749 §5.2: 400 invalid_client / unauthorized_client / invalid_grant, or 401 for a failed client authentication
    const oauth = oauthError(text);
    if (form.grant_type !== "client_credentials" && oauth?.startsWith("invalid_grant")) {
      throw new GenesysCredentialsError(
        `the ${form.grant_type === "refresh_token" ? "refresh token" : "authorization code"} was refused (${oauth})`,
        {
          endpoint,
          status: res.statusCode,
          serverMessage: text.slice(0, 2000),
          hint: "the login has expired or was revoked: log in again with Genesys.login()",
          requestId,
        },
      );
    }
    throw new GenesysCredentialsError(`the client id and secret were refused${oauth ? ` (${oauth})` : ""}`, {
      endpoint,
      status: res.statusCode,
      serverMessage: text.slice(0, 2000),
      hint: "check GENESYS_CLIENT_ID and GENESYS_CLIENT_SECRET (or { clientId, clientSecret }): a typo, a secret that was reset, " +
        "or a client not enabled for the client_credentials grant. Genesys issues client credentials through " +
        "helpdesk@genesys-pgr.org; the sandbox prints its own when it starts",
      requestId,
    });
  }
  if (res.statusCode >= 300) throw errorForStatus(endpoint, res.statusCode, text.slice(0, 500), { requestId });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GenesysResponseError(`token response is not JSON: ${redact(text.slice(0, 200))}`, {
      endpoint,
      status: res.statusCode,
      requestId,
    });
  }
  const parsed = TokenResponse.safeParse(json);
  if (!parsed.success) {
    // the issue list is not kept: it would quote the answer's values
    const issue = parsed.error.issues[0];
    throw new GenesysResponseError(
      `token response has no usable access_token${issue ? ` (${issue.path.join(".") || "(root)"}: ${issue.code})` : ""}`,
      { endpoint, status: res.statusCode, path: "access_token", requestId },
    );
  }
  return parsed.data;
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
