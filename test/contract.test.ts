/**
 * Contract tests: the client against bodies shaped like the real Genesys and
 * ordinary proxies send them (test/fixtures, shared/spec/genesys-notes.md),
 * served over loopback by a scripted server. Expected values are worked out
 * by hand from the fixtures, never from src/schema.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  diagnostics,
  Genesys,
  GenesysAbortError,
  GenesysError,
  GenesysNetworkError,
  type GenesysOptions,
  GenesysResponseError,
} from "../src/index.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const TSV = readFileSync(new URL("./fixtures/acn-query-ciat.tsv", import.meta.url));
const SELECT = [
  "INSTCODE",
  "ACCENUMB",
  "DOI",
  "UUID",
  "GENUS",
  "SPECIES",
  "SAMPSTAT",
  "ACQDATE",
  "COLLSITE",
  "DECLATITUDE",
  "DECLONGITUDE",
  "ELEVATION",
  "COLLSRC",
  "DUPLSITE",
  "STORAGE",
  "MLSSTAT",
  "HISTORIC",
  "REMARKS",
  "LASTMODIFIED",
];
const csv = { "content-type": "text/csv;charset=UTF-8" };
const quiet = { onDiagnostics: () => undefined };

let spool: string;
let before: string | undefined;
beforeAll(() => {
  spool = mkdtempSync(join(tmpdir(), "contract-spool-"));
  before = process.env.GENESYS_SPOOL_DIR;
  process.env.GENESYS_SPOOL_DIR = spool;
});
afterAll(() => {
  if (before === undefined) delete process.env.GENESYS_SPOOL_DIR;
  else process.env.GENESYS_SPOOL_DIR = before;
  rmSync(spool, { recursive: true, force: true });
});
const spoolFiles = () => readdirSync(spool).flatMap((d) => readdirSync(join(spool, d)));

async function withServer<T>(
  script: Parameters<typeof scriptedServer>[0],
  fn: (g: Genesys, seen: { path: string; body?: string }[]) => Promise<T>,
  opts: Partial<GenesysOptions> = {},
) {
  const srv = await scriptedServer(script);
  const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0, ...opts });
  try {
    return await fn(g, srv.seen);
  } finally {
    await g.close();
    await srv.close();
  }
}

/** The export as the service pages it: `body` for p=0, the header line alone past the last page. */
const paged = (body: Buffer, headers: Record<string, string> = csv) => (req: { url?: string }) => {
  const p = Number(new URL(req.url ?? "/", "http://x").searchParams.get("p") ?? 0);
  return { status: 200, headers, body: p === 0 ? body : body.subarray(0, body.indexOf(10) + 1) };
};

