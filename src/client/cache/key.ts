/**
 * Cache keys: the same query gives the same key whatever the order of the
 * filter's keys or of its value lists; a different server, endpoint, filter,
 * result-shaping option or package version gives another.
 */
import { createHash } from "node:crypto";
import { VERSION } from "../../version.ts";

/** Objects with sorted keys; arrays sorted when `sortArrays` (filters: order does not matter), undefined dropped. */
export function normalize(value: unknown, sortArrays: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => normalize(v, sortArrays));
    return sortArrays
      ? items.map((v) => [JSON.stringify(v), v] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, v]) => v)
      : items;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, normalize((value as Record<string, unknown>)[k], sortArrays)]),
    );
  }
  return value;
}

export interface KeyParts {
  server: string;
  /**
   * What identifies the server's data in the key, in place of `server`: a local sandbox is keyed by
   * `sandbox:<generator version, seed, size>`, not by its URL, whose port changes on every start.
   */
  keyServer?: string;
  /** What is cached: passports, accessions, traits, descriptors, datasets. */
  kind: string;
  filter: unknown;
  /** Options that change the result (select, limit, aggregate…); their order is kept. */
  options: Record<string, unknown>;
}

/** The normalised query and its hash (the entry's name on disk). */
export function cacheKey(parts: KeyParts): { id: string; query: Record<string, unknown> } {
  const query = {
    server: parts.keyServer ?? parts.server,
    kind: parts.kind,
    filter: normalize(parts.filter ?? {}, true),
    options: normalize(parts.options, false),
    version: VERSION,
  };
  return { id: queryId(query), query };
}

/** The id of a normalised query: the first 32 hex digits of the SHA-256 of its JSON. */
export function queryId(query: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(query)).digest("hex").slice(0, 32);
}
