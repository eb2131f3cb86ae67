import pl from "nodejs-polars";
import { Agent } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import {
  Genesys,
  GenesysAuthError,
  GenesysCredentialsError,
  GenesysInputError,
  GenesysNetworkError,
  GenesysRequestError,
  GenesysResponseError,
  GenesysServerError,
  provenance,
} from "../src/index.ts";
import type { FrameOptions, GenesysOptions, PassportOptions, TraitsOptions } from "../src/index.ts";
import { OPTIONS } from "../src/client/options.ts";
import type { Sandbox } from "../src/sandbox/server.ts";
import { post, sandbox, useSandboxClient } from "./helpers/sandbox.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const ctx = useSandboxClient();
let sb: Sandbox;
let g: Genesys;
beforeAll(() => ({ sb, g } = ctx));

describe("passportBatches()", () => {
  it("yields the export as typed frames while it downloads: together the same rows as passports()", async () => {
    const select = ["UUID", "ACCENUMB", "SAMPSTAT", "DECLATITUDE", "ACQDATE"];
    const whole = await g.passports({ crop: ["maize"] }, { select, onDiagnostics: () => undefined });
    const batches: pl.DataFrame[] = [];
    for await (const b of g.passportBatches({ crop: ["maize"] }, { select, pageSize: 100, onDiagnostics: () => undefined })) {
      batches.push(b);
    }
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(b.columns).toEqual(whole.columns);
    const joined = pl.concat(batches, { how: "vertical" });
    expect(joined.height).toBe(whole.height);
    expect(joined.getColumn("UUID").toArray()).toEqual(whole.getColumn("UUID").toArray());
    expect(joined.getColumn("DECLATITUDE").toArray()).toEqual(whole.getColumn("DECLATITUDE").toArray());
    expect(batches[0]!.schema.ACQDATE_date.variant).toBe("Date");
    expect(provenance(batches[1]!)).toMatchObject({ kind: "passports.batch", rows: batches[1]!.height, fromCache: false });
  });

  it("honours limit, and stops the download when the loop breaks", async () => {
    let rows = 0;
    for await (const b of g.passportBatches({}, { select: ["UUID"], pageSize: 100, limit: 250 })) rows += b.height;
    expect(rows).toBe(250);
    // the export's requests, counted on the wire by an interceptor of the client's own undici dispatcher
    const sent: string[] = [];
    const counting = new Agent().compose((dispatch) => (o, handler) => {
      sent.push(`${o.method} ${o.path.split("?")[0]}`);
      return dispatch(o, handler);
    });
    const c = new Genesys({ baseUrl: sb.url, token: sb.token, dispatcher: counting });
    let batches = 0;
    for await (const _ of c.passportBatches({}, { select: ["UUID"], pageSize: 100 })) if (++batches === 2) break;
    // 5,000 accessions in pages of 100 are 50 requests: after the break, none beyond the page being read and one ahead
    const pages = sent.length;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toHaveLength(pages);
    expect(new Set(sent)).toEqual(new Set(["POST /api/v2/acn/query"]));
    // the client is still usable afterwards
    expect((await c.passports({}, { select: ["UUID"], limit: 5 })).height).toBe(5);
    await c.close();
  });
});

