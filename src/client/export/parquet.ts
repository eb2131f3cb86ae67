/**
 * The export written straight to disk as a Parquet dataset, block by block,
 * for results larger than memory: one folder with one file per typed block
 * (`part-<page>-<block>.parquet`), `_manifest.json` (what is complete), and
 * `provenance.json`. Memory holds one block at a time, whatever the size of
 * the result.
 *
 * Every file has the same schema: a block that needs a wider dtype than the
 * files already written (a decimal in an integer column) widens the dataset,
 * and the earlier files are rewritten with it (rare; reported). A cut export
 * resumes after its last complete page when the manifest's settings match
 * and the service still answers the first and last stored rows the same
 * (resume.ts: the one rule for the cache's pages too), else it starts over.
 * A cut or failed run removes the parts of the page it was writing: the
 * folder only ever holds the complete pages its manifest names.
 *
 * Memory stays bounded because the written frames are collected as the export
 * goes (runtime/native-memory.ts): V8 does not see their native memory.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import pl from "nodejs-polars";
import type { DataFrame, DataType } from "nodejs-polars";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assembleFrame, unifyBlocks } from "../csv/typing.ts";
import { CoercionLog, type Diagnostics } from "../core/diagnostics.ts";
import { GenesysInputError } from "../core/errors.ts";
import { exportBlocks, fetchRows, type PageBlock, reported } from "./pages.ts";
import type { PassportQuery } from "./query.ts";
import { type Kept, refuse, refused, resumedNote } from "./resume.ts";
import type { Progress } from "../core/progress.ts";
import type { Provenance } from "../core/provenance.ts";
import type { Transport } from "../core/transport.ts";
import { NativeMemory } from "../../runtime/native-memory.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;

export interface ParquetSinkResult {
  /** The dataset folder: read it with `pl.scanParquet(\`${dir}/*.parquet\`)`, DuckDB `read_parquet('dir/*.parquet')`, … */
  dir: string;
  /** The Parquet files, in row order. */
  files: string[];
  rows: number;
  provenance: Provenance;
  diagnostics: Diagnostics;
}

interface Manifest {
  context: Record<string, unknown>;
  createdAt: string;
  /** Column -> dtype (as polars prints it) that every file has. */
  schema: [string, string][];
  /** Complete pages and their files. */
  pages: { page: number; files: string[]; rows: number }[];
  complete: boolean;
}

const MANIFEST = "_manifest.json";

/**
 * Blocks of at most 16 MB (passports(): 32 MB): the 4,850,180 passports of the 5,000,000-accession sandbox peaked at
 * 678-772 MB against 823-1,061 MB with 32 MB blocks, at the same speed (alternating runs).
 */
const SINK_BLOCKS = { blockBytes: 16 * 2 ** 20 };

function writeJson(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value, null, 1));
  renameSync(`${path}.tmp`, path);
}

export type ParquetCompression = "uncompressed" | "snappy" | "lz4" | "zstd" | "gzip";

/**
 * A file written under a temporary name and renamed: a cut run never leaves a half-written part. Written by polars'
 * sink on its own threads, so the event loop goes on receiving the next block meanwhile.
 */
async function writePart(df: DataFrame, path: string, compression: ParquetCompression): Promise<void> {
  await df.lazy().sinkParquet(`${path}.tmp`, { compression }).collect();
  renameSync(`${path}.tmp`, path);
}

const emptyOf = (schema: [string, DataType][]) => pl.DataFrame(schema.map(([n, t]) => pl.Series(n, [], t)));

/** Column names and dtypes, in order. */
function schemaOf(df: DataFrame): [string, DataType][] {
  const dtypes = df.dtypes;
  return df.columns.map((n, i) => [n, dtypes[i]!]);
}

/** The same columns, in the same order, with the same dtypes. */
function sameSchema(a: [string, DataType][], b: [string, DataType][]): boolean {
  return a.length === b.length && a.every(([n, t], i) => b[i]![0] === n && b[i]![1].equals(t));
}

/** The frame has exactly the dataset's columns and dtypes (the usual case: nothing to widen or cast). */
const fits = (schema: [string, DataType][], df: DataFrame) => sameSchema(schema, schemaOf(df));

/** The dataset's schema widened by a block's, when needed; undefined when the block fits. */
function widened(schema: [string, DataType][], df: DataFrame): [string, DataType][] | undefined {
  if (fits(schema, df)) return undefined;
  const [target] = unifyBlocks([emptyOf(schema), df.head(0)]);
  const next = schemaOf(target!);
  return sameSchema(schema, next) ? undefined : next;
}

/** The frame in the dataset's schema (columns by name, dtypes cast). */
function conform(df: DataFrame, schema: [string, DataType][]): DataFrame {
  if (fits(schema, df)) return df;
  return unifyBlocks([emptyOf(schema), df])[1]!;
}

export interface ParquetOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** false: start over even when the folder holds the complete pages of an interrupted export. */
  resume?: boolean;
  /** Complete pages older than this are not resumed. */
  ttlMs?: number;
  /** Default "snappy": fast, and read by every Parquet reader (DuckDB, pyarrow, Spark). */
  compression?: ParquetCompression;
}

/** The manifest's complete pages as resume.ts checks them. */
function keptParts(m: Manifest, dir: string): Kept {
  const files = m.pages.flatMap((p) => p.files).map((f) => join(dir, f));
  return {
    context: m.context,
    createdAt: m.createdAt,
    rows: m.pages.reduce((n, p) => n + p.rows, 0),
    ends: () => {
      const last = pl.readParquet(files[files.length - 1]!);
      return [pl.readParquet(files[0]!, { nRows: 1 }), last.slice(last.height - 1, 1)];
    },
  };
}

