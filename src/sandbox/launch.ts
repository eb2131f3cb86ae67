/**
 * `startSandbox` for the main entry: loads the sandbox (and DuckDB) on the
 * first call only, so `import ... from "genesys-notebook"` stays light for
 * users of the real service. Unlike `genesys-notebook/sandbox`'s, it keeps the
 * generated database on disk at every size (the user cache directory,
 * `$GENESYS_SANDBOX_CACHE` or `~/.cache/genesys-notebook/sandbox`), so a notebook
 * run again opens it instead of generating it again (about 4 s for 30,000
 * accessions on 2 cores); `cache: false` keeps it in memory.
 */
import type { Sandbox, SandboxOptions } from "./server.ts";

export type { Sandbox, SandboxOptions };

/**
 * Starts the local Genesys sandbox on loopback (DuckDB-backed, deterministic MCPD data); the database is generated once
 * per seed and size and kept on disk (`cache`: a directory, or false for in memory).
 * @example
 * ```ts
 * import { Genesys, startSandbox } from "genesys-notebook";
 * const sb = await startSandbox({ accessions: 10_000, seed: 42 });
 * const g = new Genesys({ baseUrl: sb.url, token: sb.token });
 * await g.close();
 * await sb.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const [server, db] = await Promise.all([import("./server.ts"), import("./db.ts")]);
  return server.startSandbox({ ...options, cache: options.cache === undefined ? db.defaultCacheDir() : options.cache });
}

/**
 * The folder of the sandbox's climate GeoTIFFs, GENERATED DATA named like WorldClim 2.1's (bio1–bio19 and monthly tmin,
 * tmax, tavg, prec at 10 arc-minutes, each labelled "generated climate (sandbox)" in its metadata), made on first use
 * (about a minute) in the sandbox's cache and reused: for climateAtSites() offline, the same code as real WorldClim files.
 * @example
 * ```ts
 * import { climateAtSites, Genesys, sandboxClimate, startSandbox } from "genesys-notebook";
 * const sb = await startSandbox({ accessions: 10_000 });
 * const g = new Genesys({ baseUrl: sb.url, token: sb.token });
 * const df = await climateAtSites(await g.passports({ crop: ["beans"] }), await sandboxClimate());
 * ```
 */
export async function sandboxClimate(options: { cache?: string; minutes?: number } = {}): Promise<string> {
  const [climate, db] = await Promise.all([import("./climate.ts"), import("./db.ts")]);
  return climate.sandboxClimate({ ...options, cache: options.cache ?? db.defaultCacheDir() });
}
