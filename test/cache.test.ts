/**
 * On-disk cache, provenance, citation and resumable exports, over loopback:
 * a scripted server counts the requests it answers, and cuts bodies off
 * where a test asks it to.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { citation, Genesys, GenesysCacheMissError, type GenesysOptions, load, provenance, save, saveDoiList } from "../src/index.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";
import { sandbox } from "./helpers/sandbox.ts";

const HEADER = "INSTCODE\tACCENUMB\tDOI\tUUID";
const row = (i: number) =>
  `COL003\tG${i}\t10.18730/T${String(i).padStart(4, "0")}\t${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;
/** `/acn/query` pages of `size` rows out of `total`, as the service pages with p and l. */
const page = (url: string, total: number) => {
  const q = new URL(url, "http://x").searchParams;
  const p = Number(q.get("p")), l = Number(q.get("l"));
  const rows = Array.from({ length: Math.max(0, Math.min(l, total - p * l)) }, (_, k) => row(p * l + k));
  return [HEADER, ...rows].join("\n") + "\n";
};
const csv = { "content-type": "text/tab-separated-values;charset=UTF-8" };
const SELECT = ["INSTCODE", "ACCENUMB", "DOI", "UUID"];

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-cache-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(dir, `c${n++}`);

async function serve(script: Parameters<typeof scriptedServer>[0]) {
  // /acn/query requests answered with rows, as "p" or "p/l" when l is 1 (a resume's check of one stored row); the
  // request for the empty page that ends every export is left out
  const answered: string[] = [];
  const srv = await scriptedServer((req, n) => {
    const r = script(req, n);
    const q = new URL(req.url!, "http://x").searchParams;
    if (req.url!.includes("/acn/query") && String(r.body).split("\n").filter(Boolean).length > 1) {
      answered.push(q.get("l") === "1" ? `${q.get("p")}/1` : q.get("p")!);
    }
    return r;
  });
  const client = (opts: Partial<GenesysOptions> = {}) =>
    new Genesys({ baseUrl: srv.url, token: "t", retries: 0, cacheDir: opts.cacheDir, ...opts });
  return { srv, client, queries: () => [...answered] };
}