describe("passports()", () => {
  it("returns the MCPD columns with proper dtypes", async () => {
    const df = await g.passports({ crop: ["beans"], institute: { code: ["COL003"] } });
    expect(df.height).toBeGreaterThan(50);
    const s = df.schema;
    expect(s.INSTCODE.variant).toBe("Categorical");
    expect(s.HISTORIC.variant).toBe("Bool");
    expect(s.SAMPSTAT.variant).toBe("Int64");
    expect(s.DECLATITUDE.variant).toBe("Float64");
    expect(s.ACQDATE.variant).toBe("String");
    expect(s.ACQDATE_date.variant).toBe("Date");
    expect(String(s.LASTMODIFIED)).toBe(String(pl.Datetime("ms")));
    expect(df.getColumn("INSTCODE").cast(pl.Utf8).unique().toArray()).toEqual(["COL003"]);
    // complete dates parse, partial ones stay null in the parsed column but keep the MCPD string
    const acq = df.select("ACQDATE", "ACQDATE_date").toRecords() as { ACQDATE: string | null; ACQDATE_date: Date | null }[];
    for (const r of acq) {
      if (r.ACQDATE && /^\d{8}$/.test(r.ACQDATE)) expect(r.ACQDATE_date).not.toBeNull();
      else expect(r.ACQDATE_date).toBeNull();
    }
    expect(acq.some((r) => r.ACQDATE?.endsWith("--"))).toBe(true);
  });

  it("pages transparently across request boundaries, with progress", async () => {
    const whole = await g.passports({ crop: ["wheat"] }, { select: ["UUID", "ACCENUMB"] });
    const progress: number[] = [];
    const paged = await g.passports({ crop: ["wheat"] }, {
      select: ["UUID", "ACCENUMB"],
      pageSize: 97,
      onProgress: (p) => progress.push(p.rows),
    });
    expect(whole.height).toBeGreaterThan(300);
    expect(paged.getColumn("UUID").toArray()).toEqual(whole.getColumn("UUID").toArray());
    expect(progress.at(-1)).toBe(whole.height);
    expect(progress.length).toBeGreaterThan(whole.height / 97);
    const limited = await g.passports({ crop: ["wheat"] }, { select: ["UUID"], limit: 150, pageSize: 100 });
    expect(limited.getColumn("UUID").toArray()).toEqual(whole.getColumn("UUID").toArray().slice(0, 150));
  });

  it("frames built from many pages write to Arrow IPC and Parquet (one dictionary per categorical)", async () => {
    const df = await g.passports({ crop: ["wheat", "maize"] }, { select: ["INSTCODE", "ACCENUMB", "GENUS", "ORIGCTY"], pageSize: 150 });
    expect(df.schema.GENUS.variant).toBe("Categorical");
    const back = pl.readIPC(df.writeIPC());
    expect(back.height).toBe(df.height);
    expect(back.getColumn("GENUS").cast(pl.Utf8).toArray()).toEqual(df.getColumn("GENUS").cast(pl.Utf8).toArray());
    expect(pl.readParquet(df.writeParquet()).height).toBe(df.height);
  });

  it("accepts MCPD names, service paths and aliases in select", async () => {
    const df = await g.passports({ crop: "rice" }, { select: ["INSTCODE", "taxonomy.genus", "geo.latitude LAT", "sampStat"], limit: 20 });
    expect(df.columns).toEqual(["INSTCODE", "taxonomy.genus", "LAT", "sampStat"]);
    expect(df.schema.LAT.variant).toBe("Float64");
  });

  it("returns an empty typed frame when nothing matches", async () => {
    const df = await g.passports({ accessionNumbers: ["NO-SUCH-THING"] }, { select: ["INSTCODE", "SAMPSTAT"] });
    expect(df.height).toBe(0);
    expect(df.columns).toEqual(["INSTCODE", "SAMPSTAT"]);
  });

  it("rejects bad filters and select fields before any request", async () => {
    const srv = await scriptedServer(() => ({ status: 500, body: "{}" }));
    const c = new Genesys({ baseUrl: srv.url, token: "t" });
    await expect(c.passports({ crop: ["maize"], instcode: ["X"] } as never)).rejects.toThrow(/unknown filter key 'instcode'/);
    await expect(c.passports({ historic: "yes" } as never)).rejects.toBeInstanceOf(GenesysInputError);
    await expect(c.passports({}, { select: ["INSTCODE", "NOPE"] })).rejects.toThrow(/unknown select field 'NOPE'/);
    await expect(c.passports({}, { pageSize: 2_000_000 })).rejects.toThrow(
      /'pageSize' of passports\(\) is 2000000; it must be an integer from 1 to 1,000,000/,
    );
    await expect(c.accessions({}, { size: 5000 })).rejects.toThrow(/from 1 to 1,000/);
    expect(srv.seen).toHaveLength(0);
    await c.close();
    await srv.close();
  });
});

