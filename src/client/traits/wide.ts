/**
 * The wide trait frame: one row per accession and dataset, one column per
 * descriptor (named as in names.ts). By default a column holds every value
 * of the accession in that dataset as a polars List, in the order sent; with
 * `aggregate` each list is reduced to one value. Values are never paired by
 * position across descriptors.
 *
 * Column types: NUMERIC Float64, SCALE Int64 (Float64 if a score is not
 * whole), CODED String codes, BOOLEAN Boolean, DATE Date, TEXT and unknown
 * types String; `decode: true` puts CODED/SCALE labels instead of codes. A
 * column whose values do not all read as its type (a NUMERIC "n/a", a DATE
 * "1999-13-01") is kept as String so nothing is lost, and reported.
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr } from "nodejs-polars";
import type { Descriptor } from "../../schema/responses.ts";
import type { CoercionLog } from "../../kernel/diagnostics.ts";
import { strptimeDate } from "../csv/strptime.ts";

/** Reductions for NUMERIC descriptors. */
export type NumericAggregate = "list" | "mean" | "median" | "min" | "max" | "first" | "count";
/** Reductions for CODED, SCALE and BOOLEAN descriptors: `mode` is the most frequent value, ties to the one sent first. */
export type CodedAggregate = "list" | "mode" | "first" | "count";
/** Reductions for TEXT, DATE and unknown types. */
export type OtherAggregate = "list" | "first" | "count";

/**
 * `"list"` (default) keeps every value. A single name applies to NUMERIC
 * descriptors; CODED/SCALE/BOOLEAN then use `mode` (or `first`/`count` when
 * that is the name), TEXT/DATE keep `list` (or `first`/`count`). An object
 * sets each class.
 */
export type Aggregate = NumericAggregate | { numeric?: NumericAggregate; coded?: CodedAggregate; other?: OtherAggregate };

export interface WideOptions {
  aggregate?: Aggregate;
  /** CODED/SCALE labels instead of codes. Default false. */
  decode?: boolean;
}

type Class = "numeric" | "coded" | "other";
const classOf = (
  type: string,
): Class => (type === "NUMERIC" ? "numeric" : type === "CODED" || type === "SCALE" || type === "BOOLEAN" ? "coded" : "other");

export function resolveAggregate(a: Aggregate | undefined): Record<Class, NumericAggregate | CodedAggregate | OtherAggregate> {
  if (a === undefined) return { numeric: "list", coded: "list", other: "list" };
  if (typeof a === "string") {
    const generic = a === "first" || a === "count" || a === "list";
    return { numeric: a, coded: generic ? a : "mode", other: generic ? a : "list" };
  }
  return { numeric: a.numeric ?? "list", coded: a.coded ?? "list", other: a.other ?? "list" };
}

const KEYS = ["UUID", "dataset"];
const BOOL_TEXT: Record<string, boolean> = { true: true, false: false, "1": true, "0": false };

/** The typed value expression for a descriptor's rows of the long frame (String when its values do not all read as its type). */
const NUMERIC_REDUCTIONS = new Set(["mean", "median", "min", "max"]);

