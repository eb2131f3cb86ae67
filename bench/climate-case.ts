/**
 * One climate bench case in its own process (honest peak RSS):
 *   deno run -A bench/climate-case.ts extract <folder> <points.f64> <out.f64> [bilinear]
 *     climateAtSites() over every layer of the folder at the points (n longitudes then n latitudes, doubles); writes the
 *     values layer after layer (NaN for null) for the comparison with terra.
 * Prints one JSON line: {seconds, sites, layers, peakRssMB, idleRssMB}; seconds is climateAtSites() alone.
 */
import { readFileSync, writeFileSync } from "node:fs";
import pl from "nodejs-polars";
import { climateAtSites } from "../src/climate/sites.ts";
import { statusMB } from "./proc-status.ts";

const [mode, folder, pointsFile, outFile, method] = Deno.args;
if (mode !== "extract") throw new Error(`climate-case: unknown case ${mode}`);
const xy = new Float64Array(readFileSync(pointsFile!).buffer.slice(0));
const n = xy.length / 2;
const sites = pl.DataFrame({
  DECLONGITUDE: pl.Series("DECLONGITUDE", xy.subarray(0, n)),
  DECLATITUDE: pl.Series("DECLATITUDE", xy.subarray(n)),
});
const idleRssMB = statusMB("self", "VmRSS");
const t0 = performance.now();
const df = await climateAtSites(sites, folder!, { method: method === "bilinear" ? "bilinear" : "simple" });
const seconds = (performance.now() - t0) / 1000;
const added = df.columns.slice(2);
if (outFile && outFile !== "-") {
  const out = new Float64Array(n * added.length);
  added.forEach((c, j) => {
    const v = df.getColumn(c).toArray() as (number | null)[];
    for (let i = 0; i < n; i++) out[j * n + i] = v[i] ?? NaN;
  });
  writeFileSync(outFile, new Uint8Array(out.buffer));
}
console.log(JSON.stringify({ seconds, sites: n, layers: added.length, peakRssMB: statusMB("self", "VmHWM"), idleRssMB }));
