// Writes notebooks/*.ipynb from the cell sources below (keeps notebooks reviewable as code).
import { writeFileSync } from "node:fs";

const nb = (cells) => ({
  cells: cells.map(([type, src], i) =>
    type === "md"
      ? {
        id: `cell-${i}`,
        cell_type: "markdown",
        metadata: {},
        source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)),
      }
      : {
        id: `cell-${i}`,
        cell_type: "code",
        execution_count: null,
        metadata: {},
        outputs: [],
        source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)),
      }
  ),
  metadata: {
    kernelspec: { display_name: "Deno", language: "typescript", name: "deno" },
    language_info: { name: "typescript", file_extension: ".ts" },
  },
  nbformat: 4,
  nbformat_minor: 5,
});

const connect = `import { display, Genesys, startSandbox, show } from "genesys-notebook";
// Real Genesys when GENESYS_API_URL and GENESYS_TOKEN (or client id/secret) are set; otherwise a local sandbox.
const useReal = !!Deno.env.get("GENESYS_API_URL");
const sb = useReal ? undefined : await startSandbox({ accessions: 30_000, seed: 42 });
const g = useReal ? Genesys.fromEnv() : new Genesys({ baseUrl: sb!.url, token: sb!.token });
await display(useReal ? "connected to " + g.baseUrl : "sandbox at " + sb!.url);`;
const close = `await g.close();
await sb?.close();`;

writeFileSync(
  "notebooks/01-passports.ipynb",
  JSON.stringify(
    nb([
      [
        "md",
        "# Passport data\nQuery accession passports for a crop and institute, inspect the dtypes, and plot origin countries " +
        "and collecting sites.",
      ],
      ["code", connect],
      [
        "md",
        "\`await display(x)\` shows a frame or figure and returns once the kernel has sent it: every output of these " +
        "notebooks goes through it, so none is lost when the notebook runs headless (nbconvert, CI).",
      ],
      [
        "code",
        `const passports = await g.passports({ crop: ["beans"], institute: { code: ["COL003"] } });
await display(passports)`,
      ],
      [
        "md",
        "Codes are categoricals, coordinates floats, `ACQDATE` stays an MCPD string and `ACQDATE_date` is the parsed date where complete.",
      ],
      [
        "code",
        `// the columns grouped by dtype
const byType: Record<string, string[]> = {};
for (const [column, dtype] of Object.entries(passports.schema)) (byType[dtype.variant] ??= []).push(column);
await display(byType)`,
      ],
      [
        "code",
        `import { countryBar, collectingSitesMap, sampstatBar } from "genesys-notebook/plot";
await display(countryBar(passports, { title: "CIAT bean accessions by country of origin" }))`,
      ],
      ["code", `await display(sampstatBar(passports, { title: "CIAT bean accessions by biological status" }))`],
      ["code", `await display(collectingSitesMap(passports, { title: "CIAT bean collecting sites" }))`],
      ["code", close],
    ]),
    null,
    1,
  ),
);