describe("accessions()", () => {
  it("api.accessionPage returns a validated page; accessions() flattens all pages with dotted names", async () => {
    const page = await g.api.accessionPage({ crop: ["maize"] }, { size: 10 });
    expect(page.content).toHaveLength(10);
    const df = await g.accessions({ crop: ["potato"] }, { size: 100 });
    const potato = await g.api.accessionPage({ crop: ["potato"] }, { size: 1 });
    expect(df.height).toBe(potato.totalElements);
    expect(df.columns).toEqual(expect.arrayContaining(["uuid", "geo.latitude", "taxonomy.genus", "institute.code", "crop.shortName"]));
    expect(df.schema["sampStat"].variant).toBe("Int64");
  });

  it("api.accessionIterator iterates over every page", async () => {
    const page = await g.api.accessionPage({ crop: ["potato"] }, { size: 1 });
    const ids: string[] = [];
    for await (const a of g.api.accessionIterator({ crop: ["potato"] }, { size: 40 })) ids.push(a.uuid);
    expect(ids).toHaveLength(page.totalElements);
    expect(new Set(ids).size).toBe(ids.length);
    // pages requested ahead still arrive in order: the same sequence as one big page
    const whole = await g.api.accessionPage({ crop: ["potato"] }, { size: 1000 });
    expect(whole.totalElements).toBeLessThan(1000);
    expect(ids).toEqual(whole.content.map((a) => a.uuid));
    // stopping early is fine (prefetched pages are dropped quietly)
    let n = 0;
    for await (const _ of g.api.accessionIterator({ crop: ["potato"] }, { size: 10 })) if (++n === 15) break;
    expect(n).toBe(15);
  });
});

