/**
 * Serving a result from the cache or the network, by mode:
 *   off      always download, store nothing (the default)
 *   on       use a stored result younger than ttl (default 7 days), else download and store
 *   refresh  download and store, whatever is stored
 *   offline  never touch the network: the stored result, however old, or GenesysCacheMissError
 * Every returned frame gets its provenance (downloaded when, from cache or not).
 */
import type { DataFrame } from "nodejs-polars";
import { attachDiagnostics, type Diagnostics, diagnostics } from "../diagnostics.ts";
import { GenesysCacheMissError } from "../errors.ts";
import { attachProvenance, freshProvenance, type Provenance } from "../provenance.ts";
import { cacheKey, type KeyParts } from "./key.ts";
import { CacheStore } from "./store.ts";

export type CacheMode = "off" | "on" | "refresh" | "offline";
export interface CacheSettings {
  mode?: CacheMode;
  /** How long a stored result is used (mode "on"). Default 7 days. */
  ttlMs?: number;
}
/** A mode, or a mode with its time-to-live. */
export type CacheOption = CacheMode | CacheSettings;

export const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;

export function resolveCache(call: CacheOption | undefined, fallback: CacheOption | undefined): Required<CacheSettings> {
  const asSettings = (o: CacheOption | undefined): CacheSettings => (typeof o === "string" ? { mode: o } : o ?? {});
  const a = asSettings(call), b = asSettings(fallback);
  return { mode: a.mode ?? b.mode ?? "off", ttlMs: a.ttlMs ?? b.ttlMs ?? DEFAULT_TTL_MS };
}

/** What a download gives back: named frames, and what the service said about the query. */
export interface Fetched<T extends Record<string, DataFrame>> {
  frames: T;
  filterCode?: string;
}

export interface CacheRequest extends KeyParts {
  /** Endpoints the result is built from (provenance). */
  endpoints: string[];
  settings: Required<CacheSettings>;
}

/**
 * Runs `download` or serves the stored result. `download` gets the entry id when the result will be
 * stored, and `resume` true in mode "on" (complete pages of an interrupted export may be reused).
 */
export async function cached<T extends Record<string, DataFrame>>(
  store: CacheStore,
  req: CacheRequest,
  download: (entryId: string | undefined, resume: boolean) => Promise<Fetched<T>>,
): Promise<T> {
  const { id, query } = cacheKey(req);
  const { mode, ttlMs } = req.settings;
  const describe = (frames: Record<string, DataFrame>, at: string, filterCode?: string): Record<string, Provenance> =>
    Object.fromEntries(
      Object.entries(frames).map(([name, df]) => [
        name,
        freshProvenance({
          server: req.server,
          endpoints: req.endpoints,
          kind: Object.keys(frames).length > 1 ? `${req.kind}.${name}` : req.kind,
          filter: query.filter,
          options: query.options as Record<string, unknown>,
          downloadedAt: at,
          rows: df.height,
          filterCode,
        }),
      ]),
    );

  if (mode === "on" || mode === "offline") {
    const hit = store.read(id);
    if (hit && (mode === "offline" || hit.ageMs <= ttlMs)) {
      for (const [name, df] of Object.entries(hit.frames)) {
        attachProvenance(df, { ...hit.meta.provenance[name]!, fromCache: true });
        const d = hit.meta.diagnostics?.[name];
        if (d) attachDiagnostics(df, d);
      }
      return hit.frames as T;
    }
    if (mode === "offline") {
      throw new GenesysCacheMissError(
        req.endpoints.join(", "),
        hit ? "the stored copy could not be read" : "nothing stored for this query",
      );
    }
  }
  const fetched = await download(mode === "off" ? undefined : id, mode === "on");
  const at = new Date().toISOString();
  const prov = describe(fetched.frames, at, fetched.filterCode);
  for (const [name, df] of Object.entries(fetched.frames)) attachProvenance(df, prov[name]!);
  if (mode !== "off") {
    const diags: Record<string, Diagnostics> = {};
    for (const [name, df] of Object.entries(fetched.frames)) {
      const d = diagnostics(df);
      if (d) diags[name] = d;
    }
    store.write({ id, query, createdAt: at, provenance: prov, diagnostics: diags }, fetched.frames);
  }
  return fetched.frames;
}

export { CacheStore };
