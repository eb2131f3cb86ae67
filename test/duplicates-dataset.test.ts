/**
 * Over real HTTP: the passports of a sandbox with planted duplicates (a self-test: the sandbox made them), once as a
 * frame (g.passports()) and once as the Parquet dataset g.passportsToParquet() writes; probableDuplicates(folder)
 * on the folder must give exactly the pairs, sets and summary probableDuplicates() gives on the frame. Blocking by
 * INSTCODE makes every cross-genebank deterministic link cross blocks (the sandbox's links stay within a genus).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnostics, Genesys, GenesysInputError, probableDuplicates, probableDuplicatesInDataset, provenance } from "../src/index.ts";
import type { DuplicateOptionsInput } from "../src/index.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/server.ts";
import { newManifest } from "../src/parts/manifest.ts";

let sb: Sandbox;
let g: Genesys;
let df: DataFrame;
let tmp: string;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({ accessions: 5_000, seed: 11, plantDuplicates: 0.04 });
  g = new Genesys({ baseUrl: sb.url, token: sb.token });
  tmp = mkdtempSync(join(tmpdir(), "genesys-dups-dataset-"));
  dir = join(tmp, "passports");
  await g.passportsToParquet({}, dir);
  df = await g.passports({});
}, 180_000);
afterAll(async () => {
  await g?.close();
  await sb?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const records = (f: DataFrame) => f.toRecords();

describe("probableDuplicates(folder) = probableDuplicates(frame) on the same passports", () => {
  const cases: [string, DuplicateOptionsInput][] = [
    ["by GENUS (default)", {}],
    ["by INSTCODE: deterministic links across blocks, every weak pair too", { blockBy: "INSTCODE", weakPairs: true }],
    ["one block, no weak pairs", { blockBy: null, weakPairs: false }],
  ];
  for (const [name, options] of cases) {
    it(name, async () => {
      const frame = probableDuplicates(df, options);
      const folder = await probableDuplicates(dir, options);
      // without weak pairs, the joining links alone: about 70 at 5,000 accessions since links need the passport's corroboration
      expect(frame.pairs.height).toBeGreaterThan(40);
      expect(frame.sets.height).toBeGreaterThan(50);
      expect(records(folder.pairs)).toEqual(records(frame.pairs));
      expect(records(folder.sets)).toEqual(records(frame.sets));
      expect(records(folder.review)).toEqual(records(frame.review));
      expect(records(folder.summary)).toEqual(records(frame.summary));
      expect(records(folder.commonKeywords)).toEqual(records(frame.commonKeywords));
      expect(folder.rows).toBe(df.height);
    }, 120_000);
  }

  it("both routes cite the passports' source, derived by probableDuplicates() (the kernel attaches it, once)", async () => {
    const folder = await probableDuplicates(dir, { weakPairs: false });
    const frame = probableDuplicates(df, { weakPairs: false });
    for (const f of [folder.sets, folder.pairs, frame.sets, frame.pairs]) {
      const p = provenance(f)!;
      expect(p.server).toBe(sb.url);
      expect(p.derivation?.map((d) => d.by)).toEqual(["probableDuplicates()"]);
      expect(diagnostics(f)?.endpoint).toBe("probableDuplicates()");
    }
  }, 60_000);

  it("the INSTCODE blocks do put deterministic links across blocks (the case above tests that route)", async () => {
    const { pairs } = await probableDuplicates(dir, { blockBy: "INSTCODE", weakPairs: false });
    const cross = pairs.filter(pl.col("strength").eq(pl.lit("deterministic")).and(pl.col("INSTCODE_a").neq(pl.col("INSTCODE_b"))));
    expect(cross.height).toBeGreaterThan(20);
  }, 60_000);
});

describe("blocks split by ORIGCTY (maxBlockRecords), for genera too large for memory", () => {
  it("keeps every deterministic pair and every joining pair of records of one country; says which blocks it split", async () => {
    const frame = probableDuplicates(df, { weakPairs: false });
    const folder = await probableDuplicates(dir, { weakPairs: false, maxBlockRecords: 300 });
    const country = df.select(pl.col("ORIGCTY").cast(pl.Utf8)).getColumn("ORIGCTY").toArray() as (string | null)[];
    const list = (f: DataFrame, keep: (p: { strength: string; row_a: number; row_b: number }) => boolean) =>
      (f.toRecords() as { strength: string; row_a: number; row_b: number }[]).filter(keep).map((p) => `${p.row_a}-${p.row_b}`);
    const det = (p: { strength: string }) => p.strength === "deterministic";
    expect(list(folder.pairs, det)).toEqual(list(frame.pairs, det));
    const sameCountry = (p: { strength: string; row_a: number; row_b: number }) =>
      p.strength === "probable" && country[p.row_a] != null && country[p.row_a] === country[p.row_b];
    const wanted = list(frame.pairs, sameCountry);
    const got = new Set(list(folder.pairs, () => true));
    expect(wanted.length).toBeGreaterThan(10);
    expect(wanted.filter((p) => !got.has(p))).toEqual([]);
    expect(diagnostics(folder.pairs)!.notes.join(" ")).toMatch(/split by ORIGCTY[^:]*: [A-Z]+ \([0-9,]+ records, [0-9]+ countries\)/);
  }, 120_000);
  it("a wrong dataset option is a GenesysInputError naming it", async () => {
    await expect(probableDuplicates(dir, { maxBlockRecord: 5 } as never)).rejects.toThrow(
      /unknown option 'maxBlockRecord' \(did you mean 'maxBlockRecords'\?\)/,
    );
    await expect(probableDuplicates(dir, { maxBlockRecords: 5 })).rejects.toBeInstanceOf(GenesysInputError);
    // the deprecated name is the same finder
    await expect(probableDuplicatesInDataset(dir, {}, { maxBlockRecords: 5 })).rejects.toThrow(/option 'maxBlockRecords' is 5/);
  });
});

describe("what is not a passport dataset", () => {
  const fails = async (path: unknown, what: RegExp, hint: RegExp) => {
    try {
      await probableDuplicates(path as string);
    } catch (e) {
      expect(e).toBeInstanceOf(GenesysInputError);
      expect((e as GenesysInputError).endpoint).toBe("probableDuplicates()");
      expect((e as Error).message).toMatch(what);
      expect((e as GenesysInputError).hint).toMatch(hint);
      return;
    }
    throw new Error(`no error for ${String(path)}`);
  };
  it("a path that does not exist, a file, no path", async () => {
    await fails(join(tmp, "nowhere"), /does not exist/, /passportsToParquet/);
    writeFileSync(join(tmp, "file.csv"), "INSTCODE\n");
    await fails(join(tmp, "file.csv"), /is a file/, /_manifest\.json/);
    await fails(undefined, /expects a polars DataFrame of passports[^]*or the path of a Parquet folder/, /g\.passports\(\)/);
  });
  it("a folder without a manifest, a cut export, a dataset of something else", async () => {
    const other = join(tmp, "other");
    mkdirSync(other);
    await fails(other, /no _manifest\.json/, /passportsToParquet/);
    const manifest = (m: unknown) => writeFileSync(join(other, "_manifest.json"), JSON.stringify(m));
    // the one manifest of the on-disk export format (src/parts/manifest.ts)
    const part = (columns: [string, string][]) => ({ file: "part-000000-0000.parquet", frame: "df", page: 0, rows: 1, columns });
    manifest({ ...newManifest({}), parts: [part([["INSTCODE", "String"], ["ACCENUMB", "String"]])] });
    await fails(other, /not complete/, /resumes/);
    manifest({ ...newManifest({}), complete: true, parts: [part([["trait", "String"]])] });
    await fails(other, /holds no passports/, /passportsToParquet/);
    manifest({ rows: 3 });
    await fails(other, /_manifest\.json is of another format/, /passportsToParquet/);
    // the parts room's own reader refuses a manifest that is a link (readManifest()'s ownership check)
    const elsewhere = join(tmp, "elsewhere.json");
    writeFileSync(elsewhere, JSON.stringify({ ...newManifest({}), complete: true, parts: [] }));
    rmSync(join(other, "_manifest.json"));
    symlinkSync(elsewhere, join(other, "_manifest.json"));
    await fails(other, /_manifest\.json is a link or not the user's own file/, /passportsToParquet/);
  });
});
