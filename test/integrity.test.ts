/**
 * Integrity on the export path: headers, numbers, encodings, non-CSV bodies,
 * drifting pages, paging guards and ambiguous escapes, each served over
 * loopback by a scripted server. Expected values are written by hand from
 * the bodies sent, never computed with src/schema or the client's code.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { DataFrame } from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnostics, Genesys, GenesysInputError, GenesysResponseError } from "../src/index.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const tsv = { "content-type": "text/tab-separated-values;charset=UTF-8" };
const quiet = { onDiagnostics: () => undefined };
let spool: string;
const before = process.env.GENESYS_SPOOL_DIR;
beforeAll(() => {
  spool = mkdtempSync(join(tmpdir(), "genesys-integrity-"));
  process.env.GENESYS_SPOOL_DIR = spool;
});
afterAll(() => {
  if (before === undefined) delete process.env.GENESYS_SPOOL_DIR;
  else process.env.GENESYS_SPOOL_DIR = before;
  rmSync(spool, { recursive: true, force: true });
});

const pOf = (url: string | undefined) => Number(new URL(url ?? "/", "http://x").searchParams.get("p") ?? 0);
const lOf = (url: string | undefined) => Number(new URL(url ?? "/", "http://x").searchParams.get("l") ?? 0);

/** Answers /acn/query with `pages[p]` (a body, or [body, headers]); past the last page, nothing. */
async function exportOf(
  pages: (string | Buffer | [string | Buffer, Record<string, string>])[],
  fn: (g: Genesys) => Promise<unknown>,
) {
  const srv = await scriptedServer((req) => {
    const page = pages[pOf(req.url)];
    if (page === undefined) return { status: 200, headers: tsv, body: "" };
    const [body, headers] = Array.isArray(page) ? page : [page, tsv];
    return { status: 200, headers, body };
  });
  const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
  try {
    return { result: await fn(g).catch((e) => e), seen: srv.seen };
  } finally {
    await g.close();
    await srv.close();
  }
}

const SELECT = ["INSTCODE", "ACCENUMB", "ELEVATION"];

describe("column names", () => {
  it("puts every value under its own header when names look like integers", async () => {
    // "2019" and "1" are extra columns; an object would list them first, and a positional schema would shift values
    const body = "INSTCODE\tACCENUMB\t2019\tELEVATION\t1\nCOL003\tG1\tyes\t2167\tx\nPER001\tG2\tno\t50\ty\n";
    const { result: df } = await exportOf([body], (g) => g.passports({}, { select: SELECT, ...quiet })) as { result: DataFrame };
    expect(df.columns).toEqual(["INSTCODE", "ACCENUMB", "2019", "ELEVATION", "1"]);
    expect(df.getColumn("INSTCODE").toArray()).toEqual(["COL003", "PER001"]);
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(["G1", "G2"]);
    expect(df.getColumn("2019").toArray()).toEqual(["yes", "no"]);
    expect(df.getColumn("ELEVATION").toArray()).toEqual([2167, 50]);
    expect(df.getColumn("1").toArray()).toEqual(["x", "y"]);
    expect(diagnostics(df)!.coercions).toEqual([]);
  });

  it("names empty and repeated header names, and says so", async () => {
    const body = "INSTCODE\t\tACCENUMB\tINSTCODE\tHöhe\nCOL003\ta\tG1\tdup\t12\n";
    const { result: df } = await exportOf([body], (g) => g.passports({}, { select: ["INSTCODE", "ACCENUMB"], ...quiet })) as {
      result: DataFrame;
    };
    expect(df.columns).toEqual(["INSTCODE", "column_2", "ACCENUMB", "INSTCODE_2", "Höhe"]);
    expect(df.row(0)).toEqual(["COL003", "a", "G1", "dup", "12"]);
    const notes = diagnostics(df)!.notes.join(" ");
    expect(notes).toMatch(/column 2 has no name/);
    expect(notes).toMatch(/'INSTCODE' more than once; column 4 is named 'INSTCODE_2'/);
  });

  it("property: random names of digits, empties, repeats and unicode never move a value", async () => {
    const pool = ["0", "1", "2", "10", "2019", "007", "", "é", "名前", "Höhe", "a b", "INSTCODE", "ACCENUMB", "-1", "1.5"];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let round = 0; round < 25; round++) {
      const width = 1 + rand(9);
      // the selected column first (a header without it is a GenesysResponseError), then random names
      const names = ["INSTCODE", ...Array.from({ length: width - 1 }, () => pool[rand(pool.length)]!)];
      const rows = 3;
      const body = [names.join("\t"), ...Array.from({ length: rows }, (_, r) => names.map((_, c) => `v${r}_${c}`).join("\t"))]
        .join("\n") + "\n";
      const { result: df } = await exportOf([body], (g) => g.passports({}, { select: ["INSTCODE"], ...quiet })) as { result: DataFrame };
      expect(df.width, `names ${JSON.stringify(names)}`).toBe(width);
      names.forEach((name, c) => {
        const col = df.columns[c];
        // the first column of a name keeps it
        if (name !== "" && names.indexOf(name) === c) expect(col).toBe(name);
        expect(df.getColumn(col).toArray(), `column ${c} of ${JSON.stringify(names)}`).toEqual(
          Array.from({ length: rows }, (_, r) => `v${r}_${c}`),
        );
      });
    }
  });
});

