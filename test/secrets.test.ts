/**
 * Tokens and secrets stay out of what a user sees: the clients' console forms (Node's util.inspect, Deno.inspect in a
 * subprocess) and JSON, and every error message and cause the client builds, over real HTTP on loopback.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { Genesys } from "../src/client/genesys.ts";
import { GenesysNetworkError, GenesysResponseError, redact, rememberSecret } from "../src/kernel/errors.ts";
import { comeBack, tokenServer } from "./helpers/token-server.ts";

/** Every way a value can reach a user's eyes here. */
const shown = (v: unknown) => [inspect(v, { depth: 10 }), inspect(v, { depth: 10, showHidden: true }), JSON.stringify(v), String(v)];

const leaks = (text: string, secrets: string[]) => secrets.filter((s) => text.includes(s));

/** An error's message, stack and causes, as a notebook would print them. */
const errorText = (e: unknown) => [inspect(e, { depth: 10 }), (e as Error).message, String((e as Error).stack)].join("\n");

describe("console forms and JSON hold no tokens or secrets", () => {
  it("a logged-in client, a client-credentials client and a token client, under Node", async () => {
    const srv = await tokenServer({ expiresIn: 30 });
    const u = await Genesys.login({
      baseUrl: srv.url,
      clientId: "c",
      clientSecret: "login-client-secret-9",
      redirectPort: 0,
      open: comeBack,
    });
    await u.me();
    const c = new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret });
    await c.me();
    const t = new Genesys({ baseUrl: srv.url, token: "static-token-abcdef123" });
    const secrets = [...srv.issued.access, ...srv.issued.refresh, srv.clientSecret, "login-client-secret-9", "static-token-abcdef123"];
    for (const g of [u, c, t]) {
      for (const text of [...shown(g), ...shown(g.api), ...shown({ cell: g })]) expect(leaks(text, secrets)).toEqual([]);
    }
    expect(inspect(u)).toMatch(/^Genesys \{[^]*kind: 'login'/);
    expect(JSON.parse(JSON.stringify(c))).toMatchObject({
      baseUrl: srv.url,
      auth: { kind: "client credentials", clientId: srv.clientId, clientSecret: "[redacted]" },
    });
    await u.close();
    await c.close();
    await t.close();
    await srv.close();
  });

  it("under Deno: Deno.inspect (a notebook cell's value), console.log and JSON.stringify", async () => {
    const srv = await tokenServer({ expiresIn: 30 });
    const { stdout } = await promisify(execFile)("npx", ["--no-install", "deno", "run", "-A", "test/deno/inspect.ts"], {
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, GENESYS_API_URL: srv.url, GENESYS_CLIENT_ID: srv.clientId, GENESYS_CLIENT_SECRET: srv.clientSecret },
    });
    expect(stdout).toMatch(/Genesys \{/);
    expect(stdout).toMatch(/login/);
    // the child logged in, refreshed (30 s tokens) and fetched client credentials: all of those were live in it
    expect(srv.issued.access.length).toBeGreaterThanOrEqual(3);
    expect(leaks(stdout, [...srv.issued.access, ...srv.issued.refresh, srv.clientSecret])).toEqual([]);
    await srv.close();
  }, 130_000);
});

describe("errors do not quote tokens or secrets", () => {
  it("a token endpoint answering a form instead of JSON: neither token is quoted", async () => {
    const srv = await tokenServer({
      override: (_req, path) =>
        path === "/oauth/token"
          ? {
            status: 200,
            headers: { "content-type": "text/plain" },
            body: "access_token=AT-form-0123456789&refresh_token=RT-form-0123456789",
          }
          : undefined,
    });
    const err = await new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, retries: 0 }).me().catch((
      e,
    ) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/token response is not JSON/);
    expect(leaks(errorText(err), ["AT-form-0123456789", "RT-form-0123456789", srv.clientSecret])).toEqual([]);
    await srv.close();
  });

  it("a refresh answered with an HTML page quoting the live tokens, and API errors echoing the bearer token", async () => {
    let refreshPage = false;
    const srv = await tokenServer({
      expiresIn: 30,
      override: (req, path) => {
        if (path === "/oauth/token" && refreshPage) {
          return {
            status: 502,
            headers: { "content-type": "text/html" },
            body: `<p>gateway: ${srv.issued.refresh.join(" ")} ${srv.issued.access.join(" ")}</p>`,
          };
        }
        if (path === "/api/v2/acn/filter") {
          // a server echoing the request's credentials in an error, and in a body that is not JSON
          const bearer = req.headers.authorization ?? "";
          return {
            status: 400,
            body: JSON.stringify({ error: "bad_request", error_description: `rejected ${bearer.slice(7)} (${bearer})` }),
          };
        }
        return undefined;
      },
    });
    const u = await Genesys.login({ baseUrl: srv.url, clientId: "c", redirectPort: 0, open: comeBack, retries: 0 });
    const echoed = await u.api.accessionPage({}).catch((e) => e);
    expect(echoed.status).toBe(400);
    expect(echoed.message).toMatch(/rejected \[redacted\] \(Bearer \[redacted\]\)/);
    refreshPage = true;
    const refused = await u.me().catch((e) => e);
    expect(refused.status).toBe(502);
    const secrets = [...srv.issued.access, ...srv.issued.refresh];
    for (const e of [echoed, refused]) expect(leaks(errorText(e) + String(e.serverMessage), secrets)).toEqual([]);
    await u.close();
    await srv.close();
  });

  it("an answer that is not JSON quoting a token: neither the message nor the SyntaxError cause quotes it", async () => {
    const srv = await tokenServer({
      override: (req, path) =>
        path === "/api/v2/me/profile" ? { status: 200, body: `${req.headers.authorization} is what you sent` } : undefined,
    });
    const c = new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, retries: 0 });
    const err = await c.me().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.cause).toBeInstanceOf(SyntaxError);
    expect(leaks(errorText(err) + (err.cause as Error).message, [...srv.issued.access, srv.clientSecret])).toEqual([]);
    await c.close();
    await srv.close();
  });

  it("redact(): remembered values, token fields in forms, JSON and prose, Bearer/Basic credentials, JWTs; causes too", () => {
    rememberSecret("a-live-secret-value");
    expect(redact("x a-live-secret-value y")).toBe("x [redacted] y");
    expect(redact("refresh_token=abc123&access_token=def456&scope=openid")).toBe(
      "refresh_token=[redacted]&access_token=[redacted]&scope=openid",
    );
    expect(redact('{"access_token":"abc","client_secret": "s3"}')).toBe('{"access_token":"[redacted]","client_secret": "[redacted]"}');
    expect(redact("Authorization: Bearer abcdefghijkl")).toBe("Authorization: Bearer [redacted]");
    expect(redact("Basic dXNlcjpwYXNzd29yZA==")).toBe("Basic [redacted]");
    expect(redact("id eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln end")).toBe("id [redacted] end");
    // ordinary messages are left alone
    const plain = "POST /api/v2/acn/filter -> HTTP 401: unknown access token\nHint: Set GENESYS_TOKEN, or pass { clientId, clientSecret }";
    expect(redact(plain)).toBe(plain);
    const e = new GenesysNetworkError("cannot reach", {
      endpoint: "POST /oauth/token",
      cause: new Error("socket sent client_secret=hunter2hunter2", { cause: new Error("Bearer abcdefghijklmnop") }),
    });
    expect(errorText(e)).not.toMatch(/hunter2|abcdefghijklmnop/);
  });
});
