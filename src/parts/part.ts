/**
 * Parts of the on-disk format (manifest.ts): a frame written as one Parquet file under an unpredictable temporary name
 * created exclusively, then renamed into place, so a cut run never leaves a half-written part under a part's name; and
 * read back only when its rows and schema are the ones its manifest records. Files are private to the user (0600) unless
 * the caller gives another mode (the Parquet sink's folder is the user's output: 0644 before the umask).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { join } from "node:path";
import { atomicWrite, atomicWriteAsync, ownFile } from "./private-fs.ts";
import type { Part } from "./manifest.ts";

export type ParquetCompression = "uncompressed" | "snappy" | "lz4" | "zstd" | "gzip";

/** A frame's columns in order with their dtypes as polars prints them. */
export function columnsOf(df: DataFrame): [string, string][] {
  const dtypes = df.dtypes;
  return df.columns.map((n, i) => [n, String(dtypes[i])]);
}

/** What the manifest records of a part written from `df`. */
export const partOf = (file: string, frame: string, page: number, df: DataFrame): Part => ({
  file,
  frame,
  page,
  rows: df.height,
  columns: columnsOf(df),
});

/** Writes `df` as part `file` of `dir` at once (the cache's small frames). */
export function writePartSync(dir: string, file: string, df: DataFrame, compression: ParquetCompression = "snappy", mode = 0o600): void {
  atomicWrite(join(dir, file), (tmp) => df.writeParquet(tmp, { compression }), mode);
}

/**
 * Writes `df` as part `file` of `dir` on polars' own threads (the sink's blocks: the event loop goes on receiving the next
 * block meanwhile), through a temporary file renamed when complete.
 */
export async function writePart(
  dir: string,
  file: string,
  df: DataFrame,
  compression: ParquetCompression = "snappy",
  mode = 0o600,
): Promise<void> {
  await atomicWriteAsync(join(dir, file), async (tmp) => void (await df.lazy().sinkParquet(tmp, { compression }).collect()), mode);
}

/** Part `p` of `dir`, or undefined when it is missing, a link, unreadable, or not the rows and schema recorded for it. */
export function readPart(dir: string, p: Part, nRows?: number): DataFrame | undefined {
  const path = join(dir, p.file);
  if (!ownFile(path)) return undefined;
  try {
    const df = pl.readParquet(path, nRows === undefined ? undefined : { nRows });
    const same = JSON.stringify(columnsOf(df)) === JSON.stringify(p.columns);
    return same && (nRows !== undefined || df.height === p.rows) ? df : undefined;
  } catch {
    return undefined;
  }
}

/** The parts of `dir` in order up to the first one that does not read back as recorded (`readPart`). */
export function readParts(dir: string, parts: readonly Part[]): DataFrame[] {
  const out: DataFrame[] = [];
  for (const p of parts) {
    const df = readPart(dir, p);
    if (!df) break;
    out.push(df);
  }
  return out;
}
