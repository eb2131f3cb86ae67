import pl from "nodejs-polars";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spoolDir } from "../../src/client/csv/block-file.ts";
import { typedBlocks } from "../../src/client/csv/stream.ts";
import { assembleFrame, type Kinds } from "../../src/client/csv/typing.ts";
import { CoercionLog } from "../../src/kernel/diagnostics.ts";

async function* chunks(text: string, size: number) {
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function read(text: string, size: number, kinds: Kinds = {}, blockBytes?: number) {
  const log = new CoercionLog();
  const frames = [];
  let header: string[] | undefined, rows = 0, bytes = 0;
  for await (const b of typedBlocks(chunks(text, size), { endpoint: "t", kinds: () => kinds, log, blockBytes })) {
    if (b.df.height) frames.push(b.df);
    ({ header, rows, bytes } = b);
  }
  return { frames, header, rows, bytes, frame: assembleFrame(frames, header ?? [], kinds, true, log), log };
}

function withSpoolDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "spool-test-"));
  const before = process.env.GENESYS_SPOOL_DIR;
  process.env.GENESYS_SPOOL_DIR = dir;
  return fn(dir).finally(() => {
    if (before === undefined) delete process.env.GENESYS_SPOOL_DIR;
    else process.env.GENESYS_SPOOL_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  });
}

