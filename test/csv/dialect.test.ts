/**
 * The byte layer: record boundaries and values by the documented dialect,
 * checked at every split offset, against an independent reader (papaparse)
 * where the input is plain RFC 4180 and against hand-worked values where it
 * is not.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { parseRecords, toRfc4180 } from "../../src/client/csv/decode.ts";
import { CsvSyntaxError, RecordScanner } from "../../src/client/csv/record-scanner.ts";

const TAB = 9;
const enc = (s: string) => Buffer.from(s, "utf8");

/** Scans `text` cut into two chunks at `split`; returns the absolute record-end offsets seen. */
function scanSplit(text: string, split: number, columns: number) {
  const buf = enc(text);
  const s = new RecordScanner(TAB, columns);
  const ends: number[] = [];
  for (const [a, b] of [[0, split], [split, buf.length]] as const) {
    const cut = s.scan(buf.subarray(a, b));
    if (cut >= 0) ends.push(a + cut);
  }
  const end = s.finish();
  return { records: s.records, ends, end, irregular: s.lastIrregular >= 0 };
}

const rfc = [
  'a\tb\tc\n1\t"two\nlines"\t3\n',
  'x\t"tab\there"\t"q ""quoted"" q"\n""\t \t"\r\n"\n',
  "1\t2\t3\r\n4\t5\t6\r\n",
  'é\t"ü\n"\t日本\n',
];

describe("record scanner and decoder", () => {
  it("agree with papaparse on RFC 4180 input, whatever the split", () => {
    for (const text of rfc) {
      const newline = text.endsWith("\r\n") ? "\r\n" : "\n"; // CRLF files end their records with CRLF; a CR inside quotes is data
      const oracle = Papa.parse<string[]>(text, { delimiter: "\t", newline, skipEmptyLines: true }).data;
      const columns = oracle[0]!.length;
      expect(parseRecords(enc(text), TAB).map((r) => r.map((v) => v ?? ""))).toEqual(oracle);
      const whole = scanSplit(text, 0, columns);
      expect(whole.records).toBe(oracle.length);
      expect(whole.irregular).toBe(false);
      for (let split = 1; split < enc(text).length; split++) {
        const r = scanSplit(text, split, columns);
        expect(r.records, `split at ${split}`).toBe(oracle.length);
        // the last record end is found whatever the split
        expect(Math.max(...r.ends)).toBe(Math.max(...whole.ends));
      }
    }
  });

  it("reads backslash-escaped quotes, also an odd number and right before a delimiter or line end", () => {
    const text = [
      "A\tB\tC",
      '1\t"say \\"hi\\" now"\tx', // balanced escapes
      '2\t"12\\" disc"\ty', // one escaped quote (odd count)
      '3\t"ends with quote\\""\tz', // escaped quote right before the closing quote
      '4\t"C:\\"\tw', // RFC 4180: a backslash, then the closing quote before a delimiter
      '5\t"path\\"', // ... and before a line end (last field)
    ].join("\n").replace(/\tw$/m, "\tw") + "\n";
    // record 5 has 2 fields: fix the fixture to 3
    const fixed = text.replace('5\t"path\\"\n', '5\tv\t"path\\"\n');
    expect(parseRecords(enc(fixed), TAB)).toEqual([
      ["A", "B", "C"],
      ["1", 'say "hi" now', "x"],
      ["2", '12" disc', "y"],
      ["3", 'ends with quote"', "z"],
      ["4", "C:\\", "w"],
      ["5", "v", "path\\"],
    ]);
    // the header counts here: the scanner is given the whole text
    for (let split = 1; split < fixed.length; split++) expect(scanSplit(fixed, split, 3).records, `split at ${split}`).toBe(6);
    expect(scanSplit(fixed, 0, 3).irregular).toBe(true);
  });

  it("reads lazy quotes: a bare quote in an unquoted field, a stray quote in a quoted one", () => {
    const text = 'A\tB\n12" disc\t"a "lazy" one"\n5\'3"\tx\n';
    expect(parseRecords(enc(text), TAB)).toEqual([["A", "B"], ['12" disc', 'a "lazy" one'], ["5'3\"", "x"]]);
    for (let split = 1; split < text.length; split++) expect(scanSplit(text, split, 2).records).toBe(3);
  });

  it("rewrites irregular records as RFC 4180 that papaparse reads to the same values", () => {
    const text = 'A\tB\n12" disc\t"say \\"hi\\""\n\n"C:\\"\t""\n';
    const rewritten = toRfc4180(enc(text), TAB, 2).toString("utf8");
    const oracle = Papa.parse<string[]>(rewritten, { delimiter: "\t", newline: "\n", skipEmptyLines: true }).data;
    expect(oracle).toEqual([["A", "B"], ['12" disc', 'say "hi"'], ["C:\\", ""]]);
    // the empty string stays quoted (not null)
    expect(rewritten.split("\n")[2]).toBe('C:\\\t""');
  });

  it("checks every record's field count, naming the 1-based record", () => {
    const text = "A\tB\tC\n1\t2\t3\n4\t5\n6\t7\t8\n";
    const body = enc(text.slice(text.indexOf("\n") + 1));
    for (let split = 0; split <= body.length; split++) {
      const s = new RecordScanner(TAB, 3);
      let err: unknown;
      try {
        s.scan(body.subarray(0, split));
        s.scan(body.subarray(split));
        s.finish();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(CsvSyntaxError);
      expect((err as CsvSyntaxError).record).toBe(2);
      expect((err as CsvSyntaxError).message).toBe("record 2 has 2 fields, the header has 3");
      expect(body.subarray((err as CsvSyntaxError).start, (err as CsvSyntaxError).end).toString()).toBe("4\t5");
    }
    const long = new RecordScanner(TAB, 2);
    expect(() => long.scan(enc("1\t2\t3\n"))).toThrow("record 1 has 3 fields, the header has 2");
  });

  it("tells a body cut in the middle of a record from one whose last line end is missing", () => {
    const cut = new RecordScanner(TAB, 3);
    cut.scan(enc("1\t2\t3\n4\t5"));
    expect(() => cut.finish()).toThrow("record 2 has 2 fields, the header has 3");
    const quoted = new RecordScanner(TAB, 2);
    quoted.scan(enc('1\t"open'));
    expect(() => quoted.finish()).toThrow(/ends inside a quoted field of record 1/);
    const noEol = new RecordScanner(TAB, 2);
    noEol.scan(enc("1\t2\n3\t4"));
    expect(noEol.finish()).toEqual({ unterminated: true });
    expect(noEol.records).toBe(2);
  });

  it("bounds a record's length", () => {
    const s = new RecordScanner(TAB, 2, 1000);
    expect(() => s.scan(enc(`1\t"${"x".repeat(2000)}`))).toThrow(/record 1 is longer than/);
  });
});
