/**
 * coreCollection(): the options as documented (size as count or fraction, always/never, seed), diagnostics, and every
 * bad input as a typed error naming what to do. Scores against Core Hunter itself: core-collection-peer.test.ts.
 */
import { describe, expect, it } from "vitest";
import { thrown } from "./helpers/thrown.ts";
import pl from "nodejs-polars";
import { coreCollection, coreScores, diagnostics } from "../src/index.ts";
import { readCoreHunterCsv } from "./helpers/corehunter-csv.ts";

const { df: maize, columns } = readCoreHunterCsv("test/fixtures/core-collection/maize.csv");
const { df: mixed, columns: mixedColumns, ordinal } = readCoreHunterCsv("test/fixtures/core-collection/mixed.csv");

describe("coreCollection()", () => {
  it("gives the same core for the same seed, flags the frame and scores the core as coreScores() does", () => {
    const a = coreCollection(maize, { size: 0.2, columns, seed: 5, maxSeconds: 10 });
    const b = coreCollection(maize, { size: 0.2, columns, seed: 5, maxSeconds: 10 });
    expect(a.rows).toEqual(b.rows);
    expect(a.rows.length).toBe(44);
    expect(a.core.shape.height).toBe(44);
    expect(a.frame.getColumn("core").cast(pl.Int32).sum()).toBe(44);
    expect(a.scores.EN).toBeCloseTo(coreScores(maize, a.rows, { columns }).EN, 12);
    expect(a.scores.anMethod).toEqual({ exact: true });
  });

  it("keeps always in and never out, by id or row number", () => {
    const r = coreCollection(mixed, {
      size: 8,
      columns: mixedColumns,
      ordinal,
      id: "ID",
      always: ["ACC002", 5],
      never: ["ACC001", "ACC003"],
      maxSeconds: 5,
    });
    expect(r.rows).toContain(1);
    expect(r.rows).toContain(5);
    expect(r.rows).not.toContain(0);
    expect(r.rows).not.toContain(2);
  });

  it("reports dropped columns and rows without data, and never puts a row without data in the core", () => {
    const df = mixed.withColumns(pl.lit(3).alias("same"), pl.lit(null).cast(pl.Float64).alias("none"));
    const r = coreCollection(df, { size: 39, columns: [...mixedColumns, "same", "none"], ordinal, maxSeconds: 5 });
    expect(r.rows).not.toContain(39);
    const d = diagnostics(r.frame)!;
    expect(d.coercions.map((c) => [c.column, c.what])).toEqual([
      ["same", "column dropped: constant (the same value in every row)"],
      ["none", "column dropped: no value in any row"],
    ]);
    expect(d.notes[0]).toMatch(/^1 rows have no value in any used column/);
  });

  it("optimises AN and EE when asked, and a weighted objective", () => {
    const en = coreCollection(maize, { size: 20, columns, maxSeconds: 5 });
    const an = coreCollection(maize, { size: 20, columns, objective: "AN", maxSeconds: 5 });
    const ee = coreCollection(maize, { size: 20, columns, objective: "EE", maxSeconds: 5 });
    expect(an.scores.AN).toBeLessThan(en.scores.AN);
    expect(ee.scores.EE).toBeGreaterThanOrEqual(en.scores.EE);
    const w = coreCollection(maize, { size: 20, columns, objective: { EN: 0.5, AN: 0.5 }, maxSeconds: 5 });
    expect(w.scores.AN).toBeLessThan(en.scores.AN);
  });

  it("reports every score of the core it returns, whatever it optimised", () => {
    for (const objective of ["EN", "AN", "EE", { EN: 0.5, AN: 0.5 }, { EE: 1, AN: 1 }] as const) {
      const r = coreCollection(maize, { size: 20, columns, objective, maxSeconds: 2, seed: 3 });
      const s = coreScores(maize, r.rows, { columns });
      expect([r.scores.EN, r.scores.AN, r.scores.EE]).toEqual([s.EN, s.AN, s.EE].map((v) => expect.closeTo(v, 12)));
    }
  });
});

describe("coreCollection() errors", () => {
  it("a size larger than the collection", () => {
    const e = thrown(() => coreCollection(maize, { size: 500, columns }));
    expect(e.message.split("\n")[0]).toBe("coreCollection(): size 500 is larger than the collection (218 accessions)");
    expect(e.hint).toBe("use a size of at most 218, or a fraction like 0.1");
  });
  it("no usable column", () => {
    const df = maize.withColumns(pl.lit("x").alias("same"), pl.lit(null).cast(pl.Utf8).alias("none"));
    const e = thrown(() => coreCollection(df, { size: 10, columns: ["same", "none"] }));
    expect(e.message.split("\n")[0]).toBe("coreCollection(): no usable column: same (constant), none (empty)");
    expect(e.hint).toMatch(/^add columns whose values differ between accessions/);
  });
  it("always and never overlapping", () => {
    const e = thrown(() => coreCollection(maize, { size: 10, columns, always: [1, 2], never: [2] }));
    expect(e.message.split("\n")[0]).toBe("coreCollection(): 1 accession is in both always and never (row 2)");
    expect(e.hint).toBe("remove them from one of the two lists");
  });
  it("always larger than the size", () => {
    const e = thrown(() => coreCollection(maize, { size: 2, columns, always: [1, 2, 3] }));
    expect(e.message.split("\n")[0]).toBe("coreCollection(): always holds 3 accessions, more than the core's size 2");
    expect(e.hint).toBe("raise size to at least 3, or shorten always");
  });
  it("a column the frame does not have, and an unknown option", () => {
    const e = thrown(() => coreCollection(maize, { size: 10, columns: ["GYY"] }));
    expect(e.message.split("\n")[0]).toBe('coreCollection(): the frame has no column "GYY"');
    expect(e.hint).toBe("did you mean 'GY' for 'GYY'? select GYY too");
    const o = thrown(() => coreCollection(maize, { size: 10, columns, objectve: "AN" } as never));
    expect(o.message.split("\n")[0]).toBe("coreCollection(): unknown option 'objectve' (did you mean 'objective'?)");
  });
  it("an id that is not in the frame", () => {
    const e = thrown(() => coreCollection(mixed, { size: 5, columns: mixedColumns, id: "ID", always: ["ACC999"] }));
    expect(e.message.split("\n")[0]).toBe('coreCollection(): always names "ACC999", which is not in column ID');
  });
});

describe("coreCollection() required options", () => {
  it("names size and columns when missing", () => {
    const e = thrown(() => coreCollection(maize, { columns }));
    expect(e.message.split("\n")[0]).toBe("coreCollection(): size is required");
    expect(e.hint).toBe("give a count or a fraction, e.g. { size: 0.1, columns: [...] }");
    const c = thrown(() => coreCollection(maize, { size: 3 }));
    expect(c.message.split("\n")[0]).toBe("coreCollection(): columns is required");
  });
});