describe("trait workflow", () => {
  it("runs the four steps and pivots by descriptor name, matching the raw rows", async () => {
    const datasets = await g.api.datasetUuids({ crop: ["beans"] });
    expect(datasets).toHaveLength(3);
    const frame = await g.datasets({ crop: ["beans"] });
    expect(frame.getColumn("uuid").toArray()).toEqual(datasets);
    expect(frame.getColumn("crop").toArray()).toEqual(["beans", "beans", "beans"]);
    const tables = await g.api.datatables(datasets);
    const screening = tables.find((t) => t.title.includes("screening"))!;
    const fields = Object.keys(screening.columns);
    const raw = await g.api.observationRows({ datasets: [screening.key], fields, filter: { crop: ["beans"] }, pageSize: 7 });
    const direct = await post(sb, `/dataset/data?l=1000&datasetUuids=${screening.key}&fields=${fields.join(",")}`, {
      filters: { crop: ["beans"] },
    });
    expect(raw).toEqual(direct.json.content);

    const meta = await g.descriptors(fields);
    expect(meta.getColumn("name").toArray()).toEqual(["Seed iron content", "Seed zinc content", "Bean common mosaic virus reaction"]);
    expect(meta.getColumn("unit").toArray()).toEqual(["mg/kg", "mg/kg", null]);

    const { long, wide } = await g.traits({ crop: ["beans"] }, { datasets: [screening.key] });
    expect(wide.columns).toEqual([
      "INSTCODE",
      "ACCENUMB",
      "DOI",
      "UUID",
      "dataset",
      "trial",
      "Seed iron content",
      "Seed zinc content",
      "Bean common mosaic virus reaction",
    ]);
    expect(String(wide.schema["Seed iron content"])).toBe(String(pl.List(pl.Float64)));
    expect(String(wide.schema["Bean common mosaic virus reaction"])).toBe(String(pl.List(pl.Int64)));
    // hand check: every raw value is in the long frame, and the wide row holds each descriptor's array as sent
    const valuesOf = (r: object, f: string) => ((r as Record<string, unknown[] | undefined>)[f] ?? null);
    const count = raw.reduce((s, r) => s + fields.reduce((t, f) => t + (valuesOf(r, f) ?? []).length, 0), 0);
    expect(long.height).toBe(count);
    expect(wide.height).toBe(raw.length);
    for (const r of raw.slice(0, 25)) {
      const w = wide.filter(pl.col("UUID").eq(pl.lit(r.accession))).toRecords()[0] as Record<string, unknown>;
      expect(w.dataset).toBe(screening.key);
      expect(w.ACCENUMB).toBe(r.accessionNumber);
      expect(w["Seed iron content"] ?? null).toEqual(valuesOf(r, fields[0]!));
      expect(w["Seed zinc content"] ?? null).toEqual(valuesOf(r, fields[1]!));
      expect(w["Bean common mosaic virus reaction"] ?? null).toEqual(valuesOf(r, fields[2]!));
    }
  });

  it("keeps each value's dataset: two datasets give two rows per accession; mean aggregates per dataset", async () => {
    const { long, wide, datasets } = await g.traits({ crop: ["beans"] }, {
      descriptors: ["Plant height (cm)", "Plant height (m)"],
      aggregate: "mean",
    });
    expect(datasets.height).toBe(3);
    const perDataset = long.groupBy("dataset").agg(pl.col("descriptor").unique().alias("d")).toRecords();
    expect(perDataset.length).toBe(2); // characterization (cm) and evaluation (m)
    // hand check of one accession-dataset mean against the long frame
    const some = wide.filter(pl.col("Plant height (m)").isNotNull()).row(0);
    const [uuid, ds] = [some[3], some[4]];
    const values = long.filter(pl.col("UUID").eq(pl.lit(uuid)).and(pl.col("dataset").eq(pl.lit(ds)))).getColumn("value")
      .toArray() as number[];
    expect(wide.filter(pl.col("UUID").eq(pl.lit(uuid)).and(pl.col("dataset").eq(pl.lit(ds)))).getColumn("Plant height (m)").toArray()[0])
      .toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 10);
  });

  it("compares the same descriptor across two datasets: one row per accession and dataset", async () => {
    const { wide, datasets } = await g.traits({ crop: ["beans"] }, { descriptors: ["Days to flowering"], aggregate: "mean" });
    const withData = wide.filter(pl.col("Days to flowering").isNotNull());
    expect(new Set(withData.getColumn("dataset").toArray()).size).toBe(2);
    expect(datasets.filter(pl.col("observations").gt(0)).height).toBe(2);
    const both = withData.groupBy("UUID").agg(pl.len().alias("n")).filter(pl.col("n").eq(2));
    expect(both.height).toBeGreaterThan(0);
  });

  it("sandbox trials behave like multi-environment trials: most variance between accessions, repeated values close", async () => {
    const { long } = await g.traits({ crop: ["beans"] }, { descriptors: ["Seed iron content"] });
    const total = long.select(pl.col("value").var()).row(0)[0] as number;
    const within = long.groupBy("UUID").agg(pl.col("value").var().alias("w")).getColumn("w").dropNulls().mean() as number;
    // accession (genetic) variance dominates; repeated values vary, but less than accessions do
    expect(within).toBeGreaterThan(0.05 * total);
    expect(within).toBeLessThan(0.6 * total);
  });

  it("resolves title clashes by unit and decodes coded values on request", async () => {
    const { wide: data, descriptors } = await g.traits({ crop: ["beans"] }, {
      descriptors: ["Plant height", "Seed colour"],
      decode: true,
      aggregate: "first",
    });
    expect(data.columns).toEqual(expect.arrayContaining(["Plant height (cm)", "Plant height (m)", "Seed colour"]));
    expect(descriptors.getColumn("name").toArray().sort()).toEqual(["Plant height (cm)", "Plant height (m)", "Seed colour"]);
    const colours = new Set(data.getColumn("Seed colour").cast(pl.Utf8).dropNulls().toArray());
    for (const c of colours) expect(["White", "Cream", "Yellow", "Brown", "Red", "Purple", "Black", "Mottled"]).toContain(c);
    await expect(g.traits({ crop: ["beans"] }, { descriptors: ["Plant heigth"] })).rejects.toThrow(
      /'Plant heigth' not in the selected datasets/,
    );
  });

  it("types BOOLEAN, DATE, TEXT and SCALE columns", async () => {
    const { wide: data } = await g.traits({ crop: ["maize"] }, {
      descriptors: ["Lodging", "Sowing date", "Field notes", "Drought tolerance"],
      aggregate: "first",
    });
    expect(data.schema["Lodging"].variant).toBe("Bool");
    expect(data.schema["Sowing date"].variant).toBe("Date");
    expect(data.schema["Field notes"].variant).toBe("String");
    expect(data.schema["Drought tolerance"].variant).toBe("Int64");
  });
});

