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
 * (the same checks as a resumed `passports()`), else it starts over.
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
import { exportBlocks, fetchRows } from "./pages.ts";
import type { ExportPlan } from "./query.ts";
import { rowsChanged } from "./resume.ts";
import type { Progress } from "../core/progress.ts";
import { freshProvenance, type Provenance } from "../core/provenance.ts";
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

export async function passportsToParquet(
  t: Transport,
  server: string,
  filter: unknown,
  plan: ExportPlan,
  dir: string,
  opts: {
    signal?: AbortSignal;
    onProgress?: (p: Progress) => void;
    resume?: boolean;
    ttlMs?: number;
    /** Default "snappy": fast, and read by every Parquet reader (DuckDB, pyarrow, Spark). */
    compression?: ParquetCompression;
  } = {},
): Promise<ParquetSinkResult> {
  const compression = opts.compression ?? "snappy";
  if (existsSync(dir) && readdirSync(dir).length && !existsSync(join(dir, MANIFEST))) {
    throw new GenesysInputError(`'${dir}' exists and is not a dataset written by passportsToParquet()`, {
      endpoint: "passportsToParquet()",
      hint: "choose a new or empty folder",
    });
  }
  mkdirSync(dir, { recursive: true });
  const log = new CoercionLog();
  const context = { pageSize: plan.pageSize, select: plan.select, parseDates: plan.parseDates, filter };
  let manifest = existsSync(join(dir, MANIFEST)) ? (JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as Manifest) : undefined;
  if (manifest?.complete && opts.resume !== false && JSON.stringify(manifest.context) === JSON.stringify(context)) {
    log.note("the folder already holds this complete export; it was written again");
  }
  const why = manifest && !manifest.complete
    ? await refuse(manifest, context, dir, opts, (i) => fetchRows(t, filter, plan, i, 1, opts.signal, true))
    : "";
  if (manifest && (manifest.complete || why || opts.resume === false)) {
    if (why) log.note(`the folder's pages of an interrupted export were not used: ${why}; the export started over`);
    for (const f of readdirSync(dir)) if (f.endsWith(".parquet") || f.endsWith(".tmp")) rmSync(join(dir, f), { force: true });
    manifest = undefined;
  }
  manifest ??= { context, createdAt: new Date().toISOString(), schema: [], pages: [], complete: false };
  // parts a cut run wrote after its last complete page are not the dataset's
  const kept = new Set(manifest.pages.flatMap((p) => p.files));
  for (const f of readdirSync(dir)) {
    if ((f.endsWith(".parquet") && !kept.has(f)) || f.endsWith(".tmp")) rmSync(join(dir, f), { force: true });
  }
  let schema: [string, DataType][] = manifest.schema.length ? dtypesOf(join(dir, manifest.pages[0]!.files[0]!)) : [];
  const startPage = manifest.pages.length;
  let rows = manifest.pages.reduce((n, p) => n + p.rows, 0);
  if (startPage) {
    log.note(`resumed at page ${startPage}: pages 0 to ${startPage - 1} (${rows.toLocaleString("en")} rows) were in the folder`);
  }
  let pageFiles: string[] = [], pageRows = 0, block = 0, bytes = 0;
  // one part being written while the next block is read; awaited before the manifest names it, and on failure
  let writing: Promise<void> | undefined;
  // the written blocks' frames are dropped; their native memory comes back only when V8 collects them
  const memory = new NativeMemory();
  try {
    for await (
      const b of exportBlocks(t, filter, { ...plan, blocks: SINK_BLOCKS }, log, { startPage, rowsBefore: rows, signal: opts.signal })
    ) {
      let df = assembleFrame([b.df], b.header, b.kinds, plan.parseDates, log);
      if (plan.limit !== undefined) df = df.head(Math.max(0, plan.limit - rows - pageRows));
      if (df.height || (!schema.length && b.last)) {
        const wider = schema.length ? widened(schema, df) : schemaOf(df);
        await writing;
        memory.release();
        if (wider) {
          if (schema.length) await rewrite(dir, [...kept, ...pageFiles], wider, log, compression);
          schema = wider;
        }
        const name = `part-${String(b.page).padStart(6, "0")}-${String(block++).padStart(4, "0")}.parquet`;
        writing = writePart(conform(df, schema), join(dir, name), compression);
        writing.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
        pageFiles.push(name);
        pageRows += df.height;
      }
      opts.onProgress?.({ rows: rows + pageRows, bytes: bytes + b.bytes, page: b.page, total: plan.limit });
      if (!b.last) continue;
      await writing;
      bytes += b.bytes;
      manifest.pages.push({ page: b.page, files: pageFiles, rows: pageRows });
      manifest.schema = schema.map(([n, dt]) => [n, String(dt)]);
      for (const f of pageFiles) kept.add(f);
      rows += pageRows;
      writeJson(join(dir, MANIFEST), manifest);
      pageFiles = [];
      pageRows = 0;
      block = 0;
    }
  } finally {
    await writing?.catch(() => undefined);
  }
  manifest.complete = true;
  writeJson(join(dir, MANIFEST), manifest);
  const files = manifest.pages.flatMap((p) => p.files);
  const provenance = freshProvenance({
    server,
    endpoints: [ENDPOINT],
    kind: "passports.parquet",
    filter,
    options: { select: plan.columns.map((c) => c.select), limit: plan.limit, parseDates: plan.parseDates, pageSize: plan.pageSize },
    rows,
  });
  const diagnostics = log.toDiagnostics(ENDPOINT);
  writeJson(join(dir, "provenance.json"), { provenance, diagnostics, files });
  return { dir, files: files.map((f) => join(dir, f)), rows, provenance, diagnostics };
}

function dtypesOf(file: string): [string, DataType][] {
  return schemaOf(pl.readParquet(file, { nRows: 1 }).head(0));
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

/** Why the folder's complete pages cannot be resumed, or "" when they can. */
async function refuse(
  m: Manifest,
  context: Record<string, unknown>,
  dir: string,
  opts: { ttlMs?: number },
  row: (index: number) => Promise<DataFrame | undefined>,
): Promise<string> {
  if (JSON.stringify(m.context) !== JSON.stringify(context)) return "they were written with other settings";
  if (!m.pages.length) return "";
  const age = Date.now() - Date.parse(m.createdAt);
  if (opts.ttlMs !== undefined && !(age <= opts.ttlMs)) return `they are from ${m.createdAt}, older than ttlMs`;
  const files = m.pages.flatMap((p) => p.files).map((f) => join(dir, f));
  const total = m.pages.reduce((n, p) => n + p.rows, 0);
  const first = pl.readParquet(files[0]!, { nRows: 1 });
  const lastFile = pl.readParquet(files[files.length - 1]!);
  const last = lastFile.slice(lastFile.height - 1, 1);
  return (await rowsChanged([[0, first], [total - 1, last]], first.columns, row, "written")) ?? "";
}
