/**
 * Bearer tokens and OAuth 2 for the sandbox (notes §2.2).
 *
 * - `POST /oauth/token`: `client_credentials` for the sandbox's confidential
 *   client (its secret by HTTP Basic or form fields); `authorization_code` with
 *   PKCE; `refresh_token`, rotated on use. The confidential client authenticates
 *   on every grant; the public client `genesys-notebook` has no secret and
 *   relies on PKCE (S256).
 * - `GET /oauth/authorize`: the sandbox user consents by giving the consent code
 *   the sandbox printed at start (`Sandbox.consentCode`): as the query parameter
 *   `consent`, or typed into the page the sandbox shows without it (a form posted
 *   to `POST /oauth/authorize`). Without it no code is issued.
 * - Refresh tokens are bound to their client and to a family (one login). A
 *   rotated refresh token or a used authorization code presented again revokes
 *   the family: its access and refresh tokens stop working.
 * - Bounded: codes live 60 s, refresh tokens 14 days, access tokens their TTL;
 *   expired ones are dropped, and past a count limit the oldest go first.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./http/error.ts";
import { readBody, sendJson } from "./http/io.ts";

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** A public client id the sandbox accepts for interactive login (no secret; PKCE instead). */
export const PUBLIC_CLIENT_ID = "genesys-notebook";
/** The one user of the sandbox's interactive login. */
export const SANDBOX_USER = "researcher@sandbox.genesys.local";

/** Lowest port of a redirect URI: below it are system services (22 is SSH), where no user's login callback listens. */
export const MIN_REDIRECT_PORT = 1024;

/** Limits of the OAuth state the sandbox keeps. */
export const OAUTH_LIMITS = {
  /** Authorization codes issued and not yet used or expired. */
  pendingCodes: 1_000,
  refreshTokens: 10_000,
  accessTokens: 100_000,
  /** Characters of redirect_uri, state and scope. */
  redirectUri: 256,
  state: 512,
  scope: 256,
  /** How long a used code is remembered, so that its replay revokes what it gave. */
  usedCodeMs: 10 * 60_000,
};

/** An OAuth error answer: `{error, error_description}` (RFC 6749 §5.2). */
export class OAuthError extends HttpError {
  constructor(status: number, readonly code: string, readonly description: string, headers: Record<string, string> = {}) {
    super(status, code, headers);
  }
}
const invalidRequest = (d: string) => new OAuthError(400, "invalid_request", d);
const invalidGrant = (d: string) => new OAuthError(400, "invalid_grant", d);

/** RFC 7636 §4.1: code_verifier = 43 to 128 unreserved characters. */
const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
/** BASE64URL(SHA256(verifier)) without padding: 43 characters. */
const S256_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

/** Why a code_verifier is malformed, or undefined when it is well formed. */
export function verifierProblem(v: string | undefined): string | undefined {
  if (v === undefined || v === "") return "code_verifier is required (PKCE, RFC 7636)";
  if (v.length < 43 || v.length > 128) return `code_verifier must be 43 to 128 characters (RFC 7636 §4.1), got ${v.length}`;
  if (!VERIFIER_RE.test(v)) return "code_verifier may contain only A-Z, a-z, 0-9 and '-', '.', '_', '~' (RFC 7636 §4.1)";
  return undefined;
}

/** A code of 16 lower-case letters and digits (no i, l, o, 0, 1) in groups of four, about 79 bits, easy to type. */
export function newConsentCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

const digest = (s: string) => createHash("sha256").update(s).digest();
/** Compares in constant time (hashes first, so lengths do not leak either). */
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const normalConsent = (s: string) => s.toLowerCase().replace(/[\s-]/g, "");

interface Access {
  exp: number;
  subject: string;
  family?: string;
}
interface Code {
  exp: number;
  clientId: string;
  redirectUri: string;
  challenge: string;
  subject: string;
  scope: string;
  /** Set once the code was exchanged: the family it started. */
  usedBy?: string;
}
interface Refresh {
  exp: number;
  clientId: string;
  subject: string;
  scope: string;
  family: string;
  used: boolean;
}

/** Inserts `value`, first dropping expired entries from the oldest end and the oldest ones past `max`. */
function admit<V extends { exp: number }>(map: Map<string, V>, key: string, value: V, max: number, now: number): void {
  for (const [k, v] of map) {
    if (v.exp > now && map.size < max) break;
    map.delete(k);
  }
  map.set(key, value);
}

