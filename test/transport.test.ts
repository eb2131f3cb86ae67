/**
 * The transport's pieces over real HTTP on loopback (servers in this file answer 302, 503 with Retry-After, resets,
 * silence, gzip): each failure's message, how often a request is sent, and that no secret shows.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Genesys, GenesysAbortError, GenesysNetworkError, GenesysRequestError, GenesysServerError } from "../src/index.ts";
import type { RetryEvent } from "../src/client/core/retry.ts";

const page = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 100, last: true };
const quiet = { onRetry: () => undefined };

/** A loopback server answering with `handle`; `seen` lists each request's method and URL. */
async function server(handle: (req: IncomingMessage, res: ServerResponse, n: number) => void) {
  const seen: string[] = [];
  const s = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push(`${req.method} ${req.url}`);
      handle(req, res, seen.length);
    });
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    async [Symbol.asyncDispose]() {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    },
  };
}

const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable("no error"), (e: Error) => e);

describe("redirects", () => {
  it("a 302 to another origin says the service redirected, where to, and that the client does not follow it", async () => {
    const token = "secret-token-1234567890";
    await using srv = await server((_req, res) => {
      res.writeHead(302, { location: "https://login.example.org/sso/start?access_token=abcdefghijkl&next=%2Fapi" }).end();
    });
    const g = new Genesys({ baseUrl: srv.url, token, ...quiet });
    const e = await failure(g.api.accessionPage());
    expect(e).toBeInstanceOf(GenesysRequestError);
    expect(e.message).toContain(
      "POST /api/v2/acn/filter -> HTTP 302: the service redirected to https://login.example.org/sso/start?…; " +
        "the client does not follow redirects to another origin (your token would go with it)",
    );
    expect((e as GenesysRequestError).hint).toContain("use https://login.example.org as baseUrl");
    expect((e as GenesysRequestError).code).toBe("GENESYS_REDIRECT");
    expect(e.message).not.toContain("(empty response body)");
    expect(e.message).not.toContain(token);
    expect(e.message).not.toContain("abcdefghijkl");
    expect(srv.seen).toHaveLength(1);
    await g.close();
  });

  it("a 301 on the same server names the path, and a redirect without Location says so", async () => {
    await using srv = await server((_req, res, n) => {
      if (n === 1) return void res.writeHead(301, { location: "/v3/acn/filter" }).end();
      res.writeHead(307).end();
    });
    const g = new Genesys({ baseUrl: srv.url, token: "t", ...quiet });
    const same = await failure(g.api.accessionPage());
    expect(same.message).toContain(`HTTP 301: the service redirected to ${srv.url}/v3/acn/filter; the client does not follow redirects`);
    expect(same.message).not.toContain("another origin");
    const none = await failure(g.api.accessionPage());
    expect(none.message).toContain('HTTP 307: the service redirected the request without a usable Location ("")');
    await g.close();
  });

  it("the token endpoint's redirect is named the same way (client credentials)", async () => {
    await using srv = await server((_req, res) => void res.writeHead(302, { location: "https://elsewhere.example.org/oauth/token" }).end());
    const g = new Genesys({ baseUrl: srv.url, clientId: "id", clientSecret: "client-secret-abcdef", ...quiet });
    const e = await failure(g.me());
    expect(e.message).toContain("POST /oauth/token -> HTTP 302: the service redirected to https://elsewhere.example.org/oauth/token;");
    expect(e.message).not.toContain("client-secret-abcdef");
    await g.close();
  });
});