writeFileSync(
  "notebooks/02-traits.ipynb",
  JSON.stringify(
    nb([
      [
        "md",
        "# Trait data\n`g.traits(filter)` runs the four-step workflow one dataset (trial) at a time, so every value keeps its " +
        "dataset, and returns four frames: `datasets`, `descriptors`, `long` (one row per observed value) and `wide` (one row " +
        "per accession and dataset).",
      ],
      ["code", connect],
      [
        "md",
        "**The trait datasets of a crop**: title, version, how many accessions, descriptors and values each holds for this " +
        "filter, and the datatable's own fields.",
      ],
      [
        "code",
        `import { pl } from "genesys-notebook";
const filter = { crop: ["beans"] };
const t = await g.traits(filter);
await display(t.datasets.drop("id", "collection"))`,
      ],
      [
        "md",
        "**Descriptors**: the column name used in `wide`, unit, data type, code list as `List(Struct{code, label})`, and the " +
        "datasets that measure it (by title: \`withDatasetNames\`).",
      ],
      [
        "code",
        `import { withDatasetNames } from "genesys-notebook/plot";
await display(withDatasetNames(t.descriptors.select("name", "unit", "data_type", "code_list", "datasets"), t.datasets, "datasets"))`,
      ],
      [
        "md",
        "**Tidy frame, one descriptor**: every value with its dataset (by title) and position " +
        "in the array the server sent; numbers in \`value\`, codes and text in \`text\`, code labels in \`label\`.",
      ],
      [
        "code",
        `const fe = t.long.filter(pl.col("descriptor").eq(pl.lit("Seed iron content")));
await display(withDatasetNames(fe.select("ACCENUMB", "dataset", "value_index", "value"), t.datasets))`,
      ],
      ["md", "Values, mean and standard deviation of seed iron (mg/kg) per dataset."],
      [
        "code",
        `const stats = [pl.len().alias("values"), pl.col("value").mean().alias("mean"), pl.col("value").std().alias("sd")];
await display(withDatasetNames(fe.groupBy("dataset").agg(...stats), t.datasets))`,
      ],
      [
        "md",
        "**Wide frame, aggregated by mean**: one row per accession and dataset; numeric descriptors averaged, codes reduced " +
        "to their most frequent value (\`decode: true\` shows labels), text and dates kept as lists. Without \`aggregate\` every " +
        "column is a List of all values. Each dataset measured its own descriptors, so the frame is shown dataset by dataset, " +
        "with the descriptors that dataset measured (the \`datasets\` column of \`descriptors\`).",
      ],
      [
        "code",
        `const means = await g.traits(filter, { aggregate: "mean", decode: true });
for (const d of means.datasets.select("uuid", "title").toRecords()) {
  const measured = means.descriptors.filter(pl.col("datasets").lst.contains(d.uuid)).getColumn("name").toArray();
  const rows = means.wide.filter(pl.col("dataset").eq(pl.lit(d.uuid))).select("ACCENUMB", ...measured);
  await display(\`\${d.title}: \${rows.height} accessions, \${measured.length} descriptors\`);
  await display(rows);
}`,
      ],
      [
        "md",
        "**The same trait in two datasets**: days to flowering was scored in the characterization and in the multi-location " +
        "evaluation. Its distribution per dataset, then the same accessions' means in one dataset against the other.",
      ],
      [
        "code",
        `import { traitAcrossDatasets, traitByDataset, traitPairByDataset, traitScatter } from "genesys-notebook/plot";
await display(traitByDataset(t, "Days to flowering"))`,
      ],
      ["code", `await display(traitAcrossDatasets(means, "Days to flowering"))`],
      [
        "md",
        "**Joined with passport data**: trait means per accession and dataset next to origin and biological status; iron " +
        "against zinc, coloured by country of origin, and per dataset.",
      ],
      [
        "code",
        `const passports = await g.passports(filter, { select: ["UUID", "ORIGCTY", "SAMPSTAT"] });
const joined = means.wide.join(passports, { on: "UUID", how: "left" });
const columns = ["ACCENUMB", "ORIGCTY", "SAMPSTAT", "dataset", "Seed iron content", "Seed zinc content"];
await display(withDatasetNames(joined.select(...columns).filter(pl.col("Seed iron content").isNotNull()), t.datasets))`,
      ],
      [
        "code",
        `await display(traitScatter(joined, "Seed iron content", "Seed zinc content", { color: "ORIGCTY", units: t.descriptors }))`,
      ],
      ["code", `await display(traitPairByDataset(t, "Seed iron content", "Seed zinc content"))`],
      ["code", close],
    ]),
    null,
    1,
  ),
);

