import { close } from "./common.mjs";

/** Cells of notebooks/06-data-quality.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Passport data quality, offline\n" +
    "A curator checks one genebank's passports before publishing them: coordinates outside the country of origin or at " +
    "sea, swapped or sign-lost coordinates, impossible dates, codes outside MCPD or that contradict each other, duplicate " +
    "accession numbers, malformed DOIs, taxon names that disagree with GRIN. `checkPassports()` runs every rule locally " +
    "against a 1 km land map. Each rule follows a standard and says which: MCPD v2.1 for dates and codes, the DOI Handbook " +
    "and GLIS's check symbol for DOIs, and the TDWG Biodiversity Data Quality (BDQ) tests for coordinates, whose own test " +
    "data the checker passes (docs/quality.md lists the rules, what each can and cannot detect, and the BDQ agreement " +
    "test by test). Against the sandbox, started with `plantErrors: true` so that 2 % of accessions carry a known error; " +
    "set GENESYS_API_URL and a token to check the real data.",
  ],
  [
    "code",
    `import { checkPassports, display, Genesys, pl, startSandbox } from "genesys-notebook";
const useReal = !!Deno.env.get("GENESYS_API_URL");
const sb = useReal ? undefined : await startSandbox({ accessions: 30_000, seed: 42, plantErrors: true });
const g = useReal ? Genesys.fromEnv() : new Genesys({ baseUrl: sb!.url, token: sb!.token });
await display(useReal ? "connected to " + g.baseUrl : "sandbox with planted errors at " + sb!.url);`,
  ],
  ["md", "**1. The institute's passports**: CIAT's genebank (COL003), every MCPD column."],
  [
    "code",
    `// (values read another way, such as impossible dates, are reported by the check below, not on stderr)
const passports = await g.passports({ institute: { code: ["COL003"] } }, { onDiagnostics: () => undefined });
await display(\`\${passports.height.toLocaleString("en")} accessions\`);`,
  ],
  [
    "md",
    "**2. Check.** A summary per rule that found something: the BDQ test it implements, how many findings and " +
    "accessions, how many rows the rule could test (a rule needs its columns: coordinates for the coordinate rules, both " +
    "dates for the date order), and the share of those flagged.",
  ],
  [
    "code",
    `const report = checkPassports(passports);
const pct = (c: string) => pl.col(c).mul(100).round(2).cast(pl.Utf8).add(pl.lit(" %")).alias(c);
const found = report.summary.filter(pl.col("findings").gt(0));
await display(found.select("rule", "severity", "bdq", "findings", "accessions", "checked", pct("share")))`,
  ],
  [
    "md",
    "**3. The findings**, errors first. Where the check can tell the right value (a swapped pair or a lost sign that " +
    "puts the site back in its country, a DOI written as a URL), `suggestion` holds it; `status` is BDQ's response " +
    "(`AMENDED` when the coordinates can be corrected, `NOT_AMENDED` when several corrections would fit and none is " +
    "suggested).",
  ],
  [
    "code",
    `const findings = report.findings.sort(["severity", "rule"]);
await display(findings.select("ACCENUMB", "rule", "severity", "message", "value", "suggestion", "status"))`,
  ],
  [
    "md",
    "**4. Where are the coordinate findings?** Each flagged collecting site at its recorded place, coloured by rule; an " +
    "arrow leads to the corrected place where the check suggests one.",
  ],
  [
    "code",
    `import { findingsMap } from "genesys-notebook/plot";
await display(findingsMap(report.findings, { title: "CIAT passports: coordinates to check" }))`,
  ],
  ["md", "**5. Export for correction**: the findings as CSV, one row per finding with the accession keys."],
  [
    "code",
    `import { mkdirSync } from "node:fs";
mkdirSync("out", { recursive: true });
report.findings.writeCSV("out/COL003-findings.csv");
await display(
  \`wrote out/COL003-findings.csv: \${report.findings.height} findings for \${report.findings.getColumn("row").nUnique()} accessions\`,
);`,
  ],
  [
    "md",
    "**6. Self-test on the sandbox's planted errors.** The sandbox planted the errors and kept a record of them, so we " +
    "can count, for this institute, the share of findings that are planted errors (precision) and the share of planted " +
    "errors found (recall). This is a self-test, not a measure of the check on real passports: the planted kinds were " +
    "written by the same team to mirror the rules. What holds the rules to account is what we did not make: BDQ's own " +
    "test data and genuine Genesys rows (docs/quality.md). coord-outlier has no planted kind: its findings are wild " +
    "accessions far from the others of their species in this one collection, which a curator looks at rather than " +
    "corrects, so its precision here means nothing. A dash: nothing to divide by (no finding, or no planted error of that kind here).",
  ],
  [
    "code",
    `import { PLANTED_KINDS, readPlantedErrors, scoreFindings } from "genesys-notebook/sandbox";
if (sb) {
  const planted = (await readPlantedErrors(sb.db)).filter((p) => p.instCode === "COL003");
  const scores = scoreFindings(report.findings.select("UUID", "rule").toRecords() as { UUID: string; rule: string }[], planted);
  const percent = (x: number) => (Number.isFinite(x) ? \`\${(100 * x).toFixed(1)} %\` : "–");
  const plantable = new Set(PLANTED_KINDS.map((k) => k.rule));
  const rows = scores.filter((s) => s.findings || s.planted).sort((a, b) => a.rule.localeCompare(b.rule));
  await display(pl.DataFrame({
    rule: rows.map((s) => s.rule),
    findings: pl.Series("findings", rows.map((s) => s.findings), pl.UInt32),
    "of them planted": pl.Series("of them planted", rows.map((s) => s.truePositives), pl.UInt32),
    precision: rows.map((s) => (plantable.has(s.rule) ? percent(s.precision) : "no planted kind")),
    planted: pl.Series("planted", rows.map((s) => s.planted), pl.UInt32),
    found: pl.Series("found", rows.map((s) => s.found), pl.UInt32),
    recall: rows.map((s) => percent(s.recall)),
  }));
}`,
  ],
  ["code", close],
];
