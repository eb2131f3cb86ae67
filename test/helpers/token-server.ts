/**
 * A scripted OAuth server on loopback for the session tests: /oauth/token issues access tokens and rotating refresh
 * tokens (a refresh token works once: a replay is refused with invalid_grant, as Spring Authorization Server does
 * with reuse disabled), and /api/v2/me/profile answers for any live access token, 401 otherwise.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type Scripted, scriptedServer } from "./scripted-server.ts";

export interface TokenServerOptions {
  /** expires_in of every access token, seconds. Default 3600. */
  expiresIn?: number;
  /** Client id and secret accepted for client_credentials (Basic auth). */
  clientId?: string;
  clientSecret?: string;
  /** Answers a request first; undefined falls through to the scripted OAuth behaviour. */
  override?: (req: IncomingMessage, path: string) => Scripted | undefined;
}

export async function tokenServer(opts: TokenServerOptions = {}) {
  const live = new Set<string>();
  const refresh = new Set<string>();
  const issued: { access: string[]; refresh: string[] } = { access: [], refresh: [] };
  const counts = { token: 0, refresh: 0, replays: 0, api: 0, unauthorized: 0 };
  const id = opts.clientId ?? "notebook-client";
  const secret = opts.clientSecret ?? "S3cr3t-client-secret-value";
  const fresh = (withRefresh: boolean) => {
    const access = `AT-${randomBytes(12).toString("hex")}`;
    live.add(access);
    issued.access.push(access);
    const body: Record<string, unknown> = { access_token: access, token_type: "Bearer", expires_in: opts.expiresIn ?? 3600 };
    if (withRefresh) {
      const r = `RT-${randomBytes(12).toString("hex")}`;
      refresh.add(r);
      issued.refresh.push(r);
      body.refresh_token = r;
    }
    return { status: 200, headers: { "cache-control": "no-store" }, body: JSON.stringify(body) } satisfies Scripted;
  };
  const srv = await scriptedServer((req, n) => {
    const path = new URL(req.url!, "http://x").pathname;
    const over = opts.override?.(req, path);
    if (over) return over;
    if (path === "/oauth/token") {
      counts.token++;
      const form = new URLSearchParams(srv.seen[n - 1]!.body);
      if (form.get("grant_type") === "client_credentials") {
        const basic = Buffer.from(`${id}:${secret}`).toString("base64");
        if (req.headers.authorization !== `Basic ${basic}`) return { status: 401, body: JSON.stringify({ error: "invalid_client" }) };
        return fresh(false);
      }
      if (form.get("grant_type") === "authorization_code") return fresh(true);
      if (form.get("grant_type") === "refresh_token") {
        counts.refresh++;
        const r = form.get("refresh_token") ?? "";
        if (!refresh.delete(r)) {
          counts.replays++;
          return { status: 400, body: JSON.stringify({ error: "invalid_grant" }) };
        }
        return fresh(true);
      }
      return { status: 400, body: JSON.stringify({ error: "unsupported_grant_type" }) };
    }
    if (path === "/api/v2/me/profile") {
      counts.api++;
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!token || !live.has(token)) {
        counts.unauthorized++;
        return { status: 401, body: JSON.stringify({ error: "invalid_token" }) };
      }
      return { status: 200, body: JSON.stringify({ uuid: "u-1", email: "someone@example.org", roles: ["USER"] }) };
    }
    return { status: 404, body: "{}" };
  });
  return {
    ...srv,
    issued,
    counts,
    clientId: id,
    clientSecret: secret,
    /** Forgets every access token (a server restart): requests with one get 401. */
    revokeAccess: () => live.clear(),
  };
}

/** Plays the browser for Genesys.login(): comes back to the loopback redirect URI with a code and the login's state. */
export async function comeBack(url: string): Promise<void> {
  const q = new URL(url).searchParams;
  const r = await fetch(`${q.get("redirect_uri")}/?code=code-${randomBytes(6).toString("hex")}&state=${q.get("state")}`);
  await r.text();
}
