/**
 * passportsToParquet(): the export written block by block to a Parquet
 * dataset folder, over real HTTP: against the sandbox (read back equal to
 * passports()), and against a scripted server that cuts a page off or
 * changes its data between runs.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Genesys, GenesysAbortError, GenesysInputError } from "../src/index.ts";
import { pagedExport } from "./helpers/paged-export.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";

let dir: string;
let n = 0;
const fresh = () => join(dir, `d${n++}`);
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-sink-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("passportsToParquet against the sandbox", () => {
  const ctx = useSandboxClient();

  it("writes a dataset that reads back (lazily) equal to passports(), with provenance", async () => {
    const filter = { crop: ["beans"] };
    const df = await ctx.g.passports(filter, { pageSize: 150, onDiagnostics: () => undefined });
    const out = fresh();
    const pages: number[] = [];
    const r = await ctx.g.passportsToParquet(filter, out, { pageSize: 150, onProgress: (p) => pages.push(p.page ?? -1) });
    expect(r.rows).toBe(df.height);
    expect(r.files.length).toBeGreaterThan(1);
    expect(new Set(pages).size).toBeGreaterThan(1);
    const back = pl.scanParquet(`${out}/*.parquet`).collectSync();
    expect(back.columns).toEqual(df.columns);
    expect(back.height).toBe(df.height);
    // same values, same order (Categorical and String compare as text)
    const text = (f: typeof df) => f.select(...f.columns.map((c) => pl.col(c).cast(pl.Utf8))).toRecords();
    expect(text(back)).toEqual(text(df));
    const prov = JSON.parse(readFileSync(join(out, "_provenance.json"), "utf8"));
    // every other file starts with "_": pyarrow (pd.read_parquet(dir)) and Spark skip those, and fail on any other non-Parquet file
    expect(readdirSync(out).filter((f) => !f.endsWith(".parquet")).sort()).toEqual(["_manifest.json", "_provenance.json"]);
    expect(prov.provenance).toMatchObject({ kind: "passports.parquet", rows: df.height, endpoints: ["POST /api/v2/acn/query"] });
    expect(r.provenance.server).toBe(ctx.sb.url);
  });

  it("refuses a folder that holds something else", async () => {
    const out = fresh();
    await ctx.g.passportsToParquet({ crop: ["beans"] }, out, { limit: 10 });
    rmSync(join(out, "_manifest.json"));
    const err = await ctx.g.passportsToParquet({ crop: ["beans"] }, out, { limit: 10 }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysInputError);
    expect(err.message).toMatch(/not a dataset written by passportsToParquet/);
  });
});

describe("passportsToParquet resuming", () => {
  async function service(rows: string[]) {
    const r = await pagedExport(rows);
    return {
      ...r,
      seen: () => r.srv.seen.map((s) => new URL(s.path, "http://x").searchParams).map((q) => `${q.get("p")}/${q.get("l")}`),
      g: new Genesys({ baseUrl: r.srv.url, token: "t", retries: 0 }),
    };
  }
  const acc = (i: number) => `COL003\tG${i}\t${i}`;
  const opts = { select: ["INSTCODE", "ACCENUMB", "ELEVATION"], pageSize: 10 };

  it("a cut export resumes after its last complete page; a decimal later widens every file", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => acc(i));
    rows[22] = "COL003\tG22\t22.5";
    const { srv, state, seen, g } = await service(rows);
    const out = fresh();
    state.cutPage = 2;
    await expect(g.passportsToParquet({}, out, opts)).rejects.toThrow();
    const before = seen().length;
    const r = await g.passportsToParquet({}, out, { ...opts, onDiagnostics: () => undefined });
    // first and last stored row checked alone, then page 2 and the empty page 3
    expect(seen().slice(before)).toEqual(["0/1", "19/1", "2/10", "3/10"]);
    expect(r.rows).toBe(25);
    expect(r.diagnostics.notes.join(" ")).toMatch(/resumed at page 2/);
    expect(r.diagnostics.notes.join(" ")).toMatch(/rewritten/);
    const back = pl.scanParquet(`${out}/*.parquet`).collectSync();
    expect(back.getColumn("ELEVATION").dtype.variant).toBe("Float64");
    expect(back.getColumn("ELEVATION").toArray()).toEqual(Array.from({ length: 25 }, (_, i) => (i === 22 ? 22.5 : i)));
    expect(back.getColumn("ACCENUMB").toArray()).toEqual(Array.from({ length: 25 }, (_, i) => `G${i}`));
    await g.close();
    await srv.close();
  });

  it("an interrupted export (cancelled, or cut mid-page) leaves no half-written part: only the pages its manifest names", async () => {
    // pages of 100,000 rows (about 6 MB each, so several blocks and parts a page)
    const rows = Array.from({ length: 250_000 }, (_, i) => `COL003\tG${i}-${"x".repeat(40)}\t${i % 5000}`);
    const { srv, state, g } = await service(rows);
    const big = { ...opts, pageSize: 100_000 };
    const onlyNamed = (out: string) => {
      const manifest = JSON.parse(readFileSync(join(out, "_manifest.json"), "utf8"));
      expect(manifest.complete).toBe(false);
      const named: string[] = manifest.parts.map((p: { file: string }) => p.file);
      expect(named.length).toBeGreaterThan(1);
      expect(readdirSync(out).filter((f) => f !== "_manifest.json").sort()).toEqual([...named].sort());
      return manifest.parts.reduce((n: number, p: { rows: number }) => n + p.rows, 0);
    };
    // cancelled at page 1's first block
    const out = fresh();
    const ac = new AbortController();
    const onProgress = (p: { page?: number }) => (p.page ?? 0) >= 1 && ac.abort(new Error("enough"));
    const err = await g.passportsToParquet({}, out, { ...big, signal: ac.signal, onProgress }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysAbortError);
    expect(onlyNamed(out)).toBe(100_000);
    // page 1's body cut off near its end, after several of its blocks were written
    const cut = fresh();
    state.cutPage = 1;
    await expect(g.passportsToParquet({}, cut, big)).rejects.toThrow();
    expect(onlyNamed(cut)).toBe(100_000);
    // a later run completes each, taking the complete pages as they are
    for (const dir of [out, cut]) {
      const r = await g.passportsToParquet({}, dir, { ...big, onDiagnostics: () => undefined });
      expect(r.rows).toBe(250_000);
      const back = pl.scanParquet(`${dir}/*.parquet`).select("ACCENUMB").collectSync().getColumn("ACCENUMB").toArray();
      expect(back).toEqual(rows.map((r) => r.split("\t")[1]));
    }
    await g.close();
    await srv.close();
  });

  it("starts over when the service's data changed since the cut", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => acc(i));
    const { srv, state, g } = await service(rows);
    const out = fresh();
    state.cutPage = 2;
    await expect(g.passportsToParquet({}, out, opts)).rejects.toThrow();
    rows.splice(0, 1);
    const r = await g.passportsToParquet({}, out, opts);
    expect(r.rows).toBe(24);
    expect(r.diagnostics.notes.join(" ")).toMatch(/started over/);
    expect(pl.scanParquet(`${out}/*.parquet`).collectSync().getColumn("ACCENUMB").toArray()).toEqual(
      Array.from({ length: 24 }, (_, i) => `G${i + 1}`),
    );
    expect(existsSync(join(out, "_manifest.json"))).toBe(true);
    await g.close();
    await srv.close();
  });
});
