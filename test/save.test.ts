/**
 * save() and load(): values and dtypes come back as they were, through CSV too
 * (the sidecar names each column's dtype), and what CSV cannot hold is refused.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachDiagnostics, diagnostics } from "../src/kernel/diagnostics.ts";
import { GenesysInputError, load, save } from "../src/index.ts";

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "genesys-save-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dtypes = (df: pl.DataFrame) => Object.fromEntries(Object.entries(df.schema).map(([k, v]) => [k, String(v)]));

/** One column of each dtype a CSV can hold, with a null and an edge value each. */
function everyDtype(): pl.DataFrame {
  return pl.DataFrame({
    ACCENUMB: ["000123", "", null],
    crop: pl.Series("crop", ["beans", "maize", null]).cast(pl.Categorical),
    available: pl.Series("available", [true, false, null]),
    count: pl.Series("count", [0, -9_007_199_254_740_991, null]).cast(pl.Int64),
    small: pl.Series("small", [255, 0, null]).cast(pl.UInt8),
    i32: pl.Series("i32", [-2147483648, 7, null]).cast(pl.Int32),
    lat: pl.Series("lat", [0.1, -1e-300, null]).cast(pl.Float64),
    f32: pl.Series("f32", [0.5, 3.25, null]).cast(pl.Float32),
    ACQDATE: pl.Series("ACQDATE", [new Date(Date.UTC(1999, 11, 31)), new Date(Date.UTC(1850, 0, 1)), null]).cast(pl.Date),
    at: pl.Series("at", [new Date(Date.UTC(2024, 4, 1, 10, 30, 0, 123)), new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 999)), null])
      .cast(pl.Datetime("ms")),
  }).withColumns(
    pl.col("at").cast(pl.Datetime("us", "UTC")).alias("atUtc"),
    pl.col("at").cast(pl.Datetime("us", "Europe/Paris")).alias("atParis"),
  );
}

describe("save() and load() through CSV", () => {
  it("restores every dtype from the sidecar, values exactly", () => {
    const df = everyDtype();
    const path = save(df, join(dir, "every.csv"));
    const back = load(path);
    expect(dtypes(back)).toEqual({
      ACCENUMB: "DataType(String)",
      crop: "DataType(Categorical)",
      available: "DataType(Bool)",
      count: "DataType(Int64)",
      small: "DataType(UInt8)",
      i32: "DataType(Int32)",
      lat: "DataType(Float64)",
      f32: "DataType(Float32)",
      ACQDATE: "DataType(Date)",
      at: "DataType(Datetime(ms,))",
      atUtc: "DataType(Datetime(us,UTC))",
      atParis: "DataType(Datetime(us,Europe/Paris))",
    });
    // hand-written expectations, column by column
    expect(back.getColumn("ACCENUMB").toArray()).toEqual(["000123", "", null]);
    expect(back.getColumn("crop").cast(pl.Utf8).toArray()).toEqual(["beans", "maize", null]);
    expect(back.getColumn("available").toArray()).toEqual([true, false, null]);
    expect(back.getColumn("count").toArray()).toEqual([0, -9_007_199_254_740_991, null]);
    expect(back.getColumn("small").toArray()).toEqual([255, 0, null]);
    expect(back.getColumn("i32").toArray()).toEqual([-2147483648, 7, null]);
    expect(back.getColumn("lat").toArray()).toEqual([0.1, -1e-300, null]);
    expect(back.getColumn("f32").toArray()).toEqual([0.5, 3.25, null]);
    expect(back.getColumn("ACQDATE").cast(pl.Utf8).toArray()).toEqual(["1999-12-31", "1850-01-01", null]);
    expect(back.getColumn("at").cast(pl.Int64).toArray()).toEqual([Date.UTC(2024, 4, 1, 10, 30, 0, 123), -1, null]);
    expect(back.getColumn("atUtc").cast(pl.Int64).toArray()).toEqual([Date.UTC(2024, 4, 1, 10, 30, 0, 123) * 1000, -1000, null]);
    expect(back.getColumn("atParis").cast(pl.Int64).toArray()).toEqual([Date.UTC(2024, 4, 1, 10, 30, 0, 123) * 1000, -1000, null]);
    expect(back.frameEqual(df, true)).toBe(true);
  });

  it("keeps nanoseconds and microseconds of a Datetime", () => {
    const df = pl.DataFrame({ t: pl.Series("t", [1_700_000_000_123_456_789n, -1n]).cast(pl.Datetime("ns")) })
      .withColumns(pl.col("t").cast(pl.Datetime("us")).alias("u"));
    const back = load(save(df, join(dir, "ns.csv")));
    expect(dtypes(back)).toEqual({ t: "DataType(Datetime(ns,))", u: "DataType(Datetime(us,))" });
    expect(back.frameEqual(df, true)).toBe(true);
  });

  it("refuses List and Struct columns for CSV, naming them and pointing to Parquet or IPC", () => {
    const df = pl.DataFrame({ id: [1, 2], values: [[1, 2], [3]], site: [{ lat: 1, lon: 2 }, { lat: 3, lon: 4 }] });
    const err = (() => {
      try {
        save(df, join(dir, "nested.csv"));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(GenesysInputError);
    expect(err!.message).toMatch(/values \(List/);
    expect(err!.message).toMatch(/site \(Struct/);
    expect(err!.message).not.toMatch(/id \(/);
    expect(err!.message).toMatch(/\.parquet or \.ipc/);
    // Parquet and IPC keep them
    for (const ext of ["parquet", "ipc"]) expect(load(save(df, join(dir, `nested.${ext}`))).frameEqual(df)).toBe(true);
  });

  it("stores diagnostics in the sidecar and attaches them again", () => {
    const df = pl.DataFrame({ x: [1, 2] });
    const d = {
      endpoint: "POST /api/v2/acn/query",
      coercions: [{ column: "x", what: "decimal read as integer", count: 1, examples: ["1.0"] }],
      notes: ["n"],
    };
    attachDiagnostics(df, d);
    for (const ext of ["csv", "parquet"]) {
      const path = save(df, join(dir, `diag.${ext}`));
      expect(JSON.parse(readFileSync(`${path}.provenance.json`, "utf8")).diagnostics).toEqual(d);
      expect(diagnostics(load(path))).toEqual(d);
    }
  });
});
