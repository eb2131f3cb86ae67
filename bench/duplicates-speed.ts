/**
 * deno run -A bench/duplicates-speed.ts [--accessions 100000] [--runs 3]: probableDuplicates() on every passport
 * of a sandbox with planted duplicates, read over HTTP; prints seconds (median of the runs), pairs, sets, peak RSS
 * and the machine's load average, so the figures can be read against how busy it was.
 */
import { parseArgs } from "node:util";
import { loadavg } from "node:os";
import { Genesys, probableDuplicates } from "../src/index.ts";
import { startSandbox } from "../src/sandbox/index.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { accessions: { type: "string", default: "100000" }, runs: { type: "string", default: "3" } },
});
const accessions = Number(values.accessions);
const sb = await startSandbox({ accessions, seed: 42, plantDuplicates: 0.02 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
try {
  const df = await g.passports({});
  const times: number[] = [];
  let res = probableDuplicates(df, { weakPairs: false });
  console.log(`first run (no weak pairs): ${res.seconds.toFixed(1)} s`);
  for (let i = 0; i < Number(values.runs); i++) {
    const t = performance.now();
    res = probableDuplicates(df);
    times.push((performance.now() - t) / 1000);
  }
  const summary = new Map((res.summary.toRecords() as { measure: string; count: number }[]).map((r) => [r.measure, r.count]));
  const count = (m: string) => summary.get(m);
  const median = times.slice().sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(
    `probableDuplicates on ${df.height.toLocaleString("en")} passports: ${median.toFixed(1)} s (median of ${times.length}: ${
      times.map((t) => t.toFixed(1)).join(", ")
    }), ${res.pairs.height.toLocaleString("en")} pairs (${count("deterministic pairs")} deterministic, ${
      count("probable pairs")
    } probable), ` +
      `${count("sets")} sets, largest ${count("largest set")}; peak RSS ${(Deno.memoryUsage().rss / 2 ** 20).toFixed(0)} MB now; ` +
      `load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} on ${navigator.hardwareConcurrency} cores`,
  );
} finally {
  await g.close();
  await sb.close();
}
