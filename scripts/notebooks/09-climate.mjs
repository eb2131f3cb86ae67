import { close, connect } from "./common.mjs";

/** Cells of notebooks/09-climate.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Bean landraces from dry summers: where, and do they differ in seed iron?\n" +
    "A question a breeder mining a genebank for drought adaptation (FIGS) might ask: **which bean landraces come from " +
    "sites with less than 500 mm of rain in the warmest quarter of the year (WorldClim's bio18), and do they differ " +
    "from the other landraces in seed iron?** The climate at each collecting site comes from GeoTIFF layers: on the " +
    "sandbox, its **generated climate** (synthetic layers named like WorldClim 2.1's, labelled so in every figure); with " +
    "real data, WorldClim 2.1 fetched once by `worldclimDownload()` (set GENESYS_API_URL, and GENESYS_WORLDCLIM_DIR for " +
    "where to keep it).",
  ],
  ["code", connect()],
  [
    "md",
    "**1. The landraces and their sites.** Bean landraces (MCPD SAMPSTAT 300) with their coordinates, and the climate " +
    "layers: the sandbox's generated ones, or WorldClim 2.1 at 10 arc-minutes.",
  ],
  [
    "code",
    `import { climateAtSites, climateLayersOf, diagnostics, pl, sandboxClimate, worldclimDownload } from "genesys-notebook";
const beans = await g.passports({ crop: ["beans"] }, {
  select: ["UUID", "INSTCODE", "ACCENUMB", "GENUS", "SPECIES", "SAMPSTAT", "ORIGCTY", "DECLATITUDE", "DECLONGITUDE"],
});
const folder = useReal ? (await worldclimDownload({ variables: ["bio"], resolution: "10m" })).folder : await sandboxClimate();
const climate = await climateAtSites(beans, folder, { layers: ["bio1", "bio12", "bio18"] });
await display(climateLayersOf(climate)!.select("name", "meaning", "unit", "resolution", "generated"));
await display(diagnostics(climate)!.notes.join("\\n"));`,
  ],
  [
    "md",
    "**2. Where are they, and how dry is their warm season?** The sites over bio18, the precipitation of the warmest " +
    "quarter, in classes (mm on the legend).",
  ],
  [
    "code",
    `import { climateLayerGrid } from "genesys-notebook";
import { climateSitesMap, climateSpace } from "genesys-notebook/plot";
const landraces = climate.filter(pl.col("SAMPSTAT").eq(300));
const bio18 = await climateLayerGrid(folder, "bio18", { step: 1 });
await display(climateSitesMap(landraces, bio18, { layer: "bio18", title: "Bean landrace collecting sites over bio18" }))`,
  ],
  [
    "md",
    "**3. All the beans in climate space**: annual mean temperature (bio1) against annual precipitation (bio12), by " +
    "biological status.",
  ],
  ["code", `await display(climateSpace(climate, { x: "bio1", y: "bio12", color: "SAMPSTAT" }))`],
  [
    "md",
    "**4. The dry-summer landraces.** Landraces whose warmest quarter has less than 500 mm of rain, by country of " +
    "origin; those with no climate value (no coordinates, or off the land the layers cover) are counted apart.",
  ],
  [
    "code",
    `const DRY_MM = 500;
const withClimate = landraces.filter(pl.col("bio18").isNotNull());
const dry = withClimate.filter(pl.col("bio18").lt(DRY_MM));
await display(
  \`\${dry.height.toLocaleString("en")} of \${withClimate.height.toLocaleString("en")} landraces with a climate value come from sites \` +
    \`with less than \${DRY_MM} mm in the warmest quarter; \${(landraces.height - withClimate.height).toLocaleString("en")} \` +
    \`landraces have no climate value.\`,
);
await display(dry.groupBy("ORIGCTY").agg(pl.len().alias("landraces"), pl.col("bio18").median().round(0).alias("median bio18 (mm)"))
  .sort("landraces", true).head(10))`,
  ],
  [
    "md",
    "**5. Do they differ in seed iron?** Each accession's mean seed iron per trial, joined to the landraces; dry-summer " +
    "against the other landraces: counts, means, spread.",
  ],
  [
    "code",
    `import { traitBox } from "genesys-notebook/plot";
const fe = await g.traits({ crop: ["beans"] }, { descriptors: ["Seed iron content"], aggregate: "mean" });
const joined = fe.wide.join(withClimate.select("UUID", "bio18"), { on: "UUID", how: "inner" })
  .filter(pl.col("Seed iron content").isNotNull())
  .withColumns(
    pl.when(pl.col("bio18").lt(DRY_MM)).then(pl.lit(\`< \${DRY_MM} mm (dry summer)\`)).otherwise(pl.lit(\`≥ \${DRY_MM} mm\`))
      .alias("warm-quarter rain"),
  );
const summary = joined.groupBy("warm-quarter rain").agg(
  pl.len().alias("accession means"),
  pl.col("Seed iron content").mean().round(1).alias("mean Fe (mg/kg)"),
  pl.col("Seed iron content").std().round(1).alias("sd"),
).sort("warm-quarter rain");
await display(summary);
await display(traitBox(joined, "Seed iron content", "warm-quarter rain", {
  units: fe.descriptors,
  title: "Seed iron of bean landraces by rain in the warmest quarter",
}))`,
  ],
  [
    "md",
    "**What the numbers say**, from the table above: the difference between the two groups' means next to the spread " +
    "within them.",
  ],
  [
    "code",
    `const rows = summary.toRecords();
let verdict = "Too few accession means in one of the groups (fewer than 10) to compare them.";
if (rows.length === 2 && rows.every((r) => Number(r["accession means"]) >= 10)) {
  const [a, b] = rows;
  const gap = Math.abs(Number(a!["mean Fe (mg/kg)"]) - Number(b!["mean Fe (mg/kg)"]));
  const sd = Math.max(Number(a!.sd), Number(b!.sd));
  verdict = \`\${a!["warm-quarter rain"]}: \${a!["mean Fe (mg/kg)"]} mg/kg (\${a!["accession means"]}); \${b!["warm-quarter rain"]}: \` +
    \`\${b!["mean Fe (mg/kg)"]} mg/kg (\${b!["accession means"]}). The difference, \${gap.toFixed(1)} mg/kg, is \` +
    \`\${gap < sd / 2 ? "small" : "not small"} next to the within-group sd (up to \${sd.toFixed(1)} mg/kg).\`;
}
await display(verdict);`,
  ],
  [
    "md",
    "**Conclusion.** The map and the table name the landraces from dry-summer sites and where they come from; the box " +
    "plot and the sentence above compare their seed iron with the other landraces'. On the sandbox both the climate and " +
    "the traits are **generated**: the climate is synthetic (deserts and monsoons where a reader expects them, not " +
    "measurements) and any difference in iron is whatever the trait generator put there. With real data (set " +
    "GENESYS_API_URL) the same cells sample WorldClim 2.1 (cite Fick & Hijmans 2017) and answer the question; " +
    "`provenance(climate)` names every file read.",
  ],
  ["code", close],
];
