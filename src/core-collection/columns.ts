/**
 * A frame's chosen columns read into Gower's typed arrays (gower.ts), with Core Hunter's per-column rules: a numeric
 * column's range is max - min over all rows; an ordinal column's values are ranked among its distinct values in
 * ascending order (numbers by value, text by code unit, as Java's String.compareTo); text, categorical and
 * boolean columns are nominal (booleans asymmetric binary). Columns that are empty or constant are dropped and
 * reported: Core Hunter would keep them (a constant column adds 0 to every distance and 1 to its denominator).
 */
import pl, { type DataFrame } from "nodejs-polars";
import type { ColumnKind, GowerColumn, GowerData } from "./gower.ts";

export interface ColumnSpec {
  /** Columns to use; the kind comes from the dtype (numbers numeric, text and categorical nominal, booleans binary). */
  columns: readonly string[];
  /** Of these, the ones to treat as ordinal (ranked among their distinct values). */
  ordinal?: readonly string[];
}

export interface PreparedColumns {
  data: GowerData;
  /** Column name -> why it was dropped ("empty", "constant"). */
  dropped: { column: string; why: string }[];
  /** Rows where every used column is missing. */
  rowsWithoutData: number[];
}

interface Read {
  name: string;
  kind: ColumnKind;
  range: number;
  /** Scaled numbers (numeric, ordinal), codes (nominal), 0/1 (binary); missing as NaN / -1 / 255. */
  values: Float64Array | Int32Array | Uint8Array;
  distinct: number;
}

function kindOf(df: DataFrame, name: string, ordinal: boolean): ColumnKind {
  if (ordinal) return "ordinal";
  const s = df.getColumn(name);
  if (s.dtype.equals(pl.Bool)) return "binary";
  return s.isNumeric() ? "numeric" : "nominal";
}

function readNumeric(raw: unknown[]): Read {
  const v = new Float64Array(raw.length);
  let min = Infinity, max = -Infinity, present = 0;
  for (let i = 0; i < raw.length; i++) {
    const x = raw[i] == null ? NaN : Number(raw[i]);
    v[i] = x;
    if (x === x) {
      present++;
      if (x < min) min = x;
      if (x > max) max = x;
    }
  }
  const range = present ? max - min : 0;
  for (let i = 0; i < v.length; i++) if (v[i] === v[i]) v[i] = range > 0 ? v[i]! / range : 0;
  return { name: "", kind: "numeric", range, values: v, distinct: present ? (range > 0 ? 2 : 1) : 0 };
}

function readOrdinal(raw: unknown[], numeric: boolean): Read {
  const levels = [...new Set(raw.filter((x) => x != null))] as (number | string)[];
  if (numeric) (levels as number[]).sort((a, b) => a - b);
  else levels.sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  const rank = new Map(levels.map((l, i) => [l, i]));
  const range = Math.max(levels.length - 1, 0);
  const v = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) v[i] = raw[i] == null ? NaN : range > 0 ? rank.get(raw[i] as never)! / range : 0;
  return { name: "", kind: "ordinal", range, values: v, distinct: levels.length };
}

function readNominal(raw: unknown[], binary: boolean): Read {
  const codes = new Map<string, number>();
  const v = binary ? new Uint8Array(raw.length) : new Int32Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const x = raw[i];
    if (x == null) v[i] = binary ? 255 : -1;
    else if (binary) v[i] = x ? 1 : 0;
    else {
      const s = String(x);
      let c = codes.get(s);
      if (c === undefined) codes.set(s, c = codes.size);
      v[i] = c;
    }
  }
  const distinct = binary ? new Set(v.filter((x) => x !== 255)).size : codes.size;
  return { name: "", kind: binary ? "binary" : "nominal", range: 1, values: v, distinct };
}

function readColumn(df: DataFrame, name: string, ordinal: boolean): Read {
  const kind = kindOf(df, name, ordinal);
  const s = df.getColumn(name);
  const raw = (kind === "nominal" ? s.cast(pl.Utf8) : s).toArray() as unknown[];
  const r = kind === "numeric"
    ? readNumeric(raw)
    : kind === "ordinal"
    ? readOrdinal(raw, s.isNumeric())
    : readNominal(raw, kind === "binary");
  return { ...r, name };
}

/** Interleaves per-column arrays into one row-major array. */
function rowMajor<T extends Float64Array | Int32Array | Uint8Array>(cols: Read[], n: number, make: (len: number) => T): T {
  const m = cols.length, out = make(n * m);
  cols.forEach((c, k) => {
    for (let i = 0; i < n; i++) out[i * m + k] = c.values[i]!;
  });
  return out;
}

function isMissing(r: Read, i: number): boolean {
  const x = r.values[i]!;
  return r.kind === "nominal" ? x < 0 : r.kind === "binary" ? x === 255 : x !== x;
}

/** Reads `spec.columns` of `df`; the caller has checked that they exist. */
export function prepareColumns(df: DataFrame, spec: ColumnSpec): PreparedColumns {
  const ordinal = new Set(spec.ordinal ?? []);
  const dropped: { column: string; why: string }[] = [];
  const kept: Read[] = [];
  for (const name of spec.columns) {
    const r = readColumn(df, name, ordinal.has(name));
    if (r.distinct === 0) dropped.push({ column: name, why: "empty" });
    else if (r.distinct === 1) dropped.push({ column: name, why: "constant" });
    else kept.push(r);
  }
  const n = df.shape.height; // not df.height: a column named "height" shadows it
  const rowsWithoutData: number[] = [];
  if (kept.length) { for (let i = 0; i < n; i++) if (kept.every((r) => isMissing(r, i))) rowsWithoutData.push(i); }
  const quant = kept.filter((r) => r.kind === "numeric" || r.kind === "ordinal");
  const nom = kept.filter((r) => r.kind === "nominal");
  const bin = kept.filter((r) => r.kind === "binary");
  const columns: GowerColumn[] = [...quant, ...nom, ...bin].map(({ name, kind, range }) => ({ name, kind, range }));
  const data: GowerData = {
    n,
    columns,
    q: rowMajor(quant, n, (l) => new Float64Array(l)),
    mq: quant.length,
    c: rowMajor(nom, n, (l) => new Int32Array(l)),
    mc: nom.length,
    b: rowMajor(bin, n, (l) => new Uint8Array(l)),
    mb: bin.length,
  };
  return { data, dropped, rowsWithoutData };
}