describe("numbers in integer columns", () => {
  it("keeps NaN, Infinity and 1e20 as Float64 and a 20-digit integer as String, and says so truthfully", async () => {
    const floats = "INSTCODE\tACCENUMB\tELEVATION\nA\t1\t12\nA\t2\tNaN\nA\t3\tInfinity\nA\t4\t1e20\n";
    const { result: df } = await exportOf([floats], (g) => g.passports({}, { select: SELECT, ...quiet })) as { result: DataFrame };
    expect(df.schema.ELEVATION.variant).toBe("Float64");
    const v = df.getColumn("ELEVATION").toArray();
    expect(v[0]).toBe(12);
    expect(Number.isNaN(v[1])).toBe(true);
    expect(v[2]).toBe(Infinity);
    expect(v[3]).toBe(1e20);
    const whats = diagnostics(df)!.coercions.filter((c) => c.column === "ELEVATION").map((c) => `${c.what}: ${c.count}`);
    expect(whats).toContain("NaN or infinite values in an integer column: column widened to Float64: 2");
    expect(whats, JSON.stringify(whats)).toContain("numbers beyond the Int64 range: column widened to Float64: 1");
    expect(whats.join(" ")).not.toMatch(/read as integers/);

    const big = "INSTCODE\tACCENUMB\tELEVATION\nA\t1\t12\nA\t2\t12345678901234567890\n";
    const { result: df2 } = await exportOf([big], (g) => g.passports({}, { select: SELECT, ...quiet })) as { result: DataFrame };
    expect(df2.schema.ELEVATION.variant).toBe("String");
    expect(df2.getColumn("ELEVATION").toArray()).toEqual(["12", "12345678901234567890"]);
    expect(diagnostics(df2)!.coercions[0]).toMatchObject({
      column: "ELEVATION",
      what: "integers beyond Int64 that Float64 would round: column kept as String",
      examples: ["12345678901234567890"],
    });
  });
});