describe("errors and retries", () => {
  it("401 becomes GenesysAuthError with endpoint, status and a hint", async () => {
    const bad = new Genesys({ baseUrl: sb.url, token: "expired-or-wrong" });
    const err = await bad.passports({ crop: ["maize"] }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysAuthError);
    expect(err.status).toBe(401);
    expect(err.endpoint).toBe("POST /api/v2/acn/query");
    expect(err.message).toMatch(/unknown access token/);
    expect(err.hint).toMatch(/GENESYS_TOKEN/);
    await bad.close();
  });

  it("client credentials: one token for many requests; a new one when the server answers 401; refused credentials", async () => {
    // a token valid for 10 minutes is reused: three requests, one token request
    const sb2 = await sandbox({ tokenTtlSeconds: 600 });
    const tokenRequests = () => sb2.tokensGranted();
    const c = new Genesys({ baseUrl: sb2.url, clientId: sb2.clientId, clientSecret: sb2.clientSecret });
    for (let i = 0; i < 3; i++) expect((await c.api.accessionPage({}, { size: 1 })).content).toHaveLength(1);
    expect(tokenRequests()).toBe(1);
    // the server forgets every token (a restart, a revocation): the next request gets 401, the client fetches one new token and
    // retries once
    sb2.revokeTokens();
    expect((await c.api.accessionPage({}, { size: 1 })).content).toHaveLength(1);
    expect(tokenRequests()).toBe(2);
    const wrong = new Genesys({ baseUrl: sb2.url, clientId: sb2.clientId, clientSecret: "bad" });
    const err = await wrong.accessions().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysCredentialsError);
    expect(err.code).toBe("GENESYS_CREDENTIALS");
    expect(err.message).toMatch(/invalid_client/);
    expect(err.hint).toMatch(/GENESYS_CLIENT_SECRET/);
    await c.close();
    await wrong.close();
    await sb2.close();
  });

  it("a 400 from the server is not retried and carries the server's message", async () => {
    const srv = await scriptedServer(() => ({
      status: 400,
      body: JSON.stringify({ error: "unknown filter key 'x'", localizedError: "…" }),
    }));
    const c = new Genesys({ baseUrl: srv.url, token: "t", backoffMs: 1 });
    const err = await c.accessions().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysRequestError);
    expect(err.serverMessage).toBe("unknown filter key 'x'");
    expect(srv.seen).toHaveLength(1);
    await c.close();
    await srv.close();
  });

  it("retries 503 honouring Retry-After, then succeeds", async () => {
    const page = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 100, last: true };
    const srv = await scriptedServer((
      _req,
      n,
    ) => (n < 3 ? { status: 503, headers: { "retry-after": "1" }, body: "busy" } : { status: 200, body: JSON.stringify(page) }));
    const c = new Genesys({ baseUrl: srv.url, token: "t", backoffMs: 1 });
    const r = await c.api.accessionPage();
    expect(r.totalElements).toBe(0);
    expect(srv.seen).toHaveLength(3);
    expect(srv.seen[1]!.at - srv.seen[0]!.at).toBeGreaterThanOrEqual(950);
    await c.close();
    await srv.close();
  });

  it("a connection cut off mid-export is a typed error, never a short frame", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `COL003\tG${i}`).join("\n");
    const srv = await scriptedServer(() => ({
      status: 200,
      headers: { "content-type": "text/csv" },
      body: `INSTCODE\tACCENUMB\n${rows}\n`,
      cutOff: true,
    }));
    const c = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    try {
      const err = await c.passports({}, { select: ["INSTCODE", "ACCENUMB"] }).catch((e) => e);
      expect(err).toBeInstanceOf(GenesysNetworkError);
      expect(err.endpoint).toBe("POST /api/v2/acn/query");
      expect(err.message).toMatch(/connection broke after [\d,]+ bytes/);
      const page = await c.accessions({}).catch((e) => e); // a JSON page cut off: same family
      expect(page).toBeInstanceOf(GenesysNetworkError);
      expect(page.endpoint).toBe("POST /api/v2/acn/filter");
    } finally {
      await c.close();
      await srv.close();
    }
  });

  it("gives up after the retry budget with GenesysServerError", async () => {
    const srv = await scriptedServer(() => ({ status: 502, body: "bad gateway" }));
    const c = new Genesys({ baseUrl: srv.url, token: "t", backoffMs: 1, retries: 2 });
    const err = await c.api.datasetUuids().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysServerError);
    expect(err.status).toBe(502);
    expect(srv.seen).toHaveLength(3);
    await c.close();
    await srv.close();
  });

  it("malformed JSON and schema mismatches raise GenesysResponseError naming the path", async () => {
    const bodies = ["{not json", JSON.stringify({ content: [{ uuid: "u", instituteCode: "X", accessionNumber: 5 }], totalElements: 1 })];
    const srv = await scriptedServer((_r, n) => ({ status: 200, body: bodies[n - 1]! }));
    const c = new Genesys({ baseUrl: srv.url, token: "t" });
    await expect(c.accessions()).rejects.toThrow(/not valid JSON/);
    const err = await c.accessions().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.path).toBe("content[0].accessionNumber");
    await c.close();
    await srv.close();
  });

  it("a CSV truncated inside a quoted field is an error, not a half-filled frame", async () => {
    const srv = await scriptedServer(() => ({
      status: 200,
      headers: { "content-type": "text/csv" },
      body: 'INSTCODE\tREMARKS\nCOL003\t"unfinished\n',
    }));
    const c = new Genesys({ baseUrl: srv.url, token: "t" });
    await expect(c.passports({}, { select: ["INSTCODE", "REMARKS"] })).rejects.toThrow(/ends inside a quoted field/);
    await c.close();
    await srv.close();
  });

  it("fromEnv explains how to start the sandbox when nothing is set", () => {
    const saved = { ...process.env };
    delete process.env.GENESYS_API_URL;
    delete process.env.GENESYS_TOKEN;
    try {
      expect(() => Genesys.fromEnv()).toThrow(/npx genesys-sandbox/);
    } finally {
      Object.assign(process.env, saved);
    }
  });
});

