/**
 * `startSandbox` for the main entry: loads the sandbox (and DuckDB) on the
 * first call only, so `import ... from "genesys-notebook"` stays light for
 * users of the real service. `genesys-notebook/sandbox` exports the same.
 */
import type { Sandbox, SandboxOptions } from "./server.ts";

export type { Sandbox, SandboxOptions };

/**
 * Starts the local Genesys sandbox on loopback (DuckDB-backed, deterministic MCPD data).
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
  const server = await import("./server.ts");
  return server.startSandbox(options);
}
