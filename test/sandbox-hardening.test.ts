/**
 * The sandbox under careless or hostile input: every request gets an answer,
 * client mistakes are 4xx (never 5xx, never SQL in the body), one request's
 * work is bounded, and a client that goes away leaves nothing held.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { GENERATOR_VERSION } from "../src/sandbox/db.ts";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilterCodes } from "../src/sandbox/http/context.ts";
import { Memo } from "../src/sandbox/http/memo.ts";
import type { Sandbox } from "../src/sandbox/server.ts";
import { post, sandbox } from "./helpers/sandbox.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox({ exportCacheBytes: 0 });
});
afterAll(async () => await sb.close());

/** Sends raw bytes and returns the status line (or "" when the server closed without one). */
function raw(text: string): Promise<string> {
  const { port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), "127.0.0.1", () => s.end(text));
    let got = "";
    s.on("data", (d) => (got += d.toString("latin1")));
    s.on("close", () => resolve(got.split("\r\n")[0] ?? ""));
    s.on("error", reject);
    s.setTimeout(5000, () => s.destroy(new Error("no answer")));
  });
}

const exportHash = async () =>
  createHash("sha1").update((await post(sb, "/acn/query?select=uuid,accessionNumber", { crop: ["beans"] })).text).digest("hex");

