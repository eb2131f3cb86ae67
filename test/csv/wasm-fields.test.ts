/**
 * The record scanner's WebAssembly fast path (src/client/csv/wasm) gives the
 * same records, record ends and errors as its state machine alone: random
 * bodies (plain, quoted, escaped, blank lines, ragged records) scanned in
 * chunks of several sizes with the fast path on and off.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RecordScanner } from "../../src/client/csv/record-scanner.ts";
import { fastFieldsAvailable, useFastFields } from "../../src/client/csv/wasm/fast-fields.ts";
import { FIELDS_WAT_SHA256 } from "../../src/client/csv/wasm/fields.ts";

function run(body: Buffer, size: number, columns: number) {
  const s = new RecordScanner(9, columns);
  const ends: number[] = [];
  try {
    for (let i = 0; i < body.length; i += size) {
      const end = s.scan(body.subarray(i, i + size));
      if (end >= 0) ends.push(i + end);
    }
    const fin = s.finish();
    return { records: s.records, blank: s.blank, ends, irregular: s.lastIrregular, unterminated: fin.unterminated };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe("the scanner's WebAssembly fast path", () => {
  it("is built from fields.wat as it is (scripts/build-wasm.mjs) and loads here", () => {
    const wat = readFileSync("src/client/csv/wasm/fields.wat", "utf8");
    expect(createHash("sha256").update(wat).digest("hex").slice(0, 16)).toBe(FIELDS_WAT_SHA256);
    expect(fastFieldsAvailable()).toBe(true);
  });

  it("gives the state machine's answer on random bodies: records, ends, blank lines and errors", () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const plain = () => ["COL003", "G12345", "Phaseolus", "vulgaris", "300", "1.25", "", "LA CRUZ, NARIÑO"][rand(8)]!;
    const odd = () => ['"quoted\ttab"', '5" pot', '"a ""b"""', '"C:\\"', '"x \\"y\\" z"', '"line\nbreak"'][rand(6)]!;
    let compared = 0;
    for (let round = 0; round < 300; round++) {
      const columns = 1 + rand(6);
      const lines: string[] = [];
      for (let r = 0; r < 40 + rand(80); r++) {
        const kind = rand(100);
        if (kind < 2) lines.push(""); // a blank line
        else {
          // now and then a record with a field too many or too few, or a field the dialect reads another way
          const n = kind < 4 ? columns + (rand(2) ? 1 : -1) : columns;
          lines.push(Array.from({ length: Math.max(1, n) }, () => (round % 3 === 0 && rand(20) === 0 ? odd() : plain())).join("\t"));
        }
      }
      const body = Buffer.from(lines.join("\n") + (rand(4) ? "\n" : ""));
      for (const size of [64, 100, 4096, 65536]) {
        useFastFields(false);
        const slow = run(body, size, columns);
        useFastFields(true);
        expect(run(body, size, columns), `round ${round}, chunks of ${size}`).toEqual(slow);
        compared++;
      }
    }
    expect(compared).toBe(1200);
    // and every chunking gives the same records and errors (the ends depend on where chunks are cut)
    const body = Buffer.from(Array.from({ length: 500 }, (_, i) => `a${i}\tb\tc`).join("\n") + "\n");
    const { ends: _e, ...small } = run(body, 7, 3) as { ends: number[] };
    const { ends: _f, ...large } = run(body, 65536, 3) as { ends: number[] };
    expect(large).toEqual(small);
  });
});
