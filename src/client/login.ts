/**
 * Interactive login for a notebook user without client credentials, as the
 * official R client's `user_login()` does it: OAuth 2 authorization code with
 * PKCE (S256), a one-shot callback server on 127.0.0.1, the authorization URL
 * printed (and shown as a link in Jupyter). Tokens stay in memory and are
 * refreshed with the refresh token before they expire or after a 401.
 * `askToken()` reads a pasted token without echoing it on a terminal.
 */
import { ENDPOINTS } from "../schema/endpoints.ts";
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Dispatcher } from "undici";
import { jupyterApi } from "../runtime/jupyter.ts";
import { expiryOf, SingleFlight, type TokenOptions, type TokenProvider, tokenRequest, usable } from "./core/auth.ts";
import { GenesysAuthError, GenesysInputError, rememberSecret } from "../kernel/errors.ts";
import { abortErrorOf, redactedInspect, untilAborted } from "./core/limits.ts";

/** What `Genesys.login()` itself uses: declared once, as a zod schema (core/option-schemas.ts). */
export type { LoginOptions } from "./core/option-schemas.ts";
import type { LoginOptions } from "./core/option-schemas.ts";

const b64url = (b: Buffer) => b.toString("base64url");

/**
 * Tokens from an interactive login, refreshed with the refresh token. One refresh at a time, shared by every caller
 * (servers that rotate refresh tokens refuse a second use of the same one and end the session).
 */
export class AuthorizationCodeTokens implements TokenProvider {
  readonly canRefresh = true;
  readonly #baseUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string | undefined;
  readonly #dispatcher: Dispatcher;
  #current: { token: string; refresh?: string; expiresAt: number };
  readonly #flight = new SingleFlight();
  constructor(
    baseUrl: string,
    clientId: string,
    clientSecret: string | undefined,
    dispatcher: Dispatcher,
    current: { token: string; refresh?: string; expiresAt: number },
  ) {
    this.#baseUrl = baseUrl;
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
    this.#dispatcher = dispatcher;
    this.#current = current;
    rememberSecret(clientSecret);
    rememberSecret(current.token);
    rememberSecret(current.refresh);
  }