describe("malformed HTTP", () => {
  it("answers GET // and other odd request lines, in-process, and keeps serving", async () => {
    const lines = [
      "GET // HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "POST /api/v2/acn/query?%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
      "GARBAGE\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n",
      "POST /api/v2/acn/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
    ];
    for (const l of lines) expect(await raw(l), JSON.stringify(l)).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect((await post(sb, "/acn/filter?l=1", {})).status).toBe(200);
  });

  it("answers only loopback Host names (DNS rebinding)", async () => {
    expect(await raw("GET /api/v2/acn/filter HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 403 /);
    expect(
      await raw(
        `POST /api/v2/acn/filter HTTP/1.1\r\nHost: localhost:${new URL(sb.url).port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 401 /);
  });

  it("makes a new client secret per start", async () => {
    const other = await sandbox({ accessions: 1000 });
    expect(other.clientSecret).not.toBe(sb.clientSecret);
    expect(other.clientSecret.length).toBeGreaterThanOrEqual(32);
    await other.close();
  });
});

/** Deterministic draws for the fuzz. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe("client mistakes are 4xx", () => {
  it("answers a few hundred malformed requests with 4xx naming the problem, without SQL, and the data is unchanged", async () => {
    const before = await exportHash();
    const r = rng(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
    const deep = (n: number): unknown => (n === 0 ? "x" : { taxonomy: deep(n - 1) });
    const values: unknown[] = [
      "a\u0000b",
      "",
      " ",
      "'; DROP TABLE accession; --",
      "%",
      "\\",
      '"',
      1e308,
      -1,
      1.5,
      null,
      true,
      [],
      {},
      [[]],
      ["x"],
      [1, "a"],
      "😀",
      "x".repeat(5000),
      Array(20_000).fill("a"),
    ];
    const keys = [
      "crop",
      "institute",
      "institute.code",
      "uuid",
      "doi",
      "sampStat",
      "geo",
      "_text",
      "historic",
      "taxonomy",
      "nope",
      "acquisitionDate",
      "createdDate",
      "datasets",
      "subsets",
    ];
    const nest = (k: string, v: unknown) => k.split(".").reduceRight<unknown>((acc, part) => ({ [part]: acc }), v);
    const paths = [
      "/acn/query",
      "/acn/filter",
      "/dataset/accessions-datasets",
      "/dataset/data",
      "/descriptor/list/details",
      "/amphibian/datatable/list",
    ];
    const queries = [
      "",
      "?l=0",
      "?l=-1",
      "?l=99999999999",
      "?p=x",
      "?select=",
      "?select=%20,%20",
      "?select=nope",
      "?select=uuid%20A%20B",
      "?f=unknown",
      "?datasetUuids=x&fields=y",
      "?datasetUuids=&fields=",
    ];
    const failures: string[] = [];
    let accepted = 0, refused = 0;
    /**
     * Malformed by construction, whatever the endpoint: a NUL character, JSON that does not parse, a key no endpoint
     * knows, nesting deeper than any filter, a body neither JSON nor a form. These must be refused (4xx), never answered.
     */
    const malformed = (body: unknown, init: { raw?: string; headers?: Record<string, string> }) => {
      const json = init.raw ?? JSON.stringify(body) ?? "";
      if (json.includes("\u0000") || json.includes("\\u0000")) return true;
      if (init.raw !== undefined && !init.headers) return true; // truncated JSON
      if (init.headers && !init.headers["content-type"]!.startsWith("application/x-www-form-urlencoded")) return true;
      return json.includes('"nope"') || json.split('{"taxonomy"').length > 40;
    };
    for (let i = 0; i < 300; i++) {
      const path = pick(paths) + pick(queries);
      const kind = r();
      const body = kind < 0.5
        ? nest(pick(keys), pick(values))
        : kind < 0.6
        ? deep(40 + Math.floor(r() * 2000))
        : kind < 0.7
        ? pick(values)
        : kind < 0.8
        ? { uuid: [] }
        : undefined;
      const init = kind >= 0.8 && kind < 0.9 ? { raw: pick(["{", "[1,", '{"crop":', "\u0000", "nul\u0000l"]) } : kind >= 0.9
        ? {
          headers: { "content-type": pick(["text/xml", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) },
          raw: "filter=%7B%7D&%zz",
        }
        : {};
      const res = await post(sb, path, body, init);
      const sent = `${res.status} ${path} ${init.raw ?? JSON.stringify(body)?.slice(0, 80)}`;
      if (res.status >= 500 || /\bSELECT\b.*\bFROM\b|\bFROM accession\b|\bWHERE\b/i.test(res.text)) {
        failures.push(`${sent} -> ${res.text.slice(0, 160)}`);
      } else if (res.status >= 400) expect(res.json?.error, path).toBeTruthy();
      if (res.status < 400 && malformed(body, init)) failures.push(`${sent}: a malformed request answered ${res.status}`);
      else if (res.status < 400) accepted++;
      else if (malformed(body, init)) refused++;
    }
    expect(failures).toEqual([]);
    // the rest were well-formed (an empty list, a value the service tolerates): some of them, not all, were answered
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(150);
    expect(refused).toBeGreaterThan(60);
    // malformed Basic credentials at the token endpoint
    const tok = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("%zz:%").toString("base64")}` },
      body: "grant_type=client_credentials",
    });
    expect(tok.status).toBe(400);
    expect(await exportHash()).toBe(before);
  }, 120_000);

  it("answers malformed requests to every route, catalogue and OAuth included, with 4xx naming the problem", async () => {
    const uuid = "0b8e0c4e-4f0b-4f7a-9a57-1d2c3b4a5e6f";
    // every route of the sandbox: method, path (query included)
    const routes: [string, string][] = [
      ["POST", "/api/v2/acn/query"],
      ["POST", "/api/v2/acn/filter"],
      ["POST", "/api/v2/dataset/accessions-datasets"],
      ["POST", "/api/v2/amphibian/datatable/list"],
      ["POST", `/api/v2/dataset/data?datasetUuids=${uuid}&fields=${uuid}`],
      ["POST", "/api/v2/descriptor/list/details"],
      ["GET", "/api/v2/crops/list"],
      ["POST", "/api/v2/acn/species"],
      ["POST", "/api/v2/wiews/list"],
      ["POST", "/api/v2/vocabulary/wiews/decode"],
      ["POST", "/api/v2/acn/overview"],
      ["POST", "/api/v2/subset/filter"],
      ["GET", "/api/v2/me/profile"],
      ["GET", `/api/v2/acn/details/${uuid}`],
      ["GET", "/oauth/authorize"],
      ["POST", "/oauth/authorize"],
      ["POST", "/oauth/token"],
    ];
    const nul = "a\u0000b";
    const bodies: unknown[] = [
      nul,
      [nul],
      { crop: [nul] },
      { category: [nul] },
      { uuid: [nul] },
      { _text: nul },
      { code: [nul] },
      { "country.code3": [nul] },
      { country: { code3: [nul] } },
      { institute: { code: [nul] } },
      { filters: { crop: [nul] } },
      { [nul]: 1 },
      { grant_type: nul, client_id: nul },
      {},
      [],
      [1],
      null,
      "x",
      42,
      { crop: "x".repeat(5000) },
      { code: Array(20_000).fill("A") },
    ];
    const rawBodies = [
      '{"__proto__": {"crop": ["x"]}}',
      '{"crop": ["x"], "__proto__": 1}',
      '{"taxonomy": {"__proto__": {}}}',
      '["a\\u0000"]',
    ];
    const queries = [
      "",
      "select=uuid%20A%00B",
      "select=uuid%00",
      "select=uuid%20%22%00",
      "l=%00",
      "p=-1",
      "l=99999999999999999999",
      "f=%00",
      "datasetUuids=%00&fields=%00",
      "limit=x",
      "%00=1",
      "%zz",
      "response_type=code&client_id=genesys-notebook&redirect_uri=http%3A%2F%2F127.0.0.1%3A48913&code_challenge_method=S256" +
      "&code_challenge=" +
      "a".repeat(43) + "&state=%00&consent=%00",
      "response_type=%00&client_id=%00&redirect_uri=%00",
    ];
    const contentTypes = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/xml"];
    const forms = [
      "select=uuid%20A%00B",
      "filter=%7B%22crop%22%3A%5B%22a%5Cu0000b%22%5D%7D",
      "filter=%7B%22__proto__%22%3A%7B%7D%7D",
      "grant_type=authorization_code&code=%00&client_id=genesys-notebook&code_verifier=%00&redirect_uri=%00",
      "grant_type=refresh_token&refresh_token=%00&client_id=%00",
      "grant_type=client_credentials&client_id=%zz",
      "consent=%00&response_type=code",
      "%00=%00",
    ];
    const r = rng(99);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
    const failures: string[] = [];
    let nulRefused = 0;
    const send = async (method: string, target: string, init: { body?: string; type?: string; token?: boolean }) => {
      const headers: Record<string, string> = {};
      if (init.token !== false) headers.authorization = `Bearer ${sb.token}`;
      if (init.type) headers["content-type"] = init.type;
      const res = await fetch(`${sb.url}${target}`, {
        method,
        headers,
        body: method === "GET" ? undefined : init.body,
        redirect: "manual",
      });
      const text = await res.text();
      // a NUL character in what the route reads (the query; the body too, but for GET) is malformed: never answered
      const read = method === "GET" ? target : `${target}${init.body ?? ""}`;
      const nul = ["%00", "\\u0000", "\u0000"].some((n) => read.includes(n));
      if (res.status >= 500 || /\bSELECT\b.*\bFROM\b|\bFROM accession\b|\bWHERE\b/i.test(text)) {
        failures.push(`${res.status} ${method} ${target.slice(0, 120)} ${init.body?.slice(0, 80) ?? ""} -> ${text.slice(0, 160)}`);
      } else if (res.status < 400 && nul) {
        failures.push(`${res.status} to a NUL character: ${method} ${target.slice(0, 120)} ${init.body?.slice(0, 80) ?? ""}`);
      } else if (res.status >= 400) {
        if (nul) nulRefused++;
        const json = JSON.parse(text);
        if (!json.error || !(json.error_description ?? json.error)) failures.push(`${res.status} without a message: ${target}`);
      }
      return res.status;
    };
    // each route with each malformed body, then random combinations of query, body and content type
    for (const [method, path] of routes) {
      for (const body of bodies) await send(method, path, { body: JSON.stringify(body), type: "application/json" });
      for (const raw of rawBodies) await send(method, path, { body: raw, type: "application/json" });
      for (const form of forms) await send(method, path, { body: form, type: "application/x-www-form-urlencoded" });
      for (let i = 0; i < 25; i++) {
        const q = pick(queries);
        const target = q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path;
        const type = pick(contentTypes);
        const body = type === "application/json" ? JSON.stringify(pick(bodies)) : pick(forms);
        await send(method, target, { body, type, token: r() < 0.9 });
      }
    }
    // path parameters: malformed percent-escapes, NUL, long, with and without a token
    for (const id of ["%zz", "%", "%E0%A4%A", "%00", "a%00b", "x".repeat(3000), "..", "%2e%2e", uuid.toUpperCase()]) {
      for (const token of [true, false]) await send("GET", `/api/v2/acn/details/${id}`, { token });
    }
    expect(failures).toEqual([]);
    expect(nulRefused).toBeGreaterThan(300);
    // named precisely
    const proto = await post(sb, "/acn/filter", undefined, { raw: '{"__proto__": {"crop": ["x"]}}' });
    expect(proto.status).toBe(400);
    expect(proto.json.error).toMatch(/'__proto__' is not allowed/);
    const alias = await post(sb, "/acn/query?select=uuid%20A%00B", {});
    expect(alias.status).toBe(400);
    expect(alias.json.error).toMatch(/query parameter 'select': NUL characters are not allowed/);
    const crop = await post(sb, "/descriptor/list/details", { crop: [nul] });
    expect(crop.json.error).toMatch(/body\.crop\[0\]: NUL characters are not allowed/);
    const details = await fetch(`${sb.url}/api/v2/acn/details/%zz`);
    expect(details.status).toBe(400);
    expect((await details.json()).error).toMatch(/malformed percent-escape/);
  }, 120_000);

  it("limits what one request may cost, naming the limit", async () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `w${i}`).join(" ");
    const t0 = performance.now();
    const res = await post(sb, "/acn/filter", { _text: words });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/at most 16 search words|at most 2000 characters/);
    const big = await post(sb, "/acn/filter", { accessionNumbers: Array.from({ length: 60_000 }, (_, i) => `ACCESSION-${i}`) });
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/limit of 1,048,576 bytes/);
    const many = await post(sb, "/acn/filter", { accessionNumbers: Array.from({ length: 10_001 }, (_, i) => `${i}`) });
    expect(many.status).toBe(400);
    expect(many.json.error).toMatch(/at most 10,000 values/);
    const deep = await post(sb, "/acn/filter", undefined, { raw: "[".repeat(5000) + "]".repeat(5000) });
    expect(deep.status).toBe(400);
    expect(deep.json.error).toMatch(/nested deeper than the limit of 16/);
  });
});

