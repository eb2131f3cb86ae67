/**
 * CoordinateCleaner's `cc_outl` (method "distance"): a point farther than `km` from every other point of its taxon
 * (GENUS + SPECIES). Points are binned in 1-degree cells; a point with another point of its taxon in its own or a
 * neighbouring cell is not an outlier (at most 333 km away), and only the others are measured against the taxon's points,
 * stopping at the first one nearer than `km`.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { haversineMeters } from "../kernel/geo.ts";
import { fmt } from "./point.ts";

export interface OutlierOptions {
  outlierKm: number;
  outlierMinRecords: number;
  /** Only wild and weedy accessions (SAMPSTAT 100, 110, 120, 130, 200), when the frame has SAMPSTAT. */
  outlierWildOnly: boolean;
}

/** SAMPSTAT codes of wild and weedy material (MCPD v2.1). */
const WILD = [100, 110, 120, 130, 200];

/** Outlier findings (row, message, value) among rows with coordinates and a taxon, leaving out `skip` rows. */
export function outliers(df: DataFrame, skip: Set<number>, o: OutlierOptions): DataFrame {
  let g = df.withRowIndex("row").select(
    pl.col("row"),
    pl.col("DECLATITUDE").cast(pl.Float64).alias("lat"),
    pl.col("DECLONGITUDE").cast(pl.Float64).alias("lon"),
    pl.concatString([pl.col("GENUS").cast(pl.Utf8), pl.col("SPECIES").cast(pl.Utf8)], " ").alias("taxon"),
    ...(o.outlierWildOnly && df.columns.includes("SAMPSTAT") ? [pl.col("SAMPSTAT").cast(pl.Int32, false).alias("samp")] : []),
  ).filter(pl.col("lat").isNotNull().and(pl.col("lon").isNotNull()).and(pl.col("taxon").isNotNull()));
  // MCPD's wild and weedy codes only: an invalid code (e.g. 150) says nothing about the material
  if (g.columns.includes("samp")) g = g.filter(pl.col("samp").isIn(WILD));
  const row = g.getColumn("row").toTypedArray() as Uint32Array;
  const lat = g.getColumn("lat").toTypedArray() as Float64Array;
  const lon = g.getColumn("lon").toTypedArray() as Float64Array;
  const tax = g.getColumn("taxon").toArray() as string[];
  const groups = new Map<string, number[]>();
  for (let i = 0; i < tax.length; i++) {
    if (skip.has(row[i]!) || Math.abs(lat[i]!) > 90 || Math.abs(lon[i]!) > 180) continue;
    let a = groups.get(tax[i]!);
    if (!a) groups.set(tax[i]!, a = []);
    a.push(i);
  }
  const km = o.outlierKm;
  const out = { row: [] as number[], message: [] as string[], value: [] as string[] };
  const cell = (i: number) => (Math.floor(lat[i]!) + 90) * 400 + (Math.floor(lon[i]!) + 180);
  for (const [t, idx] of groups) {
    if (idx.length < o.outlierMinRecords) continue;
    const cells = new Map<number, number>();
    for (const i of idx) cells.set(cell(i), (cells.get(cell(i)) ?? 0) + 1);
    for (const i of idx) {
      const c = cell(i);
      let near = (cells.get(c) ?? 0) > 1;
      for (let dy = -1; dy <= 1 && !near; dy++) {
        for (let dx = -1; dx <= 1 && !near; dx++) if ((dx || dy) && cells.has(c + dy * 400 + dx)) near = true;
      }
      if (near) continue;
      let nearest = Infinity;
      for (const j of idx) {
        if (j === i) continue;
        const d = haversineMeters(lat[i]!, lon[i]!, lat[j]!, lon[j]!) / 1000;
        if (d < nearest) nearest = d;
        if (nearest <= km) break;
      }
      if (nearest > km) {
        out.row.push(row[i]!);
        out.message.push(`${Math.round(nearest)} km from the nearest other ${t} accession (threshold ${km} km)`);
        out.value.push(fmt(lat[i]!, lon[i]!));
      }
    }
  }
  return pl.DataFrame([
    pl.Series("row", out.row, pl.UInt32),
    pl.Series("message", out.message, pl.Utf8),
    pl.Series("value", out.value, pl.Utf8),
  ]);
}