describe("network errors lead with the cause and the host, the URL shortened to its path", () => {
  it("a refused connection: the cause, host and port, no query string, one attempt", async () => {
    const g = new Genesys({ baseUrl: "http://127.0.0.1:9", token: "t", ...quiet });
    const select = Array.from({ length: 40 }, (_, i) => (i % 2 ? "taxonomy.genus" : "geo.latitude"));
    const e = await failure(g.passports({ crop: ["beans"] }, { select: ["ACCENUMB", ...select.map((s, i) => `${s} C${i}`)] }));
    expect(e).toBeInstanceOf(GenesysNetworkError);
    const headline = e.message.split("\n")[0]!;
    expect(headline).toBe(
      "POST /api/v2/acn/query: connection refused by 127.0.0.1:9: nothing listens there (ECONNREFUSED; 1 attempt, not retried)",
    );
    expect(e.message).not.toContain("select=");
    expect(e.message).toContain("is the URL (http://127.0.0.1:9, GENESYS_API_URL) right?");
    await g.close();
  });

  it("an unknown host names the host", async () => {
    const g = new Genesys({ baseUrl: "http://no-such-host.invalid", token: "t", ...quiet });
    const e = await failure(g.crops());
    expect(e).toBeInstanceOf(GenesysNetworkError);
    // ENOTFOUND where a resolver answers; EAI_AGAIN on a machine without one
    const unknown = "unknown host no-such-host.invalid: the name does not resolve (ENOTFOUND; 1 attempt, not retried)";
    const noDns = "the host name no-such-host.invalid cannot be resolved just now (DNS) (EAI_AGAIN; 1 attempt, not retried)";
    expect([`GET /api/v2/crops/list: ${unknown}`, `GET /api/v2/crops/list: ${noDns}`]).toContain(e.message.split("\n")[0]);
    await g.close();
  });

  it("a reset before the answer is retried, each retry reported; after the budget the error names the reset and the tries", async () => {
    await using srv = await server((req, res, n) => {
      if (n <= 2 || req.url?.includes("crops")) return void req.socket.destroy();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(page));
    });
    const events: RetryEvent[] = [];
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 2, backoffMs: 1, onRetry: (r) => events.push(r) });
    expect((await g.api.accessionPage()).totalElements).toBe(0);
    expect(events.map((r) => `${r.attempt}/${r.of} ${r.reason.split(":")[0]}`)).toEqual(["2/3 UND_ERR_SOCKET", "3/3 UND_ERR_SOCKET"]);
    expect(srv.seen).toHaveLength(3);
    const e = await failure(g.crops());
    expect(e.message.split("\n")[0]).toMatch(
      new RegExp(`^GET /api/v2/crops/list: connection closed by 127\\.0\\.0\\.1:\\d+ \\(UND_ERR_SOCKET; 3 attempts over \\d+\\.\\d s\\)$`),
    );
    await g.close();
  });

  it("a server that sends no answer within timeoutMs: the cause and the host", async () => {
    await using srv = await server(() => undefined);
    const g = new Genesys({ baseUrl: srv.url, token: "t", timeoutMs: 300, ...quiet });
    const e = await failure(g.me());
    expect(e).toBeInstanceOf(GenesysNetworkError);
    const host = new URL(srv.url).host;
    expect(e.message.split("\n")[0]).toBe(
      `GET /api/v2/me/profile: no answer from ${host} within timeoutMs (UND_ERR_HEADERS_TIMEOUT; 1 attempt, not retried)`,
    );
    expect(srv.seen).toHaveLength(1);
    await g.close();
  });
});

describe("retry", () => {
  it("honours Retry-After in seconds, capped by maxRetryAfterMs, and as an HTTP date", async () => {
    const answers = ["0.2", "3600", new Date(Date.now() - 5000).toUTCString()];
    await using srv = await server((_req, res, n) => {
      if (n <= 3) return void res.writeHead(503, { "retry-after": answers[n - 1]! }).end("busy");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(page));
    });
    const waits: number[] = [];
    const g = new Genesys({ baseUrl: srv.url, token: "t", maxRetryAfterMs: 250, onRetry: (r) => waits.push(r.waitMs) });
    await g.api.accessionPage();
    expect(waits).toEqual([200, 250, 0]);
    await g.close();
  });

  it("sends a non-idempotent request once: the token endpoint's 503 is not retried", async () => {
    await using srv = await server((_req, res) => void res.writeHead(503, { "retry-after": "0" }).end('{"error":"down"}'));
    const g = new Genesys({ baseUrl: srv.url, clientId: "id", clientSecret: "client-secret-abcdef", ...quiet });
    const e = await failure(g.me());
    expect(e).toBeInstanceOf(GenesysServerError);
    expect(e.message).toContain("POST /oauth/token -> HTTP 503: down");
    expect(srv.seen).toEqual(["POST /oauth/token"]);
    await g.close();
  });

  it("an abort during a Retry-After wait ends the request with GenesysAbortError", async () => {
    await using srv = await server((_req, res) => void res.writeHead(503, { "retry-after": "30" }).end());
    const g = new Genesys({ baseUrl: srv.url, token: "t", ...quiet });
    const ac = new AbortController();
    const e = failure(g.api.accessionPage({}, { signal: ac.signal }));
    while (srv.seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    ac.abort("enough");
    const err = await e;
    expect(err).toBeInstanceOf(GenesysAbortError);
    expect(err.message).toContain("POST /api/v2/acn/filter: aborted: enough");
    expect(srv.seen).toHaveLength(1);
    await g.close();
  });
});

describe("one decompression step", () => {
  it("decompresses gzip JSON answers and gzip error bodies", async () => {
    await using srv = await server((req, res) => {
      const ok = req.url?.includes("acn/filter");
      res.writeHead(ok ? 200 : 400, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify(ok ? page : { error: "unknown filter key 'cropp'" })));
    });
    const g = new Genesys({ baseUrl: srv.url, token: "t", ...quiet });
    expect((await g.api.accessionPage()).totalElements).toBe(0);
    const e = await failure(g.api.datasetUuids());
    expect(e.message).toContain("POST /api/v2/dataset/accessions-datasets -> HTTP 400: unknown filter key 'cropp'");
    await g.close();
  });
});

describe("no bare fetch in the client", () => {
  it("src/client sends every request through the transport's send (core/http.ts)", () => {
    const dir = join("src", "client");
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name.endsWith(".ts"))
      .map((f) => join(f.parentPath, f.name));
    const bare = files.filter((f) => /\bfetch\(|\b(request|stream|fetch)\b[^;]*from "undici"/.test(readFileSync(f, "utf8")));
    expect(bare.map((f) => f.slice(dir.length + 1))).toEqual(["core/http.ts"]);
  });
});