describe("cache", () => {
  it("serves a second identical call from disk: no request, same values and dtypes, provenance says so", async () => {
    const { srv, client, queries } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 5) }));
    const g = client({ cache: "on", cacheDir: freshDir() });
    const first = await g.passports({ crop: ["beans", "phaseolus"], institute: { code: ["COL003"] } }, { select: SELECT });
    expect(queries()).toEqual(["0"]);
    // the same query with keys and list values in another order
    const second = await g.passports({ institute: { code: ["COL003"] }, crop: ["phaseolus", "beans"] }, { select: SELECT });
    expect(queries()).toEqual(["0"]);
    expect(second.toRecords()).toEqual(first.toRecords());
    expect(String(Object.values(second.schema))).toBe(String(Object.values(first.schema)));
    expect(provenance(first)).toMatchObject({ fromCache: false, rows: 5, endpoints: ["POST /api/v2/acn/query"], kind: "passports" });
    expect(provenance(second)).toMatchObject({ fromCache: true, rows: 5, downloadedAt: provenance(first)!.downloadedAt });
    // another select is another query
    await g.passports({ crop: ["beans", "phaseolus"], institute: { code: ["COL003"] } }, { select: ["UUID"] });
    expect(queries()).toEqual(["0", "0"]);
    expect(g.cache.list().map((e) => e.kind)).toEqual(["passports", "passports"]);
    // a loopback server that is not a sandbox is keyed by its URL
    expect(g.cache.list().map((e) => e.server)).toEqual([srv.url, srv.url]);
    expect(g.cache.size()).toBeGreaterThan(0);
    expect(g.cache.clear()).toBe(2);
    expect(g.cache.list()).toEqual([]);
    await g.close();
    await srv.close();
  });

  it("refetches after the time-to-live, and on refresh; off never stores", async () => {
    const { srv, client, queries } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 3) }));
    const cacheDir = freshDir();
    const g = client({ cacheDir });
    // within the time-to-live (a minute: however slow the machine, the second call comes sooner)
    await g.passports({}, { select: SELECT, cache: { mode: "on", ttlMs: 60_000 } });
    await g.passports({}, { select: SELECT, cache: { mode: "on", ttlMs: 60_000 } });
    expect(queries()).toHaveLength(1);
    // past it: the entry is at least 80 ms old, the time-to-live 50 ms
    await new Promise((r) => setTimeout(r, 80));
    await g.passports({}, { select: SELECT, cache: { mode: "on", ttlMs: 50 } });
    expect(queries()).toHaveLength(2);
    await g.passports({}, { select: SELECT, cache: "refresh" });
    expect(queries()).toHaveLength(3);
    const off = client({ cacheDir: freshDir() });
    await off.passports({}, { select: SELECT });
    expect(off.cache.list()).toEqual([]);
    await g.close();
    await off.close();
    await srv.close();
  });

  it("offline: the stored frame with the server stopped (however old), a clear error for anything else", async () => {
    const { srv, client } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 4) }));
    const cacheDir = freshDir();
    const online = client({ cacheDir, cache: "on" });
    const fresh = await online.passports({ crop: ["beans"] }, { select: SELECT });
    await online.close();
    await srv.close();
    const offline = client({ cacheDir, cache: { mode: "offline", ttlMs: 0 } });
    const stored = await offline.passports({ crop: ["beans"] }, { select: SELECT });
    expect(stored.toRecords()).toEqual(fresh.toRecords());
    const err = await offline.passports({ crop: ["maize"] }, { select: SELECT }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysCacheMissError);
    expect(err.code).toBe("GENESYS_CACHE_MISS");
    expect(err.message).toMatch(/POST \/api\/v2\/acn\/query: cache mode "offline": nothing stored for this query; no request was sent/);
    await offline.close();
  });

  it("a download cut off mid-body leaves no entry a later run could read", async () => {
    const body = page("/?p=0&l=1000", 400);
    const { srv, client } = await serve(() => ({ status: 200, headers: csv, body: body.slice(0, body.length >> 1), cutOff: true }));
    const cacheDir = freshDir();
    const g = client({ cacheDir, cache: "on" });
    await expect(g.passports({}, { select: SELECT })).rejects.toThrow();
    expect(g.cache.list()).toEqual([]);
    const files = existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true }).map(String) : [];
    expect(files.filter((f) => f.endsWith("_manifest.json") && !f.includes("pages"))).toEqual([]);
    await g.close();
    await srv.close();
  });

  it("an unwritable cache directory: the download is returned, with one warning per client", async () => {
    const { srv, client, queries } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 4) }));
    const file = freshDir();
    writeFileSync(file, "a file, not a folder");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      for (const cacheDir of [file, join(file, "below")]) {
        warn.mockClear();
        const g = client({ cacheDir, cache: "on" });
        const df = await g.passports({ crop: ["beans"] }, { select: SELECT });
        expect(df.height).toBe(4);
        expect((await g.passports({ crop: ["maize"] }, { select: SELECT })).height).toBe(4);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toMatch(/cache not read or written: .*; the data is returned/);
        await g.close();
      }
      expect(queries()).toEqual(["0", "0", "0", "0"]);
    } finally {
      warn.mockRestore();
    }
    await srv.close();
  });

  it("a stored data file that does not match its manifest is downloaded again", async () => {
    const { srv, client, queries } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 5) }));
    const cacheDir = freshDir();
    const g = client({ cacheDir, cache: "on" });
    const first = await g.passports({}, { select: SELECT });
    const [entry] = g.cache.list();
    // the data file of another query (2 rows) put in its place
    first.head(2).writeParquet(join(cacheDir, entry!.id, "df.parquet"));
    const again = await g.passports({}, { select: SELECT });
    expect(queries()).toEqual(["0", "0"]);
    expect(again.height).toBe(5);
    expect(provenance(again)?.fromCache).toBe(false);
    expect((await g.passports({}, { select: SELECT })).height).toBe(5);
    expect(queries()).toEqual(["0", "0"]);
    await g.close();
    await srv.close();
  });

  it("a multi-page export cut on page 3 resumes at page 3, and says so", async () => {
    let cut = true;
    const { srv, client, queries } = await serve((req) => {
      const p = new URL(req.url!, "http://x").searchParams.get("p");
      const body = page(req.url!, 25);
      // the third page (p=2) breaks off mid-body the first time
      if (p === "2" && cut) return (cut = false, { status: 200, headers: csv, body: body.slice(0, 60), cutOff: true });
      return { status: 200, headers: csv, body };
    });
    const cacheDir = freshDir();
    const g = client({ cacheDir, cache: "on" });
    await expect(g.passports({}, { select: SELECT, pageSize: 10 })).rejects.toThrow();
    expect(queries()).toEqual(["0", "1", "2"]);
    expect(g.cache.list()).toEqual([]);
    const labels: string[] = [];
    const df = await g.passports({}, {
      select: SELECT,
      pageSize: 10,
      onProgress: (p) => p.label && labels.push(p.label),
      onDiagnostics: () => undefined,
    });
    // the first and last stored rows are checked against the service (rows 1 and 20 alone), then page 2 follows
    expect(queries()).toEqual(["0", "1", "2", "0/1", "19/1", "2"]);
    expect(labels[0]).toBe("resumed at page 2");
    expect(df.height).toBe(25);
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(Array.from({ length: 25 }, (_, i) => `G${i}`));
    expect(g.cache.list()).toHaveLength(1);
    // the finished entry replaced the pages
    expect(readdirSync(join(cacheDir, g.cache.list()[0]!.id))).not.toContain("pages");
    await g.close();
    await srv.close();
  });
});

