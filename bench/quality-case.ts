/**
 * checkPassports() in its own process, two measurements (bench/run.ts runs both):
 *   deno run -A bench/quality-case.ts speed <url> <token> <rows>
 *     passports() of <rows> accessions from the sandbox at <url> (all columns), then checkPassports() on that frame,
 *     the first call in the process (the land index read from its disk cache; built once per machine before timing).
 *   deno run -A bench/quality-case.ts precision <accessions> <rate>
 *     a sandbox of its own with planted errors (plantErrors: rate), passports() over HTTP, checkPassports(), and
 *     precision and recall per rule against the sandbox's record of what it planted.
 * Prints one JSON line.
 */
import { checkPassports, Genesys } from "../src/index.ts";
import { readPlantedErrors, scoreFindings, startSandbox } from "../src/sandbox/index.ts";
import { landIndex } from "../src/quality/geometry.ts";

const [mode, ...args] = Deno.args;
if (mode === "speed") {
  const [url, token, rowsArg] = args;
  // build the land index's cache file if this machine has none, in a child process (not timed, not loaded here)
  const warm = await new Deno.Command(Deno.execPath(), {
    args: ["eval", `import { landIndex } from "./src/quality/geometry.ts"; landIndex();`],
    stdout: "null",
    stderr: "null",
  }).output();
  if (!warm.success) throw new Error("building the land index failed");
  const g = new Genesys({ baseUrl: url!, token });
  let t = performance.now();
  const df = await g.passports({}, { limit: Number(rowsArg) });
  const passportsSeconds = (performance.now() - t) / 1000;
  await g.close();
  t = performance.now();
  const report = checkPassports(df);
  const checkSeconds = (performance.now() - t) / 1000;
  console.log(JSON.stringify({
    rows: df.height,
    passportsSeconds,
    checkSeconds,
    geometrySeconds: report.geometrySeconds,
    stages: report.stages,
    findings: report.findings.height,
  }));
} else if (mode === "precision") {
  const [accessions, rate] = args.map(Number);
  const sb = await startSandbox({ accessions, seed: 42, plantErrors: rate });
  try {
    const g = new Genesys({ baseUrl: sb.url, token: sb.token });
    const df = await g.passports({});
    await g.close();
    landIndex();
    const report = checkPassports(df);
    const planted = await readPlantedErrors(sb.db);
    const scores = scoreFindings(report.findings.select("UUID", "rule").toRecords() as { UUID: string; rule: string }[], planted);
    console.log(JSON.stringify({ rows: df.height, planted: planted.length, seconds: report.seconds, scores }));
  } finally {
    await sb.close();
  }
} else {
  throw new Error(`unknown mode ${mode}: speed or precision`);
}
