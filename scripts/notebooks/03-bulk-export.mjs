import { close, connect } from "./common.mjs";

/** Cells of notebooks/03-bulk-export.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# Bulk export, cached and citable\nA large export with progress; run again, it comes from the on-disk cache; " +
    "then where it came from (provenance), what to cite, and files saved with their provenance.",
  ],
  ["code", connect(150_000)],
  [
    "code",
    `import { citation, load, progressReporter, provenance, save, saveDoiList } from "genesys-notebook";
const progress = progressReporter("export");
let t0 = performance.now();
// "refresh": download now and store the result (the cache directory: g.cache.dir)
const all = await g.passports({}, { onProgress: progress, cache: "refresh" });
await progress.done();
const took = ((performance.now() - t0) / 1000).toFixed(1);
await display(\`\${all.height.toLocaleString("en")} rows x \${all.width} columns downloaded in \${took} s\`)`,
  ],
  [
    "md",
    "**The second run** (re-running the notebook): the same call with the cache on is served from disk, " +
    "with the same dtypes, and no request.",
  ],
  [
    "code",
    `t0 = performance.now();
const again = await g.passports({}, { cache: "on" });
const seconds = ((performance.now() - t0) / 1000).toFixed(2);
await display(\`\${again.height.toLocaleString("en")} rows in \${seconds} s, from the cache: \${provenance(again)?.fromCache}\`)`,
  ],
  [
    "md",
    "The frame has every MCPD field (\`again.columns\`); shown are the ones a reader checks (\`readablePassports\`), " +
    "and the table says where it came from, on its last line.",
  ],
  [
    "code",
    `import { readablePassports } from "genesys-notebook/plot";
await display(readablePassports(again))`,
  ],
  ["md", "**Provenance**: server, endpoint, query, when it was downloaded, rows, package version."],
  [
    "code",
    `// the select sent names every MCPD field (49): shown as a count and the first few, not a screenful
const p = provenance(again)!;
const fields = String(p.options.select ?? "").split(",").map((f) => f.trim().split(/\\s+/).at(-1));
await display({ ...p, options: { ...p.options, select: \`\${fields.length} fields: \${fields.slice(0, 4).join(", ")}, …\` } })`,
  ],
  ["md", "**Citation**: the sentence to cite and the accession DOIs, written one per line for a data paper's supplement."],
  [
    "code",
    `const c = citation(again);
await Deno.mkdir("out", { recursive: true });
const n = saveDoiList(again, "out/passport-dois.txt");
await display({ cite: c.text, dois: \`\${n.toLocaleString("en")} written to out/passport-dois.txt\` })`,
  ],
  ["md", "**Saving**: \`save()\` writes Parquet (or CSV, Arrow IPC) and its provenance beside it; \`load()\` reads both back."],
  [
    "code",
    `save(again, "out/passports.parquet");
const back = load("out/passports.parquet");
const sidecar = await Deno.stat("out/passports.parquet.provenance.json");
await display({ rows: back.height, downloadedAt: provenance(back)?.downloadedAt, sidecarBytes: sidecar.size })`,
  ],
  ["code", `await display(g.cache.list().map((e) => ({ kind: e.kind, MB: +(e.bytes / 1e6).toFixed(1), createdAt: e.createdAt })))`],
  ["code", close],
];
