/**
 * npm run bench:duplicates-pgrdup: PGRdup (R) against this toolkit on PGRdup's own example (GN1000) with its
 * vignette's settings (bench/duplicates-pgrdup.R). Runs when R and PGRdup are installed, else says how to install
 * them and exits 0. Prints pair-level recall of PGRdup's fuzzy, phonetic and semantic sets, both tools' times
 * (medians of 3 runs), and where and why the merged sets differ.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { pairsOfSets, PGRDUP_VIGNETTE, pgrdupPairs } from "../test/fixtures/pgrdup/pgrdup.ts";
import { probableDuplicates } from "../src/index.ts";

const HINT = "install R and PGRdup: apt-get install -y r-base-core r-cran-data.table r-cran-igraph r-cran-stringdist r-cran-stringi " +
  "r-cran-ggplot2 r-cran-gridextra, then R CMD INSTALL on PGRdup's source (git clone https://github.com/aravind-j/PGRdup)";
const FIELDS: string[] = [...PGRDUP_VIGNETTE.fields];
const EXEP: string[] = [...PGRDUP_VIGNETTE.exceptions];
const SYN = PGRDUP_VIGNETTE.synonyms.map((s) => [...s]);
const RUNS = 3;
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const probe = spawnSync("Rscript", ["-e", "suppressPackageStartupMessages(library(PGRdup))"], { encoding: "utf8" });
if (probe.error || probe.status !== 0) {
  console.log(`duplicates-pgrdup: skipped (${probe.error ? "Rscript not found" : "PGRdup not installed"}); ${HINT}`);
  Deno.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "pgrdup-"));
try {
  const rStarted = performance.now();
  execFileSync("Rscript", [join(import.meta.dirname!, "duplicates-pgrdup.R"), dir, String(RUNS)], {
    stdio: ["ignore", "ignore", "ignore"],
  });
  const rWall = (performance.now() - rStarted) / 1000;
  const read = (f: string) => pl.readCSV(join(dir, f), { sep: "\t", inferSchemaLength: 0, quoteChar: "" });
  const rTimes = (read("gn1000-times.tsv").getColumn("seconds").toArray() as string[]).map(Number);
  const gn = read("gn1000-fields.tsv");
  const recs = gn.toRecords() as Record<string, string | null>[];
  const ids = recs.map((r) => r.NationalID!);
  const fields = recs.map((r) => FIELDS.map((f) => r[f] ?? null));
  const theirs = pairsOfSets(read("gn1000-sets.tsv").toRecords() as { TYPE: string; ID: string }[]);
  const ourTimes: number[] = [];
  let ours = pgrdupPairs(ids, fields, { exceptions: EXEP, synonyms: SYN });
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    ours = pgrdupPairs(ids, fields, { exceptions: EXEP, synonyms: SYN });
    ourTimes.push((performance.now() - t) / 1000);
  }
  const findTimes: number[] = [];
  let res = probableDuplicates(gn, { blockBy: null, nameFields: FIELDS, numberFields: [], stopWords: EXEP, synonyms: SYN });
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    res = probableDuplicates(gn, { blockBy: null, nameFields: FIELDS, numberFields: [], stopWords: EXEP, synonyms: SYN });
    findTimes.push((performance.now() - t) / 1000);
  }
  console.log("## PGRdup's sets on GN1000, pair by pair\n");
  console.log("| Kind | PGRdup pairs | ours | in both | recall | pairs only ours |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const t of ["F", "P", "S"] as const) {
    const both = [...theirs[t]].filter((p) => ours[t].has(p)).length;
    console.log(
      `| ${{ F: "fuzzy", P: "phonetic", S: "semantic" }[t]} | ${theirs[t].size} | ${ours[t].size} | ${both} | ${
        (both / Math.max(1, theirs[t].size)).toFixed(3)
      } | ${ours[t].size - both} |`,
    );
  }
  console.log(`\n| Time (median of ${RUNS}) | seconds |\n|---|---:|`);
  console.log(
    `| PGRdup ProbDup() (fuzzy + phonetic + semantic; R ${RUNS} runs, ${rWall.toFixed(1)} s with R start and cleaning) | ${
      median(rTimes).toFixed(2)
    } |`,
  );
  console.log(`| pgrdupPairs() (the same sets from this toolkit's keyword matching) | ${median(ourTimes).toFixed(2)} |`);
  console.log(`| probableDuplicates() (deterministic + probable links, scores, sets, frames) | ${median(findTimes).toFixed(2)} |`);
  // merged sets: PGRdup's DisProbDup() against ours
  const merged = read("gn1000-merged.tsv").toRecords() as { ID: string }[];
  const mergedSizes = merged.map((m) => m.ID.split(", ").length);
  const row = new Map(ids.map((id, i) => [id, i]));
  const setOf = new Map((res.sets.toRecords() as { row: number; set_id: number }[]).map((r) => [r.row, r.set_id]));
  const pairKind = new Map(
    (res.pairs.toRecords() as { row_a: number; row_b: number; strength: string }[]).map((p) => [`${p.row_a}|${p.row_b}`, p.strength]),
  );
  let together = 0, weak = 0, indirect = 0, total = 0;
  for (const m of merged) {
    const rows = m.ID.split(", ").map((x) => row.get(x.replace(/^\[K\d\]/, ""))!).sort((a, b) => a - b);
    for (let x = 0; x < rows.length; x++) {
      for (let y = x + 1; y < rows.length; y++) {
        total++;
        const a = rows[x]!, b = rows[y]!;
        if (setOf.get(a) !== undefined && setOf.get(a) === setOf.get(b)) together++;
        else if (pairKind.get(`${a}|${b}`) === "weak") weak++;
        else indirect++;
      }
    }
  }
  const ourSizes = [...new Map([...setOf.values()].map((s) => [s, 0])).keys()].map((s) =>
    [...setOf.values()].filter((x) => x === s).length
  );
  console.log(`\n| Merged sets | PGRdup DisProbDup() | probableDuplicates() |\n|---|---:|---:|`);
  console.log(`| sets | ${merged.length} | ${ourSizes.length} |`);
  console.log(`| records in sets | ${mergedSizes.reduce((a, b) => a + b, 0)} | ${ourSizes.reduce((a, b) => a + b, 0)} |`);
  console.log(`| largest set | ${Math.max(...mergedSizes)} | ${Math.max(0, ...ourSizes)} |`);
  console.log(
    `\nOf the ${total} pairs of records PGRdup's merged sets join: ${together} are in one of our sets, ${weak} are weak pairs ` +
      `of ours (one fuzzy or phonetic keyword, or a short code: listed for review, joining nothing), ${indirect} have no direct ` +
      `match at all (PGRdup joins them through a third keyword or record: a chain).`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