export interface TokenStoreOptions {
  ttlSeconds: number;
  /** What the sandbox user types to approve a login. */
  consentCode: string;
  /** Default 60. */
  codeTtlSeconds?: number;
  /** Default 14 days. */
  refreshTtlSeconds?: number;
  now?: () => number;
}

export class TokenStore {
  private readonly tokens = new Map<string, Access>();
  private readonly codes = new Map<string, Code>();
  private readonly refreshTokens = new Map<string, Refresh>();
  /** Tokens handed out by POST /oauth/token. */
  granted = 0;
  private readonly now: () => number;
  constructor(private readonly creds: Credentials, private readonly opts: TokenStoreOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** How much OAuth state is held (expired entries not yet dropped included). */
  get sizes(): { accessTokens: number; pendingCodes: number; refreshTokens: number } {
    return {
      accessTokens: this.tokens.size,
      pendingCodes: [...this.codes.values()].filter((c) => !c.usedBy).length,
      refreshTokens: this.refreshTokens.size,
    };
  }

  issue(ttlSeconds = this.opts.ttlSeconds, subject = this.creds.clientId, family?: string): string {
    const token = randomBytes(24).toString("base64url");
    const now = this.now();
    admit(this.tokens, token, { exp: now + ttlSeconds * 1000, subject, family }, OAUTH_LIMITS.accessTokens, now);
    return token;
  }

  /** Forgets every access token (a restart or a revocation on the real service): requests with one get 401. */
  revokeAll(): void {
    this.tokens.clear();
  }

  /** Revokes one login: its access tokens and refresh tokens. */
  private revokeFamily(family: string): void {
    for (const [k, t] of this.tokens) if (t.family === family) this.tokens.delete(k);
    for (const [k, r] of this.refreshTokens) if (r.family === family) this.refreshTokens.delete(k);
  }

  /** The token's subject; throws 401 with a message and WWW-Authenticate header when it is missing, unknown or expired. */
  check(req: IncomingMessage, endpoint: string): string {
    const header = req.headers.authorization;
    const challenge = (error: string, desc: string) =>
      new HttpError(401, `${endpoint}: ${desc}`, {
        "www-authenticate": `Bearer realm="genesys-sandbox", error="${error}", error_description="${desc}"`,
      });
    if (!header) {
      throw challenge(
        "invalid_request",
        "missing Authorization header; send 'Authorization: Bearer <access_token>' (get one from POST /oauth/token)",
      );
    }
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw challenge("invalid_request", "Authorization header must be 'Bearer <access_token>'");
    const t = this.tokens.get(m[1]!);
    if (t === undefined) throw challenge("invalid_token", "unknown access token (never issued, or revoked)");
    if (t.exp <= this.now()) {
      this.tokens.delete(m[1]!);
      throw challenge("invalid_token", "access token expired; request a new one from POST /oauth/token");
    }
    return t.subject;
  }

  /**
   * The authenticated client of a token request: the confidential client with its secret (Basic or form
   * fields), or the public client without one. Anything else is 401 invalid_client.
   */
  private client(req: IncomingMessage, form: Map<string, string>): { id: string; confidential: boolean } {
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (req.headers.authorization && !basic) {
      throw invalidRequest("the Authorization header of a token request must be 'Basic <base64(client_id:client_secret)>'");
    }
    if (basic) {
      const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
      const i = decoded.indexOf(":");
      if (i < 0) throw invalidRequest("the Basic credentials must be 'client_id:client_secret', base64-encoded");
      let bid: string;
      try {
        // RFC 6749 §2.3.1: form-urlencoded id and secret
        bid = decodeURIComponent(decoded.slice(0, i).replaceAll("+", " "));
        secret = decodeURIComponent(decoded.slice(i + 1).replaceAll("+", " "));
      } catch {
        throw invalidRequest("malformed Basic credentials: the id and secret must be form-urlencoded (RFC 6749 §2.3.1)");
      }
      if (id !== undefined && id !== bid) throw invalidRequest("client_id in the form differs from the one in the Basic credentials");
      id = bid;
    }
    const unauthenticated = (d: string) =>
      new OAuthError(401, "invalid_client", d, { "www-authenticate": 'Basic realm="genesys-sandbox"' });
    if (id === this.creds.clientId) {
      if (secret === undefined || secret === "") {
        throw unauthenticated(`client ${id} is confidential: send its client_secret (HTTP Basic or form field) with every grant`);
      }
      if (!sameSecret(secret, this.creds.clientSecret)) throw unauthenticated("wrong client_secret");
      return { id, confidential: true };
    }
    if (id === PUBLIC_CLIENT_ID) {
      if (secret) throw unauthenticated(`client ${id} is public and has no secret; send none (it uses PKCE)`);
      return { id, confidential: false };
    }
    throw unauthenticated(id ? "unknown client_id" : "client_id is required (HTTP Basic or form field)");
  }

  /** POST /oauth/token: client_credentials, authorization_code (with PKCE) and refresh_token grants. */
  grant(req: IncomingMessage, form: Map<string, string>): Record<string, unknown> {
    const grantType = form.get("grant_type");
    if (!grantType) throw invalidRequest("grant_type is required");
    if (!["client_credentials", "authorization_code", "refresh_token"].includes(grantType)) {
      throw new OAuthError(400, "unsupported_grant_type", "grant_type must be client_credentials, authorization_code or refresh_token");
    }
    const client = this.client(req, form);
    const scope = form.get("scope");
    if (scope !== undefined && scope.length > OAUTH_LIMITS.scope) {
      throw invalidRequest(`scope is longer than ${OAUTH_LIMITS.scope} characters`);
    }
    if (grantType === "client_credentials") {
      if (!client.confidential) {
        throw new OAuthError(400, "unauthorized_client", `client ${client.id} is public: it may use authorization_code only`);
      }
      this.granted++;
      return { access_token: this.issue(), token_type: "Bearer", expires_in: this.opts.ttlSeconds, scope: scope ?? "read" };
    }
    if (grantType === "authorization_code") return this.exchangeCode(client.id, form);
    return this.refresh(client.id, form, scope);
  }

  private exchangeCode(clientId: string, form: Map<string, string>): Record<string, unknown> {
    const key = form.get("code");
    if (!key) throw invalidRequest("code is required");
    const redirectUri = form.get("redirect_uri");
    if (!redirectUri) throw invalidRequest("redirect_uri is required: the one of the authorization request");
    const problem = verifierProblem(form.get("code_verifier"));
    if (problem) throw invalidRequest(problem);
    const code = this.codes.get(key);
    if (!code) throw invalidGrant("unknown or expired authorization code");
    if (code.usedBy) {
      // RFC 6749 §4.1.2: a code used twice revokes the tokens issued for it
      this.revokeFamily(code.usedBy);
      this.codes.delete(key);
      throw invalidGrant("the authorization code was already used; the tokens issued for it are revoked");
    }
    // one attempt per code: a wrong verifier or redirect_uri spends it
    this.codes.delete(key);
    if (code.exp <= this.now()) throw invalidGrant("the authorization code has expired (codes live 60 s); log in again");
    if (code.clientId !== clientId) throw invalidGrant("the authorization code was issued to another client");
    if (code.redirectUri !== redirectUri) throw invalidGrant("redirect_uri differs from the one of the authorization request");
    if (createHash("sha256").update(form.get("code_verifier")!).digest("base64url") !== code.challenge) {
      throw invalidGrant("code_verifier does not match the code_challenge of the authorization request");
    }
    const family = randomBytes(12).toString("base64url");
    const now = this.now();
    admit(this.codes, key, { ...code, exp: now + OAUTH_LIMITS.usedCodeMs, usedBy: family }, OAUTH_LIMITS.pendingCodes * 2, now);
    return this.userTokens(clientId, code.subject, code.scope, family);
  }

  private refresh(clientId: string, form: Map<string, string>, scope: string | undefined): Record<string, unknown> {
    const key = form.get("refresh_token");
    if (!key) throw invalidRequest("refresh_token is required");
    const r = this.refreshTokens.get(key);
    if (!r || r.exp <= this.now()) throw invalidGrant("unknown, revoked or expired refresh token; log in again");
    if (r.clientId !== clientId) throw invalidGrant("the refresh token was issued to another client");
    if (r.used) {
      this.revokeFamily(r.family);
      throw invalidGrant("the refresh token was already used (it is rotated on use); the login's tokens are revoked, log in again");
    }
    r.used = true;
    return this.userTokens(clientId, r.subject, scope ?? r.scope, r.family);
  }

  private userTokens(clientId: string, subject: string, scope: string, family: string): Record<string, unknown> {
    this.granted++;
    const refresh = randomBytes(24).toString("base64url");
    const now = this.now();
    const exp = now + (this.opts.refreshTtlSeconds ?? 14 * 86_400) * 1000;
    admit(this.refreshTokens, refresh, { exp, clientId, subject, scope, family, used: false }, OAUTH_LIMITS.refreshTokens, now);
    return {
      access_token: this.issue(this.opts.ttlSeconds, subject, family),
      refresh_token: refresh,
      token_type: "Bearer",
      expires_in: this.opts.ttlSeconds,
      scope,
    };
  }

  /** The validated authorization request: where to send the user back, and what the code will carry. */
  private authorizationRequest(q: (k: string) => string): { redirect: URL; code: Omit<Code, "exp" | "subject"> } {
    if (q("response_type") !== "code") {
      throw new OAuthError(400, "unsupported_response_type", "response_type must be code (authorization code with PKCE)");
    }
    const clientId = q("client_id");
    if (clientId !== this.creds.clientId && clientId !== PUBLIC_CLIENT_ID) {
      throw new OAuthError(401, "invalid_client", clientId ? "unknown client_id" : "client_id is required");
    }
    const uri = q("redirect_uri");
    if (!uri) throw invalidRequest("redirect_uri is required");
    if (uri.length > OAUTH_LIMITS.redirectUri) throw invalidRequest(`redirect_uri is longer than ${OAUTH_LIMITS.redirectUri} characters`);
    let redirect: URL | undefined;
    try {
      redirect = new URL(uri);
    } catch {
      // described below
    }
    // like the real service, redirect URIs must be loopback (http://127.0.0.1:<port>)
    if (!redirect || redirect.protocol !== "http:" || redirect.hostname !== "127.0.0.1" || redirect.username || redirect.hash) {
      throw invalidRequest("redirect_uri must be a loopback address http://127.0.0.1:<port>[/path], without user or fragment");
    }
    // the port of the client's own callback server: named, and one a user's program may listen on (not 0, not a system
    // service's such as 22; http://127.0.0.1:80 has no port in its URL and is refused as well)
    const port = Number(redirect.port);
    if (!redirect.port || port < MIN_REDIRECT_PORT) {
      throw invalidRequest(
        `redirect_uri must name the port of the client's callback, http://127.0.0.1:<port> with a port from ${MIN_REDIRECT_PORT} to ` +
          `65535; got ${redirect.port ? `port ${port}` : "no port"}`,
      );
    }
    if (q("state").length > OAUTH_LIMITS.state) throw invalidRequest(`state is longer than ${OAUTH_LIMITS.state} characters`);
    const scope = q("scope") || "openid";
    if (scope.length > OAUTH_LIMITS.scope) throw invalidRequest(`scope is longer than ${OAUTH_LIMITS.scope} characters`);
    const method = q("code_challenge_method");
    if (!q("code_challenge")) throw invalidRequest("code_challenge is required (PKCE with S256, RFC 7636)");
    if (method !== "S256") {
      throw invalidRequest(`code_challenge_method must be S256 (plain is not accepted), got '${method.slice(0, 20)}'`);
    }
    if (!S256_CHALLENGE_RE.test(q("code_challenge"))) {
      throw invalidRequest("code_challenge must be BASE64URL(SHA256(code_verifier)): 43 characters A-Z, a-z, 0-9, '-', '_'");
    }
    return { redirect, code: { clientId, redirectUri: uri, challenge: q("code_challenge"), scope } };
  }

  /**
   * The authorization request with the user's consent: the redirect to the client with a new code.
   * Throws 403 access_denied for a wrong consent code.
   */
  approve(q: (k: string) => string): string {
    const { redirect, code } = this.authorizationRequest(q);
    if (!sameSecret(normalConsent(q("consent")), normalConsent(this.opts.consentCode))) {
      throw new OAuthError(403, "access_denied", "wrong consent code: give the one the sandbox printed at start (Sandbox.consentCode)");
    }
    const key = randomBytes(18).toString("base64url");
    const now = this.now();
    const codeTtl = (this.opts.codeTtlSeconds ?? 60) * 1000;
    // pending codes are bounded: expired ones and, past the limit, the oldest go first
    const pending = [...this.codes.entries()].filter(([, c]) => !c.usedBy);
    let n = pending.length;
    for (const [k, c] of pending) {
      if (c.exp > now && n < OAUTH_LIMITS.pendingCodes) break;
      this.codes.delete(k);
      n--;
    }
    admit(this.codes, key, { ...code, exp: now + codeTtl, subject: SANDBOX_USER }, OAUTH_LIMITS.pendingCodes * 2, now);
    redirect.searchParams.set("code", key);
    if (q("state")) redirect.searchParams.set("state", q("state"));
    return redirect.toString();
  }

  /** The consent page: the request's parameters as hidden fields, and a field for the consent code. */
  consentPage(q: (k: string) => string): string {
    this.authorizationRequest(q);
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const fields = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"]
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q(k))}">`).join("\n");
    return `<!doctype html><meta charset="utf-8"><title>Genesys sandbox login</title>
<h1>Log in to the Genesys sandbox</h1>
<p>Client <b>${esc(q("client_id"))}</b> asks to act as ${SANDBOX_USER} and will be sent back to ${esc(q("redirect_uri"))}.</p>
<p>To approve, enter the consent code the sandbox printed when it started.</p>
<form method="post" action="/oauth/authorize">
${fields}
<label>Consent code <input name="consent" autocomplete="off" autofocus required></label>
<button type="submit">Approve</button>
</form>`;
  }
}

