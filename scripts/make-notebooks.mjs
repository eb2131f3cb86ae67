// Writes notebooks/*.ipynb from the cell sources in scripts/notebooks/<name>.mjs (keeps notebooks reviewable as code):
// one module a notebook, so each notebook's story is edited in a file of its own.
import { readdirSync, writeFileSync } from "node:fs";
import { nb } from "./notebooks/common.mjs";

const dir = new URL("./notebooks/", import.meta.url);
for (const file of readdirSync(dir).filter((f) => /^\d\d-.*\.mjs$/.test(f)).sort()) {
  const { default: cells } = await import(new URL(file, dir).href);
  writeFileSync(`notebooks/${file.replace(/\.mjs$/, ".ipynb")}`, JSON.stringify(nb(cells), null, 1) + "\n");
}
console.log("notebooks written");
