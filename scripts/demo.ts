/**
 * The main job: start the sandbox, pull passports and a wide trait table into
 * DataFrames, print them, and write plots to out/.
 *   npm run demo            (Deno)
 */
import { Genesys, progressReporter, startSandbox } from "genesys-notebook";
import { collectingSitesMap, countryBar, traitScatter } from "genesys-notebook/plot";

const sb = await startSandbox({ accessions: 50_000, seed: 42, log: console.error });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
try {
  const progress = progressReporter("passports");
  const passports = await g.passports({ crop: ["beans"] }, { onProgress: progress });
  await progress.done();
  console.log("Bean passports:");
  console.log(passports.select("INSTCODE", "ACCENUMB", "GENUS", "SPECIES", "SAMPSTAT", "ORIGCTY", "DECLATITUDE", "DECLONGITUDE", "ACQDATE", "ACQDATE_date").head(8).toString());
  console.log(passports.shape, "dtypes:", Object.fromEntries(Object.entries(passports.schema).slice(0, 8).map(([k, v]) => [k, String((v as { variant?: string }).variant ?? v)])));

  const { data, descriptors } = await g.traits({ crop: ["beans"] });
  console.log("\nBean traits, one column per descriptor:");
  console.log(data.head(8).toString());
  console.log(descriptors.select("name", "unit", "data_type").toString());

  const joined = data.join(passports.select("UUID", "ORIGCTY", "SAMPSTAT"), { on: "UUID", how: "left" });
  const files = [
    countryBar(passports, { title: "Bean accessions by country of origin" }).save("out/beans-countries.svg"),
    collectingSitesMap(passports, { title: "Bean collecting sites" }).save("out/beans-sites.svg"),
    traitScatter(joined, "Seed iron content", "Seed zinc content", { color: "ORIGCTY", title: "Seed Fe vs Zn" }).save("out/beans-fe-zn.svg"),
  ];
  console.log(`\nwrote ${files.join(", ")}`);
} finally {
  await g.close();
  await sb.close();
}
