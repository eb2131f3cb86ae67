/**
 * One core-collection case in its own process, so its peak resident set (VmHWM) is the case's own:
 *   deno run -A bench/core-collection-child.ts '{"generate":[100000,25],"size":0.05,"maxSeconds":60}'
 *   deno run -A bench/core-collection-child.ts '{"csv":"bench/tmp/gen5000.csv","size":500,"maxSeconds":2,"seed":1}'
 * Prints one JSON line: seconds (the coreCollection() call), EN, AN, EE, the search's report, peak RSS in MB.
 */
import { coreCollection } from "../src/core-collection/index.ts";
import { readCoreHunterCsv } from "../test/helpers/corehunter-csv.ts";
import { generatedCollection } from "./core-collection-data.ts";
import { statusMB } from "./proc-status.ts";
import process from "node:process";

const c = JSON.parse(Deno.args[0]!) as {
  generate?: [number, number];
  csv?: string;
  size: number;
  maxSeconds: number;
  seed?: number;
  maxStepsWithoutImprovement?: number;
};
const input = c.generate ? generatedCollection(c.generate[0], c.generate[1]) : readCoreHunterCsv(c.csv!);
const readMB = statusMB("self", "VmHWM");
const t0 = performance.now();
const cpuStart = process.cpuUsage();
const r = coreCollection(input.df, {
  size: c.size,
  columns: input.columns,
  ordinal: input.ordinal,
  maxSeconds: c.maxSeconds,
  seed: c.seed ?? 1,
  ...(c.maxStepsWithoutImprovement ? { maxStepsWithoutImprovement: c.maxStepsWithoutImprovement } : {}),
});
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(JSON.stringify({
  rows: input.df.shape.height,
  size: r.rows.length,
  seconds,
  cpuSeconds,
  EN: r.scores.EN,
  AN: r.scores.AN,
  EE: r.scores.EE,
  anMethod: r.scores.anMethod,
  search: r.search,
  readPeakMB: readMB,
  peakMB: statusMB("self", "VmHWM"),
}));
