/**
 * The one on-disk format of an export kept on disk, shared by the passport cache (each entry, and the pages of an
 * unfinished export) and the Parquet sink's folder: a folder of Parquet parts and `_manifest.json`, which names every
 * complete part with its frame, page, rows and schema. The manifest is written last, under a temporary name then
 * renamed, so it never names a part that is not complete; a part it does not name is not part of the data.
 *
 * Why Parquet and not Arrow IPC for the parts: measured (bench/cache-format.ts, docs/api.md "Storage"), Parquet wrote
 * and read 200,000 passports of every column faster and five times smaller, with every dtype back exactly.
 */
import { z } from "zod";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { atomicWriteText, lstatOrUndefined, ownFile } from "./private-fs.ts";

/** The format's name and version, in every manifest: a folder of another format (an earlier version's) is not read as this. */
export const PARTS_FORMAT = "genesys-notebook/parts@1";
export const MANIFEST = "_manifest.json";
/**
 * A finished export's provenance and diagnostics beside its parts (the Parquet sink's). Not `provenance.json` (earlier
 * versions' name): pyarrow's dataset discovery, and so `pd.read_parquet(dir)`, and Spark skip only names starting with `_`
 * or `.`, and fail on any other file that is not Parquet.
 */
export const PROVENANCE = "_provenance.json";

/** Columns in order, each with its dtype as polars prints it (`String(dtype)`). */
export const ColumnsSchema = z.array(z.tuple([z.string(), z.string()]));

/** One complete part: a Parquet file of the folder. */
export const PartSchema = z.object({
  /** File name in the folder (no path). */
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.parquet$/),
  /** The frame it belongs to (a cache entry of traits() holds several). */
  frame: z.string().min(1),
  /** The export page it holds rows of. */
  page: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  columns: ColumnsSchema,
});

export const PartsManifestSchema = z.object({
  format: z.literal(PARTS_FORMAT),
  /** When the first part was written (ISO 8601). */
  createdAt: z.string(),
  /** What shapes the parts (page size, columns, date parsing): parts kept under another context are not resumed. */
  context: z.record(z.string(), z.unknown()),
  /** Every part of the data is here (a finished export, a stored result); otherwise the complete pages of a cut one. */
  complete: z.boolean(),
  /** In order: a frame is its parts stacked in this order. */
  parts: z.array(PartSchema),
  /** What the folder's owner keeps beside the parts: the cache's query, provenance and diagnostics; the sink's header. */
  meta: z.record(z.string(), z.unknown()).default({}),
});

export type Part = z.infer<typeof PartSchema>;
export type PartsManifest = z.infer<typeof PartsManifestSchema>;

/** A fresh manifest: nothing complete yet. */
export function newManifest(context: Record<string, unknown>, meta: Record<string, unknown> = {}): PartsManifest {
  return { format: PARTS_FORMAT, createdAt: new Date().toISOString(), context, complete: false, parts: [], meta };
}

/**
 * What a folder's `_manifest.json` says: the manifest; `absent` (no manifest); or `other` with why it cannot be read as
 * this format (an earlier version's manifest, a link, a file that is not ours, not JSON).
 */
export type ManifestRead = { manifest: PartsManifest } | { absent: true } | { other: string; json?: unknown };

export function readManifest(dir: string): ManifestRead {
  const path = join(dir, MANIFEST);
  if (!lstatOrUndefined(path)) return { absent: true };
  if (!ownFile(path)) return { other: `${MANIFEST} is a link or not the user's own file` };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    return { other: `${MANIFEST} is not JSON (${(e as Error).message})` };
  }
  const parsed = PartsManifestSchema.safeParse(json);
  if (parsed.success) return { manifest: parsed.data };
  const format = (json as { format?: unknown })?.format;
  return {
    json,
    other: format === undefined || format !== PARTS_FORMAT
      ? `${MANIFEST} is of another format (${format === undefined ? "an earlier version's" : String(format)})`
      : `${MANIFEST} does not hold: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
  };
}

/** Writes the manifest in place of the last (temporary name, then rename). */
export function writeManifest(dir: string, m: PartsManifest, mode = 0o600): void {
  atomicWriteText(join(dir, MANIFEST), JSON.stringify(m, null, 1), mode);
}

/** Rows of the manifest's parts (of one frame, or all). */
export const partRows = (m: PartsManifest, frame?: string) =>
  m.parts.filter((p) => frame === undefined || p.frame === frame).reduce((n, p) => n + p.rows, 0);
