import { close, connect } from "./common.mjs";

/** Cells of notebooks/04-catalogue.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Catalogue\nWhat Genesys holds before downloading it: crops, the genebanks of a country, counts for a query; " +
    "then passports with MCPD codes as words.",
  ],
  ["code", connect()],
  ["md", "**Crops**, with the number of accessions of each."],
  ["code", `await display(await g.crops())`],
  ["md", "**Genebanks of a country** (WIEWS institutes), and institute names for codes."],
  [
    "code",
    `await display(await g.institutes({ country: ["COL", "PER"] }));
await display(await g.instituteNames(["COL003", "PER001"]))`,
  ],
  ["md", "**How big is a query?** Counts per field (the most frequent values, then the rest) before downloading anything."],
  [
    "code",
    `const { total, counts } = await g.overview({ crop: ["beans"] }, { limit: 5 });
await display(\`\${total.toLocaleString("en")} bean accessions match\`);
await display(counts)`,
  ],
  ["md", "**Species** among them, and the **subsets** (core collections) for the crop."],
  [
    "code",
    `await display(await g.species({ crop: ["beans"] }));
await display(await g.subsets({ crop: ["beans"] }))`,
  ],
  [
    "md",
    "**Passports with codes as words**: \`decode: true\` adds \`SAMPSTAT_label\`, \`COLLSRC_label\`, \`STORAGE_label\`, " +
    "\`MLSSTAT_label\`, \`ORIGCTY_name\` and \`INSTCODE_name\` after their code columns (MCPD v2.1 code lists, ISO 3166 names).",
  ],
  [
    "code",
    `const select = ["INSTCODE", "ACCENUMB", "SAMPSTAT", "COLLSRC", "ORIGCTY", "STORAGE", "MLSSTAT"];
const beans = await g.passports({ crop: ["beans"] }, { select, decode: true });
await display(beans)`,
  ],
  [
    "code",
    `import { sampstatBar } from "genesys-notebook/plot";
await display(sampstatBar(beans, { title: "Bean accessions by biological status" }))`,
  ],
  ["md", "**One accession's full record**, by DOI."],
  [
    "code",
    `const doi = (await g.passports({ crop: ["beans"] }, { select: ["DOI"], limit: 20 })).getColumn("DOI").dropNulls().toArray()[0];
const one = await g.accession(String(doi));
await display(one.select("doi", "accessionNumber", "institute.fullName", "taxonomy.taxonName", "countryOfOrigin.name"))`,
  ],
  ["code", close],
];
