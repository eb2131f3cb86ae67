/** JSON objects (AccessionDTO pages, catalogue answers) flattened to a DataFrame with dotted column names. */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import type { AccessionDTO } from "../../schema/responses.ts";

/** Flattens nested objects to dotted keys; arrays of objects become `;`-joined `name`/`remark` values or JSON. */
export function flatten(obj: Record<string, unknown>, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v as Record<string, unknown>, `${key}.`, out);
    else if (Array.isArray(v)) {
      out[key] = v.length === 0
        ? null
        : v.every((x) => x === null || typeof x !== "object")
        ? v.join(";")
        : v.map((x) => (x as Record<string, unknown>).name ?? (x as Record<string, unknown>).remark ?? JSON.stringify(x)).join(";");
    } else out[key] = v ?? null;
  }
  return out;
}

/** AccessionDTO objects -> DataFrame with dotted column names (geo.latitude, taxonomy.genus…). */
export function accessionsToDataFrame(items: AccessionDTO[]): DataFrame {
  return objectsToDataFrame(items);
}

/** JSON objects -> DataFrame: nested objects flattened to dotted names, whole numbers Int64, other numbers Float64. */
export function objectsToDataFrame(items: readonly object[]): DataFrame {
  const rows = items.map((i) => flatten(i as Record<string, unknown>));
  const names: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) (seen.add(k), names.push(k));
  const cols: Record<string, unknown[]> = Object.fromEntries(names.map((n) => [n, rows.map((r) => r[n] ?? null)]));
  return pl.DataFrame(Object.fromEntries(names.map((n) => {
    const values = cols[n]!;
    const kinds = new Set(values.filter((v) => v !== null).map((v) => typeof v));
    if (kinds.size === 1 && kinds.has("number")) {
      return [
        n,
        pl.Series(
          n,
          values as (number | null)[],
          values.every((v) => v === null || Number.isInteger(v)) ? pl.Int64 : pl.Float64,
        ),
      ];
    }
    if (kinds.size === 1 && kinds.has("boolean")) return [n, pl.Series(n, values as (boolean | null)[], pl.Bool)];
    return [n, pl.Series(n, values.map((v) => (v === null ? null : String(v))), pl.Utf8)];
  })));
}
