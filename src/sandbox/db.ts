/**
 * Opens the sandbox's DuckDB database: generated in memory for small sizes,
 * or built once into a cache file (keyed by generator version, seed and size)
 * and reopened on later starts.
 */
import { DuckDBInstance } from "@duckdb/node-api";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatePassports } from "./generator/passports.ts";
import { generateTraits } from "./generator/traits.ts";

/** Bump when the generator's output changes, so stale cache files are not reused. */
export const GENERATOR_VERSION = 2;
export const MIN_ACCESSIONS = 1_000;
export const MAX_ACCESSIONS = 5_000_000;

export interface DbOptions {
  accessions: number;
  seed: number;
  /** Directory for the cached database file; false keeps everything in memory. */
  cache: string | false;
  log?: (msg: string) => void;
}

export function defaultCacheDir(): string {
  const env = typeof process !== "undefined" ? process.env.GENESYS_SANDBOX_CACHE : undefined;
  return env || join(tmpdir(), "genesys-notebook-sandbox");
}

async function build(instance: DuckDBInstance, accessions: number, seed: number): Promise<void> {
  const con = await instance.connect();
  try {
    await generatePassports(con, accessions, seed);
    await generateTraits(con, seed);
  } finally {
    con.closeSync();
  }
}

export async function openDatabase(opts: DbOptions): Promise<DuckDBInstance> {
  const { accessions, seed } = opts;
  if (!Number.isInteger(accessions) || accessions < MIN_ACCESSIONS || accessions > MAX_ACCESSIONS) {
    throw new RangeError(`accessions must be an integer from ${MIN_ACCESSIONS} to ${MAX_ACCESSIONS}, got ${accessions}`);
  }
  if (opts.cache === false) {
    const instance = await DuckDBInstance.create(":memory:");
    await build(instance, accessions, seed);
    await serveSettings(instance);
    return instance;
  }
  mkdirSync(opts.cache, { recursive: true });
  const file = join(opts.cache, `sandbox-v${GENERATOR_VERSION}-seed${seed}-n${accessions}.duckdb`);
  if (!existsSync(file)) {
    const started = Date.now();
    opts.log?.(`generating ${accessions.toLocaleString("en")} accessions (seed ${seed}) into ${file} …`);
    const tmp = `${file}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    const building = await DuckDBInstance.create(tmp);
    await build(building, accessions, seed);
    building.closeSync();
    renameSync(tmp, file);
    opts.log?.(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  await serveSettings(instance);
  return instance;
}

/**
 * One DuckDB thread per query while serving. An order-preserving parallel
 * `COPY` buffers out-of-order batches (about +750 MB for a 1,000,000-row export
 * on 2 cores); one thread streams it in order in about +110 MB, 1.4x slower, and
 * leaves the other cores to the client (measured in docs/sandbox.md).
 */
async function serveSettings(instance: DuckDBInstance): Promise<void> {
  const con = await instance.connect();
  try {
    await con.run("SET threads = 1");
  } finally {
    con.closeSync();
  }
}
