/**
 * deno run -A bench/core-collection.ts [--skip-million] [--skip-peer]   (also: npm run bench -- --core)
 *
 * coreCollection() at scale and side by side with Core Hunter 3:
 *   scale      100,000 accessions × 25 columns (generated, bench/core-collection-data.ts), a 5% core: target ≤ 60 s, ≤ 1 GB
 *   million    1,000,000 × 25, a 1% core, bounded by maxSeconds 120: the peak resident set is the point
 *   maize      Core Hunter's 218 maize lines, a 20% core (44): our EN (5 seeds) against Core Hunter's default mode (within 1%)
 *   fast       a generated 5,000 × 12 set, a 10% core: Core Hunter's fast mode, then ours bounded to a fifth of its time
 * Every case runs in its own process (bench/core-collection-child.ts) for an honest peak RSS (VmHWM). The Core Hunter cases
 * need Java 17 and its jar (bench/peers/corehunter.sh jar); without them they are skipped with that hint.
 */
import { parseArgs } from "node:util";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { generatedCollection, writeCoreHunterCsv } from "./core-collection-data.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { "skip-million": { type: "boolean", default: false }, "skip-peer": { type: "boolean", default: false } },
});
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const log = (m: string) => console.error(m);
const lines: string[] = [];

interface Ours {
  rows: number;
  size: number;
  seconds: number;
  cpuSeconds: number;
  EN: number;
  AN: number;
  EE: number;
  peakMB: number;
  search: { steps: number; stopped: string; initSeconds: number };
}

async function ours(c: Record<string, unknown>): Promise<Ours> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/core-collection-child.ts", JSON.stringify(c)],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) throw new Error(`core-collection case failed: ${new TextDecoder().decode(out.stderr).slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

function coreHunter(args: string[]): { EN: number; seconds: number } {
  const out = new Deno.Command("bash", { args: ["bench/peers/corehunter.sh", "run", ...args], stdout: "piped", stderr: "piped" })
    .outputSync();
  if (!out.success) throw new Error(`Core Hunter failed: ${new TextDecoder().decode(out.stderr).slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

function peerAvailable(): boolean {
  const java = new Deno.Command("java", { args: ["-version"], stderr: "null", stdout: "null" }).outputSync().success;
  if (!java || !existsSync("bench/tmp/corehunter-base-3.2.0.jar")) {
    log("Core Hunter cases skipped: needs Java 17 (Debian: apt-get install openjdk-17-jre-headless) and its jar:");
    log("  bench/peers/corehunter.sh jar");
    return false;
  }
  return true;
}

const say = (m: string) => (log(m), lines.push(m));

async function scale(n: number, fraction: number, maxSeconds: number, target?: { seconds: number; mb: number }) {
  const before = load();
  const r = await ours({ generate: [n, 25], size: fraction, maxSeconds });
  const met = target ? (r.seconds <= target.seconds && r.peakMB <= target.mb ? " (met)" : " (MISSED)") : "";
  say(
    `${n.toLocaleString("en")} × 25, ${fraction * 100}% core (${r.size.toLocaleString("en")}): ${r.seconds.toFixed(1)} s, CPU ${
      r.cpuSeconds.toFixed(1)
    } s ` +
      `(start ${r.search.initSeconds.toFixed(1)} s, ${r.search.steps.toLocaleString("en")} swaps, stopped: ${r.search.stopped}), ` +
      `peak RSS ${r.peakMB.toFixed(0)} MB${met}; EN ${r.EN.toFixed(4)}, AN ${r.AN.toFixed(4)}, EE ${
        r.EE.toFixed(4)
      }; load ${before} → ${load()}`,
  );
}

async function maize() {
  const ch = coreHunter(["sample", "test/fixtures/core-collection/maize.csv", "44", "EN", "default", "1", "-1", "-1"]);
  const runs: Ours[] = [];
  for (const seed of [1, 2, 3, 4, 5]) {
    runs.push(await ours({ csv: "test/fixtures/core-collection/maize.csv", size: 44, maxSeconds: 60, seed }));
  }
  const worst = Math.min(...runs.map((r) => r.EN));
  say(
    `maize 218 lines, 20% core (44), EN: Core Hunter default mode ${ch.EN.toFixed(5)} in ${ch.seconds.toFixed(1)} s; ours (seeds 1-5) ` +
      `${runs.map((r) => r.EN.toFixed(5)).join(", ")} in ${runs.map((r) => r.seconds.toFixed(1)).join(", ")} s; ` +
      `worst/CH ${(worst / ch.EN).toFixed(4)}${worst >= 0.99 * ch.EN ? " (met: within 1%)" : " (MISSED)"}`,
  );
}

async function fast() {
  mkdirSync("bench/tmp", { recursive: true });
  writeCoreHunterCsv(generatedCollection(5000, 12), "bench/tmp/gen5000.csv");
  const ch = coreHunter(["sample", "bench/tmp/gen5000.csv", "500", "EN", "fast", "1", "-1", "-1"]);
  // the search bounded to a tenth of Core Hunter's time, so that the whole call (reading the columns, the start, the final
  // scores) stays within a fifth
  const r = await ours({ csv: "bench/tmp/gen5000.csv", size: 500, maxSeconds: ch.seconds / 10, seed: 1 });
  const met = r.EN >= ch.EN && r.seconds <= ch.seconds / 5;
  say(
    `generated 5,000 × 12, 10% core (500), EN: Core Hunter fast mode ${ch.EN.toFixed(5)} in ${ch.seconds.toFixed(1)} s; ours ` +
      `${r.EN.toFixed(5)} in ${r.seconds.toFixed(1)} s (${(r.seconds / ch.seconds).toFixed(2)} of its time)${met ? " (met)" : " (MISSED)"}`,
  );
}

log(`core-collection bench, load average ${load()} on ${navigator.hardwareConcurrency} cores`);
await scale(100_000, 0.05, 60, { seconds: 60, mb: 1000 });
if (!values["skip-million"]) await scale(1_000_000, 0.01, 120);
if (!values["skip-peer"] && peerAvailable()) {
  await maize();
  await fast();
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(`bench/results/core-collection-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ lines }, null, 1));
console.log(lines.join("\n"));
