/**
 * Opens the sandbox's DuckDB database: generated in memory for small sizes,
 * or built once into a cache file (keyed by generator version, seed, size and planted-error rate)
 * and reopened on later starts.
 */
import { userCacheDir } from "../kernel/cache-dir.ts";
import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { SYNTHETIC_REGIONS_FILE } from "../climate/synthetic.ts";
import { SITES_FILE } from "./generator/site-data.ts";
import { generatePassports } from "./generator/passports.ts";
import { plantErrors } from "./generator/planted.ts";
import { plantDuplicates } from "./generator/duplicates.ts";
import { scorePdci } from "./generator/pdci.ts";
import { generateTraits } from "./generator/traits.ts";
import { habitatStamp } from "./generator/reference-tables.ts";

/** Bump when the generator's output changes, so stale cache files are not reused. */
export const GENERATOR_VERSION = 61;
let inputs: string | undefined;
/**
 * 16 hex digits of the SHA-256 of the generator's inputs outside `generator/data/` (whose changes come with a new
 * GENERATOR_VERSION): the collecting sites (`generator/sites.json`) and the synthetic climate's regions, from which the
 * generator draws its FIGS classes and its rainfed crops' rain floors, and the habitats' sites under the climate model
 * (habitatStamp(): a changed src/climate/synthetic.ts moves them). A cached database, and a client's cached answers,
 * built from other inputs are not served.
 */
export function generatorInputs(): string {
  return (inputs ??= createHash("sha256").update(readFileSync(SITES_FILE)).update(readFileSync(SYNTHETIC_REGIONS_FILE))
    .update(habitatStamp()).digest("hex").slice(0, 16));
}
export const MIN_ACCESSIONS = 1_000;
export const MAX_ACCESSIONS = 5_000_000;

export interface DbOptions {
  accessions: number;
  seed: number;
  /** Directory for the cached database file; false keeps everything in memory. */
  cache: string | false;
  /** Directories DuckDB may still read and write once external access is off (the export spool). */
  allowedDirectories?: string[];
  /** Share of accessions drawn for planted errors (generator/planted.ts); 0 plants none. */
  plantErrors?: number;
  /** Share of groups of four drawn for planted duplicates (generator/duplicates.ts); 0 plants none. */
  plantDuplicates?: number;
  log?: (msg: string) => void;
}

/** Opened without access to files other than the database: a planted view that reads a local file fails. */
const NO_FILE_ACCESS = { enable_external_access: "false" };

/** `$GENESYS_SANDBOX_CACHE`, else the platform's per-user cache directory (never a shared, predictable temp path). */
export function defaultCacheDir(): string {
  return userCacheDir("sandbox", "GENESYS_SANDBOX_CACHE");
}

/** Creates the cache directory private to the user (0700); refuses one another user owns. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  if (uid === undefined) return; // Windows: the per-user profile directory is private already
  const st = statSync(dir);
  if (st.uid !== uid) throw new Error(`sandbox cache ${dir} belongs to another user; set GENESYS_SANDBOX_CACHE to a directory of your own`);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** What a generator step is given: the size, the seed and the planting rates. */
export interface BuildOptions {
  accessions: number;
  seed: number;
  planted: number;
  dups: number;
}

/**
 * The generator's steps, in order: each builds or changes tables over the connection (one SQL step per generated
 * table inside). Another generated table (climate at the collecting sites, say) is one more entry here.
 */
export const GENERATOR_STEPS: { name: string; run: (con: DuckDBConnection, o: BuildOptions) => Promise<void> }[] = [
  { name: "passports", run: (con, o) => generatePassports(con, o.accessions, o.seed) },
  { name: "planted errors", run: async (con, o) => void (o.planted > 0 && await plantErrors(con, o.planted)) },
  { name: "planted duplicates", run: async (con, o) => void (o.dups > 0 && await plantDuplicates(con, o.dups)) },
  { name: "PDCI", run: (con) => scorePdci(con) },
  { name: "traits", run: (con, o) => generateTraits(con, o.seed) },
];

async function build(instance: DuckDBInstance, accessions: number, seed: number, planted: number, dups = 0): Promise<void> {
  const con = await instance.connect();
  try {
    for (const step of GENERATOR_STEPS) await step.run(con, { accessions, seed, planted, dups });
    await con.run(
      `CREATE TABLE sandbox_meta AS SELECT ${GENERATOR_VERSION} AS version, ${seed} AS seed, ${accessions} AS accessions,
        ${planted}::DOUBLE AS planted, '${generatorInputs()}' AS inputs`,
    );
  } finally {
    con.closeSync();
  }
}

