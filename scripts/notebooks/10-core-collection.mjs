import { close, connect } from "./common.mjs";

/** Cells of notebooks/10-core-collection.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# A core collection of beans\n" +
    "A genebank holds thousands of bean accessions; a breeder can grow a few hundred. A **core collection** is the " +
    "subset that keeps as much of the collection's diversity as possible. `coreCollection()` chooses one as Core Hunter 3 " +
    "scores it: **EN**, the mean distance from each entry to the nearest other entry (diversity, maximised), **AN**, the " +
    "mean distance from each accession to the nearest entry (representativeness, lower is better) and **EE**, the mean " +
    "distance between entries, over Gower's distance on passport, trait and climate columns (docs/core.md; the scores " +
    "equal Core Hunter's own to 1e-6). Against the sandbox, every value here is **generated data**: the passports and " +
    "traits by the sandbox, the climate by `syntheticClimate()`; nothing here is a finding about real beans.",
  ],
  ["code", connect()],
  ["md", "**1. The bean accessions**, with the passport columns the core is chosen on."],
  [
    "code",
    `import { coreCollection, coreRequest, coreScores, clusteredCore, pl, syntheticClimate } from "genesys-notebook";
const passports = await g.passports({ crop: ["beans"] }, {
  select: ["UUID", "DOI", "INSTCODE", "ACCENUMB", "GENUS", "SPECIES", "ORIGCTY", "SAMPSTAT", "DECLATITUDE", "DECLONGITUDE", "ELEVATION"],
});
await display(\`\${passports.height.toLocaleString("en")} bean accessions from \${passports.getColumn("INSTCODE").nUnique()} genebanks\`);`,
  ],
  [
    "md",
    "**2. Trait means and climate at the collecting site.** Each accession's mean over the trials that observed it " +
    "(numeric descriptors), and the annual mean temperature (bio1, °C) and annual precipitation (bio12, mm) at its " +
    "collecting site from the sandbox's `syntheticClimate()` (generated; with real data, `climateAtSites()` reads " +
    "WorldClim's layers).",
  ],
  [
    "code",
    `const t = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
const names = new Set(t.descriptors.getColumn("name").toArray() as string[]);
const traitCols = t.wide.columns.filter((c) => names.has(c) && t.wide.getColumn(c).isNumeric()).slice(0, 4);
const traits = t.wide.groupBy("UUID").agg(...traitCols.map((c) => pl.col(c).mean().alias(c)));
const lat = passports.getColumn("DECLATITUDE").toArray() as (number | null)[];
const lon = passports.getColumn("DECLONGITUDE").toArray() as (number | null)[];
const elev = passports.getColumn("ELEVATION").toArray() as (number | null)[];
const climate = lat.map((y, i) => (y == null || lon[i] == null ? undefined : syntheticClimate(y, lon[i]!, elev[i] ?? 0).bio));
const beans = passports.join(traits, { on: "UUID", how: "left" }).withColumns(
  pl.Series("bio1 (°C, generated)", climate.map((b) => b?.bio1 ?? null), pl.Float64),
  pl.Series("bio12 (mm, generated)", climate.map((b) => b?.bio12 ?? null), pl.Float64),
);
const columns = ["ORIGCTY", "SAMPSTAT", "ELEVATION", "bio1 (°C, generated)", "bio12 (mm, generated)", ...traitCols];
await display(\`columns used: \${columns.join(", ")}\`);`,
  ],
  [
    "md",
    "**3. A core of 10%**, maximising EN. The result holds the core, the whole frame with a `core` column, the scores " +
    "and how the search went; `diagnostics()` lists columns dropped as empty or constant and rows without data.",
  ],
  [
    "code",
    `const core = coreCollection(beans, { size: 0.1, columns, seed: 1, maxSteps: 150_000, maxSeconds: 300 });
await display(pl.DataFrame({
  accessions: [beans.height], core: [core.rows.length],
  EN: [core.scores.EN], AN: [core.scores.AN], EE: [core.scores.EE],
  "search (s)": [core.search.seconds], swaps: [core.search.steps], stopped: [core.search.stopped],
}).withColumns(pl.col(["accessions", "core", "swaps"]).cast(pl.Int64), pl.col(["EN", "AN", "EE", "search (s)"]).round(4)));
const d = core.diagnostics;
await display(d.coercions.length || d.notes.length ? d : "no column dropped, every row has data");`,
  ],
  [
    "md",
    "**4. The core against random subsets of the same size** (50, seeded), against a core that weighs diversity and " +
    "representativeness equally (`objective: { EN: 0.5, AN: 0.5 }`) and against the Subsetting Tool's route " +
    "(`clusteredCore()`: principal components, Ward clustering, one accession per cluster), all scored the same way. " +
    "Higher EN and EE and lower AN are better. Most accessions have no trait values: Core Hunter's rules count a missing " +
    "value as distance 0 in EN and EE and as 1 in AN, so AN is high for every subset, and a core chosen for diversity " +
    "prefers accessions with trait data, which makes it less representative (AN) than random subsets here: the two " +
    "goals pull apart. The balanced core starts from the diverse one and gains little AN; for representativeness " +
    'alone, use `objective: "AN"`.',
  ],
  [
    "code",
    `const k = core.rows.length, n = beans.height;
let s = 7;
const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
const randoms = Array.from({ length: 50 }, () => {
  const picked = new Set<number>();
  while (picked.size < k) picked.add(Math.floor(rand() * n));
  return coreScores(beans, [...picked], { columns });
});
const balanced = coreCollection(beans, { size: k, columns, objective: { EN: 0.5, AN: 0.5 }, seed: 1, maxSteps: 20_000, maxSeconds: 300 });
const clustered = clusteredCore(beans, { size: k, columns });
const viaClusters = coreScores(beans, clustered.rows, { columns });
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const row = (what: string, f: (x: { EN: number; AN: number; EE: number }) => number, better: 1 | -1) => ({
  score: what,
  "EN core": f(core.scores),
  "EN+AN core": f(balanced.scores),
  "clustered core": f(viaClusters),
  "random mean": mean(randoms.map(f)),
  "random sd": sd(randoms.map(f)),
  "random subsets the core beats": \`\${randoms.filter((r) => better * (f(core.scores) - f(r)) > 0).length} of 50\`,
});
const table = pl.DataFrame([
  row("EN (diversity)", (x) => x.EN, 1),
  row("AN (representativeness)", (x) => x.AN, -1),
  row("EE", (x) => x.EE, 1),
]);
await display(table.withColumns(pl.col(["EN core", "EN+AN core", "clustered core", "random mean", "random sd"]).round(4)));`,
  ],
  ["md", "**5. Where the core lies** in the first two principal components of the columns, and on the map."],
  [
    "code",
    `import { coreCoverage, coreMap, corePcaScatter } from "genesys-notebook/plot";
await display(corePcaScatter(core, { title: "Bean core in the principal components (generated data)" }));
await display(coreMap(core, { title: "Collecting sites of the core and the rest (generated data)" }));`,
  ],
  ["md", "**6. Coverage**: each country of origin and biological status, its share of the collection and of the core."],
  [
    "code",
    `await display(coreCoverage(core, "ORIGCTY", { top: 12 }));
await display(coreCoverage(core, "SAMPSTAT"));`,
  ],
  [
    "md",
    "**7. The request list**: DOIs (institute code and accession number where there is none), with the citation of " +
    "the data, ready to paste into a Genesys subset or a material request.",
  ],
  [
    "code",
    `const request = coreRequest(core, [passports, t.wide]);
await display(\`\${request.withDoi} DOIs, \${request.withoutDoi} by institute code and accession number.\`);
await display(\`Drawn from: \${request.citation.text}\`);
await display(pl.DataFrame({ "request list (first 8 of the core)": request.lines.slice(0, 8) }));`,
  ],
  ["code", close],
];
