import { close, connect } from "./common.mjs";

/** Cells of notebooks/05-research-question.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Wild beans: where, how available, and how rich in iron?\n" +
    "A question a bean breeder looking for iron-dense parents might ask: **where were wild *Phaseolus* accessions collected, " +
    "which of them are in the Multilateral System (MLS, so available under the standard material transfer agreement), " +
    "and does seed iron differ between wild material, landraces and bred material?** Against the sandbox by default; set " +
    "GENESYS_API_URL and a token to ask the real Genesys.",
  ],
  ["code", connect()],
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
    "**3. Which are in the MLS?** Per taxon (\`withTaxon\`: genus, species and subtaxon, as a botanist writes them): " +
    "accessions, how many are in the MLS (\`MLSSTAT\` true), how many have no " +
    "MLS status recorded, and how many are georeferenced.",
  ],
  [
    "code",
    `import { withTaxon } from "genesys-notebook/plot";
const mls = withTaxon(passports).groupBy("taxon").agg(
  pl.len().alias("accessions"),
  pl.col("MLSSTAT").cast(pl.UInt32).sum().alias("in MLS"),
  pl.col("MLSSTAT").isNull().cast(pl.UInt32).sum().alias("no MLS status"),
  pl.col("DECLATITUDE").isNotNull().cast(pl.UInt32).sum().alias("georeferenced"),
).withColumns(pl.col("in MLS").cast(pl.Float64).div(pl.col("accessions")).mul(100).round(1).alias("% in MLS"))
  .sort(["accessions", "taxon"], [true, false]); // ties by name: the same order on every run
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
const MIN_N = 10; // groups with fewer accession means are shown, marked, and left out of the comparison
const joined = fe.wide.join(status, { on: "UUID", how: "left" }).withColumns(group.alias("material"))
  .filter(pl.col("Seed iron content").isNotNull());
const summary = joined.groupBy("material").agg(
  pl.len().alias("accession means"),
  pl.col("SAMPSTAT").unique().sort().cast(pl.Utf8).str.concat(", ").alias("SAMPSTAT codes"),
  pl.col("Seed iron content").mean().round(1).alias("mean Fe (mg/kg)"),
  pl.col("Seed iron content").std().round(1).alias("sd"),
).withColumns(
  pl.when(pl.col("accession means").lt(MIN_N)).then(pl.lit(\`fewer than \${MIN_N}: not compared\`)).otherwise(pl.lit("")).alias("note"),
).sort(["mean Fe (mg/kg)", "material"], [true, false]);
await display(summary)`,
  ],
  [
    "code",
    `import { traitBox } from "genesys-notebook/plot";
const compared = joined.filter(pl.col("material").neq(pl.lit("other / not recorded")));
await display(traitBox(compared, "Seed iron content", "material", {
  units: fe.descriptors,
  minN: MIN_N,
  title: "Seed iron by type of material (accession means per trial)",
}))`,
  ],
  [
    "md",
    "**What the numbers say**, computed from the table above: the highest and lowest group means and how far apart " +
    "they are, next to the spread within groups; only groups of at least 10 accession means are compared.",
  ],
  [
    "code",
    `const groups = summary.filter(pl.col("material").neq(pl.lit("other / not recorded")).and(pl.col("accession means").gtEq(MIN_N)))
  .toRecords();
const [top, bottom] = [groups[0], groups[groups.length - 1]];
const spread = Math.max(...groups.map((r) => Number(r.sd)));
const gap = Number(top?.["mean Fe (mg/kg)"]) - Number(bottom?.["mean Fe (mg/kg)"]);
await display(
  groups.length < 2
    ? \`Nothing to compare: \${groups.length ? \`only one group, \${top!.material}, has\` : "no group has"} \${MIN_N} or more accession \` +
      \`means\${groups.length ? \` (\${top!["accession means"]})\` : ""}; the other groups are too few to compare (marked in the \` +
      \`table; drawn as points in the box plot). A larger sandbox or real data, with more screened accessions, answers it.\`
    : \`Highest mean: \${top!.material}, \${top!["mean Fe (mg/kg)"]} mg/kg (\${top!["accession means"]} accession means); \` +
      \`lowest: \${bottom!.material}, \${bottom!["mean Fe (mg/kg)"]} mg/kg (\${bottom!["accession means"]}). \` +
      \`The difference, \${gap.toFixed(1)} mg/kg, is \${gap < spread / 2 ? "small" : "not small"} \` +
      \`next to the within-group sd (up to \${spread.toFixed(1)} mg/kg). Groups of fewer than \${MIN_N} accession means are \` +
      \`not compared (marked in the table; drawn as points in the box plot).\`,
);`,
  ],
  [
    "md",
    "**Conclusion.** The counts and the map show where wild *Phaseolus* was collected, and the MLS table which share of " +
    "each species is available under the standard material transfer agreement. The iron table, the box plot and the " +
    "sentence above compare seed iron between types of material, one mean per accession and trial. On the sandbox the " +
    "data are generated: its trait generator draws wild *P. vulgaris* seed iron about 15% higher than cultivated " +
    "beans' (its settings: 71 against 62 mg/kg, after wild and weedy Mexican beans' higher minerals, " +
    "Guzmán-Maldonado et al. 2000) and every other type of material alike. The table's means are lower than those " +
    "settings for every group, because each trial and season shifts all its values, so read the groups against each " +
    "other: a difference between the cultivated groups is chance, and with the few wild beans that were screened the " +
    "wild one may or may not show (docs/sandbox.md). With real Genesys data " +
    "(set GENESYS_API_URL) the same cells answer the question. Cite the frames with " +
    "\`citation(df)\` (notebook 03).",
  ],
  ["code", close],
];
