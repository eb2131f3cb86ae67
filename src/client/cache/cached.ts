/**
 * Serving a result from the cache or the network, by mode:
 *   off      always download, store nothing (the default)
 *   on       use a stored result younger than ttl (default 7 days), else download and store
 *   refresh  download and store, whatever is stored
 *   offline  never touch the network: the stored result, however old, or GenesysCacheMissError
 * Every result carries its provenance (downloaded when, from cache or not) and diagnostics.
 */
import type { Diagnostics } from "../../kernel/diagnostics.ts";
import { GenesysCacheMissError } from "../../kernel/errors.ts";
import { freshProvenance } from "../../kernel/provenance.ts";
import { type Frames, noDiagnostics, type Result } from "../../kernel/result.ts";
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

/** What a download gives back: named frames, what was coerced or noticed reading each, and what the service said. */
export interface Fetched<T extends Frames> {
  frames: T;
  /** Per frame; a frame without an entry had nothing to report. */
  diagnostics?: Partial<Record<keyof T, Diagnostics>>;
  filterCode?: string;
}

export interface CacheRequest extends KeyParts {
  /** Endpoints the result is built from (provenance). */
  endpoints: string[];
  settings: Required<CacheSettings>;
}

/** What a download is told: the entry id when the result will be stored, and whether stored pages may be resumed. */
export interface DownloadContext {
  entryId: string | undefined;
  /** Mode "on": complete pages of an interrupted export may be reused (after their checks: resume.ts). */
  resume: boolean;
  ttlMs: number;
}

/**
 * Runs `download` or serves the stored result, as a result envelope (frames, provenance, diagnostics); the caller
 * publishes it.
 */
export async function cached<T extends Frames>(
  store: CacheStore,
  req: CacheRequest,
  download: (ctx: DownloadContext) => Promise<Fetched<T>>,
): Promise<Result<T>> {
  const { id, query } = cacheKey(req);
  const { mode, ttlMs } = req.settings;
  const endpoint = req.endpoints.join(", ");

  if (mode === "on" || mode === "offline") {
    const hit = store.read(id);
    if (hit && (mode === "offline" || hit.ageMs <= ttlMs)) {
      const names = Object.keys(hit.frames) as (keyof T)[];
      return {
        frames: hit.frames as T,
        provenance: Object.fromEntries(names.map((n) => [n, { ...hit.meta.provenance[n as string]!, fromCache: true }])) as Result<
          T
        >["provenance"],
        diagnostics: Object.fromEntries(
          names.map((n) => [n, hit.meta.diagnostics?.[n as string] ?? noDiagnostics(endpoint)]),
        ) as Result<T>["diagnostics"],
      };
    }
    if (mode === "offline") {
      const why = hit ? "the stored copy could not be read" : "nothing stored for this query";
      throw new GenesysCacheMissError(`cache mode "offline": ${why}; no request was sent`, { endpoint });
    }
  }
  const fetched = await download({ entryId: mode === "off" ? undefined : id, resume: mode === "on", ttlMs });
  const at = new Date().toISOString();
  const names = Object.keys(fetched.frames);
  const provenance = Object.fromEntries(names.map((name) => [
    name,
    freshProvenance({
      server: req.server,
      endpoints: req.endpoints,
      kind: names.length > 1 ? `${req.kind}.${name}` : req.kind,
      filter: query.filter,
      options: query.options as Record<string, unknown>,
      downloadedAt: at,
      rows: fetched.frames[name]!.height,
      filterCode: fetched.filterCode,
    }),
  ])) as Result<T>["provenance"];
  const diagnostics = Object.fromEntries(
    names.map((name) => [name, fetched.diagnostics?.[name as keyof T] ?? noDiagnostics(endpoint)]),
  ) as Result<T>["diagnostics"];
  if (mode !== "off") {
    // a cache that cannot be written warns once (the store's onWarning) and the data is returned all the same
    store.write({ id, query, createdAt: at, provenance, diagnostics }, fetched.frames);
  }
  return { frames: fetched.frames, provenance, diagnostics };
}

export { CacheStore };
