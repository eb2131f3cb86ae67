/**
 * The export's diagnostics and checks, over real HTTP against a scripted `/acn/query` (issue 31): body-level notes
 * reach every batch of passportBatches(), onDiagnostics is told about a cached result too, a page that lacks or adds a
 * column, or an export whose header is not the select, is a typed error or a note naming the page and the column, and
 * passportBatches() honours decode and refuses cache.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnostics, Genesys, GenesysInputError, GenesysResponseError, provenance } from "../src/index.ts";
import type { Diagnostics } from "../src/index.ts";
import { pagedExport } from "./helpers/paged-export.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const SELECT = ["INSTCODE", "ACCENUMB", "ELEVATION"];
const tsv = { "content-type": "text/tab-separated-values;charset=UTF-8" };
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-export-diag-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A scripted export whose page `p` (of `l` rows) is `pages[p]` (a header and rows), and empty after the last. */
async function pagesServer(pages: string[][]) {
  const srv = await scriptedServer((req) => {
    const p = Number(new URL(req.url!, "http://x").searchParams.get("p"));
    return { status: 200, headers: tsv, body: pages[p] ? pages[p]!.join("\n") + "\n" : "" };
  });
  return { srv, g: new Genesys({ baseUrl: srv.url, token: "t", retries: 0 }) };
}

describe("the export's diagnostics", () => {
  it("a header rename (a column named twice) reaches diagnostics() of every passportBatches batch", async () => {
    const header = "INSTCODE\tACCENUMB\tELEVATION\tACCENUMB";
    const { srv, g } = await pagesServer([[header, "COL003\tG1\t10\tX1", "COL003\tG2\t20\tX2"], [header, "COL003\tG3\t30\tX3"]]);
    const told: Diagnostics[] = [];
    const batches = [];
    for await (const b of g.passportBatches({}, { select: SELECT, pageSize: 2, onDiagnostics: (d) => told.push(d) })) batches.push(b);
    expect(batches.map((b) => b.height)).toEqual([2, 1]);
    for (const b of batches) {
      const notes = diagnostics(b)!.notes.join(" ");
      expect(notes).toMatch(/the header names 'ACCENUMB' more than once; column 4 is named 'ACCENUMB_2'/);
      expect(notes).toMatch(/has column 'ACCENUMB_2', not asked for in select/);
      expect(b.getColumn("ACCENUMB_2").toArray()).toHaveLength(b.height);
    }
    expect(told).toHaveLength(2);
    await g.close();
    await srv.close();
  });

  it("onDiagnostics is told about a result served from the cache, as about the download", async () => {
    const header = "INSTCODE\tACCENUMB\tELEVATION\tACCENUMB";
    const { srv } = await pagesServer([[header, "COL003\tG1\t10\tX1"]]);
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0, cacheDir: join(dir, "cache") });
    const told: Diagnostics[] = [];
    const opts = { select: SELECT, cache: "on" as const, onDiagnostics: (d: Diagnostics) => told.push(d) };
    const fresh = await g.passports({}, opts);
    const hit = await g.passports({}, opts);
    expect(provenance(hit)!.fromCache).toBe(true);
    expect(told).toHaveLength(2);
    expect(told[1]!.notes).toEqual(told[0]!.notes);
    expect(told[1]!.notes.join(" ")).toMatch(/more than once/);
    expect(diagnostics(hit)!.notes).toEqual(diagnostics(fresh)!.notes);
    await g.close();
    await srv.close();
  });

  it("an export whose header is not the select is a GenesysResponseError naming the missing and unexpected columns", async () => {
    const { srv, g } = await pagesServer([["INSTCODE\tFOO\tBAR", "COL003\ta\tb"]]);
    const err = await g.passports({}, { select: SELECT, onDiagnostics: () => undefined }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/page 0 of the export has no column 'ACCENUMB', 'ELEVATION', asked for in select/);
    expect(err.message).toMatch(/it has 'FOO', 'BAR', which were not asked for/);
    await g.close();
    await srv.close();
  });

  it("a later page without a selected column is a GenesysResponseError naming the page and the column", async () => {
    const { srv, g } = await pagesServer([
      ["INSTCODE\tACCENUMB\tELEVATION", "COL003\tG1\t10", "COL003\tG2\t20"],
      ["INSTCODE\tACCENUMB", "COL003\tG3"],
    ]);
    for (
      const run of [
        () => g.passports({}, { select: SELECT, pageSize: 2 }),
        () => g.passportsToParquet({}, join(dir, "p1"), { select: SELECT, pageSize: 2 }),
      ]
    ) {
      const err = (await (run() as Promise<unknown>).catch((e) => e)) as Error;
      expect(err).toBeInstanceOf(GenesysResponseError);
      expect(err.message).toMatch(/page 1 of the export has no column 'ELEVATION', asked for in select/);
    }
    await g.close();
    await srv.close();
  });

  it("a later page that adds a column is noted with the page and the column; earlier rows are null there", async () => {
    const { srv, g } = await pagesServer([
      ["INSTCODE\tACCENUMB\tELEVATION", "COL003\tG1\t10", "COL003\tG2\t20"],
      ["INSTCODE\tACCENUMB\tELEVATION\tEXTRA", "COL003\tG3\t30\tx"],
    ]);
    const df = await g.passports({}, { select: SELECT, pageSize: 2, onDiagnostics: () => undefined });
    expect(df.getColumn("EXTRA").toArray()).toEqual([null, null, "x"]);
    expect(diagnostics(df)!.notes).toContain("page 1 adds column 'EXTRA': rows of earlier pages are null there");
    await g.close();
    await srv.close();
  });
});

describe("passportBatches() options", () => {
  it("honours decode: each batch has the label columns and institute names", async () => {
    const { srv } = await pagedExport(["COL003\tG1\t10", "COL003\tG2\t20", "COL003\tG3\t30"]);
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const names: string[] = [];
    for await (const b of g.passportBatches({}, { select: SELECT, pageSize: 2, decode: true })) {
      names.push(...(b.getColumn("INSTCODE_name").toArray() as string[]));
      expect(provenance(b)!.options).toMatchObject({ decode: true });
    }
    expect(names).toEqual(Array(3).fill("International Center for Tropical Agriculture"));
    // one look-up of the institute names for all batches
    expect(srv.seen.filter((s) => s.path.includes("/vocabulary/wiews/decode"))).toHaveLength(1);
    await g.close();
    await srv.close();
  });

  it("refuses cache with a GenesysInputError before any request", async () => {
    const { srv } = await pagedExport(["COL003\tG1\t10"]);
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    for (const cache of ["on", { mode: "refresh" }] as const) {
      const err = await g.passportBatches({}, { select: SELECT, cache }).next().catch((e) => e);
      expect(err).toBeInstanceOf(GenesysInputError);
      expect(err.message).toMatch(/passportBatches\(\) does not cache/);
    }
    expect(srv.seen).toHaveLength(0);
    await g.close();
    await srv.close();
  });
});

describe("Genesys.close()", () => {
  it("leaves a dispatcher the caller passed in open", async () => {
    const { srv } = await pagedExport(["COL003\tG1\t10"]);
    const agent = new Agent();
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0, dispatcher: agent });
    await g.close();
    const res = await request(`${srv.url}/api/v2/vocabulary/wiews/decode`, { method: "POST", body: "[]", dispatcher: agent });
    expect(res.statusCode).toBe(200);
    await res.body.text();
    await agent.close();
    await srv.close();
  });
});