describe("/acn/query: a real-world TSV export", () => {
  it("reads every value, coerces only what it must, and reports it", async () => {
    const df = await withServer(paged(TSV), (g) => g.passports({ crop: "beans" }, { select: SELECT, ...quiet }));
    expect(df.height).toBe(2);
    // parsed companions follow their column; the rest keeps the server's order
    expect(df.columns).toEqual([...SELECT.slice(0, 8), "ACQDATE_date", ...SELECT.slice(8)]);
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(["G4680", "G3901"]);
    expect(df.getColumn("DOI").toArray()).toEqual(["10.18730/JPV7P", "10.18730/JV8M~"]);
    expect(df.getColumn("COLLSITE").toArray()).toEqual(["LA CRUZ, FINCA LA QUINTA - LA CRUZ - NARIÑO", "MAICAO - MAICAO - GUAJIRA"]);
    expect(df.getColumn("DECLONGITUDE").toArray()).toEqual([76.98, -72.22]);
    expect(df.schema.ELEVATION.variant).toBe("Int64");
    expect(df.getColumn("ELEVATION").toArray()).toEqual([2167, 50]);
    expect(df.getColumn("MLSSTAT").toArray()).toEqual([true, true]);
    expect(df.getColumn("HISTORIC").toArray()).toEqual([false, false]);
    expect(df.getColumn("DUPLSITE").toArray()).toEqual(["MEX002;NOR051", "MEX002;NOR051"]);
    expect(df.getColumn("REMARKS").toArray()).toEqual(['12" seeds, "red"', 'bare 5" pot']);
    expect(df.getColumn("ACQDATE").toArray()).toEqual(["19790601.0", "19720601.0"]);
    expect((df.getColumn("ACQDATE_date").toArray() as unknown as Date[]).map((d) => d.toISOString().slice(0, 10))).toEqual([
      "1979-06-01",
      "1972-06-01",
    ]);
    expect((df.getColumn("LASTMODIFIED").toArray() as unknown as Date[]).map((d) => d.toISOString())).toEqual([
      "2026-08-03T16:08:11.000Z",
      "2026-08-03T16:08:07.000Z",
    ]);
    const d = diagnostics(df)!;
    expect(d.endpoint).toBe("POST /api/v2/acn/query");
    const by = Object.fromEntries(d.coercions.map((c) => [c.column, c]));
    expect(by.ELEVATION).toMatchObject({ count: 2, examples: ["2167.0", "50.0"] });
    expect(by.ACQDATE!.count).toBe(2);
    expect(by.COLLDATE).toBeUndefined();
    expect(d.notes.join(" ")).toMatch(/backslash-escaped or lazy quotes/);
  });

  it("is an error, naming the record, when the body ends cleanly inside a record", async () => {
    const cut = TSV.subarray(0, TSV.indexOf("MAICAO"));
    const err = await withServer(
      () => ({ status: 200, headers: { ...csv, "x-request-id": "req-7f3a" }, body: cut }),
      (g) => g.passports({}, { select: SELECT, ...quiet }).catch((e) => e),
    );
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/malformed CSV: record 2 has 9 fields, the header has 19: "COL003\\tG3901/);
    expect(err.code).toBe("GENESYS_CSV_RECORD");
    expect(err.cause).toBeInstanceOf(Error);
    // the body was wrong, not the status: the headline does not read like an HTTP error
    expect(err.message.split("\n")[0]).toMatch(/^POST \/api\/v2\/acn\/query: malformed CSV/);
    expect(err.message).not.toMatch(/HTTP 200/);
    expect(spoolFiles()).toEqual([]);
  });

  it("errors carry a stable code, the server's request id and the underlying cause", async () => {
    const bad = await withServer(
      () => ({ status: 400, headers: { "x-request-id": "req-42" }, body: JSON.stringify({ error: "l must be <= 1000" }) }),
      (g) => g.api.accessionPage({}, { size: 10 }).catch((e) => e),
      { retries: 0 },
    );
    expect(bad).toMatchObject({ code: "GENESYS_REQUEST", status: 400, requestId: "req-42", serverMessage: "l must be <= 1000" });
    expect(bad.message.split("\n")[0]).toBe("POST /api/v2/acn/filter -> HTTP 400: l must be <= 1000 [request id req-42]");
    const notJson = await withServer(() => ({ status: 200, body: "<html>" }), (g) => g.api.datasetUuids().catch((e) => e));
    expect(notJson.code).toBe("GENESYS_RESPONSE");
    expect(notJson.cause).toBeInstanceOf(SyntaxError);
    const refused = await new Genesys({ baseUrl: "http://127.0.0.1:9", token: "t", retries: 0 }).api.datasetUuids().catch((e) => e);
    expect(refused.code).toBe("GENESYS_NETWORK");
    expect((refused.cause as { code?: string }).code).toBe("ECONNREFUSED");
  });

  it("is an error when a gzip body is cut off mid-way, promptly, not a hang", async () => {
    const gz = gzipSync(Buffer.concat(Array.from({ length: 400 }, () => TSV)));
    const t0 = Date.now();
    const err = await withServer(
      () => ({ status: 200, headers: { ...csv, "content-encoding": "gzip" }, body: gz.subarray(0, gz.length >> 1), cutOff: true }),
      (g) => g.passports({}, { select: SELECT, ...quiet }).catch((e) => e),
      { timeoutMs: 5000 },
    );
    expect(err).toBeInstanceOf(GenesysNetworkError);
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it("is an error naming the content type when a proxy answers an HTML page with 200", async () => {
    const html = "<!DOCTYPE html><html><body>Please log in</body></html>";
    await expect(
      withServer(() => ({ status: 200, headers: { "content-type": "text/html" }, body: html }), (g) => g.passports({}, { select: SELECT })),
    )
      .rejects.toThrow(/expected a CSV export, got 'text\/html' starting with "<!DOCTYPE html>/);
  });

  it("cancels through an AbortSignal and leaves no block file", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("interrupted")), 300);
    const err = await withServer(
      () => ({ status: 200, headers: csv, body: TSV, stall: true }),
      (g) => g.passports({}, { select: SELECT, signal: ac.signal, ...quiet }).catch((e) => e),
    );
    expect(err).toBeInstanceOf(GenesysAbortError);
    expect(err.message).toMatch(/aborted: interrupted/);
    expect(spoolFiles()).toEqual([]);
  });
});

