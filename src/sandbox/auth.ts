/**
 * Bearer tokens for the sandbox, and its OAuth 2 client-credentials token
 * endpoint (notes §2.2): client authentication by HTTP Basic or by form
 * fields, `scope` optional, `{access_token, token_type, expires_in, scope}`.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.ts";

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** A public client id the sandbox accepts for interactive login (no secret; PKCE instead). */
export const PUBLIC_CLIENT_ID = "genesys-notebook";
/** The one user of the sandbox's interactive login. */
export const SANDBOX_USER = "researcher@sandbox.genesys.local";

export class TokenStore {
  /** token -> expiry (ms) and who it was issued to */
  private readonly tokens = new Map<string, { exp: number; subject: string }>();
  /** Tokens handed out by POST /oauth/token. */
  granted = 0;
  private readonly codes = new Map<string, { exp: number; clientId: string; redirectUri: string; challenge: string; subject: string }>();
  private readonly refreshTokens = new Map<string, string>();
  constructor(private readonly creds: Credentials, private readonly ttlSeconds: number, private readonly now: () => number = Date.now) {}

  get ttl(): number {
    return this.ttlSeconds;
  }

  issue(ttlSeconds = this.ttlSeconds, subject = this.creds.clientId): string {
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, { exp: this.now() + ttlSeconds * 1000, subject });
    return token;
  }

  /** Forgets every token (a restart or a revocation on the real service): requests with one get 401. */
  revokeAll(): void {
    this.tokens.clear();
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
    if (t === undefined) throw challenge("invalid_token", "unknown access token");
    if (t.exp <= this.now()) {
      this.tokens.delete(m[1]!);
      throw challenge("invalid_token", "access token expired; request a new one from POST /oauth/token");
    }
    return t.subject;
  }

  /** The client id and secret of a token request, from Basic auth or form fields. */
  private client(req: IncomingMessage, form: Map<string, string>): { id?: string; secret?: string } {
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (basic) {
      const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
      const i = decoded.indexOf(":");
      if (i < 0) throw new HttpError(401, "invalid_client");
      try {
        // RFC 6749 §2.3.1: form-urlencoded id and secret
        id = decodeURIComponent(decoded.slice(0, i).replaceAll("+", " "));
        secret = decodeURIComponent(decoded.slice(i + 1).replaceAll("+", " "));
      } catch {
        throw new HttpError(400, "invalid_request");
      }
    }
    return { id, secret };
  }

  /** POST /oauth/token: client_credentials, authorization_code (with PKCE) and refresh_token grants. */
  grant(req: IncomingMessage, form: Map<string, string>): Record<string, unknown> {
    const grantType = form.get("grant_type");
    const { id, secret } = this.client(req, form);
    const scope = form.get("scope") ?? "read";
    if (grantType === "client_credentials") {
      if (id !== this.creds.clientId || secret !== this.creds.clientSecret) throw new HttpError(401, "invalid_client");
      this.granted++;
      return { access_token: this.issue(), token_type: "Bearer", expires_in: this.ttlSeconds, scope };
    }
    // public clients (a notebook) authenticate with PKCE instead of a secret
    if (id !== this.creds.clientId && id !== PUBLIC_CLIENT_ID) throw new HttpError(401, "invalid_client");
    if (grantType === "authorization_code") {
      const code = this.codes.get(form.get("code") ?? "");
      this.codes.delete(form.get("code") ?? "");
      if (!code || code.exp <= this.now() || code.clientId !== id || code.redirectUri !== form.get("redirect_uri")) {
        throw new HttpError(400, "invalid_grant");
      }
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge) throw new HttpError(400, "invalid_grant");
      return this.userTokens(code.subject, scope);
    }
    if (grantType === "refresh_token") {
      const r = this.refreshTokens.get(form.get("refresh_token") ?? "");
      if (!r) throw new HttpError(400, "invalid_grant");
      this.refreshTokens.delete(form.get("refresh_token")!);
      return this.userTokens(r, scope);
    }
    throw new HttpError(400, "unsupported_grant_type");
  }

  private userTokens(subject: string, scope: string): Record<string, unknown> {
    this.granted++;
    const refresh = randomBytes(24).toString("base64url");
    this.refreshTokens.set(refresh, subject);
    return {
      access_token: this.issue(this.ttlSeconds, subject),
      refresh_token: refresh,
      token_type: "Bearer",
      expires_in: this.ttlSeconds,
      scope,
    };
  }

  /**
   * GET /oauth/authorize (authorization code with PKCE, S256): the sandbox has no login page; it
   * approves at once for its one user and redirects to the loopback redirect_uri with the code.
   */
  authorize(url: URL): string {
    const q = (k: string) => url.searchParams.get(k) ?? "";
    if (q("response_type") !== "code") throw new HttpError(400, "unsupported_response_type");
    if (q("client_id") !== this.creds.clientId && q("client_id") !== PUBLIC_CLIENT_ID) throw new HttpError(401, "invalid_client");
    let redirect: URL;
    try {
      redirect = new URL(q("redirect_uri"));
    } catch {
      throw new HttpError(400, "invalid_request");
    }
    // like the real service, redirect URIs must be loopback (http://127.0.0.1:<port>)
    if (redirect.protocol !== "http:" || redirect.hostname !== "127.0.0.1") throw new HttpError(400, "invalid_request");
    if (q("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q("code_challenge"))) {
      throw new HttpError(400, "invalid_request");
    }
    const code = randomBytes(18).toString("base64url");
    this.codes.set(code, {
      exp: this.now() + 60_000,
      clientId: q("client_id"),
      redirectUri: q("redirect_uri"),
      challenge: q("code_challenge"),
      subject: SANDBOX_USER,
    });
    redirect.searchParams.set("code", code);
    if (q("state")) redirect.searchParams.set("state", q("state"));
    return redirect.toString();
  }
}
