/**
 * Climate at collecting sites (issue 41), in `npm run bench` or alone: `deno run -A bench/climate.ts [--sites 1000000]`.
 *   1. climateAtSites() against terra::extract side by side: 1,000,000 sites × 19 layers at 10 arc-minutes (Float32,
 *      DEFLATE, strips of one row like WorldClim 2.1's files), each in its own process, the values compared one by one;
 *      skipped with an install hint when R or terra is missing. Target: at least twice as fast.
 *   2. 100,000 sites on a 30-arc-second global layer (43,200 × 21,600 Int16 cells, 1.87 GB decoded): peak RSS ≤ 400 MB.
 * The layers are generated (smooth fields, labelled so in their metadata) into bench/tmp/, once.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeGeoTiff } from "../src/climate/geotiff-write.ts";
import type { Grid } from "../src/climate/grid.ts";

const TMP = "bench/tmp";
const G10: Grid = { xmin: -180, xmax: 180, ymin: -90, ymax: 90, ncol: 2160, nrow: 1080 };
const G30S: Grid = { xmin: -180, xmax: 180, ymin: -90, ymax: 90, ncol: 43200, nrow: 21600 };

export interface ClimateResults {
  sites: number;
  ours?: CaseResult;
  terra?: CaseResult;
  differing?: number;
  compared?: number;
  skipped?: string;
  big: CaseResult & { sites: number };
}
interface CaseResult {
  seconds: number;
  peakRssMB: number;
  idleRssMB?: number;
}

/** A smooth generated field for layer k (no-data south of 60° S, as over Antarctica's ice in some layers). */
function field(k: number, grid: Grid, dataType: "Int16" | "Float32") {
  const xr = (grid.xmax - grid.xmin) / grid.ncol;
  const yr = (grid.ymax - grid.ymin) / grid.nrow;
  const lonTerm = Float64Array.from({ length: grid.ncol }, (_, c) => 5 * Math.sin(((grid.xmin + (c + 0.5) * xr) * Math.PI) / 45 + k));
  const missing = dataType === "Int16" ? -32768 : -3.4e38;
  return (row0: number, rows: number, out: Int16Array | Float32Array) => {
    for (let r = 0; r < rows; r++) {
      const lat = grid.ymax - (row0 + r + 0.5) * yr;
      const base = 25 * Math.cos((lat * Math.PI) / 180) * (1 + k / 19);
      const wave = Math.cos((lat * Math.PI) / 30);
      const line = out.subarray(r * grid.ncol, (r + 1) * grid.ncol);
      if (lat < -60) line.fill(missing);
      else if (dataType === "Int16") { for (let c = 0; c < grid.ncol; c++) line[c] = Math.round((base + lonTerm[c]! * wave) * 10); }
      else for (let c = 0; c < grid.ncol; c++) line[c] = base + lonTerm[c]! * wave;
    }
  };
}

