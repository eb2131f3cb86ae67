/**
 * The export written straight to disk as a Parquet dataset, block by block, for results larger than memory: a folder of
 * the one on-disk format (parts/manifest.ts, the cache's too): one part per typed block (`part-<page>-<block>.parquet`),
 * `_manifest.json` naming the complete pages' parts, and `_provenance.json` once complete (names starting with `_` are
 * skipped by pyarrow, pandas and Spark when they read the folder as a dataset). Memory holds one block at a
 * time, whatever the size of the result.
 *
 * Every part has the same schema: a block that needs a wider dtype than the parts already written (a decimal in an
 * integer column) widens the dataset, and the earlier parts are rewritten with it (rare; reported). A cut export resumes
 * after its last complete page when the manifest's settings match and the service still answers the first and last
 * stored rows the same (parts/resume.ts, the cache's rule too), else it starts over. Parts are written under a temporary
 * name and renamed, and a cut or failed run removes the parts of the page it was writing: the folder only ever holds the
 * complete parts its manifest names.
 *
 * Memory stays bounded because the written frames are collected as the export goes (kernel/native-memory.ts): V8 does
 * not see their native memory.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import pl from "nodejs-polars";
import type { DataFrame, DataType } from "nodejs-polars";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { assembleFrame, unifyBlocks } from "../csv/typing.ts";
import { CoercionLog, type Diagnostics } from "../../kernel/diagnostics.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import type { ParquetOptions } from "../core/option-schemas.ts";
import { atomicWriteText, TEMP_RE } from "../../parts/private-fs.ts";
import type { Provenance } from "../../kernel/provenance.ts";
import type { Transport } from "../core/transport.ts";
import {
  MANIFEST,
  newManifest,
  type Part,
  partRows,
  type PartsManifest,
  PROVENANCE,
  readManifest,
  writeManifest,
} from "../../parts/manifest.ts";
import { columnsOf, type ParquetCompression, partOf, readPart, writePart } from "../../parts/part.ts";
import { keptParts, refuse, refused, resumedNote } from "../../parts/resume.ts";
import { exportBlocks, fetchRows, type PageBlock, reported } from "./pages.ts";
import type { PassportQuery } from "./query.ts";
import { NativeMemory } from "../../kernel/native-memory.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;
export type { ParquetCompression };

export interface ParquetSinkResult {
  /** The dataset folder: read it with `pl.scanParquet(\`${dir}/*.parquet\`)`, DuckDB `read_parquet('dir/*.parquet')`, … */
  dir: string;
  /** The Parquet files, in row order. */
  files: string[];
  rows: number;
  provenance: Provenance;
  diagnostics: Diagnostics;
}

/**
 * Blocks of at most 16 MB (passports(): 32 MB): the 4,850,180 passports of the 5,000,000-accession sandbox peaked at
 * 678-772 MB against 823-1,061 MB with 32 MB blocks, at the same speed (alternating runs).
 */
const SINK_BLOCKS = { blockBytes: 16 * 2 ** 20 };
/** The folder is the user's output, to share as they wish: files 0644 (before the umask), not the cache's 0600. */
const MODE = 0o644;

type Schema = [string, DataType][];
const emptyOf = (schema: Schema) => pl.DataFrame(schema.map(([n, t]) => pl.Series(n, [], t)));
const schemaOf = (df: DataFrame): Schema => df.columns.map((n, i) => [n, df.dtypes[i]!]);
/** The same columns, in the same order, with the same dtypes. */
const sameSchema = (a: Schema, b: Schema) => a.length === b.length && a.every(([n, t], i) => b[i]![0] === n && b[i]![1].equals(t));

/** The dataset's schema widened by a block's, when needed; undefined when the block fits. */
function widened(schema: Schema, df: DataFrame): Schema | undefined {
  if (sameSchema(schema, schemaOf(df))) return undefined;
  const next = schemaOf(unifyBlocks([emptyOf(schema), df.head(0)])[0]!);
  return sameSchema(schema, next) ? undefined : next;
}