/** A dataset folder being written: its manifest, its schema, the parts of the page under way. */
class ParquetFolder {
  readonly log = new CoercionLog();
  #schema: [string, DataType][] = [];
  #kept = new Set<string>();
  #pageFiles: string[] = [];
  #pageRows = 0;
  #block = 0;
  /** One part being written while the next block is read; awaited before the manifest names it, and on failure. */
  #writing: Promise<void> | undefined;
  /** The written blocks' frames are dropped; their native memory comes back only when V8 collects them. */
  #memory = new NativeMemory();

  private constructor(readonly dir: string, private manifest: Manifest, private readonly compression: ParquetCompression) {}

  /** The folder, with the complete pages of an interrupted export kept when they still hold (else emptied). */
  static async open(dir: string, query: PassportQuery, opts: ParquetOptions, row: (i: number) => Promise<DataFrame | undefined>) {
    if (existsSync(dir) && readdirSync(dir).length && !existsSync(join(dir, MANIFEST))) {
      throw new GenesysInputError(`'${dir}' exists and is not a dataset written by passportsToParquet()`, {
        endpoint: "passportsToParquet()",
        hint: "choose a new or empty folder",
      });
    }
    mkdirSync(dir, { recursive: true });
    const context = query.pagesContext;
    let m = existsSync(join(dir, MANIFEST)) ? (JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as Manifest) : undefined;
    const same = JSON.stringify(m?.context) === JSON.stringify(context);
    const notes: string[] = [];
    if (m?.complete && opts.resume !== false && same) notes.push("the folder already holds this complete export; it was written again");
    const why = m && !m.complete && m.pages.length && opts.resume !== false
      ? await refuse(keptParts(m, dir), { context, ttlMs: opts.ttlMs, row })
      : undefined;
    if (why) notes.push(refused(why));
    if (!m || m.complete || why || opts.resume === false || !same) {
      m = { context, createdAt: new Date().toISOString(), schema: [], pages: [], complete: false };
    }
    const folder = new ParquetFolder(dir, m, opts.compression ?? "snappy");
    for (const n of notes) folder.log.note(n);
    folder.#kept = new Set(m.pages.flatMap((p) => p.files));
    // parts not named by the manifest (of a cut run, or of a dataset being replaced) are not the dataset's
    folder.#removeParts((f) => !folder.#kept.has(f));
    if (m.pages.length) {
      folder.#schema = schemaOf(pl.readParquet(join(dir, m.pages[0]!.files[0]!), { nRows: 1 }).head(0));
      folder.log.note(resumedNote(m.pages.length, folder.rows, m.createdAt));
    }
    return folder;
  }

  /** Complete pages, and their rows. */
  get pages(): number {
    return this.manifest.pages.length;
  }
  get rows(): number {
    return this.manifest.pages.reduce((n, p) => n + p.rows, 0);
  }

  #removeParts(which: (file: string) => boolean): void {
    for (const f of readdirSync(this.dir)) {
      if ((f.endsWith(".parquet") && which(f)) || f.endsWith(".tmp")) rmSync(join(this.dir, f), { force: true });
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
        if (this.#schema.length) await rewrite(this.dir, [...this.#kept, ...this.#pageFiles], wider, this.log, this.compression);
        this.#schema = wider;
      }
      const name = `part-${String(b.page).padStart(6, "0")}-${String(this.#block++).padStart(4, "0")}.parquet`;
      this.#writing = writePart(conform(df, this.#schema), join(this.dir, name), this.compression);
      this.#writing.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      this.#pageFiles.push(name);
      this.#pageRows += df.height;
    }
    if (b.last) await this.#commit(b.page);
  }

  async #commit(page: number): Promise<void> {
    await this.#writing;
    this.manifest.pages.push({ page, files: this.#pageFiles, rows: this.#pageRows });
    this.manifest.schema = this.#schema.map(([n, dt]) => [n, String(dt)]);
    for (const f of this.#pageFiles) this.#kept.add(f);
    writeJson(join(this.dir, MANIFEST), this.manifest);
    this.#pageFiles = [];
    this.#pageRows = 0;
    this.#block = 0;
  }

  /** A cut or failed run: the page under way is removed, so the folder holds only what its manifest names. */
  async abandon(): Promise<void> {
    await this.#writing?.catch(() => undefined);
    writeJson(join(this.dir, MANIFEST), this.manifest);
    this.#removeParts((f) => !this.#kept.has(f));
  }

  /** Marks the dataset complete and writes `provenance.json`. */
  finish(provenance: Provenance, endpoint: string): ParquetSinkResult {
    this.manifest.complete = true;
    writeJson(join(this.dir, MANIFEST), this.manifest);
    const files = this.manifest.pages.flatMap((p) => p.files);
    const diagnostics = this.log.toDiagnostics(endpoint);
    writeJson(join(this.dir, "provenance.json"), { provenance, diagnostics, files });
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
  return folder.finish(query.provenance(server, "passports.parquet", folder.rows), ENDPOINT);
}

/** Rewrites the dataset's files with a wider schema. */
async function rewrite(
  dir: string,
  files: string[],
  schema: [string, DataType][],
  log: CoercionLog,
  compression: ParquetCompression,
): Promise<void> {
  for (const f of files) await writePart(conform(pl.readParquet(join(dir, f)), schema), join(dir, f), compression);
  log.note(`a block needed wider column types; the ${files.length} file(s) written before were rewritten with them`);
}
