import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { nativeStrptime, strptimeDate, strptimeDatetime } from "../src/client/csv/strptime.ts";

const asText = (df: pl.DataFrame, name: string) => df.getColumn(name).cast(pl.Utf8).toArray();

describe("exact strptime", () => {
  it("the pinned nodejs-polars still has the native exact-parse internals (an upgrade that drops them fails here)", () => {
    expect(nativeStrptime, "nodejs-polars internals changed: update src/client/csv/strptime.ts before bumping the pinned version").toBe(
      true,
    );
  });

  const dates = ["19991101", "199911--", "1999----", "", null, "19991301", "20200229", "20190229", "1999110", "x19991101"];
  const instants = [
    "2019-03-01T10:00:00Z",
    "2019-03-01T10:00:00.123Z",
    "2019-03-01 10:00:00",
    "",
    null,
    "2019-13-01T10:00:00Z",
    "x2019-03-01T10:00:00Z",
  ];

  it("native and public paths agree: only exact, valid values parse; the rest is null", () => {
    const df = pl.DataFrame({ d: pl.Series("d", dates, pl.Utf8) });
    const native = df.select(strptimeDate(pl.col("d"), "%Y%m%d", "^\\d{8}$").alias("x"));
    const fallback = df.select(strptimeDate(pl.col("d"), "%Y%m%d", "^\\d{8}$", { native: false }).alias("x"));
    expect(native.getColumn("x").dtype.equals(pl.Date)).toBe(true);
    expect(asText(native, "x")).toEqual(["1999-11-01", null, null, null, null, null, "2020-02-29", null, null, null]);
    expect(asText(fallback, "x")).toEqual(asText(native, "x"));
  });

  it("parses ISO instants to Datetime(ms), the same on both paths", () => {
    const df = pl.DataFrame({ t: pl.Series("t", instants, pl.Utf8) });
    const fmt = "%Y-%m-%dT%H:%M:%SZ", guard = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$";
    const native = df.select(strptimeDatetime(pl.col("t"), fmt, guard).alias("x"));
    const fallback = df.select(strptimeDatetime(pl.col("t"), fmt, guard, { native: false }).alias("x"));
    for (const r of [native, fallback]) expect(String(r.getColumn("x").dtype)).toBe(String(pl.Datetime("ms")));
    expect(asText(native, "x")).toEqual(["2019-03-01 10:00:00.000", null, null, null, null, null, null]);
    expect(asText(fallback, "x")).toEqual(asText(native, "x"));
  });
});
