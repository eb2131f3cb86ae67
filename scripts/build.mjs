// Builds the npm package into dist/: ESM JavaScript and .d.ts from src/ (tsc
// rewrites relative `.ts` imports to `.js` in the JavaScript; this script does
// the same in the declarations, which TypeScript leaves as `.ts`).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const root = new URL("..", import.meta.url).pathname;
rmSync(join(root, "dist"), { recursive: true, force: true });
const tsPkg = createRequire(import.meta.url).resolve("typescript/package.json");
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
console.log(`dist/: ${files.length} files`);
