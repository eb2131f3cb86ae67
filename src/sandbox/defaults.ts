/**
 * The sandbox's defaults, stated once for startSandbox() and the command line (`genesys-sandbox`), so that a server
 * started either way without options serves the same data. Kept apart from server.ts so the command line can read it
 * before it loads DuckDB.
 */

/** Accessions generated when none are asked for: small enough to build in memory in a few seconds. */
export const DEFAULT_ACCESSIONS = 20_000;

/** The generator's seed when none is given. */
export const DEFAULT_SEED = 42;
