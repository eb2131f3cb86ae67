/**
 * deno run -A bench/duplicates-speed.ts [--accessions 100000] [--runs 3] [--large]: probableDuplicates() on every
 * passport of a sandbox with planted duplicates, read over HTTP by the finder's own process
 * (bench/duplicates-child.ts), so that its peak resident set is the finder's and not the sandbox's. Prints seconds
 * (median of the runs), pairs, sets, the peak and the machine's load average, so the figures can be read against how
 * busy it was. `--large` then runs bench/duplicates-scale.ts (5,000,000 accessions from a Parquet dataset: the
 * first run builds the sandbox and exports it, which takes tens of minutes).
 */
import { parseArgs } from "node:util";
import { loadavg } from "node:os";
import { startSandbox } from "../src/sandbox/index.ts";
import { runFinderProcess } from "./duplicates-child.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    accessions: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    large: { type: "boolean", default: false },
  },
});
const accessions = Number(values.accessions);
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const sb = await startSandbox({ accessions, seed: 42, plantDuplicates: 0.02 });
try {
  const env = { GENESYS_API_URL: sb.url, GENESYS_TOKEN: sb.token };
  const before = load();
  const strict = await runFinderProcess(["--frame", "--options", JSON.stringify({ weakPairs: false })], env);
  const all = await runFinderProcess(["--frame", "--runs", values.runs], env);
  const times = all.seconds;
  const median = times.slice().sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const s = all.summary;
  console.log(
    `probableDuplicates on ${all.rows.toLocaleString("en")} passports (${accessions.toLocaleString("en")} accessions less the ` +
      `${(accessions - all.rows).toLocaleString("en")} the sandbox marks historic, which passports() leaves out): ` +
      `${median.toFixed(1)} s (median of ${times.length}: ${times.map((t) => t.toFixed(1)).join(", ")}), ` +
      `${all.pairs.toLocaleString("en")} pairs (${s["deterministic pairs"]} deterministic, ${s["probable pairs"]} probable), ` +
      `${all.sets} sets, largest ${s["largest set"]}; the finder's process: ${all.baseMB.toFixed(0)} MB with the frame read, ` +
      `peak ${all.peakMB.toFixed(0)} MB; weakPairs: false ${strict.seconds[0]!.toFixed(1)} s, peak ${strict.peakMB.toFixed(0)} MB; ` +
      `load average ${before} before, ${load()} after, on ${navigator.hardwareConcurrency} cores`,
  );
} finally {
  await sb.close();
}
if (values.large) await import("./duplicates-scale.ts");