/** A cached database is served only when it says it is what was asked for and holds that many accessions. */
async function verify(instance: DuckDBInstance, accessions: number, seed: number, planted: number): Promise<string | undefined> {
  const con = await instance.connect();
  try {
    const row = (await con.runAndReadAll(
      "SELECT version, seed, accessions, (SELECT count(*) FROM accession), planted, inputs FROM sandbox_meta",
    )).getRows()[0];
    if (!row) return "no sandbox_meta row";
    const [v, s, n, count, p] = row.slice(0, 5).map(Number);
    if (v !== GENERATOR_VERSION || s !== seed || n !== accessions || count !== accessions || p !== planted) {
      return `it describes version ${v}, seed ${s}, ${n} accessions (${count} rows), planted errors ${p}`;
    }
    if (row[5] !== generatorInputs()) {
      return `it was built from other collecting sites or climate regions (inputs ${row[5]}, now ${generatorInputs()})`;
    }
    return undefined;
  } catch (e) {
    return (e as Error).message.split("\n")[0];
  } finally {
    con.closeSync();
  }
}

export async function openDatabase(opts: DbOptions): Promise<DuckDBInstance> {
  const { accessions, seed } = opts;
  const planted = opts.plantErrors ?? 0;
  if (!Number.isInteger(accessions) || accessions < MIN_ACCESSIONS || accessions > MAX_ACCESSIONS) {
    throw new RangeError(`accessions must be an integer from ${MIN_ACCESSIONS} to ${MAX_ACCESSIONS}, got ${accessions}`);
  }
  if (!(planted >= 0 && planted <= 1)) throw new RangeError(`plantErrors must be a share from 0 to 1, got ${planted}`);
  if (opts.cache === false) {
    const instance = await DuckDBInstance.create(":memory:");
    await build(instance, accessions, seed, planted, opts.plantDuplicates);
    await serveSettings(instance, opts.allowedDirectories ?? []);
    return instance;
  }
  privateDir(opts.cache);
  const file = join(
    opts.cache,
    `sandbox-v${GENERATOR_VERSION}-seed${seed}-n${accessions}${planted ? `-planted${planted}` : ""}${
      opts.plantDuplicates ? `-dups${opts.plantDuplicates}` : ""
    }.duckdb`,
  );
  if (existsSync(file)) {
    if (statSync(file).uid !== (process.getuid?.() ?? statSync(file).uid)) rmSync(file, { force: true });
    else {
      let problem: string | undefined;
      try {
        const probe = await DuckDBInstance.create(file, { access_mode: "READ_ONLY", ...NO_FILE_ACCESS });
        problem = await verify(probe, accessions, seed, planted);
        probe.closeSync();
      } catch (e) {
        problem = (e as Error).message.split("\n")[0];
      }
      if (problem) {
        opts.log?.(`cached database ${file} is not usable (${problem}); generating it again`);
        rmSync(file, { force: true });
      }
    }
  }
  if (!existsSync(file)) {
    const started = Date.now();
    opts.log?.(`generating ${accessions.toLocaleString("en")} accessions (seed ${seed}) into ${file} …`);
    const tmp = `${file}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    const building = await DuckDBInstance.create(tmp);
    await build(building, accessions, seed, planted, opts.plantDuplicates);
    building.closeSync();
    renameSync(tmp, file);
    opts.log?.(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  await serveSettings(instance, opts.allowedDirectories ?? []);
  return instance;
}

/**
 * Settings while serving, then locked (`lock_configuration`): no statement can change them back.
 * External access is off (`enable_external_access = false`): DuckDB reads and writes no file but
 * the database and the `allowed` directories, so neither a view stored in a database file nor a
 * request can read local files or attach another database.
 *
 * One DuckDB thread per query while serving. An order-preserving parallel
 * `COPY` buffers out-of-order batches (about +750 MB for a 1,000,000-row export
 * on 2 cores); one thread streams it in order in about +110 MB, 1.4x slower, and
 * leaves the other cores to the client (measured in docs/sandbox.md).
 */
async function serveSettings(instance: DuckDBInstance, allowed: string[]): Promise<void> {
  const con = await instance.connect();
  try {
    await con.run("SET threads = 1");
    // a trailing separator: the directory's files, not every path that merely starts with its name
    const dirs = allowed.map((d) => `'${join(d, "/").replaceAll("'", "''")}'`);
    if (dirs.length) await con.run(`SET allowed_directories = [${dirs.join(", ")}]`);
    await con.run("SET enable_external_access = false");
    await con.run("SET lock_configuration = true");
  } finally {
    con.closeSync();
  }
}