describe("provenance and citation", () => {
  it("survives save() and reading the Parquet back; citation and DOI list", async () => {
    const { srv, client } = await serve((req) => ({ status: 200, headers: csv, body: page(req.url!, 3) }));
    const g = client();
    const df = await g.passports({ crop: ["beans"] }, { select: SELECT });
    const path = save(df, join(dir, "out", "beans.parquet"));
    const back = load(path);
    expect(back.toRecords()).toEqual(df.toRecords());
    expect(provenance(back)).toEqual(provenance(df));
    // the select as sent to the service
    const sent = ["instituteCode INSTCODE", "accessionNumber ACCENUMB", "doi DOI", "uuid UUID"];
    expect(provenance(back)).toMatchObject({ server: srv.url, filter: { crop: ["beans"] }, options: { select: sent } });
    const c = citation(back);
    expect(c.dois).toEqual(["10.18730/T0000", "10.18730/T0001", "10.18730/T0002"]);
    // a server on loopback is cited without its port (a new one each start), so a notebook run again cites the same text
    expect(c.text).toContain(
      `retrieved from a server on this machine (the genesys-notebook sandbox serves generated data, not for citation) ` +
        `(POST /api/v2/acn/query) on ${provenance(df)!.downloadedAt.slice(0, 10)}`,
    );
    expect(c.text).not.toContain(srv.url);
    expect(c.text).toContain('{"crop":["beans"]}');
    expect(saveDoiList(df, join(dir, "out", "dois.txt"))).toBe(3);
    expect(readFileSync(join(dir, "out", "dois.txt"), "utf8")).toBe("10.18730/T0000\n10.18730/T0001\n10.18730/T0002\n");
    await g.close();
    await srv.close();
  });
});

describe("cache with the sandbox: traits, accessions, descriptors", () => {
  it("returns the same frames and dtypes from the cache as from the network", async () => {
    const sb = await sandbox();
    const g = new Genesys({ baseUrl: sb.url, token: sb.token, cache: "on", cacheDir: freshDir() });
    const fresh = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
    const again = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
    for (const k of ["wide", "long", "datasets", "descriptors"] as const) {
      expect(String(Object.values(again[k].schema)), k).toBe(String(Object.values(fresh[k].schema)));
      expect(again[k].frameEqual(fresh[k]), k).toBe(true);
      expect(provenance(again[k])).toMatchObject({ fromCache: true, kind: `traits.${k}` });
    }
    const acc = await g.accessions({ crop: ["potato"] });
    const accAgain = await g.accessions({ crop: ["potato"] });
    expect(accAgain.frameEqual(acc)).toBe(true);
    expect(provenance(accAgain)?.fromCache).toBe(true);
    expect(g.cache.list().map((e) => e.kind).sort()).toEqual(["accessions", "traits"]);
    expect(pl.DataFrame(g.cache.list().map((e) => ({ kind: e.kind, bytes: e.bytes }))).getColumn("bytes").min()).toBeGreaterThan(0);
    await g.close();
    await sb.close();
  });
});
