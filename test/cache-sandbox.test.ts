/**
 * The cache key of a local sandbox: what identifies its data (generator
 * version, seed, size), not its URL, whose port changes on every start. Real
 * sandboxes on loopback, real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Genesys, provenance } from "../src/index.ts";
import { DuckDBInstance } from "@duckdb/node-api";
import { GENERATOR_VERSION, generatorInputs } from "../src/sandbox/db.ts";
import { sandbox } from "./helpers/sandbox.ts";

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-cache-sb-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SELECT = ["INSTCODE", "ACCENUMB", "UUID"];

/** One notebook run: a sandbox started, one cached export, everything closed. */
async function run(cacheDir: string, seed: number) {
  const sb = await sandbox({ accessions: 1_000, seed });
  const g = new Genesys({ baseUrl: sb.url, token: sb.token, cache: "on", cacheDir });
  try {
    const df = await g.passports({}, { select: SELECT });
    return { url: sb.url, df, fromCache: provenance(df)!.fromCache, entries: g.cache.list() };
  } finally {
    await g.close();
    await sb.close();
  }
}

describe("cache keys of a local sandbox", () => {
  it("tells what identifies its data, in a header on every answer and at GET /api/v2/sandbox/identity (no token)", async () => {
    const sb = await sandbox({ accessions: 1_000, seed: 3 });
    const data = `g${GENERATOR_VERSION}.${generatorInputs().slice(0, 8)}-s3-n1000`;
    const res = await fetch(`${sb.url}/api/v2/sandbox/identity`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data });
    expect(res.headers.get("x-genesys-sandbox-data")).toBe(data);
    const denied = await fetch(`${sb.url}/api/v2/acn/query`, { method: "POST", body: "{}" });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("x-genesys-sandbox-data")).toBe(data);
    await sb.close();
  });

  it("re-runs against new sandboxes with the same seed and size reuse one entry; another seed does not", async () => {
    const cacheDir = join(dir, "runs");
    const a = await run(cacheDir, 11);
    const b = await run(cacheDir, 11);
    const c = await run(cacheDir, 11);
    expect(new Set([a.url, b.url, c.url]).size).toBe(3);
    expect([a.fromCache, b.fromCache, c.fromCache]).toEqual([false, true, true]);
    expect(b.df.frameEqual(a.df)).toBe(true);
    expect(c.entries).toHaveLength(1);
    expect(c.entries[0]!.server).toBe(`sandbox:g${GENERATOR_VERSION}.${generatorInputs().slice(0, 8)}-s11-n1000`);
    // provenance names the server the data came from
    expect(provenance(a.df)!.server).toBe(a.url);
    const other = await run(cacheDir, 12);
    expect(other.fromCache).toBe(false);
    expect(other.df.frameEqual(a.df)).toBe(false);
    expect(other.entries).toHaveLength(2);
  }, 240_000); // four sandboxes generated and started: minutes on a loaded 2-core machine

  it("offline against a stopped sandbox: the key holds the URL, the entry stored under its identity is not found", async () => {
    const cacheDir = join(dir, "offline");
    const sb = await sandbox({ accessions: 1_000, seed: 5 });
    const online = new Genesys({ baseUrl: sb.url, token: sb.token, cache: "on", cacheDir });
    await online.passports({}, { select: SELECT });
    await online.close();
    await sb.close();
    const offline = new Genesys({ baseUrl: sb.url, token: sb.token, cache: "offline", cacheDir });
    await expect(offline.passports({}, { select: SELECT })).rejects.toMatchObject({ code: "GENESYS_CACHE_MISS" });
    await offline.close();
  });

  /**
   * The generator draws FIGS classes and rainfed crops' rain floors from the synthetic climate and its sites from
   * sites.json, files outside generator/data/ whose changes bump no GENERATOR_VERSION: a climate change once left a
   * cached database (and a client's cached answers, keyed by the identity) from the old climate in use.
   */
  it("a cached database built from other sites or climate regions is generated again, and the identity names the inputs", async () => {
    const cache = join(dir, "inputs");
    const log: string[] = [];
    const first = await sandbox({ accessions: 1_000, seed: 4, cache, log: (m) => log.push(m) });
    await first.close();
    expect(generatorInputs()).toMatch(/^[0-9a-f]{16}$/);
    const file = join(cache, `sandbox-v${GENERATOR_VERSION}-seed4-n1000.duckdb`);
    const db = await DuckDBInstance.create(file);
    const con = await db.connect();
    await con.run("UPDATE sandbox_meta SET inputs = '0123456789abcdef'");
    con.closeSync();
    db.closeSync();
    log.length = 0;
    const again = await sandbox({ accessions: 1_000, seed: 4, cache, log: (m) => log.push(m) });
    await again.close();
    expect(log.join("\n")).toContain(
      `is not usable (it was built from other collecting sites or climate regions (inputs 0123456789abcdef, now ${generatorInputs()})`,
    );
    expect(log.join("\n")).toMatch(/generating 1,000 accessions/);
  }, 120_000);
});
