// Builds the npm package into dist/: ESM JavaScript and .d.ts from src/ (tsc
// rewrites relative `.ts` imports to `.js` in the JavaScript; this script does
// the same in the declarations, which TypeScript leaves as `.ts`), and the data
// files modules read beside themselves (src/**/*.json, e.g. the sandbox's sites.json).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createRequire } from "node:module";

const root = new URL("..", import.meta.url).pathname;
rmSync(join(root, "dist"), { recursive: true, force: true });
/** TypeScript is a dev dependency: a fresh clone without `npm install` gets one line saying so, not a stack trace. */
function typescriptPackage() {
  try {
    return createRequire(import.meta.url).resolve("typescript/package.json");
  } catch {
    console.error("genesys-notebook: building dist/ (npm pack, npm run build) needs the dev dependencies: run npm install first");
    process.exit(1);
  }
}
const tsPkg = typescriptPackage();
execFileSync(process.execPath, [join(tsPkg, "..", "bin", "tsc"), "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });

const relativeTs = /((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\.ts\2/g;
const files = readdirSync(join(root, "dist"), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.(d\.ts|js)$/.test(e.name)).map((e) => join(e.parentPath, e.name));
const left = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const out = text.replace(relativeTs, (_, head, q, path) => `${head}${q}${path}.js${q}`);
  if (out !== text) writeFileSync(file, out);
  if (/(?:from|import)\s*\(?\s*["']\.{1,2}\/[^"']+\.ts["']/.test(out)) left.push(file);
}
if (left.length) throw new Error(`relative .ts imports left in ${left.join(", ")}`);
const data = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => join(e.parentPath, e.name));
for (const file of data) {
  const to = join(root, "dist", relative(join(root, "src"), file));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(file, to);
}
console.log(`dist/: ${files.length} files, ${data.length} data file${data.length === 1 ? "" : "s"}`);