/** Headers of the consent page: nothing loads, it cannot be framed, and the form posts only to the sandbox. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

/**
 * GET /oauth/authorize: with `consent=<code>` the redirect with a new authorization code, without it the
 * consent page. POST /oauth/authorize: the page's form (urlencoded), the same parameters in the body.
 */
export async function authorizeEndpoint(req: IncomingMessage, res: ServerResponse, url: URL, tokens: TokenStore): Promise<void> {
  try {
    let q = (k: string) => url.searchParams.get(k) ?? "";
    if (req.method === "POST") {
      const type = String(req.headers["content-type"] ?? "");
      if (!type.startsWith("application/x-www-form-urlencoded")) {
        throw invalidRequest("POST /oauth/authorize takes the consent form: application/x-www-form-urlencoded");
      }
      const form = (await readBody(req)).form!;
      q = (k: string) => form.get(k) ?? "";
    } else if (req.method !== "GET") {
      throw new OAuthError(405, "invalid_request", "use GET /oauth/authorize (or POST the consent form)", { allow: "GET, POST" });
    }
    if (!q("consent")) {
      const page = tokens.consentPage(q);
      res.writeHead(200, { ...PAGE_HEADERS, "content-length": Buffer.byteLength(page) });
      return void res.end(page);
    }
    res.writeHead(302, { location: tokens.approve(q), "cache-control": "no-store" });
    res.end();
  } catch (e) {
    sendOAuthError(req, res, e);
  }
}

/** POST /oauth/token. */
export async function tokenEndpoint(req: IncomingMessage, res: ServerResponse, tokens: TokenStore): Promise<void> {
  try {
    if (req.method !== "POST") throw new OAuthError(405, "invalid_request", "use POST /oauth/token", { allow: "POST" });
    const body = await readBody(req);
    const json = body.json;
    if (json !== undefined && (typeof json !== "object" || json === null || Array.isArray(json))) {
      throw invalidRequest("send the token request as form fields (application/x-www-form-urlencoded)");
    }
    const form = body.form ??
      new Map(Object.entries((json ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : String(v)]));
    sendJson(req, res, 200, tokens.grant(req, form), { "cache-control": "no-store" });
  } catch (e) {
    sendOAuthError(req, res, e);
  }
}

function sendOAuthError(req: IncomingMessage, res: ServerResponse, e: unknown): void {
  if (e instanceof OAuthError) {
    return sendJson(req, res, e.status, { error: e.code, error_description: e.description }, { ...e.headers, "cache-control": "no-store" });
  }
  if (e instanceof HttpError) {
    return sendJson(req, res, e.status, { error: "invalid_request", error_description: e.message }, e.headers);
  }
  throw e;
}