const DS = (i: number) => `0000000${i % 10}-1111-4222-8333-${String(i).padStart(12, "0")}`;
const DESC = (i: number) => `aaaaaaa${i % 10}-bbbb-4ccc-8ddd-${String(i).padStart(12, "0")}`;
const ACC = (i: number) => `ccccccc${i % 10}-dddd-4eee-8fff-${String(i).padStart(12, "0")}`;

describe("JSON endpoints as the real service may send them", () => {
  it("keeps a descriptor of unknown data type (read as text, reported) from a bare array with variant fields", async () => {
    const body = JSON.stringify([
      {
        uuid: DESC(1),
        title: ["Seed colour", null],
        columnName: "SEEDCOL",
        dataType: "PICTURE",
        uom: null,
        crop: "beans",
        terms: [{ code: 1, title: "white" }],
        versionTag: "1.0",
      },
      { uuid: DESC(2), title: "100-seed weight", dataType: "NUMERIC", uom: "g", minValue: 1, maxValue: 200 },
    ]);
    const df = await withServer(() => ({ status: 200, body }), (g) => g.descriptors([DESC(1), DESC(2)]));
    expect(df.getColumn("title").toArray()).toEqual(["Seed colour", "100-seed weight"]);
    expect(df.getColumn("data_type").cast(pl.Utf8).toArray()).toEqual(["PICTURE", "NUMERIC"]);
    expect(df.getColumn("code_list").toArray()).toEqual([[{ code: "1", label: "white" }], null]);
    expect(diagnostics(df)!.coercions).toEqual([{
      column: "dataType",
      what: "descriptors of an unknown data type: values read as TEXT",
      count: 1,
      examples: ["Seed colour: PICTURE"],
    }]);
  });

  it("names the exact field path of a truly malformed descriptor, in a page or a bare array", async () => {
    for (
      const body of [
        JSON.stringify([{ uuid: DESC(1), title: "x", dataType: "TEXT" }, { title: "no uuid", dataType: "TEXT" }]),
        JSON.stringify({ content: [{ uuid: 5, title: "x", dataType: "TEXT" }], totalElements: 1 }),
      ]
    ) {
      const err = await withServer(() => ({ status: 200, body }), (g) => g.descriptors([DESC(1)]).catch((e) => e));
      expect(err).toBeInstanceOf(GenesysResponseError);
      expect(err.message).toMatch(/at content\[\d\]\.uuid/);
    }
  });

  it("accepts numeric datatable ids and versions sent as text", async () => {
    const body = JSON.stringify([{
      id: 4767862,
      version: "3",
      key: DS(1),
      title: "Trial 2019",
      collection: `amphibian.${DS(1)}`,
      columns: { [DESC(1)]: {} },
    }]);
    const [t] = await withServer(() => ({ status: 200, body }), (g) => g.api.datatables([DS(1)]));
    expect(t).toMatchObject({ id: "4767862", version: 3, key: DS(1) });
  });

  it("stops with a clear error when the server ignores p on /dataset/data", async () => {
    const page = JSON.stringify({
      content: Array.from({ length: 2 }, (_, i) => ({ accession: ACC(i), [DESC(1)]: [i] })),
      totalElements: 10,
      last: false,
    });
    const err = await withServer(
      () => ({ status: 200, body: page }),
      (g) => g.api.observationRows({ datasets: [DS(1)], fields: [DESC(1)], pageSize: 2 }).catch((e) => e),
    );
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/page 1 holds the same rows as page 0 .* ignore the page parameter 'p'/);
  });

  it("splits long UUID lists so each request line stays under 6 KB, and merges rows per accession", async () => {
    const datasets = Array.from({ length: 60 }, (_, i) => DS(i));
    const fields = Array.from({ length: 300 }, (_, i) => DESC(i));
    const seen: string[] = [];
    const rows = await withServer((req) => {
      const u = new URL(req.url!, "http://x");
      seen.push(req.url!);
      const fs = u.searchParams.get("fields")!.split(",");
      const ds = u.searchParams.get("datasetUuids")!.split(",");
      // accession 1 has a value for every requested field in every requested dataset
      return {
        status: 200,
        body: JSON.stringify({
          content: [{ accession: ACC(1), ...Object.fromEntries(fs.map((f) => [f, ds.map(() => 1)])) }],
          totalElements: 1,
          last: true,
        }),
      };
    }, (g) => g.api.observationRows({ datasets, fields }));
    expect(seen.length).toBeGreaterThan(1);
    for (const line of seen) expect(`POST ${line} HTTP/1.1`.length).toBeLessThan(6000);
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown[]>;
    for (const f of fields) expect(row[f]).toHaveLength(60);
  });

  it("reports a token answer cut mid-body as a GenesysError", async () => {
    const srv = await scriptedServer(() => ({
      status: 200,
      body: '{"access_token":"abc',
      cutOff: true,
      headers: { "content-length": "100" },
    }));
    const g = new Genesys({ baseUrl: srv.url, clientId: "id", clientSecret: "secret", retries: 0 });
    const err = await g.passports({}, { select: ["UUID"] }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysError);
    expect(err.endpoint).toBe("POST /oauth/token");
    await g.close();
    await srv.close();
  });
});

