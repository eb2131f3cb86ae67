/**
 * A passport dataset folder written by `g.passportsToParquet()`, opened for reading: its `_manifest.json` (the
 * complete pages and their Parquet parts, in row order, and the columns every part has) and its `provenance.json`.
 * Rows are numbered across the parts in the manifest's order, as `pl.scanParquet()` over the parts reads them.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { GenesysInputError } from "../kernel/errors.ts";
import type { Provenance } from "../kernel/provenance.ts";
import { shown } from "../kernel/options.ts";
// the one manifest of the on-disk export format (the export's and the cache's: client/parts/manifest.ts)
import { partRows, PartsManifestSchema as ManifestSchema, PROVENANCE } from "../client/parts/manifest.ts";

const ProvenanceFileSchema = z.object({ provenance: z.object({ server: z.string(), endpoints: z.array(z.string()) }).passthrough() });

export interface PassportDataset {
  dir: string;
  /** The Parquet parts, in row order. */
  files: string[];
  rows: number;
  columns: string[];
  /** The export's provenance (provenance.json), when the folder has it. */
  provenance: Provenance | undefined;
}

const HOW = "write one with g.passportsToParquet(filter, dir) and pass that folder; for a frame in memory use probableDuplicates(df)";

/** Opens and checks a dataset folder; anything else is a GenesysInputError naming `fn` and what to do. */
export function openPassportDataset(dir: unknown, fn: string): PassportDataset {
  const fail = (what: string, hint = HOW): never => {
    throw new GenesysInputError(what, { endpoint: fn, hint });
  };
  if (typeof dir !== "string" || !dir) {
    fail(`expected the path of a Parquet dataset folder written by g.passportsToParquet(), got ${shown(dir)}`);
  }
  const path = dir as string;
  if (!existsSync(path)) fail(`'${path}' does not exist`);
  if (!statSync(path).isDirectory()) fail(`'${path}' is a file, not a dataset folder`, `pass the folder that holds _manifest.json; ${HOW}`);
  const manifestPath = join(path, "_manifest.json");
  if (!existsSync(manifestPath)) fail(`'${path}' is not a passport dataset written by g.passportsToParquet() (it has no _manifest.json)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch (e) {
    fail(`'${manifestPath}' is not readable JSON (${(e as Error).message})`);
  }
  const m = ManifestSchema.safeParse(json);
  if (!m.success) {
    fail(
      `'${manifestPath}' is not the manifest of a passport dataset (${m.error.issues[0]!.path.join(".")}: ${m.error.issues[0]!.message})`,
    );
  }
  const manifest = m.data!;
  if (!manifest.complete) {
    fail(
      `the export in '${path}' is not complete (${new Set(manifest.parts.map((p) => p.page)).size} page(s) written)`,
      "run g.passportsToParquet() again with the same filter and folder: it resumes after the last complete page",
    );
  }
  const columns = (manifest.parts[0]?.columns ?? []).map(([c]) => c);
  if (!columns.includes("INSTCODE") || !columns.includes("ACCENUMB")) {
    fail(`'${path}' holds no passports (its columns have no INSTCODE and ACCENUMB: ${columns.slice(0, 8).join(", ")})`);
  }
  const files = manifest.parts.map((p) => join(path, p.file));
  const lost = files.filter((f) => !existsSync(f));
  if (lost.length) {
    fail(`${lost.length} part(s) the manifest of '${path}' names are missing, e.g. '${lost[0]}'`, "export the dataset again");
  }
  let provenance: Provenance | undefined;
  const pf = [PROVENANCE, "provenance.json"].map((f) => join(path, f)).find((f) => existsSync(f)) ?? join(path, PROVENANCE);
  if (existsSync(pf)) {
    try {
      const p = ProvenanceFileSchema.safeParse(JSON.parse(readFileSync(pf, "utf8")));
      if (p.success) provenance = p.data.provenance as unknown as Provenance;
    } catch {
      provenance = undefined; // the manifest is what the finder needs; a broken provenance.json only loses the source
    }
  }
  return { dir: path, files, rows: partRows(manifest), columns, provenance };
}

/** One part's columns, read lazily (only those columns are decoded). */
export function readPart(file: string, columns: string[]): DataFrame {
  return pl.scanParquet(file).select(...columns.map((c) => pl.col(c))).collectSync();
}
