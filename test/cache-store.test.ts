/**
 * CacheStore on its own: pages with their time and context, verified entries,
 * temporaries of writers that are gone, an unusable cache directory, and a
 * cache directory other users could tamper with (links, foreign owners).
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKey } from "../src/client/cache/key.ts";
import { CacheStore } from "../src/client/cache/store.ts";

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-store-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(dir, `c${n++}`);
const root = process.getuid?.() === 0;

/** A store whose warnings are collected. */
function store(at = freshDir()) {
  const warnings: string[] = [];
  return { s: new CacheStore(at, { onWarning: (m) => warnings.push(m) }), warnings, at };
}
const key = (crop: string) => cacheKey({ server: "https://example.org", kind: "passports", filter: { crop: [crop] }, options: {} });
const frame = (from: number, rows = 3) =>
  pl.DataFrame({ ACCENUMB: Array.from({ length: rows }, (_, i) => `G${from + i}`), n: Array.from({ length: rows }, (_, i) => from + i) });
function writeEntry(s: CacheStore, crop: string, df = frame(0)) {
  const { id, query } = key(crop);
  expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { df })).toBe(true);
  return id;
}

describe("pages of an unfinished export", () => {
  it("records when the first page was written and the caller's context; pages up to the first gap", () => {
    const { s, at } = store();
    const { id } = key("beans");
    const before = Date.now();
    const context = { pageSize: 3, total: 12, lastRow: "abc" };
    expect(s.writePage(id, 0, frame(0), ["A", "B"], context)).toBe(true);
    expect(s.writePage(id, 1, frame(3), ["A", "B"], { other: true })).toBe(true);
    expect(s.writePage(id, 3, frame(9), ["A", "B"], {})).toBe(true);
    const got = s.readPages(id)!;
    expect(got.frames.map((f) => f.getColumn("n").toArray())).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(got.header).toEqual(["A", "B"]);
    // the first page's time and context stay
    expect(got.context).toEqual(context);
    expect(Date.parse(got.createdAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(got.createdAt)).toBeLessThanOrEqual(Date.now());
    const rec = JSON.parse(readFileSync(join(at, id, "pages", "_manifest.json"), "utf8"));
    expect(rec.parts[1]).toEqual({
      file: "page-000001.parquet",
      frame: "df",
      page: 1,
      rows: 3,
      columns: [["ACCENUMB", "DataType(String)"], ["n", "DataType(Float64)"]],
    });
    // page 0 again starts a new export: new context, the earlier pages are gone
    expect(s.writePage(id, 0, frame(100, 2), ["A", "B"], { pageSize: 2 })).toBe(true);
    expect(s.readPages(id)).toMatchObject({ context: { pageSize: 2 } });
    expect(s.readPages(id)!.frames).toHaveLength(1);
    s.dropPages(id);
    expect(s.readPages(id)).toBeUndefined();
    expect(existsSync(join(at, id, "pages"))).toBe(false);
  });

  it("a page whose file does not match its recorded rows or schema ends the run there", () => {
    const { s, at } = store();
    const { id } = key("maize");
    for (let p = 0; p < 3; p++) s.writePage(id, p, frame(p * 3), ["A"], {});
    const pages = join(at, id, "pages");
    // page 1 replaced by a frame with other rows
    frame(50, 2).writeParquet(join(pages, "page-000001.parquet"));
    expect(s.readPages(id)!.frames).toHaveLength(1);
    s.writePage(id, 1, frame(3), ["A"], {});
    expect(s.readPages(id)!.frames).toHaveLength(3);
    // page 2 replaced by a frame with the same rows but another schema
    frame(6).withColumns(pl.col("n").cast(pl.Int32)).writeParquet(join(pages, "page-000002.parquet"));
    expect(s.readPages(id)!.frames).toHaveLength(2);
    // page 0 unreadable: nothing
    writeFileSync(join(pages, "page-000000.parquet"), "not parquet");
    expect(s.readPages(id)).toBeUndefined();
  });
});

describe("entries are verified when read", () => {
  it("an entry whose data file does not match its manifest (rows or schema) is not served, and is removed", () => {
    const { s, at } = store();
    const id = writeEntry(s, "beans");
    expect(s.read(id)!.frames.df!.height).toBe(3);
    expect(s.read(id)!.meta.shapes).toEqual({ df: { rows: 3, columns: { ACCENUMB: "DataType(String)", n: "DataType(Float64)" } } });
    expect(JSON.parse(readFileSync(join(at, id, "_manifest.json"), "utf8")).parts).toEqual([
      { file: "df.parquet", frame: "df", page: 0, rows: 3, columns: [["ACCENUMB", "DataType(String)"], ["n", "DataType(Float64)"]] },
    ]);
    frame(0, 2).writeParquet(join(at, id, "df.parquet"));
    expect(s.read(id)).toBeUndefined();
    expect(existsSync(join(at, id))).toBe(false);
    const id2 = writeEntry(s, "beans");
    frame(0).withColumns(pl.col("n").cast(pl.Utf8)).writeParquet(join(at, id2, "df.parquet"));
    expect(s.read(id2)).toBeUndefined();
  });

  it("an entry planted under another query's id, or whose query was edited, is not served", () => {
    const { s, at } = store();
    const beans = writeEntry(s, "beans", frame(0));
    const maize = key("maize").id;
    const meta = JSON.parse(readFileSync(join(at, beans, "_manifest.json"), "utf8"));
    /** beans' entry copied to maize's folder, with `entry` as its manifest */
    const plant = (entry: unknown) => {
      mkdirSync(join(at, maize), { mode: 0o700 });
      writeFileSync(join(at, maize, "df.parquet"), readFileSync(join(at, beans, "df.parquet")), { mode: 0o600 });
      writeFileSync(join(at, maize, "_manifest.json"), JSON.stringify(entry), { mode: 0o600 });
    };
    plant(meta);
    expect(s.read(maize)).toBeUndefined();
    // ... with its id edited to match the folder
    plant({ ...meta, meta: { ...meta.meta, id: maize } });
    expect(s.read(maize)).toBeUndefined();
    // beans' own entry with its query edited
    const edited = { ...meta, meta: { ...meta.meta, query: { ...meta.meta.query, kind: "accessions" } } };
    writeFileSync(join(at, beans, "_manifest.json"), JSON.stringify(edited), { mode: 0o600 });
    expect(s.read(beans)).toBeUndefined();
    expect(s.list()).toEqual([]);
  });
});

describe("temporary files", () => {
  it("those of writers that are gone are removed and not counted; a live writer's are kept", () => {
    const { s, at } = store();
    const id = writeEntry(s, "beans");
    const size = s.size();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const old = (Date.now() - 5 * 60_000) / 1000;
    const ancient = (Date.now() - 2 * 3600_000) / 1000;
    const deadTemp = join(at, id, `df.ipc.${dead}.0123456789abcdef.tmp`);
    const liveTemp = join(at, id, `df.ipc.${process.pid}.fedcba9876543210.tmp`);
    const ancientTemp = join(at, id, `entry.json.${process.pid}.00112233445566ff.tmp`);
    const legacyTemp = join(at, id, `df.ipc.${dead}.1700000000000.4.tmp`);
    for (const f of [deadTemp, liveTemp, ancientTemp, legacyTemp]) writeFileSync(f, Buffer.alloc(10_000));
    for (const f of [deadTemp, legacyTemp]) utimesSync(f, old, old);
    utimesSync(ancientTemp, ancient, ancient);
    // a live writer's temporary file is kept, and not counted: it is no entry yet
    expect(s.size()).toBe(size);
    expect(existsSync(deadTemp) || existsSync(legacyTemp) || existsSync(ancientTemp)).toBe(false);
    expect(existsSync(liveTemp)).toBe(true);
    // a new store sweeps when first used, pages too
    mkdirSync(join(at, id, "pages"), { mode: 0o700 });
    const pageTemp = join(at, id, "pages", `page-000000.parquet.${dead}.0123456789abcdef.tmp`);
    writeFileSync(pageTemp, "x");
    utimesSync(pageTemp, old, old);
    expect(store(at).s.read(id)).toBeDefined();
    expect(existsSync(pageTemp)).toBe(false);
  });

  it("a write killed mid-way: its temporary file is neither counted by size() nor read, and removed once stale", () => {
    const { s, at } = store();
    const id = writeEntry(s, "beans");
    const size = s.size();
    const listed = s.list()[0]!.bytes;
    // a process that starts writing a part under its temporary name and is killed (SIGKILL) before the rename
    const tmp = join(at, id, "df.parquet.PID.0123456789abcdef.tmp");
    const code = `const fs = require("node:fs"); fs.writeFileSync(${
      JSON.stringify(tmp)
    }.replace("PID", process.pid), Buffer.alloc(50_000)); process.kill(process.pid, "SIGKILL");`;
    const killed = spawnSync(process.execPath, ["-e", code]);
    expect(killed.signal).toBe("SIGKILL");
    const left = tmp.replace("PID", String(killed.pid));
    expect(existsSync(left)).toBe(true);
    expect(s.size()).toBe(size);
    expect(s.list()[0]!.bytes).toBe(listed);
    expect(s.read(id)).toBeDefined();
    const old = (Date.now() - 5 * 60_000) / 1000;
    utimesSync(left, old, old);
    expect(s.size()).toBe(size);
    expect(existsSync(left)).toBe(false);
  });

  it("a write leaves no temporary behind, and entries are private (dirs 0700, files 0600)", () => {
    const { s, at } = store(join(freshDir(), "nested", "cache"));
    const id = writeEntry(s, "beans");
    s.writePage(key("maize").id, 0, frame(0), ["A"], {});
    const all = readdirSync(at, { recursive: true }).map(String);
    expect(all.filter((f) => f.includes(".tmp"))).toEqual([]);
    expect(statSync(at).mode & 0o777).toBe(0o700);
    expect(statSync(join(at, id)).mode & 0o777).toBe(0o700);
    expect(statSync(join(at, key("maize").id, "pages")).mode & 0o777).toBe(0o700);
    for (const f of all) {
      const st = lstatSync(join(at, f));
      expect(st.mode & 0o777, f).toBe(st.isDirectory() ? 0o700 : 0o600);
    }
  });
});

describe("an unusable cache directory", () => {
  it("a regular file as cache directory: write and writePage return false, never throw, one warning", () => {
    const file = join(freshDir());
    writeFileSync(file, "x");
    for (const at of [file, join(file, "sub")]) {
      const { s, warnings } = store(at);
      const { id, query } = key("beans");
      expect(s.read(id)).toBeUndefined();
      expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { df: frame(0) })).toBe(false);
      expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { df: frame(0) })).toBe(false);
      expect(s.writePage(id, 0, frame(0), ["A"], {})).toBe(false);
      expect(s.readPages(id)).toBeUndefined();
      expect(s.list()).toEqual([]);
      expect(s.size()).toBe(0);
      expect(s.clear()).toBe(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^cache not read or written: .*; the data is returned/);
      expect(s.warnings).toEqual(warnings);
    }
  });

  it("an entry folder that cannot be written: write returns false with 'cache not written: <why>'", () => {
    const { s, warnings, at } = store();
    const id = writeEntry(s, "beans");
    rmSync(join(at, id), { recursive: true });
    writeFileSync(join(at, id), "not a folder", { mode: 0o600 });
    const { query } = key("beans");
    expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { df: frame(0) })).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^cache not written: .*not a directory; the data is returned$/)]);
  });
});

