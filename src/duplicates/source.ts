/**
 * The record sources of the duplicate finder: a passport frame in memory, and a Parquet folder written by
 * `g.passportsToParquet()`, read through the parts room's own reader (`readManifest()`: the format, the folder's own
 * file, the schema of the manifest) part by part. The finder (engine.ts) reads both the same way: the columns, the
 * rows of each part, one part's columns as a frame, and the provenance. Rows are numbered across the parts in the
 * manifest's order, as `pl.scanParquet()` over the parts reads them.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { GenesysInputError } from "../kernel/errors.ts";
import { type Provenance, provenance } from "../kernel/provenance.ts";
import { shown } from "../kernel/options.ts";
import { partRows, PROVENANCE, readManifest } from "../parts/manifest.ts";

const ProvenanceFileSchema = z.object({ provenance: z.object({ server: z.string(), endpoints: z.array(z.string()) }).passthrough() });

/** Passport records read part by part. */
export interface RecordSource {
  /** "frame" or "dataset folder", as messages name it. */
  readonly what: string;
  readonly columns: readonly string[];
  /** Each part's dtypes as polars prints them, by column. */
  readonly dtypes: Record<string, string>;
  /** Rows of each part, in row order. */
  readonly partRows: readonly number[];
  readonly rows: number;
  /** One part's columns (of those the source has). */
  part(k: number, columns: readonly string[]): DataFrame;
  readonly provenance: Provenance | undefined;
  /** True when parts are read from disk (the finder then lets the event loop turn between them, to free them). */
  readonly onDisk: boolean;
}

/** A frame in memory: one part. */
export function frameSource(df: DataFrame): RecordSource {
  return {
    what: "frame",
    columns: df.columns,
    dtypes: Object.fromEntries(df.columns.map((c, i) => [c, String(df.dtypes[i])])),
    partRows: [df.height],
    rows: df.height,
    part: (_k, columns) => df.select(...columns),
    provenance: provenance(df),
    onDisk: false,
  };
}

const HOW = "write one with g.passportsToParquet(filter, dir) and pass that folder, or pass a frame of passports";

/** Opens and checks a dataset folder; anything else is a GenesysInputError naming `fn` and what to do. */
export function folderSource(dir: string, fn: string): RecordSource {
  const fail = (what: string, hint = HOW): never => {
    throw new GenesysInputError(what, { endpoint: fn, hint });
  };
  if (!dir) fail(`expected the path of a Parquet dataset folder written by g.passportsToParquet(), got ${shown(dir)}`);
  if (!existsSync(dir)) fail(`'${dir}' does not exist`);
  if (!statSync(dir).isDirectory()) fail(`'${dir}' is a file, not a dataset folder`, `pass the folder that holds _manifest.json; ${HOW}`);
  const read = readManifest(dir);
  if ("absent" in read) fail(`'${dir}' is not a passport dataset written by g.passportsToParquet() (it has no _manifest.json)`);
  if ("other" in read) fail(`'${dir}' is not a passport dataset written by g.passportsToParquet(): ${read.other}`);
  const manifest = (read as { manifest: import("../parts/manifest.ts").PartsManifest }).manifest;
  if (!manifest.complete) {
    fail(
      `the export in '${dir}' is not complete (${new Set(manifest.parts.map((p) => p.page)).size} page(s) written)`,
      "run g.passportsToParquet() again with the same filter and folder: it resumes after the last complete page",
    );
  }
  const typed = manifest.parts[0]?.columns ?? [];
  const columns = typed.map(([c]) => c);
  if (!columns.includes("INSTCODE") || !columns.includes("ACCENUMB")) {
    fail(`'${dir}' holds no passports (its columns have no INSTCODE and ACCENUMB: ${columns.slice(0, 8).join(", ")})`);
  }
  const files = manifest.parts.map((p) => join(dir, p.file));
  const lost = files.filter((f) => !existsSync(f));
  if (lost.length) fail(`${lost.length} part(s) the manifest of '${dir}' names are missing, e.g. '${lost[0]}'`, "export the dataset again");
  return {
    what: "dataset folder",
    columns,
    dtypes: Object.fromEntries(typed),
    partRows: manifest.parts.map((p) => p.rows),
    rows: partRows(manifest),
    part: (k, cols) => pl.scanParquet(files[k]!).select(...cols.map((c) => pl.col(c))).collectSync(),
    provenance: exportProvenance(dir),
    onDisk: true,
  };
}

/** The export's provenance beside its parts; a broken or absent file only loses the source (the manifest is what is read). */
function exportProvenance(dir: string): Provenance | undefined {
  const pf = [PROVENANCE, "provenance.json"].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (!pf) return undefined;
  try {
    const p = ProvenanceFileSchema.safeParse(JSON.parse(readFileSync(pf, "utf8")));
    return p.success ? p.data.provenance as unknown as Provenance : undefined;
  } catch {
    return undefined;
  }
}
