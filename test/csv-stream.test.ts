import pl from "nodejs-polars";
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
