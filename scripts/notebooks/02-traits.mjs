import { close, connect } from "./common.mjs";

/** Cells of notebooks/02-traits.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Trait data\n`g.traits(filter)` runs the four-step workflow one dataset (trial) at a time, so every value keeps its " +
    "dataset, and returns four frames: `datasets`, `descriptors`, `long` (one row per observed value) and `wide` (one row " +
    "per accession and dataset).",
  ],
  ["code", connect()],
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
  [
    "md",
    "Values, mean and standard deviation of seed iron (mg/kg) per dataset, shown to one decimal more than the values " +
    "were recorded with (\`recordedDecimals\`); the frame keeps every digit.",
  ],
  [
    "code",
    `import { recordedDecimals, roundedLikeData } from "genesys-notebook/plot";
const shown = recordedDecimals(t.long).get("Seed iron content")! + 1;
const stats = [pl.len().alias("values"), pl.col("value").mean().alias("mean"), pl.col("value").std().alias("sd")];
const perDataset = fe.groupBy("dataset").agg(...stats);
await display(withDatasetNames(perDataset.withColumns(pl.col("mean").round(shown), pl.col("sd").round(shown)), t.datasets))`,
  ],
  [
    "md",
    "**Wide frame, aggregated by mean**: one row per accession and dataset; numeric descriptors averaged, codes reduced " +
    "to their most frequent value (\`decode: true\` shows labels), text and dates kept as lists; means are shown " +
    "rounded to the precision of the recorded values (\`roundedLikeData\`: \`means.wide\` keeps every digit). " +
    "Without \`aggregate\` every column is a List of all values. Each dataset measured its own descriptors, so the " +
    "frame is shown dataset by dataset, with the descriptors that dataset measured (the \`datasets\` column of \`descriptors\`).",
  ],
  [
    "code",
    `const means = await g.traits(filter, { aggregate: "mean", decode: true });
for (const d of means.datasets.select("uuid", "title").toRecords()) {
  const measured = means.descriptors.filter(pl.col("datasets").lst.contains(d.uuid)).getColumn("name").toArray();
  const rows = means.wide.filter(pl.col("dataset").eq(pl.lit(d.uuid))).select("ACCENUMB", ...measured);
  await display(\`\${d.title}: \${rows.height} accessions, \${measured.length} descriptors\`);
  await display(roundedLikeData(rows, means));
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
    `const passports = await g.passports(filter, { select: ["UUID", "ORIGCTY", "SAMPSTAT"], decode: true });
const joined = means.wide.join(passports, { on: "UUID", how: "left" });
const columns = ["ACCENUMB", "ORIGCTY_name", "SAMPSTAT_label", "dataset", "Seed iron content", "Seed zinc content"];
const scored = joined.select(...columns).filter(pl.col("Seed iron content").isNotNull());
await display(withDatasetNames(roundedLikeData(scored, means), t.datasets))`,
  ],
  [
    "code",
    `const axes = { color: "ORIGCTY_name", units: t.descriptors, datasets: t.datasets };
await display(traitScatter(joined, "Seed iron content", "Seed zinc content", axes))`,
  ],
  ["code", `await display(traitPairByDataset(t, "Seed iron content", "Seed zinc content"))`],
  ["code", close],
];