function ensureLayers(dir: string, grid: Grid, res: string, count: number, dataType: "Int16" | "Float32", log: (m: string) => void) {
  mkdirSync(dir, { recursive: true });
  for (let k = 1; k <= count; k++) {
    const file = join(dir, `wc2.1_${res}_bio_${k}.tif`);
    if (existsSync(file)) continue;
    const t0 = performance.now();
    const size = writeGeoTiff(file, {
      grid,
      dataType,
      noData: dataType === "Int16" ? -32768 : -3.4e38,
      blockHeight: grid.ncol > 10_000 ? 8 : 1,
      fill: field(k, grid, dataType),
      level: 1,
      metadata: { DESCRIPTION: "generated data for the genesys-notebook bench, not a climate" },
    });
    log(`  generated ${file}: ${(size / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

/** n points, uniform in longitude, latitude −70…85 (some on the no-data band), seeded; n longitudes then n latitudes. */
function ensurePoints(file: string, n: number): void {
  if (existsSync(file) && statSync(file).size === 16 * n) return;
  let s = 41;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    xy[i] = -180 + 360 * rand();
    xy[n + i] = -70 + 155 * rand();
  }
  Deno.writeFileSync(file, new Uint8Array(xy.buffer));
}

async function child(cmd: string, args: string[]): Promise<CaseResult & Record<string, number>> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder();
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed:\n${text.decode(out.stderr).slice(-2000)}`);
  return JSON.parse(text.decode(out.stdout).trim().split("\n").at(-1)!);
}

function hasTerra(): boolean {
  try {
    return new Deno.Command("Rscript", { args: ["-e", "library(terra)"], stdout: "null", stderr: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

/** Values differing between two layer-after-layer Float64 files (NaN equals NaN). */
function compare(a: string, b: string): { compared: number; differing: number } {
  const x = new Float64Array(readFileSync(a).buffer.slice(0));
  const y = new Float64Array(readFileSync(b).buffer.slice(0));
  if (x.length !== y.length) return { compared: Math.max(x.length, y.length), differing: Math.abs(x.length - y.length) };
  let differing = 0;
  for (let i = 0; i < x.length; i++) if (!(x[i] === y[i] || (Number.isNaN(x[i]!) && Number.isNaN(y[i]!)))) differing++;
  return { compared: x.length, differing };
}

export async function climateCases(sites: number, bigSites: number, log: (m: string) => void): Promise<ClimateResults> {
  const dir10 = join(TMP, "climate-10m");
  ensureLayers(dir10, G10, "10m", 19, "Float32", log);
  const points = join(TMP, `climate-points-${sites}.f64`);
  ensurePoints(points, sites);
  const deno = Deno.execPath();
  const oursOut = join(TMP, "climate-ours.f64");
  const ours = await child(deno, ["run", "-A", "bench/climate-case.ts", "extract", dir10, points, oursOut]);
  log(
    `  climateAtSites() ${sites.toLocaleString("en")} sites × 19 layers at 10′: ${ours.seconds.toFixed(2)} s, peak RSS ${
      ours.peakRssMB.toFixed(0)
    } MB`,
  );
  const result: ClimateResults = { sites, ours, big: { seconds: NaN, peakRssMB: NaN, sites: bigSites } };
  if (hasTerra()) {
    const terraOut = join(TMP, "climate-terra.f64");
    const terra = await child("Rscript", ["bench/peers/climate-terra.R", dir10, points, terraOut]);
    const { compared, differing } = compare(oursOut, terraOut);
    Object.assign(result, { terra, compared, differing });
    log(
      `  terra::extract same sites × layers: ${terra.seconds.toFixed(2)} s, peak RSS ${terra.peakRssMB.toFixed(0)} MB; ${differing} of ${
        compared.toLocaleString("en")
      } values differ`,
    );
  } else {
    result.skipped = "R with terra not found: skipping the side-by-side run (Debian: apt-get install r-base-core r-cran-terra)";
    log(`  ${result.skipped}`);
  }
  const dir30 = join(TMP, "climate-30s");
  ensureLayers(dir30, G30S, "30s", 1, "Int16", log);
  const bigPoints = join(TMP, `climate-points-${bigSites}.f64`);
  ensurePoints(bigPoints, bigSites);
  const big = await child(deno, ["run", "-A", "bench/climate-case.ts", "extract", dir30, bigPoints, "-"]);
  result.big = { ...big, sites: bigSites };
  log(
    `  climateAtSites() ${bigSites.toLocaleString("en")} sites on a 30″ global layer: ${big.seconds.toFixed(2)} s, peak RSS ${
      big.peakRssMB.toFixed(0)
    } MB`,
  );
  return result;
}

/** The lines for bench/README.md and the ratios with their targets. */
export function climateLines(
  r: ClimateResults,
): { lines: string[]; ratios: Record<string, { value: number; target: string; met: boolean }> } {
  const lines = [
    `climateAtSites(), ${r.sites.toLocaleString("en")} sites × 19 layers at 10′ (Float32, DEFLATE, 1-row strips): ${
      r.ours!.seconds.toFixed(2)
    } s, ` +
    `peak RSS ${r.ours!.peakRssMB.toFixed(0)} MB`,
    r.terra
      ? `terra::extract (rast() + extract(), the same files and sites): ${r.terra.seconds.toFixed(2)} s, peak RSS ${
        r.terra.peakRssMB.toFixed(0)
      } MB; ` +
        `${r.differing} of ${r.compared!.toLocaleString("en")} values differ`
      : r.skipped!,
    `climateAtSites(), ${r.big.sites.toLocaleString("en")} sites on a 30″ global layer (43,200 × 21,600 Int16): ${
      r.big.seconds.toFixed(2)
    } s, ` +
    `peak RSS ${r.big.peakRssMB.toFixed(0)} MB`,
  ];
  const ratios: Record<string, { value: number; target: string; met: boolean }> = {};
  if (r.terra) {
    const v = r.terra.seconds / r.ours!.seconds;
    ratios["climate: terra::extract / climateAtSites() seconds (1M × 19, 10′)"] = {
      value: Number(v.toFixed(3)),
      target: ">= 2",
      met: v >= 2,
    };
    ratios["climate: values differing from terra (1M × 19)"] = { value: r.differing!, target: "<= 0", met: r.differing === 0 };
  }
  ratios["climate: peak RSS MB, 100k sites on a 30″ layer"] = {
    value: Math.round(r.big.peakRssMB),
    target: "<= 400",
    met: r.big.peakRssMB <= 400,
  };
  return { lines, ratios };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { sites: { type: "string", default: "1000000" }, "big-sites": { type: "string", default: "100000" } },
  });
  const r = await climateCases(Number(values.sites), Number(values["big-sites"]), (m) => console.error(m));
  const { lines, ratios } = climateLines(r);
  console.log(lines.join("\n"));
  for (const [k, v] of Object.entries(ratios)) console.log(`${v.met ? "met   " : "MISSED"} ${k}: ${v.value} (${v.target})`);
}
