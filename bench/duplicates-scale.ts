/**
 * deno run -A bench/duplicates-scale.ts [--accessions 5000000] [--seed 42] [--plant 0.02] [--weak]: the whole
 * catalogue's size. A sandbox with planted duplicates (its database cached on disk, as startSandbox() does), exported
 * once with passportsToParquet() into a cached folder (bench/scale-dataset.ts), then probableDuplicates(folder) in
 * a process of its own (bench/duplicates-child.ts), whose peak resident set (VmHWM) is the finder's alone. Prints
 * seconds, peak RSS, pairs, sets and the load average. The first run builds the sandbox and the export (about 15 and
 * 10 minutes on 2 cores): opt-in, `npm run bench:duplicates -- --large` or `npm run bench:duplicates-scale`.
 * `--weak` also runs with weak pairs kept (the default option; their frame grows with the data). `--score` scores the
 * `weakPairs: false` run against the sandbox's truth table of planted duplicates (planted-score.ts: a self-test).
 */
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { defaultCacheDir } from "../src/sandbox/db.ts";
import { readPlantedDuplicates, startSandbox } from "../src/sandbox/index.ts";
import { describeScore, scorePlanted } from "./planted-score.ts";
import { runFinderProcess } from "./duplicates-child.ts";
import { scaleDataset } from "./scale-dataset.ts";

const { values } = parseArgs({
  args: Deno.args,
  strict: false,
  options: {
    accessions: { type: "string", default: "5000000" },
    seed: { type: "string", default: "42" },
    plant: { type: "string", default: "0.02" },
    weak: { type: "boolean", default: false },
    score: { type: "boolean", default: false },
  },
});
const accessions = Number(values.accessions);
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const ds = await scaleDataset(accessions, Number(values.seed), Number(values.plant), console.log);
console.log(
  `dataset: ${ds.rows.toLocaleString("en")} passports of ${
    accessions.toLocaleString("en")
  } accessions (the rest are historic) in ${ds.dir}` +
    (ds.exportSeconds ? `, exported in ${ds.exportSeconds.toFixed(0)} s` : " (cached)"),
);
for (const options of [{ weakPairs: false }, ...(values.weak ? [{}] : [])]) {
  const before = load();
  const out = values.score && options.weakPairs === false ? mkdtempSync(join(tmpdir(), "genesys-dups-")) : undefined;
  const r = await runFinderProcess(["--dataset", ds.dir, "--options", JSON.stringify(options), ...(out ? ["--out", out] : [])]);
  const s = r.summary;
  console.log(
    `probableDuplicates(folder, ${JSON.stringify(options)}) on ${r.rows.toLocaleString("en")} passports: ${r.seconds[0]!.toFixed(0)} s, ` +
      `peak RSS ${r.peakMB.toFixed(0)} MB (VmHWM of the finder's process), ${r.pairs.toLocaleString("en")} pairs ` +
      `(${s["deterministic pairs"]} deterministic, ${s["probable pairs"]} probable, ${s["weak pairs (review only)"]} weak), ` +
      `${r.sets.toLocaleString("en")} sets, largest ${s["largest set"]}, ${s["blocks"]} blocks; ` +
      `load average ${before} before, ${load()} after, on ${navigator.hardwareConcurrency} cores shared with other work`,
  );
  if (out) {
    const sb = await startSandbox({
      accessions,
      seed: Number(values.seed),
      plantDuplicates: Number(values.plant),
      cache: defaultCacheDir(),
    });
    try {
      const planted = await readPlantedDuplicates(sb.db);
      const score = scorePlanted(planted, pl.readParquet(join(out, "sets.parquet")), pl.readParquet(join(out, "pairs.parquet")));
      console.log(`  ${describeScore(score)}`);
    } finally {
      await sb.close();
      rmSync(out, { recursive: true, force: true });
    }
  }
}
