import { close, connect } from "./common.mjs";

/** Cells of notebooks/09-climate.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Bean landraces from dry sites: where, and do they differ in seed iron?\n" +
    "A question a breeder mining a genebank for drought adaptation (FIGS) might ask: **which bean landraces come from " +
    "semi-arid sites, with less than 500 mm of rain a year (WorldClim's bio12), and do they differ from the other " +
    "landraces in seed iron?** Rain-fed common bean needs about 300–500 mm over its season, so below 500 mm a year a " +
    "rain-fed landrace has grown under recurrent drought. Below about 250 mm beans are seldom grown without irrigation " +
    "(Peru's coast, Arequipa) or the run-off of summer storms (the flood-water fields of Sonora's and Arizona's tepary " +
    "beans): a site that dry tells where the seed was collected, not that the crop lived on " +
    "rain, and a FIGS study sets such sites apart. Where the rain falls in winter (the Mediterranean, central Chile) a " +
    "bean sown in spring grows through a dry summer: Castile's and Greece's bean landraces were irrigated vega and garden " +
    "crops whatever the annual total, and the rain of the warmest quarter (bio18) says more there than bio12. " +
    "The climate at each collecting site comes from GeoTIFF layers: on the " +
    "sandbox, its **generated climate** (synthetic layers named like WorldClim 2.1's, labelled so in every figure); with " +
    "real data, WorldClim 2.1 fetched once by `worldclimDownload()` (set GENESYS_API_URL, and GENESYS_WORLDCLIM_DIR for " +
    "where to keep it).",
  ],
  ["code", connect()],
  [
    "md",
    "**1. The landraces and their sites.** Bean landraces (MCPD SAMPSTAT 300) with their coordinates, and the climate " +
    "layers: the sandbox's generated ones, or WorldClim 2.1 at 2.5 arc-minutes (about 4.6 km; a 10′ cell spans 1,000–3,000 " +
    "m of relief in the Andes or the Ethiopian highlands, where bean landraces grow, and its mean temperature can be " +
    "several degrees off a valley's; the 2.5′ files are a download of several hundred MB, once).",
  ],
  [
    "code",
    `import { climateAtSites, climateLayersOf, diagnostics, pl, sandboxClimate, worldclimDownload } from "genesys-notebook";
const beans = await g.passports({ crop: ["beans"] }, {
  select: ["UUID", "INSTCODE", "ACCENUMB", "GENUS", "SPECIES", "SAMPSTAT", "ORIGCTY", "DECLATITUDE", "DECLONGITUDE"],
  decode: true,
});
const folder = useReal ? (await worldclimDownload({ variables: ["bio"], resolution: "2.5m" })).folder : await sandboxClimate();
const climate = await climateAtSites(beans, folder, { layers: ["bio1", "bio12", "bio18"] });
await display(climateLayersOf(climate)!.select("name", "meaning", "unit", "resolution", "generated"));
await display(diagnostics(climate)!.notes.join("\\n"));`,
  ],
  [
    "md",
    "**2. Where are they, and how dry are their sites?** The sites over bio12, the annual precipitation, in classes " +
    "(mm a year on the legend; 500 mm, the line step 4 draws, is always a class break).",
  ],
  [
    "code",
    `import { climateLayerGrid } from "genesys-notebook";
import { climateSitesMap, climateSpace } from "genesys-notebook/plot";
const landraces = climate.filter(pl.col("SAMPSTAT").eq(300));
const bio12 = await climateLayerGrid(folder, "bio12", { step: 1 });
await display(climateSitesMap(landraces, bio12, {
  layer: "bio12",
  threshold: 500,
  title: "Bean landrace collecting sites over annual precipitation (bio12)",
}))`,
  ],
  [
    "md",
    "**3. All the beans in climate space**: annual mean temperature (bio1) against annual precipitation (bio12), by " +
    "biological status.",
  ],
  ["code", `await display(climateSpace(climate, { x: "bio1", y: "bio12", color: "SAMPSTAT" }))`],
  [
    "md",
    "**4. The landraces from dry sites.** Landraces whose site has less than 500 mm of rain a year, by country of " +
    "origin, with how many of them lie below 250 mm (where beans most likely had irrigation or flood water); those with no climate " +
    "value (no coordinates, or off the land the layers cover) are counted apart. A Mediterranean country's row (Spain's) " +
    "is of summer crops under winter rain: read it as irrigated land, not as drought.",
  ],
  [
    "code",
    `const DRY_MM = 500;
const withClimate = landraces.filter(pl.col("bio12").isNotNull());
const dry = withClimate.filter(pl.col("bio12").lt(DRY_MM));
await display(
  \`\${dry.height.toLocaleString("en")} of \${withClimate.height.toLocaleString("en")} landraces with a climate value come from sites \` +
    \`with less than \${DRY_MM} mm of rain a year; \${(landraces.height - withClimate.height).toLocaleString("en")} \` +
    \`landraces have no climate value.\`,
);
await display(
  dry.groupBy("ORIGCTY_name")
    .agg(
      pl.len().alias("landraces"),
      pl.col("bio12").lt(250).sum().alias("below 250 mm (irrigated or flood-farmed)"),
      pl.col("bio12").median().round(0).alias("median bio12 (mm a year)"),
    )
    .sort(["landraces", "ORIGCTY_name"], [true, false]).head(10),
)`,
  ],
  [
    "md",
    "**5. Do they differ in seed iron?** Each accession's mean seed iron per trial, joined to the common-bean " +
    "(*P. vulgaris*) landraces. The drought group is what steps 3–4 call rain-fed and dry: 250–500 mm a year with at " +
    "least 100 mm in the warmest quarter (bio18), when a summer bean grows; sites below 250 mm or with a dry summer are " +
    "irrigated land and are left out (counted). A group of fewer than 10 accession means is drawn as points, not a box.",
  ],
  [
    "code",
    `import { traitBox } from "genesys-notebook/plot";
const fe = await g.traits({ crop: ["beans"] }, { descriptors: ["Seed iron content"], aggregate: "mean" });
const SUMMER_MM = 100, IRRIGATED = "irrigated: below 250 mm, or a dry summer";
const classed = fe.wide
  .join(withClimate.filter(pl.col("SPECIES").eq(pl.lit("vulgaris"))).select("UUID", "bio12", "bio18"), { on: "UUID", how: "inner" })
  .filter(pl.col("Seed iron content").isNotNull())
  .withColumns(
    pl.when(pl.col("bio12").gtEq(DRY_MM)).then(pl.lit(\`≥ \${DRY_MM} mm a year\`))
      .when(pl.col("bio12").gtEq(250).and(pl.col("bio18").gtEq(SUMMER_MM)))
      .then(pl.lit(\`250–\${DRY_MM} mm, rain in summer (dry)\`))
      .otherwise(pl.lit(IRRIGATED))
      .alias("annual rain"),
  );
const joined = classed.filter(pl.col("annual rain").neq(pl.lit(IRRIGATED)));
const leftOut = classed.height - joined.height;
await display(\`\${leftOut} accession means of common-bean landraces from irrigated land (below 250 mm a year, or less than \` +
  \`\${SUMMER_MM} mm in the warmest quarter) are left out of the comparison.\`);
const summary = joined.groupBy("annual rain").agg(
  pl.len().alias("accession means"),
  pl.col("Seed iron content").mean().round(1).alias("mean Fe (mg/kg)"),
  pl.col("Seed iron content").std().round(1).alias("sd"),
).sort("annual rain");
await display(summary);
await display(traitBox(joined, "Seed iron content", "annual rain", {
  units: fe.descriptors,
  title: "Seed iron of common-bean landraces by rain at the collecting site",
  minN: 10,
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
const short = rows.filter((r) => Number(r["accession means"]) < 10);
let verdict = short.length
  ? \`Nothing to compare yet: \${short.map((r) => \`"\${r["annual rain"]}" has \${r["accession means"]} accession means\`).join("; ")} \` +
    \`(10 needed in each group). More landraces screened for iron from rain-fed semi-arid sites would answer the question.\`
  : "Only one group has accession means: nothing to compare.";
if (rows.length === 2 && rows.every((r) => Number(r["accession means"]) >= 10)) {
  const [a, b] = rows;
  const gap = Math.abs(Number(a!["mean Fe (mg/kg)"]) - Number(b!["mean Fe (mg/kg)"]));
  const sd = Math.max(Number(a!.sd), Number(b!.sd));
  const fe = (r: Record<string, unknown>) => Number(r["mean Fe (mg/kg)"]).toFixed(1);
  verdict = \`\${a!["annual rain"]}: \${fe(a!)} mg/kg (\${a!["accession means"]}); \${b!["annual rain"]}: \` +
    \`\${fe(b!)} mg/kg (\${b!["accession means"]}). The difference, \${gap.toFixed(1)} mg/kg, is \` +
    \`\${gap < sd / 2 ? "small" : "not small"} next to the within-group sd (up to \${sd.toFixed(1)} mg/kg).\`;
}
await display(verdict);`,
  ],
  [
    "md",
    "**Conclusion.** The map and the table name the landraces from dry sites and where they come from; the box " +
    "plot and the sentence above compare their seed iron with the other landraces' when each group has 10 accession " +
    "means, and say so when one has fewer. On the sandbox both the climate and " +
    "the traits are **generated**: the climate is synthetic (deserts and monsoons where a reader expects them, not " +
    "measurements) and any difference in iron is whatever the trait generator put there. With real data (set " +
    "GENESYS_API_URL) the same cells sample WorldClim 2.1 (cite Fick & Hijmans 2017) and answer the question; " +
    "`provenance(climate)` names every file read.",
  ],
  ["code", close],
];