  async token(force = false, opts: TokenOptions = {}): Promise<string> {
    const held = usable(this.#current, force, opts.rejected);
    if (held !== undefined) return held;
    return await this.#flight.join(() => this.#refresh(), opts.signal, false);
  }

  async #refresh(): Promise<string> {
    const current = this.#current;
    if (!current.refresh) {
      throw new GenesysAuthError("the login's access token has expired and the server gave no refresh token", {
        endpoint: ENDPOINTS.oauthToken.label,
        status: 401,
        hint: "log in again with Genesys.login()",
      });
    }
    const form: Record<string, string> = { grant_type: "refresh_token", refresh_token: current.refresh, client_id: this.#clientId };
    if (this.#clientSecret) form.client_secret = this.#clientSecret;
    // no caller's signal: the server may rotate the refresh token as soon as it reads the request (see SingleFlight)
    const t = await tokenRequest(this.#baseUrl, this.#dispatcher, form);
    this.#current = { token: t.access_token, refresh: t.refresh_token ?? current.refresh, expiresAt: expiryOf(t) };
    return t.access_token;
  }

  toJSON(): Record<string, unknown> {
    return {
      kind: "login",
      clientId: this.#clientId,
      token: "[redacted]",
      refresh: this.#current.refresh ? "[redacted]" : "none",
      expires: new Date(this.#current.expiresAt).toISOString(),
    };
  }
}
redactedInspect(AuthorizationCodeTokens, "AuthorizationCodeTokens");

function show(url: string): void {
  const jupyter = jupyterApi();
  const text = `Open this address to log in to Genesys (waiting for the browser to come back):\n${url}`;
  if (jupyter) {
    void jupyter.display({
      "text/html": `<p>Log in to Genesys: <a href="${url.replaceAll('"', "&quot;")}" target="_blank">open the login page</a></p>`,
      "text/plain": text,
    }, { raw: true });
  } else console.error(text);
}

/**
 * Waits for the redirect to 127.0.0.1 that carries this login's `state`, and answers the browser with a short page.
 * Requests without it (a stray tab, a port scan, a forged or stale redirect) get a 400 and the wait goes on; only
 * the matching redirect ends it: with its code, or with its `error` as a GenesysAuthError. `signal` ends the wait
 * with a GenesysAbortError.
 */
function callback(server: Server, state: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const endpoint = ENDPOINTS.oauthAuthorize.label;
  return new Promise((resolve, reject) => {
    let ignored = 0;
    const finish = (e: Error | undefined, code?: string) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      server.removeListener("request", onRequest);
      if (e) reject(e);
      else resolve(code!);
    };
    const timer = setTimeout(
      () =>
        finish(
          new GenesysAuthError(
            `no answer from the browser within ${timeoutMs / 1000} s${
              ignored ? ` (${ignored} request${ignored > 1 ? "s" : ""} whose state does not match this login ignored)` : ""
            }`,
            { endpoint, hint: "open the printed address in a browser on this machine, then log in" },
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => finish(abortErrorOf(signal!, "Genesys.login()"));
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      const u = new URL(req.url ?? "/", "http://127.0.0.1");
      const code = u.searchParams.get("code");
      const error = u.searchParams.get("error");
      if (!code && !error) return void res.writeHead(404).end();
      if (u.searchParams.get("state") !== state) {
        ignored++;
        res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
        return void res.end("<p>This is not the answer to the login this notebook is waiting for.</p>");
      }
      res.writeHead(code && !error ? 200 : 400, { "content-type": "text/html; charset=utf-8" });
      res.end(
        code && !error ? "<p>Logged in to Genesys. You can close this window.</p>" : "<p>The login did not succeed; see the notebook.</p>",
      );
      if (code && !error) return finish(undefined, code);
      const description = u.searchParams.get("error_description");
      finish(
        new GenesysAuthError(`login refused: ${error}${description ? ` (${description.slice(0, 300)})` : ""}`, {
          endpoint,
          hint: error === "access_denied" ? "the login was cancelled or not allowed; log in again" : "log in again",
        }),
      );
    };
    server.on("request", onRequest);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs the authorization code flow with PKCE; returns a token provider for Genesys. */
export async function loginTokens(opts: LoginOptions, dispatcher: Dispatcher): Promise<AuthorizationCodeTokens> {
  const clientId = opts.clientId ?? "genesys-notebook";
  const verifier = b64url(randomBytes(48));
  const challenge = b64url(createHash("sha256").update(verifier).digest());
  const state = b64url(randomBytes(16));
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once(
      "error",
      (e) =>
        reject(
          new GenesysInputError(`cannot listen on 127.0.0.1:${opts.redirectPort ?? 48913}: ${(e as Error).message}`, {
            endpoint: "Genesys.login()",
            hint: "another login is waiting, or another program uses the port; pass redirectPort",
          }),
        ),
    );
    server.listen(opts.redirectPort ?? 48913, "127.0.0.1", resolve);
  });
  try {
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const auth = new URL(`${opts.baseUrl}${ENDPOINTS.oauthAuthorize.path}`);
    for (
      const [k, v] of Object.entries({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: opts.scope ?? "openid",
        state,
        code_challenge: challenge,
        code_challenge_method: "S256",
      })
    ) {
      auth.searchParams.set(k, v);
    }
    const code = callback(server, state, opts.loginTimeoutMs ?? 300_000, opts.signal);
    code.catch(() => undefined); // awaited below; the browser may answer while open() is still running
    await untilAborted(Promise.resolve((opts.open ?? show)(auth.toString())), opts.signal, "Genesys.login()");
    const form: Record<string, string> = {
      grant_type: "authorization_code",
      code: await code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
    };
    if (opts.clientSecret) form.client_secret = opts.clientSecret;
    const t = await tokenRequest(opts.baseUrl, dispatcher, form, undefined, opts.signal);
    return new AuthorizationCodeTokens(opts.baseUrl, clientId, opts.clientSecret, dispatcher, {
      token: t.access_token,
      refresh: t.refresh_token,
      expiresAt: expiryOf(t),
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/**
 * Reads a pasted access token: hidden on a terminal (raw mode, nothing echoed); in a notebook,
 * the kernel's prompt (Jupyter cannot hide it; prefer GENESYS_TOKEN in the environment there).
 * @example
 * ```ts
 * import { askToken, Genesys } from "genesys-notebook";
 * const g = new Genesys({ baseUrl: "https://api.genesys-pgr.org", token: await askToken() });
 * ```
 */
export async function askToken(message = "Genesys access token: "): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const p = (globalThis as { prompt?: (m: string) => string | null }).prompt;
    const v = p?.(message)?.trim();
    if (!v) {
      throw new GenesysInputError("no token was entered", {
        endpoint: "askToken()",
        hint: "set GENESYS_TOKEN instead, or run in a terminal",
      });
    }
    return v;
  }
  process.stderr.write(message);
  stdin.setRawMode(true);
  stdin.resume();
  let value = "";
  try {
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === "\r" || ch === "\n") return value.trim();
        if (ch === "\u0003") throw new GenesysInputError("cancelled", { endpoint: "askToken()" });
        value = ch === "\u007f" ? value.slice(0, -1) : value + ch;
      }
    }
    return value.trim();
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write("\n");
  }
}
