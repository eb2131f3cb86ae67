// `npm pack` / `npm publish`: the package.json that goes into the tarball has no "scripts". They are the
// repository's (build, test, demo, and "prepare", which sets up this checkout's nodejs-polars binding from a file
// the tarball does not hold); in a project that installs the package npm would list "prepare" as an install script
// to approve. `strip` (prepack) keeps the original next to it and writes package.json without scripts; `restore`
// (postpack) puts the original back. A leftover copy from a pack that stopped half-way is restored first.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const file = join(root, "package.json");
const kept = join(root, ".package.json.orig");
const mode = process.argv[2];

if (existsSync(kept)) renameSync(kept, file);
if (mode === "strip") {
  const text = readFileSync(file, "utf8");
  const pkg = JSON.parse(text);
  delete pkg.scripts;
  writeFileSync(kept, text);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(pkg, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
} else if (mode !== "restore") {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
