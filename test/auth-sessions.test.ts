/**
 * Sessions under load and failure, over real HTTP on loopback: one token request shared by concurrent callers
 * (refresh at expiry, client credentials, a burst of 401s), bounded token and error bodies, the caller's
 * AbortSignal during token waits and the login, and stray requests to the login's loopback callback.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { Genesys } from "../src/client/genesys.ts";
import { GenesysAbortError, GenesysAuthError, GenesysResponseError } from "../src/kernel/errors.ts";
import { sandbox } from "./helpers/sandbox.ts";
import { comeBack, tokenServer } from "./helpers/token-server.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

describe("single-flight token requests", () => {
  it("login: 50 rounds of 5 concurrent calls at refresh time make one refresh per round, never a replayed refresh token", async () => {
    // expires_in 30 s is inside the 60 s refresh margin: every round finds the token due
    const srv = await tokenServer({ expiresIn: 30 });
    const g = await Genesys.login({ baseUrl: srv.url, clientId: "c", redirectPort: 0, open: comeBack, retries: 0 });
    for (let round = 0; round < 50; round++) {
      const all = await Promise.all(Array.from({ length: 5 }, () => g.me()));
      expect(all.every((p) => p.email === "someone@example.org")).toBe(true);
    }
    expect(srv.counts.replays).toBe(0);
    expect(srv.counts.refresh).toBe(50);
    await g.close();
    await srv.close();
  });

  it("login: accessions() over many prefetched pages with short-lived tokens (sandbox, 30 s tokens)", async () => {
    const sb = await sandbox({ tokenTtlSeconds: 30 });
    const g = await Genesys.login({
      baseUrl: sb.url,
      redirectPort: 0,
      open: async (url) => {
        // the sandbox's consent step: its one-time code with the authorize request
        const r = await fetch(`${url}&consent=${sb.consentCode}`, { redirect: "manual" });
        await (await fetch(r.headers.get("location")!)).text();
      },
    });
    const granted = sb.tokensGranted();
    const df = await g.accessions({}, { size: 250 });
    const plain = new Genesys({ baseUrl: sb.url, token: sb.token });
    expect(df.height).toBe((await plain.accessions({}, { size: 1_000 })).height);
    expect(df.height).toBeGreaterThan(4_000);
    // every page found the 30 s token due (60 s margin): about one refresh per page, shared by the prefetched pages
    expect(sb.tokensGranted() - granted).toBeGreaterThan(5);
    await plain.close();
    await g.close();
    await sb.close();
  });

  it("client credentials: 5 concurrent first calls make one token request; 50 due rounds make 50", async () => {
    const srv = await tokenServer({ expiresIn: 30 });
    const g = new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, retries: 0 });
    for (let round = 0; round < 50; round++) await Promise.all(Array.from({ length: 5 }, () => g.me()));
    expect(srv.counts.token).toBe(50);
    await g.close();
    await srv.close();
  });

  it("a burst of 401s for the same token causes one refresh (login and client credentials), over 20 rounds", async () => {
    const srv = await tokenServer();
    const u = await Genesys.login({ baseUrl: srv.url, clientId: "c", redirectPort: 0, open: comeBack, retries: 0 });
    const c = new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, retries: 0 });
    await c.me();
    for (let round = 0; round < 20; round++) {
      srv.revokeAccess();
      const before = { refresh: srv.counts.refresh, token: srv.counts.token };
      await Promise.all(Array.from({ length: 5 }, () => u.me()));
      expect(srv.counts.refresh - before.refresh).toBe(1);
      const mid = srv.counts.token;
      await Promise.all(Array.from({ length: 5 }, () => c.me()));
      // the two refreshes above are both counted by counts.token; client credentials add exactly one
      expect(srv.counts.token - mid).toBe(1);
    }
    expect(srv.counts.replays).toBe(0);
    await u.close();
    await c.close();
    await srv.close();
  });
});

/** A server answering `status` with `mb` MB of 'x', written as the socket drains, for as long as the client reads. */
async function floodServer(paths: Record<string, number>, mb: number) {
  const chunk = Buffer.alloc(1024 * 1024, "x");
  let written = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const status = paths[new URL(req.url!, "http://x").pathname] ?? 404;
      res.writeHead(status, { "content-type": "application/json" });
      let sent = 0;
      const pump = () => {
        while (sent < mb && !res.destroyed) {
          sent++;
          written++;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written: () => written,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe("bounded bodies", () => {
  it("a 200 MB error body and a 200 MB token answer fail at once, with small memory growth", async () => {
    const srv = await floodServer({ "/api/v2/me/profile": 400, "/oauth/token": 200 }, 200);
    const g = new Genesys({ baseUrl: srv.url, token: "static-token-1234", retries: 0 });
    (globalThis as { gc?: () => void }).gc?.();
    const rss0 = process.memoryUsage().rss;
    let t0 = performance.now();
    const err = await g.me().catch((e) => e);
    expect(err.status).toBe(400);
    expect(err.message.length).toBeLessThan(3_000);
    expect(performance.now() - t0).toBeLessThan(3_000);
    const c = new Genesys({ baseUrl: srv.url, clientId: "id", clientSecret: "secret-secret", retries: 0 });
    t0 = performance.now();
    const big = await c.me().catch((e) => e);
    expect(big).toBeInstanceOf(GenesysResponseError);
    expect(big.message).toMatch(/token response is larger than 1024 KB/);
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(process.memoryUsage().rss - rss0).toBeLessThan(80 * 1024 * 1024);
    // the server was not read to the end: far less than the 2 x 200 MB was written
    expect(srv.written()).toBeLessThan(100);
    await g.close();
    await c.close();
    await srv.close();
  });
});

describe("the caller's AbortSignal during token waits", () => {
  it("a stalled token endpoint: client credentials and a refresh end at the abort with GenesysAbortError", async () => {
    let stall = true;
    const srv = await tokenServer({
      expiresIn: 30,
      override: (_req, path) => (path === "/oauth/token" && stall ? { status: 200, body: "", stall: true } : undefined),
    });
    const c = new Genesys({ baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, retries: 0, timeoutMs: 10_000 });
    let t0 = performance.now();
    const err = await c.me({ signal: AbortSignal.timeout(1_000) }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysAbortError);
    expect(performance.now() - t0).toBeLessThan(4_000);

    stall = false;
    const u = await Genesys.login({ baseUrl: srv.url, clientId: "c", redirectPort: 0, open: comeBack, retries: 0, timeoutMs: 10_000 });
    stall = true;
    t0 = performance.now();
    const refresh = await u.me({ signal: AbortSignal.timeout(1_000) }).catch((e) => e);
    expect(refresh).toBeInstanceOf(GenesysAbortError);
    expect(performance.now() - t0).toBeLessThan(4_000);
    await srv.close();
    await c.close();
    await u.close();
  }, 30_000);

  it("Genesys.login({ signal }) ends the wait for the browser, and the code exchange, with GenesysAbortError", async () => {
    const srv = await tokenServer({
      override: (_req, path) => (path === "/oauth/token" ? { status: 200, body: "", stall: true } : undefined),
    });
    let t0 = performance.now();
    const waiting = await Genesys.login({ baseUrl: srv.url, redirectPort: 0, open: () => undefined, signal: AbortSignal.timeout(500) })
      .catch((e) => e);
    expect(waiting).toBeInstanceOf(GenesysAbortError);
    expect(performance.now() - t0).toBeLessThan(3_000);
    t0 = performance.now();
    const exchanging = await Genesys.login({
      baseUrl: srv.url,
      redirectPort: 0,
      open: comeBack,
      timeoutMs: 10_000,
      signal: AbortSignal.timeout(1_000),
    }).catch((e) => e);
    expect(exchanging).toBeInstanceOf(GenesysAbortError);
    expect(performance.now() - t0).toBeLessThan(4_000);
    await srv.close();
  }, 30_000);
});

describe("the login's loopback callback", () => {
  it("ignores requests without this login's state (400) and completes with the matching one", async () => {
    const srv = await tokenServer();
    const strays: number[] = [];
    const g = await Genesys.login({
      baseUrl: srv.url,
      redirectPort: 0,
      open: async (url) => {
        const back = new URL(url).searchParams.get("redirect_uri")!;
        for (const q of ["?code=abc&state=forged", "?error=x", "?error=access_denied&state=forged", "/favicon.ico"]) {
          const r = await fetch(`${back}/${q}`);
          await r.text();
          strays.push(r.status);
        }
        await comeBack(url);
      },
    });
    expect(strays).toEqual([400, 400, 400, 404]);
    expect((await g.me()).email).toBe("someone@example.org");
    await g.close();
    await srv.close();
  });

  it("a matching error= ends the login with a GenesysAuthError naming it", async () => {
    const srv = await tokenServer();
    const err = await Genesys.login({
      baseUrl: srv.url,
      redirectPort: 0,
      open: async (url) => {
        const q = new URL(url).searchParams;
        const r = await fetch(`${q.get("redirect_uri")}/?error=access_denied&error_description=user+said+no&state=${q.get("state")}`);
        expect(r.status).toBe(400);
        await r.text();
      },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysAuthError);
    expect(err.message).toMatch(/login refused: access_denied \(user said no\)/);
    await srv.close();
  });

  it("a login that times out says how many requests with a wrong state it ignored", async () => {
    const srv = await scriptedServer(() => ({ status: 404, body: "{}" }));
    const err = await Genesys.login({
      baseUrl: srv.url,
      redirectPort: 0,
      loginTimeoutMs: 1_000,
      open: async (url) => void (await (await fetch(`${new URL(url).searchParams.get("redirect_uri")}/?code=a&state=b`)).text()),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysAuthError);
    expect(err.message).toMatch(/1 request whose state does not match this login ignored/);
    await srv.close();
  });
});
