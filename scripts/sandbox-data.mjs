// The sandbox generator's reference data (src/sandbox/generator/data/*.json): each file's `sha256` is the SHA-256 of
// its content without that field (JSON.stringify, keys in the file's order). test/sandbox-data.test.ts recomputes it,
// so an edit made without running this script fails; the same test asks for a new GENERATOR_VERSION (src/sandbox/db.ts)
// when the data change. Run after editing a file on purpose: `node scripts/sandbox-data.mjs` (formats every file and
// writes its hash).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const DATA_DIR = fileURLToPath(new URL("../src/sandbox/generator/data/", import.meta.url));

/** SHA-256 of a data file's content without its `sha256` field. */
export function dataHash(obj) {
  const { sha256: _, ...rest } = obj;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

/** JSON with short arrays and objects on one line (at most 140 characters), longer ones one item a line. */
export function formatJson(value, indent = "", lead = 0) {
  const flat = JSON.stringify(value, null, 1)?.replace(/\n\s*/g, " ").replace(/\[ /g, "[").replace(/ \]/g, "]");
  if (value === null || typeof value !== "object" || indent.length + lead + flat.length < 140) return flat;
  const inner = indent + "  ";
  const items = Array.isArray(value)
    ? value.map((v) => inner + formatJson(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner, k.length + 4)}`);
  return Array.isArray(value) ? `[\n${items.join(",\n")}\n${indent}]` : `{\n${items.join(",\n")}\n${indent}}`;
}

/** Writes a data file: `about`, `source`, `licence`, `sha256` first, then the rest, formatted. */
export function writeDataFile(name, obj) {
  const { about, source, licence, sha256: _, ...rest } = obj;
  const ordered = { about, source, licence, ...rest };
  const withHash = { about, source, licence, sha256: dataHash(ordered), ...rest };
  writeFileSync(join(DATA_DIR, name), formatJson(withHash) + "\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of readdirSync(DATA_DIR).filter((f) => f.endsWith(".json")).sort()) {
    const obj = JSON.parse(readFileSync(join(DATA_DIR, name), "utf8"));
    const before = obj.sha256;
    writeDataFile(name, obj);
    const after = JSON.parse(readFileSync(join(DATA_DIR, name), "utf8")).sha256;
    console.log(`${name}: ${after}${before === after ? "" : ` (was ${before})`}`);
  }
}