describe("encodings", () => {
  const latin1 = (s: string) => Buffer.from(s, "latin1");
  const plain = "INSTCODE\tACCENUMB\tCOLLSITE\nCOL003\tG1\tNARIÑO\nCOL003\tG2\tCAUCA\n";
  // a lazy quote makes the block one the dialect rewrites
  const rewritten = 'INSTCODE\tACCENUMB\tCOLLSITE\nCOL003\tG1\t5" NARIÑO\nCOL003\tG2\tCAUCA\n';
  const select = ["INSTCODE", "ACCENUMB", "COLLSITE"];

  for (const [name, text] of [["a plain block", plain], ["a block read by the dialect", rewritten]]) {
    it(`a Latin-1 byte in ${name} without a declared charset is an error naming record and byte`, async () => {
      const { result: err } = await exportOf([latin1(text)], (g) => g.passports({}, { select, ...quiet }));
      expect(err).toBeInstanceOf(GenesysResponseError);
      const offset = latin1(text).indexOf(0xd1) - latin1(text).indexOf(10) - 1;
      expect((err as Error).message).toMatch(new RegExp(`invalid UTF-8 at byte ${offset} of the data \\(record 1\\)`));
      expect((err as Error).message).not.toMatch(/\uFFFD/);
    });

    it(`${name} in a declared ISO-8859-1 body is decoded by that charset`, async () => {
      const headers = { "content-type": "text/tab-separated-values;charset=ISO-8859-1" };
      const { result: df } = await exportOf([[latin1(text), headers]], (g) => g.passports({}, { select, ...quiet })) as {
        result: DataFrame;
      };
      expect(df.getColumn("COLLSITE").toArray()).toEqual([text.includes('5"') ? '5" NARIÑO' : "NARIÑO", "CAUCA"]);
      expect(diagnostics(df)!.notes.join(" ")).toMatch(/charset iso-8859-1/);
    });
  }
});

describe("bodies that are not text CSV", () => {
  const body = "INSTCODE\tACCENUMB\tELEVATION\nCOL003\tG1\t12\n";

  it("decompresses a gzip body sent without Content-Encoding, and says so", async () => {
    const { result: df } = await exportOf([gzipSync(body)], (g) => g.passports({}, { select: SELECT, ...quiet })) as { result: DataFrame };
    expect(df.columns).toEqual(SELECT);
    expect(df.row(0)).toEqual(["COL003", "G1", 12]);
    expect(diagnostics(df)!.notes.join(" ")).toMatch(/gzip-compressed without a Content-Encoding/);
  });

  it("names a zstd or zip body instead of reading junk", async () => {
    for (const [magic, kind] of [[[0x28, 0xb5, 0x2f, 0xfd], "zstd"], [[0x50, 0x4b, 0x03, 0x04], "zip"]] as const) {
      const { result: err } = await exportOf([Buffer.from([...magic, 1, 2, 3, 4, 5])], (g) => g.passports({}, { select: SELECT }));
      expect(err).toBeInstanceOf(GenesysResponseError);
      expect((err as Error).message).toMatch(new RegExp(`got a ${kind} file`));
    }
  });

  it("rejects CR-only line ends explicitly", async () => {
    const { result: err } = await exportOf([body.replaceAll("\n", "\r")], (g) => g.passports({}, { select: SELECT }));
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect((err as Error).message).toMatch(/CR alone/);
  });

  it("treats a whitespace-only body like an empty one", async () => {
    const { result: df } = await exportOf([" \n  \n\t\n"], (g) => g.passports({}, { select: SELECT, ...quiet })) as { result: DataFrame };
    expect(df.height).toBe(0);
    expect(df.columns).toEqual(SELECT);
  });
});