/** The frame in the dataset's schema (columns by name, dtypes cast). */
const conform = (df: DataFrame, schema: Schema) => (sameSchema(schema, schemaOf(df)) ? df : unifyBlocks([emptyOf(schema), df])[1]!);

/**
 * The folder's manifest, with the complete pages of an interrupted export kept when they still hold (else a fresh one),
 * and the notes on what was found. A folder with files but no manifest is not ours to replace.
 */
async function openManifest(
  dir: string,
  context: Record<string, unknown>,
  opts: ParquetOptions,
  row: (i: number) => Promise<DataFrame | undefined>,
): Promise<{ manifest: PartsManifest; notes: string[] }> {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new GenesysInputError(`'${dir}' is a file, not a folder`, {
      endpoint: "passportsToParquet()",
      hint: "choose a new or empty folder",
    });
  }
  const found = readManifest(dir);
  if ("absent" in found && existsSync(dir) && readdirSync(dir).length) {
    throw new GenesysInputError(`'${dir}' exists and is not a dataset written by passportsToParquet()`, {
      endpoint: "passportsToParquet()",
      hint: "choose a new or empty folder",
    });
  }
  const notes: string[] = [];
  if ("other" in found) {
    // an earlier version's sink manifest (complete pages of files, no format) is ours to replace; anything else is not
    const earlier = found.json as { pages?: unknown; context?: unknown } | undefined;
    if (!Array.isArray(earlier?.pages) || typeof earlier?.context !== "object") {
      throw new GenesysInputError(`'${dir}' holds a ${MANIFEST} that passportsToParquet() did not write (${found.other})`, {
        endpoint: "passportsToParquet()",
        hint: "choose a new or empty folder",
      });
    }
    notes.push(`the folder held an export this version cannot resume (${found.other}); it was written again`);
  }
  const m = "manifest" in found ? found.manifest : undefined;
  const resume = opts.resume !== false && m && JSON.stringify(m.context) === JSON.stringify(context);
  if (resume && m.complete) notes.push("the folder already holds this complete export; it was written again");
  const why = resume && !m.complete && m.parts.length ? await refuse(keptParts(dir, m), { context, ttlMs: opts.ttlMs, row }) : undefined;
  if (why) notes.push(refused(why));
  if (!resume || m.complete || why || !m.parts.length) return { manifest: newManifest(context), notes };
  notes.push(resumedNote(new Set(m.parts.map((p) => p.page)).size, partRows(m), m.createdAt));
  return { manifest: m, notes };
}

/** A dataset folder being written: its manifest, its schema, the parts of the page under way. */
class ParquetFolder {
  readonly log = new CoercionLog();
  #schema: Schema = [];
  #page: Part[] = [];
  #block = 0;
  /** One part being written while the next block is read; awaited before the manifest names it, and on failure. */
  #writing: Promise<void> | undefined;
  /** The written blocks' frames are dropped; their native memory comes back only when V8 collects them. */
  #memory = new NativeMemory();

  private constructor(readonly dir: string, private readonly manifest: PartsManifest, private readonly compression: ParquetCompression) {}

  static async open(dir: string, query: PassportQuery, opts: ParquetOptions, row: (i: number) => Promise<DataFrame | undefined>) {
    const { manifest, notes } = await openManifest(dir, query.pagesContext, opts, row);
    mkdirSync(dir, { recursive: true });
    const folder = new ParquetFolder(dir, manifest, opts.compression ?? "snappy");
    for (const n of notes) folder.log.note(n);
    // parts not named by the manifest (of a cut run, or of a dataset being replaced) are not the dataset's
    folder.#removeStray();
    const first = manifest.parts[0] && readPart(dir, manifest.parts[0], 1);
    if (first) folder.#schema = schemaOf(first.head(0));
    return folder;
  }

  /** Complete pages, and their rows. */
  get pages(): number {
    return new Set(this.manifest.parts.map((p) => p.page)).size;
  }
  get rows(): number {
    return partRows(this.manifest);
  }

