import pl from "nodejs-polars";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastRecordEnd, readCsvStream } from "../src/client/csv-stream.ts";

async function* chunks(text: string, size: number) {
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

describe("readCsvStream", () => {
  const text = 'A\tB\tN\n' + Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? `x${i}\t"multi\nline ""q""\tand tab"\t${i}` : `x${i}\tplain\t${i}`)).join("\n") + "\n";

  it("cuts blocks only at record ends, whatever the chunking", async () => {
    for (const size of [1, 13, 4096]) {
      const r = await readCsvStream(chunks(text, size), { endpoint: "t", dtypes: () => ({ N: pl.Int64 }), blockBytes: 300 });
      expect(r.rows).toBe(500);
      expect(r.frame!.getColumn("N").toArray()).toEqual(Array.from({ length: 500 }, (_, i) => i));
      expect(r.frame!.getColumn("B").toArray()[0]).toBe('multi\nline "q"\tand tab');
    }
  });

  it("detects commas and tolerates backslash-escaped quotes", async () => {
    const r = await readCsvStream(chunks('A,B\n1,"say \\"hi\\" now"\n', 5), { endpoint: "t", dtypes: () => ({}) });
    expect(r.frame!.toRecords()).toEqual([{ A: "1", B: 'say "hi" now' }]);
  });

  it("spools blocks in $GENESYS_SPOOL_DIR and leaves nothing behind, also after a malformed block", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spool-test-"));
    const before = process.env.GENESYS_SPOOL_DIR;
    process.env.GENESYS_SPOOL_DIR = dir;
    try {
      const r = await readCsvStream(chunks(text, 64), { endpoint: "t", dtypes: () => ({ N: pl.Int64 }), blockBytes: 400 });
      expect(r.rows).toBe(500);
      expect(readdirSync(dir)).toEqual([]);
      const bad = "A\tN\n" + Array.from({ length: 200 }, (_, i) => `x${i}\t${i === 150 ? "not-a-number" : i}`).join("\n") + "\n";
      await expect(readCsvStream(chunks(bad, 64), { endpoint: "t", dtypes: () => ({ N: pl.Int64 }), blockBytes: 400 })).rejects.toThrow(/malformed CSV in the block starting at data row \d+/);
      expect(readdirSync(dir)).toEqual([]);
      process.env.GENESYS_SPOOL_DIR = join(dir, "missing");
      await expect(readCsvStream(chunks(text, 64), { endpoint: "t", dtypes: () => ({}) })).rejects.toThrow(/missing/);
    } finally {
      if (before === undefined) delete process.env.GENESYS_SPOOL_DIR;
      else process.env.GENESYS_SPOOL_DIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("treats an empty body as no rows", async () => {
    const r = await readCsvStream(chunks("", 5), { endpoint: "t", dtypes: () => ({}) });
    expect(r.rows).toBe(0);
    expect(r.frame).toBeUndefined();
  });

  it("lastRecordEnd skips newlines inside quotes", () => {
    expect(lastRecordEnd(Buffer.from('a\n"b\nc'))).toBe(2);
    expect(lastRecordEnd(Buffer.from('a\n"b\nc"\n'))).toBe(8);
    expect(lastRecordEnd(Buffer.from("abc"))).toBe(-1);
  });
});