writeFileSync(
  "notebooks/03-bulk-export.ipynb",
  JSON.stringify(
    nb([
      [
        "md",
        "# Bulk export, cached and citable\nA large export with progress; run again, it comes from the on-disk cache; " +
        "then where it came from (provenance), what to cite, and files saved with their provenance.",
      ],
      ["code", connect.replace("accessions: 30_000", "accessions: 150_000")],
      [
        "code",
        `import { citation, load, progressReporter, provenance, save, saveDoiList } from "genesys-notebook";
const progress = progressReporter("export");
let t0 = performance.now();
// "refresh": download now and store the result (the cache directory: g.cache.dir)
const all = await g.passports({}, { onProgress: progress, cache: "refresh" });
await progress.done();
const took = ((performance.now() - t0) / 1000).toFixed(1);
await display(\`\${all.height.toLocaleString("en")} rows x \${all.width} columns downloaded in \${took} s\`)`,
      ],
      [
        "md",
        "**The second run** (re-running the notebook): the same call with the cache on is served from disk, " +
        "with the same dtypes, and no request.",
      ],
      [
        "code",
        `t0 = performance.now();
const again = await g.passports({}, { cache: "on" });
const seconds = ((performance.now() - t0) / 1000).toFixed(2);
await display(\`\${again.height.toLocaleString("en")} rows in \${seconds} s, from the cache: \${provenance(again)?.fromCache}\`)`,
      ],
      ["md", "The table says where it came from, on its last line."],
      ["code", `await display(again)`],
      ["md", "**Provenance**: server, endpoint, query, when it was downloaded, rows, package version."],
      ["code", `await display(provenance(again))`],
      ["md", "**Citation**: the sentence to cite and the accession DOIs, written one per line for a data paper's supplement."],
      [
        "code",
        `const c = citation(again);
await Deno.mkdir("../out", { recursive: true });
const n = saveDoiList(again, "../out/passport-dois.txt");
await display({ cite: c.text, dois: \`\${n.toLocaleString("en")} written to out/passport-dois.txt\` })`,
      ],
      ["md", "**Saving**: \`save()\` writes Parquet (or CSV, Arrow IPC) and its provenance beside it; \`load()\` reads both back."],
      [
        "code",
        `save(again, "../out/passports.parquet");
const back = load("../out/passports.parquet");
const sidecar = await Deno.stat("../out/passports.parquet.provenance.json");
await display({ rows: back.height, downloadedAt: provenance(back)?.downloadedAt, sidecarBytes: sidecar.size })`,
      ],
      ["code", `await display(g.cache.list().map((e) => ({ kind: e.kind, MB: +(e.bytes / 1e6).toFixed(1), createdAt: e.createdAt })))`],
      ["code", close],
    ]),
    null,
    1,
  ),
);
writeFileSync(
  "notebooks/04-catalogue.ipynb",
  JSON.stringify(
    nb([
      [
        "md",
        "# Catalogue\nWhat Genesys holds before downloading it: crops, the genebanks of a country, counts for a query; " +
        "then passports with MCPD codes as words.",
      ],
      ["code", connect],
      ["md", "**Crops**, with the number of accessions of each."],
      ["code", `await display(await g.crops())`],
      ["md", "**Genebanks of a country** (WIEWS institutes), and institute names for codes."],
      [
        "code",
        `await display(await g.institutes({ country: ["COL", "PER"] }));
await display(await g.instituteNames(["COL003", "PER001"]))`,
      ],
      ["md", "**How big is a query?** Counts per field (the most frequent values, then the rest) before downloading anything."],
      [
        "code",
        `const { total, counts } = await g.overview({ crop: ["beans"] }, { limit: 5 });
await display(\`\${total.toLocaleString("en")} bean accessions match\`);
await display(counts)`,
      ],
      ["md", "**Species** among them, and the **subsets** (core collections) for the crop."],
      [
        "code",
        `await display(await g.species({ crop: ["beans"] }));
await display(await g.subsets({ crop: ["beans"] }))`,
      ],
      [
        "md",
        "**Passports with codes as words**: \`decode: true\` adds \`SAMPSTAT_label\`, \`COLLSRC_label\`, \`STORAGE_label\`, " +
        "\`MLSSTAT_label\`, \`ORIGCTY_name\` and \`INSTCODE_name\` after their code columns (MCPD v2.1 code lists, ISO 3166 names).",
      ],
      [
        "code",
        `const select = ["INSTCODE", "ACCENUMB", "SAMPSTAT", "COLLSRC", "ORIGCTY", "STORAGE", "MLSSTAT"];
const beans = await g.passports({ crop: ["beans"] }, { select, decode: true });
await display(beans)`,
      ],
      [
        "code",
        `import { sampstatBar } from "genesys-notebook/plot";
await display(sampstatBar(beans, { title: "Bean accessions by biological status" }))`,
      ],
      ["md", "**One accession's full record**, by DOI."],
      [
        "code",
        `const doi = (await g.passports({ crop: ["beans"] }, { select: ["DOI"], limit: 20 })).getColumn("DOI").dropNulls().toArray()[0];
const one = await g.accession(String(doi));
await display(one.select("doi", "accessionNumber", "institute.fullName", "taxonomy.taxonName", "countryOfOrigin.name"))`,
      ],
      ["code", close],
    ]),
    null,
    1,
  ),
);
writeFileSync(
  "notebooks/05-research-question.ipynb",
  JSON.stringify(
    nb([
      [
        "md",
        "# Wild beans: where, how available, and how rich in iron?\n" +
        "A question a bean breeder looking for iron-dense parents might ask: **where were wild *Phaseolus* accessions collected, " +
        "which of them are in the Multilateral System (MLS, so available under the standard material transfer agreement), " +
        "and does seed iron differ between wild material, landraces and bred material?** Against the sandbox by default; set " +
        "GENESYS_API_URL and a token to ask the real Genesys.",
      ],
      ["code", connect],
      [
        "md",
        "**1. How many?** Counts before downloading: wild (MCPD SAMPSTAT 100–130) *Phaseolus* accessions, and the " +
        "countries of origin with the most of them.",
      ],
      [
        "code",
        `import { pl } from "genesys-notebook";
const wild = { taxonomy: { genus: ["Phaseolus"] }, sampStat: [100, 110, 120, 130] };
const { total, counts } = await g.overview(wild, { limit: 6 });
await display(\`\${total.toLocaleString("en")} wild Phaseolus accessions\`);
await display(counts.filter(pl.col("field").eq(pl.lit("countryOfOrigin.code3"))))`,
      ],
      ["md", "**2. Where were they collected?** Passports with the codes decoded, on a map."],
      [
        "code",
        `import { collectingSitesMap } from "genesys-notebook/plot";
const passports = await g.passports(wild, {
  select: ["INSTCODE", "ACCENUMB", "DOI", "UUID", "GENUS", "SPECIES", "SAMPSTAT", "ORIGCTY", "DECLATITUDE", "DECLONGITUDE", "MLSSTAT"],
  decode: true,
});
await display(collectingSitesMap(passports, { color: "MLSSTAT_label", title: "Wild Phaseolus collecting sites, by MLS status" }))`,
      ],
      [
        "md",
        "**3. Which are in the MLS?** Per species: accessions, how many are in the MLS (\`MLSSTAT\` true), how many have no " +
        "MLS status recorded, and how many are georeferenced.",
      ],
      [
        "code",
        `const mls = passports.groupBy("SPECIES").agg(
  pl.len().alias("accessions"),
  pl.col("MLSSTAT").cast(pl.UInt32).sum().alias("in MLS"),
  pl.col("MLSSTAT").isNull().cast(pl.UInt32).sum().alias("no MLS status"),
  pl.col("DECLATITUDE").isNotNull().cast(pl.UInt32).sum().alias("georeferenced"),
).withColumns(pl.col("in MLS").cast(pl.Float64).div(pl.col("accessions")).mul(100).round(1).alias("% in MLS")).sort("accessions", true);
await display(mls)`,
      ],
      [
        "md",
        "**4. Does seed iron differ between types of material?** Iron is scored in the screening trials; each accession's " +
        "mean per trial, joined to its biological status (MCPD SAMPSTAT) and grouped: wild (100–199), weedy (200), " +
        "landrace (300), breeding/research material (400–499), improved cultivar (500). Accessions with SAMPSTAT 999 " +
        '("Other") or none are counted in the table as "other / not recorded" and left out of the comparison.',
      ],
      [
        "code",
        `const status = await g.passports({ crop: ["beans"] }, { select: ["UUID", "SAMPSTAT"] });
const fe = await g.traits({ crop: ["beans"] }, { descriptors: ["Seed iron content"], aggregate: "mean" });
const s = pl.col("SAMPSTAT");
const group = pl.when(s.gtEq(100).and(s.lt(200))).then(pl.lit("wild"))
  .when(s.eq(200)).then(pl.lit("weedy"))
  .when(s.eq(300)).then(pl.lit("landrace"))
  .when(s.gtEq(400).and(s.lt(500))).then(pl.lit("breeding/research material"))
  .when(s.eq(500)).then(pl.lit("improved cultivar"))
  .otherwise(pl.lit("other / not recorded"));
const joined = fe.wide.join(status, { on: "UUID", how: "left" }).withColumns(group.alias("material"))
  .filter(pl.col("Seed iron content").isNotNull());
const summary = joined.groupBy("material").agg(
  pl.len().alias("accession means"),
  pl.col("SAMPSTAT").unique().sort().cast(pl.Utf8).str.concat(", ").alias("SAMPSTAT codes"),
  pl.col("Seed iron content").mean().round(1).alias("mean Fe (mg/kg)"),
  pl.col("Seed iron content").std().round(1).alias("sd"),
).sort("mean Fe (mg/kg)", true);
await display(summary)`,
      ],
      [
        "code",
        `import { traitBox } from "genesys-notebook/plot";
const compared = joined.filter(pl.col("material").neq(pl.lit("other / not recorded")));
await display(traitBox(compared, "Seed iron content", "material", {
  units: fe.descriptors,
  title: "Seed iron by type of material (accession means per trial)",
}))`,
      ],
      [
        "md",
        "**What the numbers say**, computed from the table above: the highest and lowest group means and how far apart " +
        "they are, next to the spread within groups.",
      ],
      [
        "code",
        `const groups = summary.filter(pl.col("material").neq(pl.lit("other / not recorded"))).toRecords();
const [top, bottom] = [groups[0]!, groups[groups.length - 1]!];
const gap = Number(top["mean Fe (mg/kg)"]) - Number(bottom["mean Fe (mg/kg)"]);
const spread = Math.max(...groups.map((r) => Number(r.sd)));
await display(
  \`Highest mean: \${top.material}, \${top["mean Fe (mg/kg)"]} mg/kg (\${top["accession means"]} accession means); \` +
    \`lowest: \${bottom.material}, \${bottom["mean Fe (mg/kg)"]} mg/kg (\${bottom["accession means"]}). \` +
    \`The difference, \${gap.toFixed(1)} mg/kg, is \${gap < spread / 2 ? "small" : "not small"} \` +
    \`next to the within-group sd (up to \${spread.toFixed(1)} mg/kg).\`,
);`,
      ],
      [
        "md",
        "**Conclusion.** The counts and the map show where wild *Phaseolus* was collected, and the MLS table which share of " +
        "each species is available under the standard material transfer agreement. The iron table, the box plot and the " +
        "sentence above compare seed iron between types of material, one mean per accession and trial. On the sandbox the " +
        "data are generated and its trait generator gives material type no effect on iron, so any difference there is " +
        "chance; with real Genesys data (set GENESYS_API_URL) the same cells answer the question. Cite the frames with " +
        "\`citation(df)\` (notebook 03).",
      ],
      ["code", close],
    ]),
    null,
    1,
  ),
);
writeFileSync(
  "notebooks/06-data-quality.ipynb",
  JSON.stringify(
    nb([
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
    ]),
    null,
    1,
  ),
);
console.log("notebooks written");
