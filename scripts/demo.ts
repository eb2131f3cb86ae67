/**
 * The main job: start the sandbox, pull passports and a wide trait table into
 * DataFrames, print them, and write plots to out/.
 *   npm run demo            (Deno)
 */
import { configureTerminal, Genesys, pl, progressReporter, startSandbox } from "genesys-notebook";
import { collectingSitesMap, countryBar, traitAcrossDatasets, traitByDataset, traitScatter, withDatasetNames } from "genesys-notebook/plot";

// this script prints frames with console.log: size them to the terminal (a library import leaves polars' settings alone)
configureTerminal();
const sb = await startSandbox({ accessions: 50_000, seed: 42, log: console.error });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
try {
  const progress = progressReporter("passports");
  const passports = await g.passports({ crop: ["beans"] }, { onProgress: progress });
  await progress.done();
  console.log("Bean passports:");
  console.log(
    passports.select(
      "INSTCODE",
      "ACCENUMB",
      "GENUS",
      "SPECIES",
      "SAMPSTAT",
      "ORIGCTY",
      "DECLATITUDE",
      "DECLONGITUDE",
      "ACQDATE",
      "ACQDATE_date",
    ).head(8).toString(),
  );
  console.log(
    passports.shape,
    "dtypes:",
    Object.fromEntries(Object.entries(passports.schema).slice(0, 8).map(([k, v]) => [k, String((v as { variant?: string }).variant ?? v)])),
  );

  // traits: one request per dataset, so every value keeps its trial
  const traits = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
  console.log("\nBean trait datasets (trials):");
  for (const d of traits.datasets.toRecords()) {
    console.log(`  ${d.title} (v${d.version}): ${d.accessions} accessions, ${d.descriptors} descriptors, ${d.observations} values`);
  }
  console.log("\nEvery observed value (long frame), datasets by title:");
  const numeric = traits.long.filter(pl.col("value").isNotNull());
  console.log(
    withDatasetNames(numeric.select("ACCENUMB", "dataset", "descriptor", "value_index", "value"), traits.datasets, "dataset", 30).head(6)
      .toString(),
  );
  // each trial measured its own descriptors: one table per trial, with the descriptors it measured (the others are all null there)
  console.log("\nOne row per accession and trial, mean of repeated values (wide frame), trial by trial:");
  for (const d of traits.datasets.select("uuid", "title").toRecords()) {
    const measured = traits.descriptors.filter(pl.col("datasets").lst.contains(d.uuid as string)).getColumn("name").toArray() as string[];
    const rows = traits.wide.filter(pl.col("dataset").eq(pl.lit(d.uuid as string))).select("ACCENUMB", ...measured);
    console.log(`\n${d.title}: ${rows.height} accessions x ${measured.length} descriptors`);
    console.log(rows.head(5).toString());
  }
  console.log(
    traits.descriptors.select("name", "unit", "data_type", "datasets").withColumns(pl.col("datasets").lst.lengths().alias("datasets"))
      .toString(),
  );

  const wide = traits.wide.join(passports.select("UUID", "ORIGCTY", "SAMPSTAT"), { on: "UUID", how: "left" });
  const files = [
    countryBar(passports, { title: "Bean accessions by country of origin" }).save("out/beans-countries.svg"),
    collectingSitesMap(passports, { title: "Bean collecting sites" }).save("out/beans-sites.svg"),
    collectingSitesMap(passports, { title: "Bean collecting sites" }).save("out/beans-sites.png"),
    traitScatter(wide, "Seed iron content", "Seed zinc content", { color: "ORIGCTY", units: traits.descriptors, title: "Seed Fe vs Zn" })
      .save("out/beans-fe-zn.svg"),
    traitByDataset(traits, "Plant height (cm)").save("out/beans-height-by-trial.svg"),
    traitAcrossDatasets(traits, "Days to flowering").save("out/beans-flowering-two-trials.svg"),
  ];
  console.log(`\nwrote ${files.join(", ")}`);
} finally {
  await g.close();
  await sb.close();
}
