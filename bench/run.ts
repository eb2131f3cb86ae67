/**
 * npm run bench [-- --accessions 1000000] [--large]  (--large = 5,000,000)
 * Starts the sandbox (unthrottled and throttled to 50 MB/s), runs each case in
 * a child process, prints a table and target ratios, writes bench/results/*.json.
 */
import { parseArgs } from "node:util";
import { mkdirSync, writeFileSync } from "node:fs";
import { startSandbox } from "../src/index.ts";

const { values } = parseArgs({ args: Deno.args, options: { accessions: { type: "string", default: "1000000" }, large: { type: "boolean", default: false } } });
const n = values.large ? 5_000_000 : Number(values.accessions);
const SELECT5 = "INSTCODE,ACCENUMB,GENUS,SPECIES,ORIGCTY";
type Row = { label: string; case: string; rows: number; bytes: number; seconds: number; peakRssMB: number };
const results: Row[] = [];

async function run(label: string, c: string, url: string, token: string, rows: number, select: string) {
  const cmd = new Deno.Command(Deno.execPath(), { args: ["run", "-A", "bench/case.ts", c, url, token, String(rows), select], stdout: "piped", stderr: "inherit" });
  const out = await cmd.output();
  if (!out.success) throw new Error(`case ${label} failed`);
  const r = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
  results.push({ label, ...r });
  console.error(`  ${label}: ${r.seconds.toFixed(2)} s`);
}

const rssMB = () => Deno.memoryUsage().rss / 1e6;
console.error(`starting sandbox with ${n.toLocaleString("en")} accessions (first run generates and caches the database)…`);
const fast = await startSandbox({ accessions: n, log: console.error });
const slow = await startSandbox({ accessions: n, throttleBytesPerSecond: 50_000_000 });
const rssBefore = rssMB();
for (const [tag, sel] of [["all", "all"], ["5 cols", SELECT5]] as const) {
  await run(`wire (${tag})`, "wire", fast.url, fast.token, 1_000_000, sel);
  const serverRss = rssMB() - rssBefore;
  if (tag === "all") results.push({ label: "sandbox RSS growth serving 1M export", case: "server", rows: 1_000_000, bytes: 0, seconds: 0, peakRssMB: serverRss });
  await run(`parse-only (${tag})`, "parse-only", fast.url, fast.token, 1_000_000, sel);
  await run(`passports() (${tag})`, "passports", fast.url, fast.token, 1_000_000, sel);
  await run(`wire 50MB/s (${tag})`, "wire", slow.url, slow.token, 1_000_000, sel);
  await run(`passports() 50MB/s (${tag})`, "passports", slow.url, slow.token, 1_000_000, sel);
}
await run("fetch+papaparse baseline (all, 200k)", "papaparse", fast.url, fast.token, 200_000, "all");
await run("passports() (all, 200k)", "passports", fast.url, fast.token, 200_000, "all");
await run("/acn/filter paging 100k at l=1000", "filter-paging", fast.url, fast.token, 100_000, "all");
await run("traits() wheat, full workflow", "traits", fast.url, fast.token, 0, "all");
await fast.close();
await slow.close();

const get = (l: string) => results.find((r) => r.label === l)!;
const pad = (s: string, w: number) => s.padEnd(w);
console.log(`\n${pad("case", 42)} ${"rows".padStart(10)} ${"MB".padStart(8)} ${"s".padStart(7)} ${"rows/s".padStart(11)} ${"peak RSS MB".padStart(12)}`);
for (const r of results) {
  console.log(`${pad(r.label, 42)} ${r.rows.toLocaleString("en").padStart(10)} ${(r.bytes / 1e6).toFixed(1).padStart(8)} ${r.seconds.toFixed(2).padStart(7)} ${(r.seconds ? Math.round(r.rows / r.seconds) : 0).toLocaleString("en").padStart(11)} ${r.peakRssMB.toFixed(0).padStart(12)}`);
}
const ratios: Record<string, { value: number; target: string; met: boolean }> = {};
const ratio = (k: string, value: number, target: number, text: string, lower = true) => (ratios[k] = { value: Number(value.toFixed(3)), target: text, met: lower ? value <= target : value >= target });
for (const tag of ["all", "5 cols"]) {
  ratio(`throttled passports/wire (${tag})`, get(`passports() 50MB/s (${tag})`).seconds / get(`wire 50MB/s (${tag})`).seconds, 1.1, "<= 1.1");
  ratio(`loopback passports/max(wire,parse) (${tag})`, get(`passports() (${tag})`).seconds / Math.max(get(`wire (${tag})`).seconds, get(`parse-only (${tag})`).seconds), 1.3, "<= 1.3");
  ratio(`passports peak RSS / body size (${tag})`, get(`passports() (${tag})`).peakRssMB / (get(`wire (${tag})`).bytes / 1e6), 2, "< 2");
}
const pp = get("fetch+papaparse baseline (all, 200k)"), ours = get("passports() (all, 200k)");
ratio("rows/s vs papaparse (200k)", (ours.rows / ours.seconds) / (pp.rows / pp.seconds), 10, ">= 10", false);
ratio("sandbox RSS growth MB (1M export)", get("sandbox RSS growth serving 1M export").peakRssMB, 300, "< 300");
console.log("\nratios (same run):");
for (const [k, v] of Object.entries(ratios)) console.log(`  ${pad(k, 48)} ${String(v.value).padStart(8)}  target ${v.target}  ${v.met ? "met" : "MISSED"}`);
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ accessions: n, results, ratios }, null, 2));
console.log(`\nwrote ${file}`);