function typedValue(sub: DataFrame, d: Descriptor, name: string, decode: boolean, agg: string, log: CoercionLog): Expr {
  const type = d.dataType;
  const texts = sub.getColumn("text");
  const textCount = sub.height - texts.nullCount();
  // a score as text as it was scored: 7, not 7.0 (a whole SCALE or CODED number written without a fraction)
  const number = type === "NUMERIC"
    ? pl.col("value").cast(pl.Utf8)
    : pl.when(pl.col("value").eq(pl.col("value").round(0)).and(pl.col("value").abs().lt(pl.lit(2 ** 53))))
      .then(pl.col("value").cast(pl.Int64).cast(pl.Utf8)).otherwise(pl.col("value").cast(pl.Utf8));
  const asText = pl.when(pl.col("value").isNotNull()).then(number).otherwise(pl.col("text"));
  if ((type === "CODED" || type === "SCALE") && decode && (d.terms?.length ?? 0) > 0) {
    const bare = sub.filter(pl.col("label").isNull().and(pl.col("value").isNotNull().or(pl.col("text").isNotNull())));
    const shown = bare.select(asText.alias("t")).getColumn("t").unique(true).head(5).toArray() as string[];
    log.add(name, "codes without a term in the descriptor's code list: kept as the code", bare.height, shown);
    return pl.when(pl.col("label").isNotNull()).then(pl.col("label")).otherwise(asText);
  }
  if (type === "NUMERIC" || type === "SCALE") {
    if (textCount > 0) {
      const examples = texts.dropNulls().head(5).toArray() as string[];
      // a statistic is taken over the numbers; a list, first or count keeps every value, as text
      if (type === "NUMERIC" && NUMERIC_REDUCTIONS.has(agg)) {
        log.add(name, `values that are not numbers left out of ${agg}`, textCount, examples);
        return pl.col("value");
      }
      log.add(name, "column kept as String: some values are not numbers", textCount, examples);
      return asText;
    }
    const whole = type === "SCALE" && sub.select(pl.col("value").eq(pl.col("value").round(0)).or(pl.col("value").isNull()).all()).row(0)[0];
    return whole ? pl.col("value").cast(pl.Int64) : pl.col("value");
  }
  if (type === "BOOLEAN") {
    const bad = (texts.dropNulls().toArray() as string[]).filter((t) => !(t.toLowerCase() in BOOL_TEXT));
    if (bad.length) {
      log.add(name, "column kept as String: some values are not true/false", bad.length, bad.slice(0, 5));
      return pl.col("text");
    }
    return pl.when(pl.col("text").isNull()).then(pl.lit(null)).otherwise(
      pl.col("text").str.toLowerCase().eq(pl.lit("true")).or(pl.col("text").eq(pl.lit("1"))),
    ).cast(pl.Bool);
  }
  if (type === "DATE") {
    const parsed = sub.select(strptimeDate(pl.col("text"), "%Y-%m-%d", "^\\d{4}-\\d{2}-\\d{2}$").alias("d")).getColumn("d");
    const bad = parsed.nullCount() - texts.nullCount();
    if (bad > 0) {
      const examples = sub.filter(pl.col("text").isNotNull()).withColumns(parsed.alias("d")).filter(pl.col("d").isNull()).getColumn("text")
        .head(5).toArray() as string[];
      log.add(name, "column kept as String: some values are not YYYY-MM-DD dates", bad, examples);
      return pl.col("text");
    }
    return strptimeDate(pl.col("text"), "%Y-%m-%d", "^\\d{4}-\\d{2}-\\d{2}$");
  }
  return pl.col("text");
}

function reduce(sub: DataFrame, how: string): DataFrame {
  const v = pl.col("v");
  switch (how) {
    case "list":
      return sub.groupBy(KEYS).agg(v);
    case "mode": {
      // most frequent; ties go to the value sent first
      const counted = sub.filter(v.isNotNull()).groupBy([...KEYS, "v"]).agg(
        pl.len().alias("n"),
        pl.col("value_index").min().alias("first"),
      );
      return counted.sort(["n", "first"], [true, false]).groupBy(KEYS).agg(v.first());
    }
    case "count":
      return sub.groupBy(KEYS).agg(v.count().cast(pl.UInt32));
    default:
      return sub.groupBy(KEYS).agg((v as unknown as Record<string, () => Expr>)[how]!.call(v));
  }
}

/**
 * `keys`: one row per accession and dataset (INSTCODE, ACCENUMB, DOI, UUID,
 * dataset) in output order. `descriptors`: in column order, with `names`.
 */
export function wideFrame(
  long: DataFrame,
  keys: DataFrame,
  descriptors: readonly Descriptor[],
  names: ReadonlyMap<string, string>,
  opts: WideOptions,
  log: CoercionLog,
): DataFrame {
  const how = resolveAggregate(opts.aggregate);
  let out = keys;
  for (const d of descriptors) {
    const name = names.get(d.uuid) ?? d.uuid;
    const sub = long.filter(pl.col("descriptor_uuid").eq(pl.lit(d.uuid)));
    const agg = how[classOf(d.dataType)];
    const expr = typedValue(sub, d, name, opts.decode ?? false, agg, log);
    const typed = sub.select(...KEYS, "value_index", expr.alias("v"));
    const reduced = sub.height ? reduce(typed, agg) : emptyReduced(typed, agg);
    out = out.join(reduced.rename({ v: name }), { on: KEYS, how: "left" });
    // a reduced code is a category, as CODED columns are elsewhere
    if (
      agg !== "list" && agg !== "count" && out.getColumn(name).dtype.variant === "String" &&
      (d.dataType === "CODED" || (d.dataType === "SCALE" && opts.decode))
    ) {
      out = out.withColumns(pl.col(name).cast(pl.Categorical));
    }
  }
  return out;
}

/** A descriptor without any value: a column of nulls of the type it would have. */
function emptyReduced(typed: DataFrame, how: string): DataFrame {
  const dtype = typed.getColumn("v").dtype;
  const t = how === "list" ? pl.List(dtype) : how === "count" ? pl.UInt32 : dtype;
  return pl.DataFrame([pl.Series("UUID", [], pl.Utf8), pl.Series("dataset", [], pl.Utf8), pl.Series("v", [], t)]);
}
