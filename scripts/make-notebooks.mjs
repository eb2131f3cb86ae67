// Writes notebooks/*.ipynb from the cell sources below (keeps notebooks reviewable as code).
import { writeFileSync } from "node:fs";

const nb = (cells) => ({
  cells: cells.map(([type, src], i) => type === "md"
    ? { id: `cell-${i}`, cell_type: "markdown", metadata: {}, source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)) }
    : { id: `cell-${i}`, cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)) }),
  metadata: { kernelspec: { display_name: "Deno", language: "typescript", name: "deno" }, language_info: { name: "typescript", file_extension: ".ts" } },
  nbformat: 4, nbformat_minor: 5,
});

const connect = `import { display, Genesys, startSandbox, show } from "genesys-notebook";
// Real Genesys when GENESYS_API_URL and GENESYS_TOKEN (or client id/secret) are set; otherwise a local sandbox.
const useReal = !!Deno.env.get("GENESYS_API_URL");
const sb = useReal ? undefined : await startSandbox({ accessions: 30_000, seed: 42 });
const g = useReal ? Genesys.fromEnv() : new Genesys({ baseUrl: sb!.url, token: sb!.token });
useReal ? "connected to " + g.baseUrl : "sandbox at " + sb!.url`;
const close = `await g.close();
await sb?.close();`;

writeFileSync("notebooks/01-passports.ipynb", JSON.stringify(nb([
  ["md", "# Passport data\nQuery accession passports for a crop and institute, inspect the dtypes, and plot origin countries and collecting sites."],
  ["code", connect],
  ["md", "\`await display(x)\` shows a frame or figure at once; a bare last expression (\`show(df)\`, a figure) works too in an interactive notebook, but a headless run (nbconvert) can lose it: the Deno kernel may send a cell's result after reporting the cell idle."],
  ["code", `const passports = await g.passports({ crop: ["beans"], institute: { code: ["COL003"] } });
await display(passports)`],
  ["md", "Codes are categoricals, coordinates floats, `ACQDATE` stays an MCPD string and `ACQDATE_date` is the parsed date where complete."],
  ["code", `Object.fromEntries(Object.entries(passports.schema).map(([k, v]) => [k, v.variant]))`],
  ["code", `import { countryBar, collectingSitesMap, sampstatBar } from "genesys-notebook/plot";
await display(countryBar(passports, { title: "CIAT bean accessions by country of origin" }))`],
  ["code", `sampstatBar(passports)`],
  ["code", `await display(collectingSitesMap(passports, { title: "CIAT bean collecting sites" }))`],
  ["code", close],
]), null, 1));

writeFileSync("notebooks/02-traits.ipynb", JSON.stringify(nb([
  ["md", "# Trait data\nThe four-step workflow, step by step, then the one-call wide frame."],
  ["code", connect],
  ["md", "**Step 1**: datasets with trait data for accessions matching a passport filter."],
  ["code", `const filter = { crop: ["beans"] };
const datasetUuids = await g.traitDatasets(filter);
datasetUuids`],
  ["md", "**Step 2**: each dataset's trait columns (descriptor UUIDs)."],
  ["code", `const tables = await g.traitColumns(datasetUuids);
tables.map((t) => ({ title: t.title, key: t.key, columns: Object.keys(t.columns).length }))`],
  ["md", "**Step 3**: observations for one dataset: values are arrays (repeated measurements) keyed by descriptor UUID."],
  ["code", `const screening = tables.find((t) => t.title.includes("screening")) ?? tables[0];
const rows = await g.observations([screening.key], Object.keys(screening.columns), filter);
rows.slice(0, 2)`],
  ["md", "**Step 4**: descriptor metadata: name, unit, data type, code list."],
  ["code", `await display(await g.descriptors(Object.keys(screening.columns)))`],
  ["md", "**One call**: all four steps into a wide frame, one column per descriptor name, typed by data type; coded values decoded."],
  ["code", `const { data, descriptors } = await g.traits(filter, { decode: true });
await display(data)`],
  ["code", `show(descriptors.select("name", "unit", "data_type", "code_list"), 20)`],
  ["code", `import { traitHistogram, traitScatter } from "genesys-notebook/plot";
await display(traitHistogram(data, "Seed iron content"))`],
  ["md", "Join with passport data to colour by country of origin."],
  ["code", `const passports = await g.passports(filter, { select: ["UUID", "ORIGCTY", "SAMPSTAT"] });
const joined = data.join(passports, { on: "UUID", how: "left" });
await display(traitScatter(joined, "Seed iron content", "Seed zinc content", { color: "ORIGCTY" }))`],
  ["code", close],
]), null, 1));

writeFileSync("notebooks/03-bulk-export.ipynb", JSON.stringify(nb([
  ["md", "# Bulk export\nA large export with progress, written to Parquet and CSV."],
  ["code", connect.replace("accessions: 30_000", "accessions: 150_000")],
  ["code", `import { progressReporter } from "genesys-notebook";
const progress = progressReporter("export");
const t0 = performance.now();
const all = await g.passports({}, { onProgress: progress });
await progress.done();
\`\${all.height.toLocaleString("en")} rows x \${all.width} columns in \${((performance.now() - t0) / 1000).toFixed(1)} s\``],
  ["code", `await display(all)`],
  ["code", `await Deno.mkdir("../out", { recursive: true });
all.writeParquet("../out/passports.parquet");
all.writeCSV("../out/passports.csv");
const sizes = { parquet: (await Deno.stat("../out/passports.parquet")).size, csv: (await Deno.stat("../out/passports.csv")).size };
sizes`],
  ["code", close],
]), null, 1));
console.log("notebooks written");
