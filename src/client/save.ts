/**
 * Saving a frame with where it came from: `save(df, "out/beans.parquet")`
 * writes the data and, next to it, `beans.parquet.provenance.json` (the
 * provenance record and the citation). nodejs-polars cannot write Parquet
 * key-value metadata, so the record goes to that sidecar, for Parquet as for
 * CSV and Arrow IPC. `load(path)` reads both back.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname } from "node:path";
import { GenesysInputError } from "./errors.ts";
import { attachProvenance, citation, type Provenance, provenance } from "./provenance.ts";

const sidecar = (path: string) => `${path}.provenance.json`;
const FORMATS = [".parquet", ".csv", ".ipc", ".arrow"];

function formatOf(path: string): string {
  const ext = extname(path).toLowerCase();
  if (!FORMATS.includes(ext)) {
    throw new GenesysInputError(`cannot tell the format of '${path}'`, "save()", `end the path with ${FORMATS.join(", ")}`);
  }
  return ext;
}

/**
 * Writes the frame (Parquet, CSV or Arrow IPC, by extension) and its provenance sidecar; returns the path.
 * Both are written under temporary names and renamed, so a crash never leaves a half-written file.
 * @example
 * ```ts
 * import { Genesys, save } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * save(df, "out/beans.parquet"); // and out/beans.parquet.provenance.json
 * ```
 */
export function save(df: DataFrame, path: string): string {
  const ext = formatOf(path);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp${ext}`;
  try {
    if (ext === ".parquet") df.writeParquet(tmp);
    else if (ext === ".csv") df.writeCSV(tmp);
    else df.writeIPC(tmp);
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
  const p = provenance(df);
  const record = {
    provenance: p ?? null,
    citation: citation(df).text,
    columns: Object.fromEntries(Object.entries(df.schema).map(([k, v]) => [k, String(v)])),
  };
  writeFileSync(`${sidecar(path)}.tmp`, JSON.stringify(record, null, 1));
  renameSync(`${sidecar(path)}.tmp`, sidecar(path));
  return path;
}

/**
 * Reads a file written by `save()`, with its provenance attached again (`provenance(df)`, `citation(df)`).
 * @example
 * ```ts
 * import { load, provenance } from "genesys-notebook";
 * const df = load("out/beans.parquet");
 * console.log(provenance(df)?.downloadedAt);
 * ```
 */
export function load(path: string): DataFrame {
  const ext = formatOf(path);
  const df = ext === ".parquet" ? pl.readParquet(path) : ext === ".csv" ? pl.readCSV(path) : pl.readIPC(readFileSync(path));
  if (existsSync(sidecar(path))) {
    const p = (JSON.parse(readFileSync(sidecar(path), "utf8")) as { provenance: Provenance | null }).provenance;
    if (p) attachProvenance(df, p);
  }
  return df;
}
