/**
 * Resuming interrupted exports, decode with the cache, and the result
 * envelope, over loopback: a scripted server pages a list of accessions that
 * a test can change between runs, and cuts a page off where asked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnostics, Genesys, provenance } from "../src/index.ts";
import { pagedExport } from "./helpers/paged-export.ts";

const SELECT = ["INSTCODE", "ACCENUMB", "ELEVATION"];
const quiet = { onDiagnostics: () => undefined };

let dir: string;
let n = 0;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-resume-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function service(rows: string[]) {
  const r = await pagedExport(rows);
  return { ...r, client: (cacheDir: string) => new Genesys({ baseUrl: r.srv.url, token: "t", retries: 0, cacheDir }) };
}

const acc = (i: number) => `COL003\tG${i}\t${i * 10}`;
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe("resuming an interrupted export", () => {
  it("starts over, and says why, when the data changed since the stored pages", async () => {
    const rows = range(0, 25).map(acc);
    const { srv, state, client } = await service(rows);
    const g = client(join(dir, `c${n++}`));
    state.cutPage = 2;
    await expect(g.passports({}, { select: SELECT, pageSize: 10, cache: "on", ...quiet })).rejects.toThrow();
    // two accessions removed before the boundary, three added: every row after them moves
    rows.splice(3, 2);
    rows.push(acc(100), acc(101), acc(102));
    const df = await g.passports({}, { select: SELECT, pageSize: 10, cache: "on", ...quiet });
    expect(df.getColumn("ACCENUMB").toArray()).toEqual([...range(0, 3), ...range(5, 25), 100, 101, 102].map((i) => `G${i}`));
    expect(diagnostics(df)!.notes.join(" ")).toMatch(/stored pages of an interrupted download were not used: row 20 has changed/);
    await g.close();
    await srv.close();
  });

  it("does not resume pages stored with another page size", async () => {
    const rows = range(0, 35).map(acc);
    const { srv, state, client, pages } = await service(rows);
    const g = client(join(dir, `c${n++}`));
    state.cutPage = 2;
    await expect(g.passports({}, { select: SELECT, pageSize: 10, cache: "on", ...quiet })).rejects.toThrow();
    const before = pages().length;
    const df = await g.passports({}, { select: SELECT, pageSize: 7, cache: "on", ...quiet });
    expect(df.height).toBe(35);
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(range(0, 35).map((i) => `G${i}`));
    // all of it again with l=7, nothing taken from the l=10 pages
    expect(pages().slice(before)).toEqual(["0/7", "1/7", "2/7", "3/7", "4/7", "5/7"]);
    await g.close();
    await srv.close();
  });

  it("does not resume pages older than the cache's time-to-live", async () => {
    const rows = range(0, 25).map(acc);
    const { srv, state, client, pages } = await service(rows);
    const g = client(join(dir, `c${n++}`));
    state.cutPage = 2;
    const cache = { mode: "on" as const, ttlMs: 150 };
    await expect(g.passports({}, { select: SELECT, pageSize: 10, cache, ...quiet })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 250));
    const before = pages().length;
    const df = await g.passports({}, { select: SELECT, pageSize: 10, cache, ...quiet });
    expect(df.height).toBe(25);
    expect(pages().slice(before)).toEqual(["0/10", "1/10", "2/10", "3/10"]);
    expect(diagnostics(df)!.notes.join(" ")).toMatch(/older than the cache's time-to-live/);
    await g.close();
    await srv.close();
  });
});

describe("decode with the cache", () => {
  it("keeps the download's diagnostics, and offline never asks for institute names", async () => {
    const rows = ["COL003\tG1\t2167.0", "COL003\tG2\t50"];
    const { srv, client } = await service(rows);
    const cacheDir = join(dir, `c${n++}`);
    const g = client(cacheDir);
    const df = await g.passports({}, { select: SELECT, decode: true, cache: "on", ...quiet });
    expect(df.getColumn("INSTCODE_name").toArray()).toEqual([
      "International Center for Tropical Agriculture",
      "International Center for Tropical Agriculture",
    ]);
    expect(diagnostics(df)!.coercions.map((c) => c.column)).toEqual(["ELEVATION"]);
    expect(provenance(df)!.endpoints).toEqual(["POST /api/v2/acn/query", "POST /api/v2/vocabulary/wiews/decode"]);
    await g.close();
    await srv.close();
    const seen = srv.seen.length;
    // the server is gone: offline serves the decoded frame from disk, with its diagnostics
    const off = client(cacheDir);
    const again = await off.passports({}, { select: SELECT, decode: true, cache: "offline" });
    expect(srv.seen.length).toBe(seen);
    expect(again.getColumn("INSTCODE_name").toArray()).toEqual(df.getColumn("INSTCODE_name").toArray());
    expect(diagnostics(again)!.coercions.map((c) => c.column)).toEqual(["ELEVATION"]);
    expect(provenance(again)!.fromCache).toBe(true);
    await off.close();
  });
});