describe("options declared once", () => {
  it("every option of every method is a schema that says what it accepts; the message quotes it", async () => {
    for (const [method, schema] of Object.entries(OPTIONS)) {
      for (const [key, option] of Object.entries(schema.shape as Record<string, { description?: string }>)) {
        expect(option.description, `${method} ${key}`).toMatch(/^(a|an|one of|true|the) |^"snappy" \(the default\)/);
      }
    }
    const e = await g.passports({}, { limit: "5" as unknown as number }).catch((e) => e);
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain(`option 'limit' of passports() is "5"; it must be ${OPTIONS["passports()"].shape.limit.description}`);
  });

  it("the TypeScript types are the schemas' (checked by deno check over this file)", () => {
    // each line fails to type-check if its option's type stops following its schema
    // @ts-expect-error limit is z.number()
    const limit: PassportOptions = { limit: "5" };
    // @ts-expect-error aggregate is one of the schema's reductions
    const aggregate: TraitsOptions = { aggregate: "average" };
    // @ts-expect-error cache modes are the schema's enum
    const cache: FrameOptions = { cache: "sometimes" };
    // @ts-expect-error an option the schema does not declare
    const typo: GenesysOptions = { baseUrl: "http://127.0.0.1:1", selct: [] };
    const fine: GenesysOptions = { baseUrl: "http://127.0.0.1:1", retries: 2, cache: { mode: "on", ttlMs: 1000 } };
    expect([limit, aggregate, cache, typo, fine]).toHaveLength(5);
  });
});
