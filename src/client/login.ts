/**
 * Interactive login for a notebook user without client credentials, as the
 * official R client's `user_login()` does it: OAuth 2 authorization code with
 * PKCE (S256), a one-shot callback server on 127.0.0.1, the authorization URL
 * printed (and shown as a link in Jupyter). Tokens stay in memory and are
 * refreshed with the refresh token before they expire or after a 401.
 * `askToken()` reads a pasted token without echoing it on a terminal.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Dispatcher } from "undici";
import { jupyterApi } from "../runtime/jupyter.ts";
import { expiryOf, stillValid, type TokenProvider, tokenRequest } from "./auth.ts";
import { GenesysAuthError, GenesysInputError } from "./errors.ts";

export interface LoginOptions {
  /** Server root, e.g. https://api.genesys-pgr.org or a sandbox URL. */
  baseUrl: string;
  /** The OAuth client registered for interactive login (Genesys: ask helpdesk@genesys-pgr.org; the sandbox accepts "genesys-notebook"). */
  clientId?: string;
  /** Only for clients registered with a secret; public clients rely on PKCE. */
  clientSecret?: string;
  /**
   * Port of the callback on 127.0.0.1; must match the redirect URI registered for the client.
   * Default 48913 (as the R client); 0 = any free port.
   */
  redirectPort?: number;
  /** Default "openid". */
  scope?: string;
  /** Opens the authorization URL (default: print it, and show a link in Jupyter). */
  open?: (url: string) => void | Promise<void>;
  /** How long to wait for the browser to come back. Default 5 minutes. */
  loginTimeoutMs?: number;
}

const b64url = (b: Buffer) => b.toString("base64url");

/** Tokens from an interactive login, refreshed with the refresh token. */
export class AuthorizationCodeTokens implements TokenProvider {
  readonly canRefresh = true;
  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string | undefined,
    private readonly dispatcher: Dispatcher,
    private current: { token: string; refresh?: string; expiresAt: number },
  ) {}

  async token(force = false): Promise<string> {
    if (!force && stillValid(this.current)) return this.current.token;
    if (!this.current.refresh) {
      throw new GenesysAuthError(
        "the login's access token has expired and the server gave no refresh token",
        "POST /oauth/token",
        401,
        undefined,
        "log in again with Genesys.login()",
      );
    }
    const form: Record<string, string> = { grant_type: "refresh_token", refresh_token: this.current.refresh, client_id: this.clientId };
    if (this.clientSecret) form.client_secret = this.clientSecret;
    const t = await tokenRequest(this.baseUrl, this.dispatcher, form);
    this.current = {
      token: t.access_token,
      refresh: t.refresh_token ?? this.current.refresh,
      expiresAt: expiryOf(t),
    };
    return this.current.token;
  }
}

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

/** Waits for the one redirect to 127.0.0.1 carrying the code; answers the browser with a short page. */
function callback(server: Server, state: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new GenesysAuthError(
            `no answer from the browser within ${timeoutMs / 1000} s`,
            "GET /oauth/authorize",
            0,
            undefined,
            "open the printed address in a browser on this machine, then log in",
          ),
        ),
      timeoutMs,
    );
    server.on("request", (req, res) => {
      const u = new URL(req.url ?? "/", "http://127.0.0.1");
      const code = u.searchParams.get("code");
      const error = u.searchParams.get("error");
      if (!code && !error) return void res.writeHead(404).end();
      const ok = !!code && u.searchParams.get("state") === state;
      res.writeHead(ok ? 200 : 400, { "content-type": "text/html; charset=utf-8" });
      res.end(ok ? "<p>Logged in to Genesys. You can close this window.</p>" : "<p>The login did not succeed; see the notebook.</p>");
      clearTimeout(timer);
      if (ok) resolve(code!);
      else {reject(
          new GenesysAuthError(
            error ? `login refused: ${error}` : "the answer's state does not match this login",
            "GET /oauth/authorize",
            0,
            undefined,
            "log in again",
          ),
        );}
    });
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
          new GenesysInputError(
            `cannot listen on 127.0.0.1:${opts.redirectPort ?? 48913}: ${(e as Error).message}`,
            "Genesys.login()",
            "another login is waiting, or another program uses the port; pass redirectPort",
          ),
        ),
    );
    server.listen(opts.redirectPort ?? 48913, "127.0.0.1", resolve);
  });
  try {
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const auth = new URL(`${opts.baseUrl}/oauth/authorize`);
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
    const code = callback(server, state, opts.loginTimeoutMs ?? 300_000);
    code.catch(() => undefined); // awaited below; the browser may answer while open() is still running
    await (opts.open ?? show)(auth.toString());
    const form: Record<string, string> = {
      grant_type: "authorization_code",
      code: await code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
    };
    if (opts.clientSecret) form.client_secret = opts.clientSecret;
    const t = await tokenRequest(opts.baseUrl, dispatcher, form);
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
    if (!v) throw new GenesysInputError("no token was entered", "askToken()", "set GENESYS_TOKEN instead, or run in a terminal");
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
        if (ch === "\u0003") throw new GenesysInputError("cancelled", "askToken()");
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