  /** Removes what the manifest does not name: parts of a page under way, temporary files, a provenance of an earlier run. */
  #removeStray(): void {
    const named = new Set(this.manifest.parts.map((p) => p.file));
    for (const f of readdirSync(this.dir)) {
      const stray = (f.endsWith(".parquet") && !named.has(f)) || TEMP_RE.test(f) || f === PROVENANCE || f === "provenance.json";
      if (stray) rmSync(join(this.dir, f), { force: true });
    }
  }

  /** Writes a block as the next part of its page; the page is committed to the manifest with its last block. */
  async add(b: PageBlock, parseDates: boolean): Promise<void> {
    this.log.merge(b.log);
    const df = assembleFrame([b.df], b.header, b.kinds, parseDates, this.log);
    if (df.height || (!this.#schema.length && b.last)) {
      const wider = this.#schema.length ? widened(this.#schema, df) : schemaOf(df);
      await this.#writing;
      this.#memory.release();
      if (wider) {
        if (this.#schema.length) await this.#rewrite(wider);
        this.#schema = wider;
      }
      const part = conform(df, this.#schema);
      const file = `part-${String(b.page).padStart(6, "0")}-${String(this.#block++).padStart(4, "0")}.parquet`;
      this.#writing = writePart(this.dir, file, part, this.compression, MODE);
      this.#writing.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      this.#page.push(partOf(file, "df", b.page, part));
    }
    if (b.last) {
      await this.#writing;
      this.manifest.parts.push(...this.#page);
      writeManifest(this.dir, this.manifest, MODE);
      this.#page = [];
      this.#block = 0;
    }
  }

  /** Rewrites every part written so far with a wider schema (their manifest records follow at the next commit). */
  async #rewrite(schema: Schema): Promise<void> {
    const parts = [...this.manifest.parts, ...this.#page];
    for (const p of parts) {
      const df = conform(pl.readParquet(join(this.dir, p.file)), schema);
      await writePart(this.dir, p.file, df, this.compression, MODE);
      p.columns = columnsOf(df);
    }
    this.log.note(`a block needed wider column types; the ${parts.length} file(s) written before were rewritten with them`);
  }

  /** A cut or failed run: the page under way is removed, so the folder holds only what its manifest names. */
  async abandon(): Promise<void> {
    await this.#writing?.catch(() => undefined);
    writeManifest(this.dir, this.manifest, MODE);
    this.#removeStray();
  }

  /** Marks the dataset complete and writes `_provenance.json`. */
  finish(provenance: Provenance): ParquetSinkResult {
    this.manifest.complete = true;
    writeManifest(this.dir, this.manifest, MODE);
    const files = this.manifest.parts.map((p) => p.file);
    const diagnostics = this.log.toDiagnostics(ENDPOINT);
    atomicWriteText(join(this.dir, PROVENANCE), JSON.stringify({ provenance, diagnostics, files }, null, 1), MODE);
    return { dir: this.dir, files: files.map((f) => join(this.dir, f)), rows: this.rows, provenance, diagnostics };
  }
}

/** The export written block by block into a Parquet dataset folder, resuming an interrupted one (see the top of this file). */
export async function passportsToParquet(
  t: Transport,
  server: string,
  query: PassportQuery,
  dir: string,
  opts: ParquetOptions = {},
): Promise<ParquetSinkResult> {
  const folder = await ParquetFolder.open(dir, query, opts, (i) => fetchRows(t, query, i, 1, opts.signal, true));
  const start = { startPage: folder.pages, rowsBefore: folder.rows, signal: opts.signal, blocks: SINK_BLOCKS };
  try {
    for await (const b of reported(exportBlocks(t, query, start), opts.onProgress, query.plan.limit)) {
      await folder.add(b, query.plan.parseDates);
    }
  } catch (e) {
    await folder.abandon();
    throw e;
  }
  return folder.finish(query.provenance(server, "passports.parquet", folder.rows));
}