describe("disconnects and caches", () => {
  it("releases file descriptors, connections and spool files of exports whose client went away", async () => {
    const fds = () => readdirSync("/proc/self/fd").length;
    // warm up: one export read whole
    await exportHash();
    const baseline = fds();
    for (let i = 0; i < 40; i++) {
      const ac = new AbortController();
      const res = await fetch(`${sb.url}/api/v2/acn/query?select=uuid,accessionNumber,remarks,taxonomy.genus&l=${4000 + i}`, {
        method: "POST",
        headers: { authorization: `Bearer ${sb.token}`, "content-type": "application/json" },
        body: "{}",
        signal: ac.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      ac.abort();
    }
    let spool: string[] = [];
    for (let t = 0; t < 50; t++) {
      await new Promise((r) => setTimeout(r, 100));
      spool = readdirSync(sb.exportSpoolDir);
      if (spool.length === 0 && fds() <= baseline + 2) break;
    }
    expect(spool).toEqual([]);
    expect(fds()).toBeLessThanOrEqual(baseline + 2);
    expect((await post(sb, "/acn/filter?l=1", {})).status).toBe(200);
  });

  it("answers identical exports 200 with the same bytes while other readers of the same export disconnect (many rounds)", async () => {
    // exportCacheBytes 0: each export is deleted once its last reader leaves, or stopped when nobody reads it
    const big = await sandbox({ accessions: 40_000, exportCacheBytes: 0 });
    const url = `${big.url}/api/v2/acn/query`;
    const init = { method: "POST", headers: { authorization: `Bearer ${big.token}`, "content-type": "application/json" }, body: "{}" };
    const expected = createHash("sha1").update(await (await fetch(url, init)).text()).digest("hex");
    const r = rng(12);
    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    const whole = async (delay: number) => {
      await new Promise((res) => setTimeout(res, delay));
      const res = await fetch(url, init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const hash = createHash("sha1").update(await res.text()).digest("hex");
      if (res.status === 200 && hash !== expected) wrong.push(hash);
    };
    const quitter = async (delay: number) => {
      await new Promise((res) => setTimeout(res, delay));
      const ac = new AbortController();
      try {
        const res = await fetch(url, { ...init, signal: ac.signal });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (r() < 0.3) await res.body!.getReader().read();
        ac.abort();
      } catch {
        // aborted before the answer: the server sees a disconnect
      }
    };
    for (let round = 0; round < 40; round++) {
      const jobs: Promise<void>[] = [];
      for (let i = 0; i < 10; i++) jobs.push((r() < 0.4 ? whole : quitter)(Math.floor(r() * 60)));
      await Promise.all(jobs);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    expect(wrong).toEqual([]);
    let left: string[] = [];
    for (let t = 0; t < 50 && (left = readdirSync(big.exportSpoolDir)).length; t++) await new Promise((res) => setTimeout(res, 100));
    expect(left).toEqual([]);
    await big.close();
  }, 120_000);

  it("bounds memoised id lists by count and bytes, and filter codes by count", async () => {
    const memo = new Memo<Int32Array>(100, 1000, (v) => v.byteLength);
    for (let i = 0; i < 10; i++) await memo.get(`k${i}`, () => Promise.resolve(new Int32Array(100)));
    expect(memo.byteSize).toBeLessThanOrEqual(1000);
    expect(memo.size).toBe(2);
    const codes = new FilterCodes(50);
    for (let i = 0; i < 200; i++) codes.register({ crop: [`c${i}`] });
    expect(codes.size).toBe(50);
    expect(codes.get(codes.register({ crop: ["c199"] }))).toEqual({ crop: ["c199"] });
  });
});

describe("/descriptor/list/details by UUID", () => {
  it("answers every requested descriptor when the body alone names them (no l), as the spec shows it", async () => {
    const all = await post(sb, "/descriptor/list/details?l=1000", {});
    const uuids = (all.json.content as { uuid: string }[]).map((d) => d.uuid).slice(0, 150);
    expect(uuids.length).toBeGreaterThan(100);
    const res = await post(sb, "/descriptor/list/details", { uuid: uuids });
    expect(res.status).toBe(200);
    expect(new Set((res.json.content as { uuid: string }[]).map((d) => d.uuid))).toEqual(new Set(uuids));
    expect((await post(sb, "/descriptor/list/details", { uuid: [] })).json.content).toEqual([]);
  });
});

describe("DuckDB file access", () => {
  it("refuses a planted cache file whose views read local files, and serves with file access off and settings locked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sbsec-cache-"));
    try {
      const local = join(dir, "local.csv");
      writeFileSync(local, `version,seed,accessions\n${GENERATOR_VERSION},3,1000\n`);
      // planted by the same user under the name the sandbox looks for: it describes itself from a local file
      const planted = await DuckDBInstance.create(join(dir, `sandbox-v${GENERATOR_VERSION}-seed3-n1000.duckdb`));
      const pc = await planted.connect();
      await pc.run(`CREATE VIEW sandbox_meta AS SELECT version, seed, accessions FROM read_csv('${local}')`);
      await pc.run("CREATE VIEW accession AS SELECT range AS id FROM range(1000)");
      pc.closeSync();
      planted.closeSync();
      const log: string[] = [];
      const s = await sandbox({ accessions: 1000, seed: 3, cache: dir, log: (m) => log.push(m) });
      try {
        expect(log.join("\n")).toMatch(/is not usable \(.*file system operations are disabled/);
        expect((await post(s, "/acn/filter?l=1", {}, { token: s.token })).json.totalElements).toBeGreaterThan(900);
        const con = await s.db.connect();
        const fails = async (sql: string) => await con.run(sql).then(() => "ran", (e: Error) => e.message);
        expect(await fails(`SELECT * FROM read_csv('${local}')`)).toMatch(/file system operations are disabled/);
        expect(await fails(`ATTACH '${join(dir, "other.duckdb")}'`)).toMatch(/file system operations are disabled/);
        expect(await fails("SET enable_external_access = true")).toMatch(/configuration has been locked/);
        // the export spool stays writable
        const res = await post(s, "/acn/query?select=uuid", {}, { token: s.token });
        expect(res.status).toBe(200);
        expect(res.text.split("\n").length).toBeGreaterThan(900);
        con.closeSync();
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
