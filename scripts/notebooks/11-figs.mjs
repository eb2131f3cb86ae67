import { close } from "./common.mjs";

/** Cells of notebooks/11-figs.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# FIGS: which accessions to request for a trait nobody has measured on them\n" +
    "The **Focused Identification of Germplasm Strategy** (FIGS, ICARDA) uses the climate an accession was collected in " +
    "to predict where a trait is likely: a model trained on the few evaluated accessions ranks the unevaluated ones, and " +
    "the top of the ranking is the **best-bet subset**. `figsModels()` trains and compares random forest and k nearest " +
    "neighbours as icardaFIGSr's `tuneTrain()` does with caret, and scores them on held-back sites **beside the " +
    "no-information baseline**; `bestBets()` ranks the unevaluated accessions; `climateEnvelope()` is FIGS's filtering " +
    "route. docs/figs.md says what FIGS can and cannot conclude, and how the models compare with caret on " +
    "icardaFIGSr's own data.\n\n" +
    "**A SELF-TEST ON GENERATED DATA.** The sandbox's wheat trial scores Russian wheat aphid resistance (RWA), whose " +
    "chance the sandbox made rise as annual precipitation (bio12) falls, and Hessian fly resistance (HF), which it made " +
    "unrelated to climate (docs/sandbox.md, FIGS traits); the climate is the sandbox's generated climate. Finding the " +
    "RWA link shows that the method works; it says nothing about real aphids.",
  ],
  [
    "code",
    `import {
  bestBets, climateAtSites, climateEnvelope, climateLayersOf, display, figsModels, Genesys, pl, sandboxClimate, startSandbox,
} from "genesys-notebook";
import { figsBestBetsMap, figsConfusion, figsProbabilityPlot } from "genesys-notebook/plot";
const sb = await startSandbox({ accessions: 30_000, seed: 42 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
await display("sandbox on this machine: generated data (30,000 accessions, seed 42) and generated climate: a self-test");`,
  ],
  [
    "md",
    "**1. Wheat passports, the FIGS trial's scores and the climate of every collecting site.** The trial's classes are " +
    "`R` (resistant) and `S` (susceptible); an accession the trial did not screen has no class (null).",
  ],
  [
    "code",
    `const wheat = await g.passports({ crop: ["wheat"] }, { decode: true });
const t = await g.traits({ crop: ["wheat"] }, { aggregate: "first" });
const trialName = (t.datasets.getColumn("title").toArray() as string[]).find((x) => x.includes("FIGS"))!;
const col = (code: string) => String(t.descriptors.filter(pl.col("column_name").eq(pl.lit(code))).getColumn("name").get(0));
const [RWA, HF] = [col("RWA"), col("HF")];
const scores = t.wide.filter(pl.col("trial").eq(pl.lit(trialName))).select("UUID", pl.col(RWA).cast(pl.Utf8), pl.col(HF).cast(pl.Utf8));
const BIO = Array.from({ length: 19 }, (_, i) => \`bio\${i + 1}\`);
const frame = await climateAtSites(wheat.join(scores, { on: "UUID", how: "left" }), await sandboxClimate(), { layers: BIO });
const n = (x: number) => x.toLocaleString("en");
const meaning = climateLayersOf(frame)!.select("name", "meaning", "unit");
/** A model comparison as a table to read: two decimals, Kappa with its 95% interval, the AUC with its p-value. */
const scoreTable = (m: ReturnType<typeof figsModels>) =>
  pl.DataFrame((m.scores.toRecords() as Record<string, number & string>[]).map((r) => ({
    model: r.model,
    parameter: r.parameters,
    accuracy: r.accuracy.toFixed(2),
    "accuracy's p (above the baseline's)": r.pValue == null ? "" : r.pValue < 0.001 ? "< 0.001" : r.pValue.toFixed(3),
    "Cohen's Kappa (95% interval)": \`\${r.kappa.toFixed(2)} (\${r.kappaLow.toFixed(2)} to \${r.kappaHigh.toFixed(2)})\`,
    "AUC (p)": r.aucPValue == null ? "0.50" : \`\${r.auc.toFixed(2)} (\${r.aucPValue < 0.001 ? "< 0.001" : r.aucPValue.toFixed(3)})\`,
    sensitivity: r.sensitivity == null ? "" : r.sensitivity.toFixed(2),
    specificity: r.specificity == null ? "" : r.specificity.toFixed(2),
    "test sites": r.testSites,
  }))).withColumns(pl.col("test sites").cast(pl.Int32));
await display(\`\${n(wheat.height)} wheat accessions; "\${trialName}" screened \${n(scores.height)}; \` +
  \`\${n(frame.filter(pl.col("bio12").isNotNull()).height)} have a site with climate\`);`,
  ],
  [
    "md",
    "**2. The filtering route**: landraces and wild wheat collected where the year is dry and the summer hot " +
    "(annual precipitation bio12 below 400 mm, warmest month's maximum bio5 above 30 °C), one per collecting site, " +
    "nearest the envelope's centre first (0 is the centre, 1 the edge of a bound).",
  ],
  [
    "code",
    `const dry = climateEnvelope(frame, { where: { bio12: { below: 400 }, bio5: { above: 30 } }, status: ["landrace", "wild"] });
const several = dry.filter(pl.col("FIGS_MERGED").neq(pl.lit(""))).height;
await display(\`\${dry.height} sites in the envelope; \${several} of them stand for several accessions (FIGS_MERGED)\`);
await display(dry.head(8).select(
  pl.col("FIGS_RANK").alias("rank"), "INSTCODE", "ACCENUMB", pl.col("SAMPSTAT_label").alias("biological status"),
  pl.col("ORIGCTY_name").alias("country of origin"), pl.col("bio12").round(0).alias("annual precipitation, bio12 (mm)"),
  pl.col("bio5").round(1).alias("warmest month's maximum, bio5 (°C)"), pl.col("FIGS_DISTANCE").round(2).alias("distance to the centre"),
));`,
  ],
  [
    "md",
    "**3. The trait-mining route on RWA.** To score the best bets against truth, 40% of the screened accessions are " +
    "hidden (their class set to null, as if never screened); the models learn from the other 60%. The settings are " +
    "reduced so that the notebook runs in well under a minute: 5-fold cross-validation done once, 3 candidate settings " +
    "per model and 100 trees, where `figsModels()`'s defaults are caret's (10 folds repeated 10 times, 10 candidates, " +
    "500 trees). With 5 folds repeated twice and 150 trees the conclusions were the same (docs/figs.md); with so few " +
    "resamples the tuned parameter can differ between settings, and a study for a request should keep the defaults.",
  ],
  [
    "code",
    `// sorted by UUID first, so that the same accessions are hidden on every run whatever order the rows arrived in
const marked = frame.sort("UUID").withColumns(pl.Series("hidden", Array.from({ length: frame.height }, (_, i) => (i * 7919) % 10 < 4)));
const known = marked.withColumns(pl.when(pl.col("hidden")).then(pl.lit(null).cast(pl.Utf8)).otherwise(pl.col(RWA)).alias(RWA));
const quick = { folds: 5, repeats: 1, tuneLength: 3, trees: 100 } as const; // reduced for the notebook (see above)
const rwa = figsModels(known, { trait: RWA, positive: "R", climate: BIO, ...quick });
await display(\`\${n(rwa.counts.training)} evaluated sites trained on, \${n(rwa.counts.test)} held back for the test; \` +
  \`\${rwa.counts.merged} accessions merged into another collected at the same site, \${rwa.counts.tied} sites left out \` +
  \`because their accessions tie (as many R as S: rwa.merged lists them)\`);
await display(\`Self-test on generated data. \${rwa.verdict}\`);
await display(scoreTable(rwa));`,
  ],
  [
    "md",
    "The best model's confusion matrix on the held-back sites, and the climate variables its predictions lean on " +
    "(permutation importance: how far the predicted chance of resistance moves when one variable is shuffled among the " +
    "test sites). The 19 bioclimatic variables are correlated: at these wheat sites annual precipitation (bio12) goes " +
    "with the precipitation of the wettest month and quarter (bio13, bio16: r = 0.88 and 0.91) and against the mean " +
    "diurnal range (bio2: r = −0.80), so shuffling bio12 alone leaves others carrying much of the same information, " +
    "and the variable the sandbox linked need not come first.",
  ],
  [
    "code",
    `// the trait and its classes by their descriptor's names ("resistant (R)"), not the column's codes
await display(figsConfusion(rwa, { descriptors: t.descriptors, note: "self-test on generated data" }));
const ranked = rwa.importance.filter(pl.col("model").eq(pl.lit(rwa.best.name))).join(meaning, { leftOn: "variable", rightOn: "name" })
  .select("variable", "meaning", "unit", pl.col("importance").round(0).alias("importance (largest = 100)"))
  .sort("importance (largest = 100)", true);
await display(ranked.head(5));
const place = (ranked.getColumn("variable").toArray() as string[]).indexOf("bio12") + 1;
await display(\`bio12, the variable the sandbox linked to RWA, ranks \${place} of \${ranked.height} in this model's importance\`);`,
  ],
  [
    "md",
    "**4. The best bets** among the hidden accessions: one per collecting site, the 10% with the highest predicted " +
    "chance of resistance. Their true classes (hidden from the model) score the ranking: the planted link should put " +
    "at least twice the base rate of resistant accessions in the top 10%. With some 30 best bets, one accession more " +
    "or less moves the share by about 4 points and the ratio by about 0.14, and its standard error is about 0.3: " +
    'read a ratio near 2 as "about twice", not as a pass or a fail.',
  ],
  [
    "code",
    `const pool = marked.filter(pl.col("hidden").and(pl.col(RWA).isNotNull()))
  .withColumns(pl.col(RWA).alias("truth"), pl.lit(null).cast(pl.Utf8).alias(RWA));
const sites = pool.filter(pl.col("bio12").isNotNull()).select("DECLATITUDE", "DECLONGITUDE").unique().height;
const bets = bestBets(pool, { model: rwa, size: Math.round(sites / 10), sources: [wheat, t.wide] });
const rate = (df: pl.DataFrame) => df.filter(pl.col("truth").eq(pl.lit("R"))).height / df.height;
const base = rate(bets.passports.filter(pl.col("FIGS_RANK").isNotNull())), top = rate(bets.subset);
await display(\`base rate of R among the \${sites} hidden sites: \${(100 * base).toFixed(1)}%; \` +
  \`in the top 10% (\${bets.subset.height} best bets): \${Math.round(top * bets.subset.height)} resistant, \` +
  \`\${(100 * top).toFixed(1)}%, \${(top / base).toFixed(1)} times the base rate (self-test target: at least 2)\`);
await display(bets.subset.head(8).select(
  pl.col("FIGS_RANK").alias("rank"), "INSTCODE", pl.col("INSTCODE_name").alias("genebank"), "ACCENUMB", "DOI",
  pl.col("bio12").round(0).alias("annual precipitation (mm)"),
  pl.col("FIGS_SCORE").round(2).alias("chance of resistant (R)"), pl.col("truth").alias("true class (hidden)"),
));`,
  ],
  [
    "code",
    `const note = "self-test on generated data and generated climate (sandbox)";
const bio12 = { variable: "bio12", variableName: "annual precipitation", unit: "mm" };
await display(figsBestBetsMap(bets, rwa, { ...bio12, note }));
await display(figsProbabilityPlot(bets, rwa, {
  ...bio12,
  descriptors: t.descriptors,
  title: "Predicted chance of aphid resistance (RWA) against annual precipitation",
  note: "self-test on generated data",
}));`,
  ],
  [
    "md",
    "**5. The request**: the best bets' DOIs (INSTCODE and ACCENUMB where an accession has none), with the citation of " +
    "the data (the passports and the trial's scores they were joined from: `sources`) and of the model with its test " +
    "scores.",
  ],
  [
    "code",
    `await display(bets.request.slice(0, 10).join("\\n"));
await display(bets.citation);`,
  ],
  [
    "md",
    "**6. A trait with no link: HF.** Every model's Kappa should be within noise of 0 (its 95% interval includes 0), " +
    "its AUC within noise of 0.5 (a ranking no better and no worse than chance), and the verdict should say that the " +
    "climate predicts nothing.",
  ],
  [
    "code",
    `const hf = figsModels(frame, { trait: HF, positive: "R", climate: BIO, ...quick });
await display(\`Self-test on generated data. \${hf.verdict}\`);
await display(scoreTable(hf));
const observed = hf.test.getColumn("observed").toArray() as string[], r = observed.filter((v) => v === "R").length;
const se = Math.sqrt((observed.length + 1) / (12 * r * (observed.length - r))); // the AUC's standard error at 0.5
const rows = hf.scores.toRecords() as { kappaLow: number; kappaHigh: number; auc: number }[];
const kappas = rows.every((m) => m.kappaLow <= 0 && m.kappaHigh >= 0), aucs = rows.every((m) => Math.abs(m.auc - 0.5) <= 1.96 * se);
await display(
  \`Every Kappa's 95% interval includes 0: \${kappas ? "yes" : "NO"}. Every AUC within 0.50 ± \${(1.96 * se).toFixed(2)} \` +
    \`(its 95% range by chance on \${observed.length} test sites, \${r} of them R): \${aucs ? "yes" : "NO"}. \` +
    (kappas && aucs ? "The climate predicts nothing about HF, as planted." : "See the scores: this is not what was planted."),
);`,
  ],
  ["code", close.replace("await sb?.close();", "await sb.close();")],
];