describe("bounded waiting and cancelling, on every method", () => {
  const row = "COL003\tG1\t\t\t\t\t300\t\t\t\t\t\t\t\t\t\t\t\t\n";
  const header = SELECT.join("\t") + "\n";

  it("cuts off a server that trickles one row at a time: deadlineMs and minBytesPerSecond", async () => {
    const trickle = () => ({ status: 200, headers: csv, body: header, trickle: { chunk: row, everyMs: 50 } });
    const t0 = performance.now();
    const late = await withServer(trickle, (g) => g.passports({}, { select: SELECT, ...quiet }).catch((e) => e), { deadlineMs: 600 });
    expect(late).toBeInstanceOf(GenesysNetworkError);
    expect(late.message).toMatch(/no complete answer within 0\.6 s \(deadlineMs\)/);
    expect(performance.now() - t0).toBeLessThan(3000);
    const slow = await withServer(trickle, (g) => g.passports({}, { select: SELECT, ...quiet }).catch((e) => e), {
      minBytesPerSecond: 10_000,
      throughputWindowMs: 400,
    });
    expect(slow).toBeInstanceOf(GenesysNetworkError);
    expect(slow.message).toMatch(/under the minimum of 10000 bytes\/s \(minBytesPerSecond\)/);
    expect(spoolFiles()).toEqual([]);
  });

  it("cancels accessions, accessionIterator, traits and descriptors through their signal", async () => {
    const stalled = () => ({ status: 200, body: '{"content":[', stall: true });
    const calls: ((g: Genesys, signal: AbortSignal) => Promise<unknown>)[] = [
      (g, signal) => g.accessions({}, { signal }),
      async (g, signal) => {
        for await (const _ of g.api.accessionIterator({}, { size: 100, signal })) break;
      },
      (g, signal) => g.traits({}, { signal }),
      (g, signal) => g.descriptors([DESC(1)], { signal }),
      (g, signal) => g.api.datatables([DS(1)], { signal }),
    ];
    for (const call of calls) {
      const ac = new AbortController();
      setTimeout(() => ac.abort(new Error("interrupted")), 100);
      const err = (await withServer(stalled, (g) => call(g, ac.signal).catch((e: Error) => e))) as Error;
      expect(err).toBeInstanceOf(GenesysAbortError);
      expect(err.message).toMatch(/aborted: interrupted/);
    }
  });

  it("bounds what a compressed body may decompress to", async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 32)); // 20 MB of spaces, ~20 KB on the wire
    const json = await withServer(
      () => ({ status: 200, headers: { "content-encoding": "gzip" }, body: bomb }),
      (g) => g.descriptors([DESC(1)]).catch((e) => e),
      { maxJsonBytes: 1024 * 1024 },
    );
    expect(json).toBeInstanceOf(GenesysResponseError);
    expect(json.message).toMatch(/decompresses to more than 1 MB \(maxJsonBytes\)/);
    const line = await withServer(
      () => ({ status: 200, headers: { ...csv, "content-encoding": "gzip" }, body: gzipSync(Buffer.alloc(20 * 1024 * 1024, 65)) }),
      (g) => g.passports({}, { select: SELECT }).catch((e) => e),
    );
    expect(line).toBeInstanceOf(GenesysResponseError);
    expect(line.message).toMatch(/the first line is longer than 1024 KB without a line end/);
    const record = gzipSync(Buffer.concat([Buffer.from(header), Buffer.alloc(80 * 1024 * 1024, 65)]));
    const long = await withServer(
      () => ({ status: 200, headers: { ...csv, "content-encoding": "gzip" }, body: record }),
      (g) => g.passports({}, { select: SELECT }).catch((e) => e),
    );
    expect(long).toBeInstanceOf(GenesysResponseError);
    expect(long.message).toMatch(/record 1 is longer than 64 MB without a line end/);
    expect(spoolFiles()).toEqual([]);
  });
});