describe("pages", () => {
  const SEL = ["INSTCODE", "ACCENUMB", "ELEVATION"];
  it("aligns pages whose headers list the columns in another order, by name, and says so", async () => {
    const pages = [
      "INSTCODE\tACCENUMB\tELEVATION\nA\t1\t10\nA\t2\t20\n",
      "ACCENUMB\tINSTCODE\tELEVATION\n3\tB\t30\n4\tB\t40\n",
      "INSTCODE\tACCENUMB\tELEVATION\nC\t5\t50\n",
    ];
    const { result: df } = await exportOf(pages, (g) => g.passports({}, { select: SEL, pageSize: 2, ...quiet })) as { result: DataFrame };
    expect(df.columns).toEqual(SEL);
    expect(df.getColumn("INSTCODE").toArray()).toEqual(["A", "A", "B", "B", "C"]);
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(["1", "2", "3", "4", "5"]);
    expect(df.getColumn("ELEVATION").toArray()).toEqual([10, 20, 30, 40, 50]);
    expect(diagnostics(df)!.notes.join(" ")).toMatch(/page 1 lists the columns in another order/);
  });

  it("a page without a selected column is a GenesysResponseError naming the page and the column, never nulls", async () => {
    const pages = ["INSTCODE\tACCENUMB\tELEVATION\nA\t1\t10\nA\t2\t20\n", "INSTCODE\tACCENUMB\nC\t5\n"];
    const { result: err } = await exportOf(pages, (g) => g.passports({}, { select: SEL, pageSize: 2, ...quiet }));
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect((err as Error).message).toMatch(/page 1 of the export has no column 'ELEVATION', asked for in select/);
  });

  it("stops with a typed error when the service ignores p (the same page again)", async () => {
    const srv = await scriptedServer(() => ({ status: 200, headers: tsv, body: "INSTCODE\tACCENUMB\nA\t1\nA\t2\n" }));
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const err = await g.passports({}, { select: ["INSTCODE", "ACCENUMB"], pageSize: 2 }).catch((e) => e);
    await g.close();
    await srv.close();
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/page 1 repeats the rows of page 0: the service ignores the page parameter p/);
    expect(srv.seen).toHaveLength(2);
  });

  it("keeps paging past a short page when the service caps l, until an empty page", async () => {
    // the service answers at most 3 rows a page, whatever l asks, and pages by its own size
    const rows = Array.from({ length: 8 }, (_, i) => `A\t${i + 1}`);
    const srv = await scriptedServer((req) => {
      const p = pOf(req.url);
      expect(lOf(req.url)).toBe(1_000_000);
      return { status: 200, headers: tsv, body: ["INSTCODE\tACCENUMB", ...rows.slice(p * 3, p * 3 + 3)].join("\n") + "\n" };
    });
    const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const df = await g.passports({}, { select: ["INSTCODE", "ACCENUMB"], ...quiet });
    await g.close();
    await srv.close();
    expect(df.getColumn("ACCENUMB").toArray()).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(srv.seen.map((s) => pOf(s.path))).toEqual([0, 1, 2, 3]);
    expect(diagnostics(df)!.notes.join(" ")).toMatch(/caps page sizes/);
  });
});

describe("backslash escapes", () => {
  it("reads \\\" before a line end inside a value when only that reading gives the header's field count", async () => {
    // REMARKS holds: say \"hi\"<LF>and more   (an escaped quote, then a line break inside the quoted value)
    const body = 'INSTCODE\tACCENUMB\tREMARKS\tELEVATION\nCOL003\tG1\t"say \\"hi\\"\nand more"\t5\nCOL003\tG2\t"C:\\"\t6\n';
    const { result: df } = await exportOf([body], (g) => g.passports({}, { select: ["INSTCODE", "ACCENUMB", "REMARKS", "ELEVATION"] })) as {
      result: DataFrame;
    };
    expect(df.getColumn("REMARKS").toArray()).toEqual(['say "hi"\nand more', "C:\\"]);
    expect(df.getColumn("ELEVATION").toArray()).toEqual([5, 6]);
  });
});

describe("spool directory", () => {
  it("a spool directory that cannot be used is a GenesysInputError naming GENESYS_SPOOL_DIR, not a plain Error", async () => {
    const file = join(spool, "not-a-dir");
    writeFileSync(file, "x");
    const was = process.env.GENESYS_SPOOL_DIR;
    process.env.GENESYS_SPOOL_DIR = file;
    try {
      const { result: err } = await exportOf(["INSTCODE\tACCENUMB\nA\t1\n"], (g) => g.passports({}, { select: ["INSTCODE", "ACCENUMB"] }));
      expect(err).toBeInstanceOf(GenesysInputError);
      expect((err as Error).message).toMatch(/spool directory[\s\S]*GENESYS_SPOOL_DIR/);
    } finally {
      process.env.GENESYS_SPOOL_DIR = was;
    }
  });
});
