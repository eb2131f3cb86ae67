/**
 * The one on-disk format of an export kept on disk (src/parts/): the passport cache's entries and pages and the
 * Parquet sink's folder are the same kind of folder (Parquet parts and a `_manifest.json` of one zod schema), every dtype
 * passports() produces comes back exactly, and folders of an earlier version's formats are handled truthfully: never
 * read as something they are not, never a crash. Over real HTTP against the sandbox.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Genesys, GenesysInputError, provenance } from "../src/index.ts";
import { cacheKey } from "../src/client/cache/key.ts";
import { CacheStore } from "../src/client/cache/store.ts";
import { PARTS_FORMAT, PartsManifestSchema } from "../src/parts/manifest.ts";
import { atomicWriteAsync } from "../src/parts/private-fs.ts";
import { writePart } from "../src/parts/part.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";

let dir: string;
let n = 0;
const fresh = () => join(dir, `d${n++}`);
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-parts-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schemaText = (df: pl.DataFrame) => Object.entries(df.schema).map(([k, v]) => `${k}: ${String(v)}`);
const quiet = { onDiagnostics: () => undefined };

describe("one format for the cache and the Parquet sink", () => {
  const ctx = useSandboxClient();

  it("every dtype of passports() (Categorical, Date, Datetime, Int64, Float64, Bool, String, with nulls) survives both", async () => {
    const cacheDir = fresh();
    const g = new Genesys({ baseUrl: ctx.sb.url, token: ctx.sb.token, cacheDir, cache: "on" });
    const filter = { crop: ["beans", "maize"] };
    const first = await g.passports(filter, quiet);
    const dtypes = new Set(Object.values(first.schema).map((t) => String(t)));
    for (const t of ["Categorical", "Date", "Datetime(ms,)", "Int64", "Float64", "Bool", "String"]) {
      expect(dtypes).toContain(`DataType(${t})`);
    }
    // nulls in every kind of column
    const nulls = first.nullCount().row(0) as number[];
    expect(first.columns.filter((_, i) => nulls[i]! > 0).map((c) => String(first.schema[c]))).toEqual(
      expect.arrayContaining(["DataType(Date)", "DataType(Float64)", "DataType(Categorical)", "DataType(String)"]),
    );
    const again = await g.passports(filter, quiet);
    expect(provenance(again)!.fromCache).toBe(true);
    expect(schemaText(again)).toEqual(schemaText(first));
    expect(again.frameEqual(first, true)).toBe(true);

    const out = fresh();
    await g.passportsToParquet(filter, out, quiet);
    const back = pl.scanParquet(`${out}/*.parquet`).collectSync();
    expect(schemaText(back)).toEqual(schemaText(first));
    expect(back.frameEqual(first, true)).toBe(true);

    // the same kind of folder: a manifest of the one schema naming Parquet parts, and nothing else but the sink's provenance
    const [entry] = g.cache.list();
    for (const [folder, extra] of [[join(cacheDir, entry!.id), []], [out, ["_provenance.json"]]] as const) {
      const m = PartsManifestSchema.parse(JSON.parse(readFileSync(join(folder, "_manifest.json"), "utf8")));
      expect(m).toMatchObject({ format: PARTS_FORMAT, complete: true });
      expect(readdirSync(folder).sort()).toEqual(["_manifest.json", ...extra, ...m.parts.map((p) => p.file)].sort());
      expect(m.parts.reduce((s, p) => s + p.rows, 0)).toBe(first.height);
    }
    await g.close();
  });

  it("List and Struct columns (the trait frames) come back from a cache entry exactly", () => {
    const s = new CacheStore(fresh(), { onWarning: () => undefined });
    const { id, query } = cacheKey({ server: "https://example.org", kind: "traits", filter: {}, options: {} });
    const wide = pl.DataFrame([
      pl.Series("UUID", ["a", "b", "c"]),
      pl.Series("yield", [[1.5, 2], null, []], pl.List(pl.Float64)),
      pl.Series("colour", [["red"], [], null], pl.List(pl.Utf8)),
    ]).withColumns(pl.struct([pl.col("UUID"), pl.col("yield")]).alias("pair"));
    expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { wide, long: wide.head(1) })).toBe(true);
    const got = s.read(id)!;
    expect(Object.keys(got.frames)).toEqual(["wide", "long"]);
    expect(schemaText(got.frames.wide!)).toEqual(schemaText(wide));
    expect(got.frames.wide!.frameEqual(wide, true)).toBe(true);
  });
});

describe("folders of an earlier version's format", () => {
  const ctx = useSandboxClient();

  it("a cache entry of the earlier format (entry.json and Arrow IPC) is a miss with a warning, then replaced", async () => {
    const cacheDir = fresh();
    const warnings: string[] = [];
    const g = new Genesys({ baseUrl: ctx.sb.url, token: ctx.sb.token, cacheDir, cache: "on" });
    const filter = { crop: ["beans"] };
    const first = await g.passports(filter, quiet);
    const [entry] = g.cache.list();
    const folder = join(cacheDir, entry!.id);
    // the entry as an earlier version wrote it
    const m = JSON.parse(readFileSync(join(folder, "_manifest.json"), "utf8"));
    for (const f of readdirSync(folder)) rmSync(join(folder, f), { recursive: true });
    first.writeIPC(join(folder, "df.ipc"));
    const shapes = { df: { rows: first.height, columns: Object.fromEntries(schemaText(first).map((c) => c.split(": "))) } };
    writeFileSync(join(folder, "entry.json"), JSON.stringify({ ...m.meta, createdAt: m.createdAt, frames: ["df"], shapes }));
    const store = new CacheStore(cacheDir, { onWarning: (w) => warnings.push(w) });
    expect(store.list()).toEqual([]);
    expect(store.read(entry!.id)).toBeUndefined();
    expect(warnings).toEqual([
      expect.stringMatching(/entry .* written by an earlier version .* not read; it is downloaded again and replaced/),
    ]);
    // the client downloads again and stores it in the new format
    const g2 = new Genesys({ baseUrl: ctx.sb.url, token: ctx.sb.token, cacheDir, cache: "on" });
    const again = await g2.passports(filter, quiet);
    expect(provenance(again)!.fromCache).toBe(false);
    expect(again.frameEqual(first, true)).toBe(true);
    expect(readdirSync(folder).sort()).toEqual(["_manifest.json", "df.parquet"]);
    expect(provenance(await g2.passports(filter, quiet))!.fromCache).toBe(true);
    await g.close();
    await g2.close();
  });

  it("pages of the earlier format (pages.json, 000000.ipc) are not resumed, with a warning, and are cleared by page 0", () => {
    const at = fresh();
    const warnings: string[] = [];
    const s = new CacheStore(at, { onWarning: (w) => warnings.push(w) });
    const { id } = cacheKey({ server: "https://example.org", kind: "passports", filter: {}, options: {} });
    const pages = join(at, id, "pages");
    mkdirSync(pages, { recursive: true, mode: 0o700 });
    const page = pl.DataFrame({ ACCENUMB: ["G1", "G2"] });
    page.writeIPC(join(pages, "000000.ipc"));
    writeFileSync(join(pages, "pages.json"), JSON.stringify({ createdAt: "", context: {}, header: ["ACCENUMB"], pages: { 0: {} } }));
    expect(s.readPages(id)).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/pages of entry .* written by an earlier version/)]);
    expect(s.writePage(id, 0, page, ["ACCENUMB"], { pageSize: 2 })).toBe(true);
    expect(readdirSync(pages).sort()).toEqual(["_manifest.json", "page-000000.parquet"]);
    expect(s.readPages(id)!.frames[0]!.frameEqual(page)).toBe(true);
  });

  it("a Parquet sink folder of the earlier manifest is written again, and the diagnostics say so", async () => {
    const out = fresh();
    const filter = { crop: ["beans"] };
    const r = await ctx.g.passportsToParquet(filter, out, { limit: 20, ...quiet });
    // the earlier version's manifest: pages of files, no format
    const old = {
      context: {},
      createdAt: "2026-01-01T00:00:00.000Z",
      schema: [],
      pages: [{ page: 0, files: ["part-000000-0000.parquet"], rows: 20 }],
    };
    writeFileSync(join(out, "_manifest.json"), JSON.stringify({ ...old, complete: false }));
    const again = await ctx.g.passportsToParquet(filter, out, { limit: 20, ...quiet });
    expect(again.rows).toBe(r.rows);
    expect(again.diagnostics.notes.join(" ")).toMatch(
      /the folder held an export this version cannot resume \(.*another format.*\); it was written again/,
    );
    expect(PartsManifestSchema.parse(JSON.parse(readFileSync(join(out, "_manifest.json"), "utf8"))).complete).toBe(true);
  });
});

describe("a folder the sink did not write", () => {
  const ctx = useSandboxClient();

  it("a _manifest.json of another tool is refused, and its folder's Parquet files are left alone", async () => {
    const out = fresh();
    mkdirSync(out);
    writeFileSync(join(out, "_manifest.json"), JSON.stringify({ tool: "someone else's", files: ["data.parquet"] }));
    pl.DataFrame({ x: [1] }).writeParquet(join(out, "data.parquet"));
    const err = await ctx.g.passportsToParquet({ crop: ["beans"] }, out, { limit: 5 }).catch((e) => e);
    expect(err.message).toMatch(/holds a _manifest.json that passportsToParquet\(\) did not write/);
    expect(readdirSync(out).sort()).toEqual(["_manifest.json", "data.parquet"]);
    // a file where the folder should be
    const file = join(out, "data.parquet");
    const notFolder = await ctx.g.passportsToParquet({ crop: ["beans"] }, file, { limit: 5 }).catch((e) => e);
    expect(notFolder).toBeInstanceOf(GenesysInputError);
    expect(notFolder.message).toMatch(/is a file, not a folder/);
  });
});

describe("the part writer", () => {
  it("a write cut off half-way leaves neither the part nor its temporary file; a complete one is renamed into place", async () => {
    const folder = fresh();
    mkdirSync(folder);
    const cut = atomicWriteAsync(join(folder, "part-000000-0000.parquet"), (tmp) => {
      writeFileSync(tmp, "PAR1 half a part");
      return Promise.reject(new Error("connection reset"));
    });
    await expect(cut).rejects.toThrow("connection reset");
    expect(readdirSync(folder)).toEqual([]);
    const df = pl.DataFrame({ ACCENUMB: ["G1", null], n: [1, 2] });
    await writePart(folder, "part-000000-0000.parquet", df);
    expect(readdirSync(folder)).toEqual(["part-000000-0000.parquet"]);
    expect(pl.readParquet(join(folder, "part-000000-0000.parquet")).frameEqual(df, true)).toBe(true);
  });
});
