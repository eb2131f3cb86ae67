/**
 * The sandbox's OAuth over real HTTP on loopback: a login needs the sandbox
 * user's consent code, the confidential client authenticates on every grant,
 * PKCE verifiers are checked as RFC 7636 says, refresh tokens are bound to
 * their client and rotated (a replay revokes the login), and the state the
 * sandbox keeps for codes and tokens is bounded and expires.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAUTH_LIMITS, PUBLIC_CLIENT_ID, TokenStore } from "../src/sandbox/auth.ts";
import type { Sandbox } from "../src/sandbox/server.ts";
import { sandbox } from "./helpers/sandbox.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox({ accessions: 1000 });
});
afterAll(async () => await sb.close());

const REDIRECT = "http://127.0.0.1:48913/callback";
const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** GET /oauth/authorize without following the redirect. */
async function authorize(s: Sandbox, params: Record<string, string>) {
  const u = new URL(`${s.url}/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const res = await fetch(u, { redirect: "manual" });
  const text = await res.text();
  let json: { error?: string; error_description?: string } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, location: res.headers.get("location"), text, json, headers: res.headers };
}

const request = (clientId: string, challenge: string, extra: Record<string, string> = {}) => ({
  response_type: "code",
  client_id: clientId,
  redirect_uri: REDIRECT,
  code_challenge: challenge,
  code_challenge_method: "S256",
  state: "s1",
  ...extra,
});

/** An approved authorization: the code and its verifier. */
async function approvedCode(s: Sandbox, clientId = PUBLIC_CLIENT_ID) {
  const { verifier, challenge } = pkce();
  const r = await authorize(s, request(clientId, challenge, { consent: s.consentCode }));
  expect(r.status, r.text).toBe(302);
  const loc = new URL(r.location!);
  expect(loc.searchParams.get("state")).toBe("s1");
  return { code: loc.searchParams.get("code")!, verifier };
}

async function token(s: Sandbox, form: Record<string, string>, basic?: [string, string]) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString("base64")}`;
  const res = await fetch(`${s.url}/oauth/token`, { method: "POST", headers, body: new URLSearchParams(form) });
  // deno-lint-ignore no-explicit-any -- raw OAuth JSON
  const json: any = await res.json();
  return { status: res.status, json };
}

const me = async (s: Sandbox, accessToken: string) =>
  (await fetch(`${s.url}/api/v2/me/profile`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

const exchange = (code: string, verifier: string, clientId = PUBLIC_CLIENT_ID) => ({
  grant_type: "authorization_code",
  code,
  code_verifier: verifier,
  redirect_uri: REDIRECT,
  client_id: clientId,
});

describe("consent", () => {
  it("issues no code without the sandbox user's consent code: a page asks for it, a wrong one is refused", async () => {
    const { challenge } = pkce();
    const page = await authorize(sb, request(PUBLIC_CLIENT_ID, challenge));
    expect(page.status).toBe(200);
    expect(page.location).toBeNull();
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(page.text).toMatch(/<form method="post" action="\/oauth\/authorize">/);
    expect(page.text).toMatch(/name="consent"/);
    expect(page.text).not.toContain(sb.consentCode);
    expect(sb.oauthState().pendingCodes).toBe(0);
    const wrong = await authorize(sb, request(PUBLIC_CLIENT_ID, challenge, { consent: "aaaa-bbbb-cccc-dddd" }));
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ error: "access_denied", error_description: expect.stringMatching(/consent code/) });
    expect(sb.oauthState().pendingCodes).toBe(0);
    // typed into the page's form (POST), in upper case and without dashes
    const form = new URLSearchParams({
      ...request(PUBLIC_CLIENT_ID, challenge),
      consent: sb.consentCode.replaceAll("-", "").toUpperCase(),
    });
    const posted = await fetch(`${sb.url}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(posted.status).toBe(302);
    expect(new URL(posted.headers.get("location")!).searchParams.get("code")).toMatch(/^[\w-]{20,}$/);
  });

  it("makes a new consent code per start, distinct from the client secret", async () => {
    const other = await sandbox({ accessions: 1000 });
    expect(other.consentCode).not.toBe(sb.consentCode);
    expect(other.consentCode).not.toBe(other.clientSecret);
    expect(other.consentCode).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await other.close();
  });
});

describe("client authentication and token families", () => {
  it("the confidential client authenticates on every grant; the public one has no secret and cannot use client_credentials", async () => {
    const { code, verifier } = await approvedCode(sb, sb.clientId);
    const form = exchange(code, verifier, sb.clientId);
    const none = await token(sb, form);
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ error: "invalid_client", error_description: expect.stringMatching(/confidential.*client_secret/) });
    const wrong = await token(sb, { ...form, client_secret: "wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error_description).toMatch(/wrong client_secret/);
    // client authentication failed before the code was looked at: the code still works, once
    const ok = await token(sb, { ...form, client_secret: sb.clientSecret });
    expect(ok.status).toBe(200);
    expect(await me(sb, ok.json.access_token)).toBe(200);
    // refresh without the secret, or by Basic with a wrong one
    const refresh = { grant_type: "refresh_token", refresh_token: ok.json.refresh_token, client_id: sb.clientId };
    expect((await token(sb, refresh)).status).toBe(401);
    expect((await token(sb, { grant_type: "refresh_token", refresh_token: ok.json.refresh_token }, [sb.clientId, "nope"])).status).toBe(
      401,
    );
    // bound to its client: the public client cannot use it
    const stolen = await token(sb, { ...refresh, client_id: PUBLIC_CLIENT_ID });
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/another client/) });
    const basic = await token(sb, { grant_type: "refresh_token", refresh_token: ok.json.refresh_token }, [sb.clientId, sb.clientSecret]);
    expect(basic.status).toBe(200);
    // the public client
    const pub = await approvedCode(sb);
    expect((await token(sb, { ...exchange(pub.code, pub.verifier), client_secret: "x" })).json.error).toBe("invalid_client");
    const cc = await token(sb, { grant_type: "client_credentials", client_id: PUBLIC_CLIENT_ID });
    expect(cc.json).toMatchObject({ error: "unauthorized_client" });
    expect((await token(sb, { grant_type: "client_credentials" }, [sb.clientId, "wrong"])).status).toBe(401);
    expect((await token(sb, { grant_type: "client_credentials", client_id: "someone" })).json.error).toBe("invalid_client");
  });

  it("a rotated refresh token used again revokes the login: its access and refresh tokens stop working", async () => {
    const { code, verifier } = await approvedCode(sb);
    const first = await token(sb, exchange(code, verifier));
    expect(first.status).toBe(200);
    const r1 = first.json.refresh_token;
    const second = await token(sb, { grant_type: "refresh_token", refresh_token: r1, client_id: PUBLIC_CLIENT_ID });
    expect(second.status).toBe(200);
    expect(await me(sb, second.json.access_token)).toBe(200);
    const replay = await token(sb, { grant_type: "refresh_token", refresh_token: r1, client_id: PUBLIC_CLIENT_ID });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/already used.*revoked/) });
    expect(await me(sb, first.json.access_token)).toBe(401);
    expect(await me(sb, second.json.access_token)).toBe(401);
    expect((await token(sb, { grant_type: "refresh_token", refresh_token: second.json.refresh_token, client_id: PUBLIC_CLIENT_ID })).status)
      .toBe(400);
    // other logins are untouched
    const other = await approvedCode(sb);
    const t = await token(sb, exchange(other.code, other.verifier));
    expect(await me(sb, t.json.access_token)).toBe(200);
  });

  it("an authorization code used twice revokes the tokens issued for it", async () => {
    const { code, verifier } = await approvedCode(sb);
    const ok = await token(sb, exchange(code, verifier));
    expect(ok.status).toBe(200);
    expect(await me(sb, ok.json.access_token)).toBe(200);
    const again = await token(sb, exchange(code, verifier));
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/already used/) });
    expect(await me(sb, ok.json.access_token)).toBe(401);
    expect((await token(sb, { grant_type: "refresh_token", refresh_token: ok.json.refresh_token, client_id: PUBLIC_CLIENT_ID })).status)
      .toBe(400);
  });
});

describe("PKCE and request checks", () => {
  it("refuses malformed code verifiers (RFC 7636: 43 to 128 unreserved characters) naming the problem, and a wrong one", async () => {
    const { code, verifier } = await approvedCode(sb);
    const bad: [string, RegExp][] = [
      ["", /code_verifier is required/],
      ["a", /43 to 128 characters.*got 1/],
      ["a".repeat(42), /got 42/],
      ["a".repeat(129), /got 129/],
      ["a".repeat(300), /got 300/],
      [`${"a".repeat(50)}\u0000`, /NUL characters are not allowed/],
      [`${"a".repeat(50)}+/=`, /may contain only/],
      [`${"a".repeat(50)} é`, /may contain only/],
    ];
    for (const [v, why] of bad) {
      const r = await token(sb, exchange(code, v));
      expect(r.status, JSON.stringify(v)).toBe(400);
      expect(r.json.error).toBe("invalid_request");
      expect(r.json.error_description).toMatch(why);
    }
    // a well-formed but wrong verifier spends the code
    const wrong = await token(sb, exchange(code, "b".repeat(43)));
    expect(wrong.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/code_verifier does not match/) });
    expect((await token(sb, exchange(code, verifier))).json.error).toBe("invalid_grant");
    // longest verifier allowed, with every kind of character
    const long = `${"aZ09-._~".repeat(16)}`;
    const c2 = await authorize(sb, {
      ...request(PUBLIC_CLIENT_ID, createHash("sha256").update(long).digest("base64url")),
      consent: sb.consentCode,
    });
    const code2 = new URL(c2.location!).searchParams.get("code")!;
    const mismatch = await token(sb, { ...exchange(code2, long), redirect_uri: "http://127.0.0.1:48914/callback" });
    expect(mismatch.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/redirect_uri differs/) });
  });

  it("names the real problem of an authorization request: redirect_uri, code_challenge, method, client", async () => {
    const { challenge } = pkce();
    const cases: [Record<string, string>, number, string, RegExp][] = [
      [{ redirect_uri: "https://evil.example/cb" }, 400, "invalid_request", /redirect_uri must be a loopback address/],
      [{ redirect_uri: "not a url" }, 400, "invalid_request", /redirect_uri must be a loopback address/],
      [{ redirect_uri: "http://user@127.0.0.1:48913/" }, 400, "invalid_request", /without user/],
      // the docs ask for http://127.0.0.1:<port>: a port the client's callback can listen on
      [
        { redirect_uri: "http://127.0.0.1" },
        400,
        "invalid_request",
        /^redirect_uri must name the port .* from 1024 to 65535; got no port$/,
      ],
      [{ redirect_uri: "http://127.0.0.1/callback" }, 400, "invalid_request", /got no port$/],
      [{ redirect_uri: "http://127.0.0.1:80/callback" }, 400, "invalid_request", /got no port$/],
      [{ redirect_uri: "http://127.0.0.1:0/callback" }, 400, "invalid_request", /got port 0$/],
      [{ redirect_uri: "http://127.0.0.1:22" }, 400, "invalid_request", /got port 22$/],
      [{ redirect_uri: "http://127.0.0.1:1023/" }, 400, "invalid_request", /got port 1023$/],
      [{ redirect_uri: "" }, 400, "invalid_request", /redirect_uri is required/],
      [{ code_challenge: "" }, 400, "invalid_request", /code_challenge is required/],
      [{ code_challenge_method: "plain" }, 400, "invalid_request", /must be S256 \(plain is not accepted\)/],
      [{ code_challenge_method: "" }, 400, "invalid_request", /must be S256/],
      [{ code_challenge: "short" }, 400, "invalid_request", /43 characters/],
      [{ response_type: "token" }, 400, "unsupported_response_type", /response_type must be code/],
      [{ client_id: "someone" }, 401, "invalid_client", /unknown client_id/],
    ];
    for (const [extra, status, error, why] of cases) {
      for (const consent of [{}, { consent: sb.consentCode }] as Record<string, string>[]) {
        const r = await authorize(sb, { ...request(PUBLIC_CLIENT_ID, challenge, extra), ...consent });
        expect(r.status, JSON.stringify(extra)).toBe(status);
        expect(r.json?.error).toBe(error);
        expect(r.json?.error_description).toMatch(why);
        expect(r.json?.error_description).not.toMatch(/client credentials/);
      }
    }
    // the lowest and the highest port a callback may use are accepted
    for (const uri of ["http://127.0.0.1:1024", "http://127.0.0.1:65535/cb"]) {
      const r = await authorize(sb, { ...request(PUBLIC_CLIENT_ID, challenge, { redirect_uri: uri }), consent: sb.consentCode });
      expect(r.status, r.text).toBe(302);
      expect(r.location).toMatch(new RegExp(`^${uri.replace(/[.]/g, "\\.")}/?\\?code=`));
    }
  });
});

describe("bounded OAuth state", () => {
  it("refuses long redirect URIs and state, bounds pending codes, and drops expired codes and refresh tokens", async () => {
    const s = await sandbox({ accessions: 1000, authCodeTtlSeconds: 1, refreshTokenTtlSeconds: 1 });
    const s60 = await sandbox({ accessions: 1000 });
    try {
      const { challenge } = pkce();
      const long = await authorize(
        s,
        request(PUBLIC_CLIENT_ID, challenge, { redirect_uri: `${REDIRECT}?${"x".repeat(8192)}`, consent: s.consentCode }),
      );
      expect(long.status).toBe(400);
      expect(long.json?.error_description).toMatch(/redirect_uri is longer than 256 characters/);
      const state = await authorize(s, request(PUBLIC_CLIENT_ID, challenge, { state: "s".repeat(8192), consent: s.consentCode }));
      expect(state.json?.error_description).toMatch(/state is longer than 512 characters/);
      expect(s.oauthState().pendingCodes).toBe(0);
      // more approvals than the limit: the oldest codes go
      const first = await approvedCode(s60);
      for (let i = 0; i < OAUTH_LIMITS.pendingCodes + 100; i++) {
        await authorize(s60, request(PUBLIC_CLIENT_ID, challenge, { consent: s60.consentCode }));
      }
      expect(s60.oauthState().pendingCodes).toBe(OAUTH_LIMITS.pendingCodes);
      expect((await token(s60, exchange(first.code, first.verifier))).json.error).toBe("invalid_grant");
      // a login, then everything expires (codes and refresh tokens live 1 s here)
      const fresh = await approvedCode(s);
      const t = await token(s, exchange(fresh.code, fresh.verifier));
      expect(t.status).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      const late = await token(s, { grant_type: "refresh_token", refresh_token: t.json.refresh_token, client_id: PUBLIC_CLIENT_ID });
      expect(late.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/expired/) });
      const next = await approvedCode(s);
      expect(s.oauthState().pendingCodes).toBe(1);
      await token(s, exchange(next.code, next.verifier));
      expect(s.oauthState().refreshTokens).toBe(1);
    } finally {
      await s.close();
      await s60.close();
    }
  }, 60_000);

  it("keeps at most the limit of refresh tokens and access tokens, oldest first out", () => {
    let now = 0;
    const store = new TokenStore({ clientId: "c", clientSecret: "s" }, { ttlSeconds: 3600, consentCode: "k", now: () => now });
    const req = { headers: {} } as IncomingMessage;
    const { verifier, challenge } = pkce();
    const q = (extra: Record<string, string>) => (k: string) =>
      ({ ...request(PUBLIC_CLIENT_ID, challenge), consent: "k", ...extra })[k] ?? "";
    for (let i = 0; i < OAUTH_LIMITS.refreshTokens + 50; i++) {
      now += 1;
      const code = new URL(store.approve(q({}))).searchParams.get("code")!;
      store.grant(req, new Map(Object.entries(exchange(code, verifier))));
    }
    expect(store.sizes.refreshTokens).toBe(OAUTH_LIMITS.refreshTokens);
    expect(store.sizes.pendingCodes).toBe(0);
    for (let i = 0; i < 100; i++) store.issue();
    expect(store.sizes.accessTokens).toBeLessThanOrEqual(OAUTH_LIMITS.accessTokens);
  });
});
