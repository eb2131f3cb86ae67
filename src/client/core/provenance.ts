/**
 * Where a frame came from: server, endpoints, query, time, rows, package
 * version, the service's filterCode, and whether it was served from the
 * on-disk cache. Attached to every frame the client returns
 * (`provenance(df)`), shown under notebook tables, written next to saved
 * files (`save()`), and turned into a citation (`citation(df)`).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { VERSION } from "../../version.ts";

export interface Provenance {
  /** Server root, e.g. https://api.genesys-pgr.org. */
  server: string;
  /** Endpoints the frame was built from, e.g. ["POST /api/v2/acn/query"]. */
  endpoints: string[];
  /** What the frame holds: passports, accessions, traits.wide, traits.long, traits.datasets, traits.descriptors, descriptors, datasets. */
  kind: string;
  /** The passport filter as sent (normalised). */
  filter: unknown;
  /** Options that shape the result (select, limit, aggregate…). */
  options: Record<string, unknown>;
  /** When the data was downloaded from the server (ISO 8601, UTC). */
  downloadedAt: string;
  /** True when this frame was read from the on-disk cache instead of the network. */
  fromCache: boolean;
  rows: number;
  /** genesys-notebook version that downloaded it. */
  packageVersion: string;
  /** The service's filterCode for the query, when it gave one (/acn/filter). */
  filterCode?: string;
}

/** A record for data downloaded just now: the version and the time filled in, filterCode only when given. */
export function freshProvenance(
  p: Omit<Provenance, "downloadedAt" | "fromCache" | "packageVersion"> & { downloadedAt?: string },
): Provenance {
  const { filterCode, ...rest } = p;
  return {
    ...rest,
    downloadedAt: p.downloadedAt ?? new Date().toISOString(),
    fromCache: false,
    packageVersion: VERSION,
    ...(filterCode ? { filterCode } : {}),
  };
}

const attached = new WeakMap<object, Provenance>();

/** Attaches a provenance record (the client does this for every frame it returns). */
export function attachProvenance<T extends object>(df: T, p: Provenance): T {
  attached.set(df, p);
  return df;
}

/**
 * Where a frame came from; undefined for frames the client did not make (a frame derived with
 * `filter`, `join`… is a new frame: keep the original to cite it).
 * @example
 * ```ts
 * import { Genesys, provenance } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const p = provenance(df);
 * console.log(p?.server, p?.downloadedAt, p?.fromCache);
 * ```
 */
export function provenance(df: DataFrame | object): Provenance | undefined {
  return attached.get(df);
}

/** One line for a notebook table: "Genesys api.genesys-pgr.org · POST /api/v2/acn/query · 2026-11-23 12:00 UTC · from cache". */
export function provenanceLine(p: Provenance): string {
  const when = p.downloadedAt.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC");
  return [
    `Genesys ${p.server.replace(/^https?:\/\//, "")}`,
    p.endpoints.join(", "),
    `downloaded ${when}`,
    p.fromCache ? "from cache" : "",
    p.filterCode ? `filterCode ${p.filterCode}` : "",
  ]
    .filter(Boolean).join(" · ");
}

/** The DOI column of a frame: MCPD `DOI` (passports, traits) or `doi` (accessions). */
function doiColumn(df: DataFrame): string | undefined {
  return ["DOI", "doi"].find((c) => df.columns.includes(c));
}

/** The distinct accession DOIs of a frame, sorted. */
export function dois(df: DataFrame): string[] {
  const col = doiColumn(df);
  if (!col) return [];
  const values = df.getColumn(col).cast(pl.Utf8).dropNulls().toArray() as string[];
  return [...new Set(values.filter((v) => v.trim()))].sort();
}

export interface Citation {
  /** A sentence to cite: the service, what was retrieved, from where, when, with which query. */
  text: string;
  /** The accessions' DOIs (one per accession that has one), sorted. */
  dois: string[];
}

/**
 * What to cite for a frame: Genesys PGR, the URL, the access date and the query, and the accession DOIs.
 * @example
 * ```ts
 * import { citation, Genesys } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"], institute: { code: ["COL003"] } });
 * console.log(citation(df).text, citation(df).dois.length);
 * ```
 */
export function citation(df: DataFrame): Citation {
  const p = provenance(df);
  const list = dois(df);
  if (!p) {
    return {
      text:
        `Genesys PGR (https://www.genesys-pgr.org): provenance unknown for this frame (not made by genesys-notebook, or derived from one).`,
      dois: list,
    };
  }
  const date = p.downloadedAt.slice(0, 10);
  const what = p.kind.startsWith("traits") || p.kind === "descriptors" || p.kind === "datasets" ? "trait data" : "passport data";
  const query = JSON.stringify(p.filter ?? {});
  const text = `Genesys PGR (${date.slice(0, 4)}). ${what[0]!.toUpperCase()}${what.slice(1)} of ${p.rows.toLocaleString("en")} ` +
    `${p.kind === "traits.long" ? "observations" : "records"}${
      list.length ? ` (${list.length.toLocaleString("en")} accessions with DOIs)` : ""
    }, ` +
    `retrieved from ${p.server} (${
      p.endpoints.join(", ")
    }) on ${date} with the query ${query}. Global Crop Diversity Trust, https://www.genesys-pgr.org.`;
  return { text, dois: list };
}

/**
 * Writes the frame's accession DOIs one per line (a data paper's supplement), returns how many.
 * @example
 * ```ts
 * import { Genesys, saveDoiList } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * saveDoiList(df, "out/beans-dois.txt");
 * ```
 */
export function saveDoiList(df: DataFrame, path: string): number {
  const list = dois(df);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, list.length ? `${list.join("\n")}\n` : "");
  return list.length;
}