describe("typedBlocks", () => {
  const text = "A\tB\tN\n" +
    Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? `x${i}\t"multi\nline ""q""\tand tab"\t${i}` : `x${i}\tplain\t${i}`)).join("\n") +
    "\n";

  it("cuts blocks only at record ends, whatever the chunking", async () => {
    for (const size of [1, 13, 4096]) {
      const r = await read(text, size, { N: "int" }, 300);
      expect(r.rows).toBe(500);
      expect(r.frames.length).toBeGreaterThan(1);
      expect(r.frame.getColumn("N").toArray()).toEqual(Array.from({ length: 500 }, (_, i) => i));
      expect(r.frame.getColumn("B").toArray()[0]).toBe('multi\nline "q"\tand tab');
    }
  });

  it("reads backslash-escaped and lazy quotes across block boundaries, and says so", async () => {
    const rows = Array.from(
      { length: 300 },
      (_, i) => (i % 3 === 0 ? `${i}\t"say \\"hi\\" ${i}"` : i % 3 === 1 ? `${i}\t12" disc ${i}` : `${i}\t"C:\\"`),
    );
    const body = "N,V".replace(",", "\t") + "\n" + rows.join("\n") + "\n";
    for (const size of [7, 64, 1 << 16]) {
      const r = await read(body, size, { N: "int" }, 256);
      expect(r.rows).toBe(300);
      const v = r.frame.getColumn("V").toArray();
      expect(v[0]).toBe('say "hi" 0');
      expect(v[1]).toBe('12" disc 1');
      expect(v[2]).toBe("C:\\");
      expect(v[297]).toBe('say "hi" 297');
      expect(r.log.notes.join(" ")).toMatch(/backslash-escaped or lazy quotes/);
    }
  });

  it("reads codes straight into Categorical with every value as sent: quoted, escaped, padded, empty and null", async () => {
    // values worked out by hand from the body: an empty field is null, a quoted empty field the empty string (as in a
    // String column); spaces, tabs, quotes and line ends inside a quoted field are kept
    const values = ["IND002", null, "  PER001 ", 'a "quoted" code', "tab\there", "two\nlines", "", "IND002", null];
    const field = (v: string | null) => (v === null ? "" : v === "" || /[\t\n"]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const body = "INSTCODE\tN\n" + values.map((v, i) => `${field(v)}\t${i}`).join("\n") + "\n";
    for (const size of [5, 1 << 16]) {
      const r = await read(body, size, { INSTCODE: "code", N: "int" }, 64);
      expect(r.frame.getColumn("INSTCODE").dtype.equals(pl.Categorical)).toBe(true);
      expect(r.frame.getColumn("INSTCODE").toArray()).toEqual(values);
      expect(r.frame.getColumn("N").toArray()).toEqual(values.map((_, i) => i));
    }
  });

  it("detects commas", async () => {
    const r = await read('A,B\n1,"x, y"\n', 3);
    expect(r.frame.toRecords()).toEqual([{ A: "1", B: "x, y" }]);
  });

  it("spools blocks privately in $GENESYS_SPOOL_DIR and leaves nothing behind, also after a malformed record", async () => {
    await withSpoolDir(async (dir) => {
      const r = await read(text, 64, { N: "int" }, 400);
      expect(r.rows).toBe(500);
      const own = join(dir, readdirSync(dir)[0]!);
      expect(statSync(own).mode & 0o777).toBe(0o700);
      expect(readdirSync(own)).toEqual([]);
      const bad = "A\tN\n" + Array.from({ length: 200 }, (_, i) => (i === 150 ? "x150" : `x${i}\t${i}`)).join("\n") + "\n";
      await expect(read(bad, 64, { N: "int" }, 400)).rejects.toThrow('malformed CSV: record 151 has 1 field, the header has 2: "x150"');
      expect(readdirSync(own)).toEqual([]);
    });
  });

  it("refuses a spool directory other users can read", async () => {
    const parent = mkdtempSync(join(tmpdir(), "spool-perm-"));
    try {
      const dir = spoolDir(parent);
      const { chmodSync } = await import("node:fs");
      chmodSync(dir, 0o755);
      expect(() => spoolDir(parent)).toThrow(/readable by other users/);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("treats an empty body as no rows", async () => {
    const r = await read("", 5);
    expect(r.rows).toBe(0);
    expect(r.header).toBeUndefined();
  });
});

describe("lenient typing", () => {
  it("reads a decimal in an integer column without failing the export, and reports it", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `${i}\t${i === 321 ? "2167.0" : i * 10}`);
    const r = await read("ID\tELEVATION\n" + rows.join("\n") + "\n", 512, { ID: "int", ELEVATION: "int" }, 512);
    expect(r.frame.schema.ELEVATION.variant).toBe("Int64");
    expect(r.frame.getColumn("ELEVATION").get(321)).toBe(2167);
    expect(r.frame.getColumn("ELEVATION").get(320)).toBe(3200);
    expect(r.log.list()).toEqual([{
      column: "ELEVATION",
      what: "whole numbers written as decimals (e.g. 2167.0) read as integers",
      count: 1,
      examples: ["2167.0"],
    }]);
  });

  it("widens Int64 to Float64 and Bool or numbers to String rather than drop a value", async () => {
    const rows = Array.from(
      { length: 300 },
      (_, i) => `${i}\t${i === 250 ? "12.5" : i}\t${i === 10 ? "Yes" : i === 11 ? "maybe" : "true"}\t${i === 5 ? "n/a" : "1.5"}`,
    );
    const r = await read("ID\tUNCERT\tFLAG\tPDCI\n" + rows.join("\n") + "\n", 333, {
      ID: "int",
      UNCERT: "int",
      FLAG: "bool",
      PDCI: "float",
    }, 256);
    expect(r.frame.schema.UNCERT.variant).toBe("Float64");
    expect(r.frame.getColumn("UNCERT").get(250)).toBe(12.5);
    expect(r.frame.getColumn("UNCERT").get(0)).toBe(0);
    expect(r.frame.schema.FLAG.variant).toBe("String");
    expect(r.frame.getColumn("FLAG").get(11)).toBe("maybe");
    expect(r.frame.getColumn("FLAG").get(10)).toBe("Yes");
    expect(r.frame.schema.PDCI.variant).toBe("String");
    expect(r.frame.getColumn("PDCI").get(5)).toBe("n/a");
    const what = Object.fromEntries(r.log.list().map((c) => [c.column, c]));
    expect(what.UNCERT!.what).toMatch(/widened to Float64/);
    expect(what.FLAG!.examples).toEqual(["maybe"]);
    expect(what.PDCI!.count).toBe(1);
  });

  it("reads booleans spelled another way", async () => {
    const r = await read("A\tB\n1\tTRUE\n2\tno\n3\t\n4\t1\n", 100, { B: "bool" });
    expect(r.frame.getColumn("B").toArray()).toEqual([true, false, null, true]);
    expect(r.log.list()[0]!.count).toBe(3);
  });

  it("parses instants in other ISO forms and keeps what is not an instant as text", async () => {
    const ok = await read("T\n2026-08-03T16:08:11Z\n2026-08-03T16:08:11.250Z\n2026-08-03T18:08:11+02:00\n\n", 100, { T: "instant" });
    expect(String(ok.frame.schema.T)).toBe(String(pl.Datetime("ms")));
    expect((ok.frame.getColumn("T").toArray() as unknown as (Date | null)[]).map((d) => d?.toISOString() ?? null)).toEqual([
      "2026-08-03T16:08:11.000Z",
      "2026-08-03T16:08:11.250Z",
      "2026-08-03T16:08:11.000Z",
      null,
    ]);
    const bad = await read("T\n2026-08-03T16:08:11Z\nyesterday\n", 100, { T: "instant" });
    expect(bad.frame.columns).toEqual(["T", "T_datetime"]);
    expect(bad.frame.getColumn("T").toArray()).toEqual(["2026-08-03T16:08:11Z", "yesterday"]);
    expect(bad.log.list().map((c) => c.examples)).toEqual([["yesterday"]]);
  });

  it("reads LASTMODIFIED written 04-Jun-2026 (Genesys' MCPD download) as the date, and reports it", async () => {
    const r = await read("T\n2026-08-03T16:08:11Z\n04-Jun-2026\n4-jun-2026\n", 100, { T: "instant" });
    expect(String(r.frame.schema.T)).toBe(String(pl.Datetime("ms")));
    expect((r.frame.getColumn("T").toArray() as unknown as Date[]).map((d) => d.toISOString())).toEqual([
      "2026-08-03T16:08:11.000Z",
      "2026-06-04T00:00:00.000Z",
      "2026-06-04T00:00:00.000Z",
    ]);
    expect(r.log.list().map((c) => [c.what, c.count])).toEqual([
      ["instants in another form (ISO 8601 with an offset, a fraction, a space or a date only; DD-Mon-YYYY) read as UTC", 2],
    ]);
    const bad = await read("T\n31-Feb-2026\n04-Jnu-2026\n", 100, { T: "instant" });
    expect(bad.frame.columns).toEqual(["T", "T_datetime"]);
  });

  it("a number sent as 30.0 in an early block keeps its text when a later n/a widens the column to String", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `${i}\t${i === 3 ? "30.0" : i === 280 ? "n/a" : i === 4 ? " 7" : i}`);
    const r = await read("ID\tCOORDUNCERT\n" + rows.join("\n") + "\n", 333, { ID: "int", COORDUNCERT: "int" }, 256);
    expect(r.frame.columns).toEqual(["ID", "COORDUNCERT"]);
    expect(r.frame.schema.COORDUNCERT.variant).toBe("String");
    const values = r.frame.getColumn("COORDUNCERT").toArray();
    expect([values[3], values[4], values[5], values[280]]).toEqual(["30.0", " 7", "5", "n/a"]);
    // without the n/a the column stays integers (30.0 read as 30, and said)
    const ints = await read("ID\tCOORDUNCERT\n" + rows.filter((_, i) => i !== 280).join("\n") + "\n", 333, {
      ID: "int",
      COORDUNCERT: "int",
    }, 256);
    expect(ints.frame.columns).toEqual(["ID", "COORDUNCERT"]);
    expect(ints.frame.getColumn("COORDUNCERT").get(3)).toBe(30);
  });

  it("parses complete dates in other spellings into _date and keeps partial MCPD dates unparsed", async () => {
    const r = await read("D\n19790601\n1979----\n19790601.0\n1979-06-02\n197906xx\n", 100, { D: "mcpdDate" });
    expect(r.frame.getColumn("D").toArray()).toEqual(["19790601", "1979----", "19790601.0", "1979-06-02", "197906xx"]);
    expect((r.frame.getColumn("D_date").toArray() as unknown as (Date | null)[]).map((d) => d?.toISOString().slice(0, 10) ?? null)).toEqual(
      ["1979-06-01", null, "1979-06-01", "1979-06-02", null],
    );
    expect(r.log.list().map((c) => [c.count, c.examples.sort()])).toEqual([[2, ["1979-06-02", "19790601.0"]], [1, ["197906xx"]]]);
  });
});
