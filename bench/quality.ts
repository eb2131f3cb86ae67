/** The checkPassports() cases of `npm run bench`: speed against passports(), and precision/recall on planted errors. */
import type { SandboxProcess } from "./sandbox-process.ts";

export interface RuleScoreLine {
  rule: string;
  findings: number;
  precision: number;
  planted: number;
  recall: number;
}
export interface QualityResults {
  speed: { rows: number; passportsSeconds: number; checkSeconds: number; geometrySeconds: number; stages: Record<string, number> };
  precision: { rows: number; planted: number; accessions: number; rate: number; seconds: number; scores: RuleScoreLine[] };
}

async function runCase(args: string[]): Promise<Record<string, unknown>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/quality-case.ts", ...args],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) throw new Error(`quality case ${args[0]} failed:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

/** Runs both cases, each in its own process; the precision case uses a sandbox of `accessions` with 2 % planted errors. */
export async function qualityCases(
  warm: SandboxProcess,
  rows: number,
  accessions: number,
  log: (m: string) => void,
): Promise<QualityResults> {
  const speed = await runCase(["speed", warm.url, warm.token, String(rows)]) as unknown as QualityResults["speed"];
  log(
    `  checkPassports() [warm]: ${speed.checkSeconds.toFixed(2)} s after passports() ${
      speed.passportsSeconds.toFixed(2)
    } s, ${speed.rows} rows`,
  );
  const rate = 0.02;
  const p = await runCase(["precision", String(accessions), String(rate)]);
  log(`  checkPassports() precision/recall: ${accessions} accessions, ${p.planted} planted errors`);
  return { speed, precision: { ...(p as unknown as QualityResults["precision"]), accessions, rate } };
}

export function qualityLines(q: QualityResults): string[] {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "-");
  const stages = Object.entries(q.speed.stages).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ");
  return [
    `checkPassports() on ${q.speed.rows.toLocaleString("en")} passports: ${q.speed.checkSeconds.toFixed(2)} s ` +
    `(passports() ${q.speed.passportsSeconds.toFixed(2)} s; land index from its cache ${q.speed.geometrySeconds.toFixed(2)} s; ${stages})`,
    `checkPassports() against planted errors: ${q.precision.accessions.toLocaleString("en")} accessions, ${
      q.precision.rate * 100
    } % drawn, ` +
    `${q.precision.planted} planted, over HTTP`,
    `  ${"rule".padEnd(20)} ${"findings".padStart(8)} ${"precision".padStart(9)} ${"planted".padStart(7)} ${"recall".padStart(6)}`,
    ...q.precision.scores.map((s) =>
      `  ${s.rule.padEnd(20)} ${String(s.findings).padStart(8)} ${f(s.precision).padStart(9)} ${String(s.planted).padStart(7)} ${
        f(s.recall).padStart(6)
      }`
    ),
  ];
}
