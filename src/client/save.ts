/**
 * Saving a frame with where it came from: `save(df, "out/beans.parquet")`
 * writes the data and, next to it, `beans.parquet.provenance.json` (the
 * provenance record, the citation, each column's dtype and the frame's
 * diagnostics). nodejs-polars cannot write Parquet key-value metadata, so the
 * record goes to that sidecar, for Parquet as for CSV and Arrow IPC.
 * `load(path)` reads both back; a CSV is read as text and every column cast
 * to the dtype the sidecar names, so `000123` stays text and dates are dates.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, Expr } from "nodejs-polars";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, extname } from "node:path";
import { type Diagnostics, diagnostics } from "../kernel/diagnostics.ts";
import { publishOne } from "../kernel/result.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { atomicWrite, atomicWriteText } from "../parts/private-fs.ts";
import { citation, type Provenance, provenance } from "../kernel/provenance.ts";
import { nativeOf, wrapNative } from "./csv/strptime.ts";

const sidecar = (path: string) => `${path}.provenance.json`;
const FORMATS = [".parquet", ".csv", ".ipc", ".arrow"];

/** The sidecar next to a saved file. */
interface Sidecar {
  provenance: Provenance | null;
  citation: string;
  /** Column name -> dtype as `String(dtype)`, e.g. `DataType(Datetime(ms,))`. */
  columns?: Record<string, string>;
  diagnostics?: Diagnostics;
}

function formatOf(path: string): string {
  const ext = extname(path).toLowerCase();
  if (!FORMATS.includes(ext)) {
    throw new GenesysInputError(`cannot tell the format of '${path}'`, {
      endpoint: "save()",
      hint: `end the path with ${FORMATS.join(", ")}`,
    });
  }
  return ext;
}

