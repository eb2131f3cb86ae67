import { close } from "./common.mjs";

/** Cells of notebooks/06-data-quality.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Passport data quality, offline\n" +
    "A curator checks one genebank's passports before publishing them: coordinates outside the country of origin or at " +
    "sea, swapped or sign-lost coordinates, impossible dates, codes outside MCPD, duplicate accession numbers, malformed " +
    "DOIs, taxon names that disagree with GRIN. `checkPassports()` runs every rule locally against a 1 km land map " +
    "(docs/quality.md lists the rules and what each can and cannot detect). Against the sandbox, started with " +
    "`plantErrors: true` so that 2 % of accessions carry a known error; set GENESYS_API_URL and a token to check the real data.",
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
    "**2. Check.** One row per finding, and a summary per rule: how many findings, how many accessions, how many rows " +
    "the rule could test (a rule needs its columns: coordinates for the coordinate rules, both dates for the date order).",
  ],
  [
    "code",
    `const report = checkPassports(passports);
await display(report.summary.filter(pl.col("findings").gt(0)).drop("field"))`,
  ],
  [
    "md",
    "**3. The findings**, errors first. Where the check can tell the right value (a swapped pair, a lost sign, a DOI " +
    "written as a URL), \`suggestion\` holds it.",
  ],
  [
    "code",
    `const findings = report.findings.sort(["severity", "rule"]);
await display(findings.select("ACCENUMB", "field", "rule", "severity", "message", "value", "suggestion"))`,
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
    "**6. How good is the check?** On the sandbox the errors were planted, and the sandbox kept a record of them: " +
    "precision (the share of findings that are planted errors) and recall (the share of planted errors found) per rule, " +
    "for this institute. coord-outlier has no planted kind: its findings are wild accessions far from the others of " +
    "their species in this one collection, which a curator looks at rather than corrects.",
  ],
  [
    "code",
    `import { readPlantedErrors, scoreFindings } from "genesys-notebook/sandbox";
if (sb) {
  const planted = (await readPlantedErrors(sb.db)).filter((p) => p.instCode === "COL003");
  const scores = scoreFindings(report.findings.select("UUID", "rule").toRecords() as { UUID: string; rule: string }[], planted);
  const table = pl.DataFrame(scores.filter((s) => s.findings || s.planted)).select("rule", "findings", "precision", "planted", "recall");
  await display(table.withColumns(pl.col("findings").cast(pl.UInt32), pl.col("planted").cast(pl.UInt32)).sort("rule"));
}`,
  ],
  ["code", close],
];
