/**
 * The main job: start the sandbox, pull passports and a wide trait table into
 * DataFrames, print them, and write plots to out/.
 *   npm run demo            (Deno)
 */
import { Genesys, progressReporter, startSandbox } from "genesys-notebook";
import { collectingSitesMap, countryBar, traitByDataset, traitScatter } from "genesys-notebook/plot";

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
  console.log(traits.datasets.select("title", "version", "accessions", "descriptors", "observations").toString());
  console.log("\nEvery observed value (long frame):");
  console.log(traits.long.select("ACCENUMB", "dataset", "descriptor", "value_index", "value", "text", "label").head(6).toString());
  console.log("\nOne row per accession and trial, mean of repeated values (wide frame):");
  console.log(traits.wide.drop("DOI", "UUID").head(6).toString());
  console.log(traits.descriptors.select("name", "unit", "data_type", "code_list").toString());

  const wide = traits.wide.join(passports.select("UUID", "ORIGCTY", "SAMPSTAT"), { on: "UUID", how: "left" });
  const files = [
    countryBar(passports, { title: "Bean accessions by country of origin" }).save("out/beans-countries.svg"),
    collectingSitesMap(passports, { title: "Bean collecting sites" }).save("out/beans-sites.svg"),
    collectingSitesMap(passports, { title: "Bean collecting sites" }).save("out/beans-sites.png"),
    traitScatter(wide, "Seed iron content", "Seed zinc content", { color: "ORIGCTY", title: "Seed Fe vs Zn" }).save("out/beans-fe-zn.svg"),
    traitByDataset(traits, "Plant height (cm)").save("out/beans-height-by-trial.svg"),
  ];
  console.log(`\nwrote ${files.join(", ")}`);
} finally {
  await g.close();
  await sb.close();
}
