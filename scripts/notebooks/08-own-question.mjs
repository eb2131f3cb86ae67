import { close, connect } from "./common.mjs";

/** Cells of notebooks/08-own-question.ipynb: [kind, source] pairs. A researcher's own question, in a few lines. */
export default [
  [
    "md",
    "# Iron-rich beans from the Andes: which, and where were they collected?\n" +
    "**Which bean accessions from Andean countries have seed iron above the median, and where were they collected?** " +
    "Trait values, passports and decoded labels joined on the accession with `joinTraits` (one row per accession and " +
    "trial, each key column once), the trial named by its title, a map zoomed to the sites, and a citation naming the " +
    "trials. Against the sandbox by default (generated data: its iron values answer nothing about real beans); set " +
    "GENESYS_API_URL and a token to ask the real Genesys. Copy the cell below and change the filter for your own question.",
  ],
  ["code", connect()],
  [
    "code",
    `import { citation, joinTraits, pl } from "genesys-notebook";
import { collectingSitesMap } from "genesys-notebook/plot";
const andean = { crop: ["beans"], countryOfOrigin: { code3: ["VEN", "COL", "ECU", "PER", "BOL", "CHL", "ARG"] } };
const fe = await g.traits(andean, { descriptors: ["Seed iron content"], aggregate: "mean" });
const beans = joinTraits(await g.passports(andean, { decode: true }), fe);
const iron = beans.getColumn("Seed iron content").dropNulls(), median = iron.median();
const rich = beans.filter(pl.col("Seed iron content").gt(median)).sort(["Seed iron content", "ACCENUMB"], [true, false]);
await display(\`Median seed iron \${median.toFixed(1)} mg/kg over \${iron.length} accession means; \${rich.height} above it\`);
const columns = ["ACCENUMB", "ORIGCTY_name", "COLLSITE", "DECLATITUDE", "DECLONGITUDE", "trial"];
await display(rich.select(...columns, pl.col("Seed iron content").round(1).alias("Seed iron (mg/kg)")));
await display(collectingSitesMap(rich, { color: "ORIGCTY_name", title: "Andean bean accessions with seed iron above the median" }));
await display(citation(beans).text);`,
  ],
  [
    "md",
    "**Reading it.** The table lists the accessions above the median, richest first (ties by accession number), with " +
    "the country of origin by name, the collecting site and the trial the mean comes from; the map shows only the " +
    'Andes because the sites lie there (`extent` widens it: `"South America"`, `"world"`, a list of countries or a ' +
    "box). Accessions without coordinates are in the table but not on the map; the subtitle counts them. The citation " +
    "names both queries and every trial with its version.",
  ],
  ["code", close],
];
