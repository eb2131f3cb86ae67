/**
 * Bearer tokens for the sandbox, and its OAuth 2 client-credentials token
 * endpoint (notes §2.2): client authentication by HTTP Basic or by form
 * fields, `scope` optional, `{access_token, token_type, expires_in, scope}`.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.ts";

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export class TokenStore {
  /** token -> expiry (ms) and who it was issued to */
  private readonly tokens = new Map<string, { exp: number; subject: string }>();
  /** Tokens handed out by POST /oauth/token. */
  granted = 0;
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

  /** Validates client credentials from Basic auth or form fields; returns the token response. */
  grant(req: IncomingMessage, form: Map<string, string>): Record<string, unknown> {
    const grantType = form.get("grant_type");
    if (grantType !== "client_credentials") {
      throw new HttpError(400, "unsupported_grant_type");
    }
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
    if (id !== this.creds.clientId || secret !== this.creds.clientSecret) throw new HttpError(401, "invalid_client");
    const scope = form.get("scope") ?? "read";
    this.granted++;
    return { access_token: this.issue(), token_type: "Bearer", expires_in: this.ttlSeconds, scope };
  }
}