describe("a cache directory others could tamper with", () => {
  it("one others may write to is refused: no read, no write, a warning, no throw", () => {
    const { s, warnings, at } = store();
    const id = writeEntry(s, "beans");
    chmodSync(at, 0o777);
    expect(s.read(id)).toBeUndefined();
    expect(s.list()).toEqual([]);
    expect(s.write({ ...key("maize"), createdAt: new Date().toISOString(), provenance: {} }, { df: frame(0) })).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/other users may write to it \(mode 777\)/)]);
    chmodSync(at, 0o755);
    // ours and only readable by others (as earlier versions made it): used, and made private
    expect(s.read(id)).toBeDefined();
    expect(statSync(at).mode & 0o777).toBe(0o700);
  });

  it.skipIf(!root)("one another user owns is refused; so is an entry or a file another user owns", () => {
    const { s, warnings, at } = store();
    const id = writeEntry(s, "beans");
    chownSync(at, 65534, 65534);
    expect(s.read(id)).toBeUndefined();
    expect(s.write({ ...key("maize"), createdAt: "", provenance: {} }, { df: frame(0) })).toBe(false);
    expect(warnings[0]).toMatch(/belongs to another user \(uid 65534\)/);
    chownSync(at, 0, 0);
    const fresh = store(at).s;
    expect(fresh.read(id)).toBeDefined();
    chownSync(join(at, id, "df.parquet"), 65534, 65534);
    expect(fresh.read(id)).toBeUndefined();
    const id2 = writeEntry(fresh, "maize");
    chownSync(join(at, id2), 65534, 65534);
    expect(fresh.read(id2)).toBeUndefined();
    expect(fresh.list()).toEqual([]);
  });

  it("a link at an entry folder: nothing written into its target, its pages folder not deleted", () => {
    const { s, warnings, at } = store();
    mkdirSync(at, { mode: 0o700 });
    const target = mkdtempSync(join(dir, "victim-"));
    mkdirSync(join(target, "pages"));
    writeFileSync(join(target, "pages", "keep.txt"), "precious");
    const { id, query } = key("beans");
    symlinkSync(target, join(at, id));
    expect(s.write({ id, query, createdAt: new Date().toISOString(), provenance: {} }, { df: frame(0) })).toBe(false);
    expect(s.writePage(id, 0, frame(0), ["A"], {})).toBe(false);
    s.dropPages(id);
    expect(s.clear()).toBe(0);
    expect(readdirSync(target)).toEqual(["pages"]);
    expect(readFileSync(join(target, "pages", "keep.txt"), "utf8")).toBe("precious");
    expect(warnings.join("\n")).toMatch(/symbolic link/);
    // an entry read through a link is not served either
    const other = store().s;
    const real = writeEntry(other, "beans");
    rmSync(join(at, id));
    renameSync(join(other.dir, real), join(target, "e"));
    symlinkSync(join(target, "e"), join(at, id));
    expect(s.read(id)).toBeUndefined();
    expect(existsSync(join(target, "e", "_manifest.json"))).toBe(true);
  });

  it("a link at pages/: write() and dropPages() remove the link, never the target's files", () => {
    const { s, at } = store();
    const id = writeEntry(s, "beans");
    const target = mkdtempSync(join(dir, "victim-"));
    writeFileSync(join(target, "keep.txt"), "precious");
    symlinkSync(target, join(at, id, "pages"));
    expect(s.readPages(id)).toBeUndefined();
    expect(s.writePage(id, 0, frame(0), ["A"], {})).toBe(false);
    s.dropPages(id);
    expect(existsSync(join(at, id, "pages"))).toBe(false);
    symlinkSync(target, join(at, id, "pages"));
    expect(writeEntry(s, "beans")).toBe(id);
    expect(existsSync(join(at, id, "pages"))).toBe(false);
    expect(readdirSync(target)).toEqual(["keep.txt"]);
  });

  it("a link planted at a file name in an entry is replaced, its target untouched", () => {
    const { s, at } = store();
    const id = writeEntry(s, "beans");
    const victim = join(mkdtempSync(join(dir, "victim-")), "file");
    writeFileSync(victim, "precious");
    rmSync(join(at, id, "df.parquet"));
    symlinkSync(victim, join(at, id, "df.parquet"));
    expect(s.read(id)).toBeUndefined();
    writeEntry(s, "beans");
    expect(lstatSync(join(at, id, "df.parquet")).isFile()).toBe(true);
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(s.read(id)).toBeDefined();
  });
});
