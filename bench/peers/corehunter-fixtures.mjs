/**
 * Makes test/fixtures/core-collection/: small inputs in Core Hunter's phenotype format and Core Hunter 3's own
 * evaluateCore answers (EN, AN, EE with Gower's distance) for a list of cores on each. Run through
 * `bench/peers/corehunter.sh fixtures` (needs Java 17 and the jar it fetches into bench/tmp/).
 *
 * mixed.csv is generated here (seeded; its own small PRNG): numeric doubles and integers, integer and text ordinal
 * columns, text nominal and boolean columns, about 12% missing values, and one row without any value.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const runner = process.argv[2];
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "test/fixtures/core-collection");
mkdirSync(out, { recursive: true });

let s = 20261128;
const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const maybe = (v, p = 0.12) => (rand() < p ? "" : v);

function mixed(n) {
  const head = ["ID,NAME,yield,height,maturity,hardness,country,status,awned", "TYPE,,RD,I,OI,OS,NS,NS,NB"];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const id = `ACC${String(i + 1).padStart(3, "0")}`;
    if (i === n - 1) {
      rows.push(`${id},,,,,,,,`);
      continue;
    }
    rows.push([
      id,
      "",
      maybe((2 + rand() * 8).toFixed(3)),
      maybe(String(60 + Math.floor(rand() * 120))),
      maybe(String(pick([1, 3, 5, 7, 9]))),
      maybe(pick(["soft", "medium", "hard", "very hard"])),
      maybe(pick(["ETH", "KEN", "PER", "MEX", "IND", "TUR"])),
      maybe(pick(["landrace", "wild", "cultivar"])),
      maybe(pick(["true", "false"])),
    ].join(","));
  }
  return [...head, ...rows].join("\n") + "\n";
}

/** Cores to evaluate: a few sizes, including 1, 2 and the whole set, and cores containing the empty row. */
function cores(n) {
  const list = [[0], [0, 1], [n - 1, 3], Array.from({ length: n }, (_, i) => i)];
  for (const k of [3, 5, 8, 12, Math.floor(n / 3)]) {
    const set = new Set();
    while (set.size < k) set.add(Math.floor(rand() * n));
    list.push([...set].sort((a, b) => a - b));
  }
  return list;
}

function evaluate(name, csv, n) {
  const file = join(out, `${name}.csv`);
  writeFileSync(file, csv);
  const list = cores(n);
  const coresFile = join(out, `${name}-cores.tmp`);
  writeFileSync(coresFile, list.map((c) => c.join(",")).join("\n") + "\n");
  const lines = execFileSync("bash", [runner, "run", "evaluate", file, coresFile], { encoding: "utf8" }).trim().split("\n");
  const answers = lines.map((l, i) => ({ core: list[i], ...JSON.parse(l) }));
  execFileSync("rm", [coresFile]);
  writeFileSync(
    join(out, `${name}.corehunter.json`),
    JSON.stringify(
      { made: "bench/peers/corehunter.sh fixtures", peer: "Core Hunter 3.2.0 API.evaluateCore, Gower (GD)", input: `${name}.csv`, answers },
      null,
      1,
    ) + "\n",
  );
  console.log(`${name}: ${answers.length} cores`);
}

evaluate("mixed", mixed(40), 40);
const maize = readFileSync(join(root, "test/fixtures/core-collection/maize.csv"), "utf8");
evaluate("maize", maize, maize.trim().split("\n").length - 2);