/** Dtypes CSV has no text form for. */
const NESTED = /^DataType\((List|Array|Struct|Object)\b/;

/**
 * Writes the frame (Parquet, CSV or Arrow IPC, by extension) and its sidecar; returns the path.
 * Both are written under temporary names and renamed, so a crash never leaves a half-written file.
 * CSV cannot hold List or Struct columns: saving one to CSV raises `GenesysInputError` naming them.
 * @example
 * ```ts
 * import { Genesys, save } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * save(df, "out/beans.parquet"); // and out/beans.parquet.provenance.json
 * ```
 */
export function save(df: DataFrame, path: string): string {
  const ext = formatOf(path);
  const columns = Object.fromEntries(Object.entries(df.schema).map(([k, v]) => [k, String(v)]));
  if (ext === ".csv") {
    const nested = Object.entries(columns).filter(([, t]) => NESTED.test(t)).map(([k, t]) => `${k} (${t.replace(/^DataType\(|\)$/g, "")})`);
    if (nested.length) {
      throw new GenesysInputError(`CSV cannot hold nested columns: ${nested.join(", ")}`, {
        endpoint: "save()",
        hint: "save to .parquet or .ipc, which keep List and Struct columns, or drop or flatten those columns before saving to CSV",
      });
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  atomicWrite(path, (tmp) => {
    if (ext === ".parquet") df.writeParquet(tmp);
    else if (ext === ".csv") df.writeCSV(tmp);
    else df.writeIPC(tmp);
  }, 0o666);
  const d = diagnostics(df);
  const record: Sidecar = {
    provenance: provenance(df) ?? null,
    citation: citation(df).text,
    columns,
    ...(d ? { diagnostics: d } : {}),
  };
  atomicWriteText(sidecar(path), JSON.stringify(record, null, 1), 0o666);
  return path;
}

/**
 * Reads a file written by `save()`, with its provenance and diagnostics attached again (`provenance(df)`,
 * `citation(df)`, `diagnostics(df)`). A CSV with a sidecar gets back the dtypes it was saved with.
 * @example
 * ```ts
 * import { load, provenance } from "genesys-notebook";
 * const df = load("out/beans.parquet");
 * console.log(provenance(df)?.downloadedAt);
 * ```
 */
export function load(path: string): DataFrame {
  const ext = formatOf(path);
  const meta = existsSync(sidecar(path)) ? (JSON.parse(readFileSync(sidecar(path), "utf8")) as Sidecar) : undefined;
  let df: DataFrame;
  if (ext === ".csv") {
    df = meta?.columns ? restoreDtypes(pl.readCSV(path, { inferSchemaLength: 0 }), meta.columns, path) : pl.readCSV(path);
  } else df = ext === ".parquet" ? pl.readParquet(path) : pl.readIPC(readFileSync(path));
  return publishOne(df, { provenance: meta?.provenance ?? undefined, diagnostics: meta?.diagnostics ?? undefined });
}

const SIMPLE: Record<string, DataType> = {
  Int8: pl.Int8,
  Int16: pl.Int16,
  Int32: pl.Int32,
  Int64: pl.Int64,
  UInt8: pl.UInt8,
  UInt16: pl.UInt16,
  UInt32: pl.UInt32,
  UInt64: pl.UInt64,
  Float32: pl.Float32,
  Float64: pl.Float64,
  Categorical: pl.Categorical,
};

/**
 * Text as polars' CSV writer writes a Datetime (`2024-05-01T10:30:00.123`, with `+0000` when it has a
 * time zone) back to that Datetime, to the nanosecond. The native method takes the unit; without it
 * (another nodejs-polars) the public strptime reads milliseconds.
 */
function parseDatetime(col: Expr, unit: "ms" | "us" | "ns", tz: string | undefined): Expr {
  const fmt = tz ? "%Y-%m-%dT%H:%M:%S%.f%z" : "%Y-%m-%dT%H:%M:%S%.f";
  const inner = nativeOf(col);
  const parsed = wrapNative && inner?.strToDatetime
    ? wrapNative(inner.strToDatetime(fmt, unit, tz ? "UTC" : undefined, true, true, false, undefined))
    : col.str.strptime(pl.Datetime("ms"), fmt).cast(tz ? pl.Datetime(unit, "UTC") : pl.Datetime(unit));
  return tz && tz !== "UTC" ? parsed.dt.convertTimeZone(tz) : parsed;
}

/** The expression that turns a text column back into `dtype` (a `String(dtype)`); undefined keeps the text. */
function restoreExpr(name: string, dtype: string): Expr | undefined {
  const col = pl.col(name);
  const m = /^DataType\((.*)\)$/.exec(dtype);
  const t = m?.[1] ?? dtype;
  if (t === "String" || t === "Utf8") return undefined;
  if (SIMPLE[t]) return col.cast(SIMPLE[t]!, true);
  if (t === "Bool" || t === "Boolean") {
    return pl.when(col.eq(pl.lit("true"))).then(pl.lit(true)).when(col.eq(pl.lit("false"))).then(pl.lit(false)).otherwise(pl.lit(null))
      .cast(pl.Bool);
  }
  if (t === "Date") return col.str.strptime(pl.Date, "%Y-%m-%d");
  const dt = /^Datetime\((ms|us|ns),(.*)\)$/.exec(t);
  if (dt) return parseDatetime(col, dt[1] as "ms" | "us" | "ns", dt[2] || undefined);
  return undefined;
}

/** Casts every column read as text to the dtype recorded for it; a value that does not fit raises GenesysInputError. */
function restoreDtypes(df: DataFrame, columns: Record<string, string>, path: string): DataFrame {
  const exprs: Expr[] = [];
  for (const name of df.columns) {
    const e = columns[name] ? restoreExpr(name, columns[name]!) : undefined;
    if (e) exprs.push(e.alias(name));
  }
  if (!exprs.length) return df;
  try {
    return df.withColumns(...exprs);
  } catch (e) {
    throw new GenesysInputError(`'${path}' does not read back with the dtypes its sidecar records: ${(e as Error).message}`, {
      endpoint: "load()",
      hint: "the CSV was changed after save(); remove its .provenance.json sidecar to let polars guess the dtypes",
    });
  }
}
