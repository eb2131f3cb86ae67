/** The climate fixtures (test/fixtures/climate/rasters, made by scripts/peers/climate-extract.R) as typed arrays. */
import { readFileSync } from "node:fs";

export const DIR = "test/fixtures/climate/rasters";
export const RASTERS = ["g10-f32-deflate-tiled", "g5-i16-lzw-striped", "r025-f32-lzw-tiled", "r10m-i16-deflate-striped"] as const;

export const num = (s: string) => (s === "NA" || s === "" ? NaN : Number(s));
export function table(file: string): string[][] {
  return readFileSync(`${DIR}/${file}`, "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
}
export function points(name: string): { x: Float64Array; y: Float64Array } {
  const rows = table(`${name}.points.csv`);
  return { x: Float64Array.from(rows, (r) => num(r[1]!)), y: Float64Array.from(rows, (r) => num(r[2]!)) };
}
export function terra(name: string): { simple: Float64Array; bilinear: Float64Array } {
  const rows = table(`${name}.terra.csv`);
  return { simple: Float64Array.from(rows, (r) => num(r[1]!)), bilinear: Float64Array.from(rows, (r) => num(r[2]!)) };
}
/** Values differing between two columns (NaN equals NaN), with up to 5 examples. */
export function differing(ours: ArrayLike<number>, theirs: ArrayLike<number>, tol = 0): string[] {
  const out: string[] = [];
  for (let i = 0; i < theirs.length; i++) {
    const a = ours[i]!;
    const b = theirs[i]!;
    const same = (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
    if (!same) out.push(`#${i + 1}: ${a} vs ${b}`);
  }
  return out;
}
