/**
 * The duplicate finder in a process of its own, so that its peak resident set (the kernel's VmHWM) is its own and
 * not the sandbox's or the benchmark's. Started by bench/duplicates-speed.ts and bench/duplicates-scale.ts:
 *   deno run -A bench/duplicates-child.ts --dataset DIR [--options JSON] [--runs N] [--out DIR]
 *   GENESYS_API_URL=… GENESYS_TOKEN=… deno run -A bench/duplicates-child.ts --frame [--options JSON] [--runs N]
 * `--frame` reads every passport over HTTP with g.passports(), then resets the peak (/proc/self/clear_refs), so the
 * peak is the finder's on top of the frame it was given. Prints one JSON line (ChildReport) on stdout. `--out DIR`
 * writes the sets and pairs (sets.parquet, pairs.parquet) there once the peak is read, to be scored (planted-score.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type DuplicateOptionsInput, type DuplicateResult, Genesys, probableDuplicates } from "../src/index.ts";
import { statusMB } from "./proc-status.ts";

export interface ChildReport {
  /** Seconds of each run. */
  seconds: number[];
  rows: number;
  pairs: number;
  sets: number;
  /** The summary frame's counts, by measure. */
  summary: Record<string, number>;
  /** Resident set before the finder ran (the input frame, the runtime), MB. */
  baseMB: number;
  /** Peak resident set of the process (VmHWM), MB: with --frame, since the frame was read. */
  peakMB: number;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      dataset: { type: "string" },
      frame: { type: "boolean", default: false },
      options: { type: "string", default: "{}" },
      runs: { type: "string", default: "1" },
      out: { type: "string" },
    },
  });
  const options = JSON.parse(values.options) as DuplicateOptionsInput;
  let run: () => DuplicateResult | Promise<DuplicateResult>;
  let g: Genesys | undefined;
  if (values.frame) {
    g = Genesys.fromEnv();
    const df = await g.passports({});
    run = () => probableDuplicates(df, options);
  } else if (values.dataset) {
    const dir = values.dataset;
    run = () => probableDuplicates(dir, options);
  } else {
    throw new Error("duplicates-child.ts: pass --dataset DIR or --frame (with GENESYS_API_URL and GENESYS_TOKEN)");
  }
  writeFileSync("/proc/self/clear_refs", "5");
  const baseMB = statusMB("self", "VmRSS");
  const seconds: number[] = [];
  let res: DuplicateResult | undefined;
  for (let i = 0; i < Number(values.runs); i++) {
    const t = performance.now();
    res = await run();
    seconds.push((performance.now() - t) / 1000);
  }
  const summary = Object.fromEntries((res!.summary.toRecords() as { measure: string; count: number }[]).map((r) => [r.measure, r.count]));
  const report: ChildReport = {
    seconds,
    rows: res!.rows,
    pairs: res!.pairs.height,
    sets: summary["sets"] ?? 0,
    summary,
    baseMB,
    peakMB: statusMB("self", "VmHWM"),
  };
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    res!.sets.writeParquet(join(values.out, "sets.parquet"));
    res!.pairs.writeParquet(join(values.out, "pairs.parquet"));
  }
  console.log(JSON.stringify(report));
  await g?.close();
}

/** Runs this file in a new Deno process and returns its report; the child's stderr goes to `log`. */
export async function runFinderProcess(args: string[], env: Record<string, string> = {}, log = console.error): Promise<ChildReport> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const [out, err, status] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.status,
  ]);
  for (const line of err.split("\n")) if (line.trim() && !line.includes("nodedir")) log(`  [finder] ${line}`);
  const last = out.trim().split("\n").pop() ?? "";
  if (!status.success || !last.startsWith("{")) throw new Error(`the finder's process ended with status ${status.code}: ${last}`);
  return JSON.parse(last) as ChildReport;
}
