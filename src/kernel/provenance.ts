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
import { VERSION } from "../version.ts";

/** A trial (trait dataset) a frame's values come from, as the service describes it. */
export interface Trial {
  uuid: string;
  title: string;
  /** The datatable's version (spec 2.5). */
  version?: number;
  /** The dataset's DOI, when the datatable object carries one (the spec shows none; other fields are "not shown"). */
  doi?: string;
}

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
  /** Trait frames: the trials (datasets) the values come from, by title. */
  trials?: Trial[];
  /**
   * The downloads a frame stands for: each input of a frame joined from several (kind "joined", e.g. joinTraits()), or
   * the download an analysis derived a frame from; citation() cites these.
   */
  sources?: Provenance[];
  /** A frame an analysis derived from downloaded data: each step, oldest first (the source data stay cited). */
  derivation?: Derivation[];
}

/** One analysis step between the downloaded data and a frame: which function, with which options, when. */
export interface Derivation {
  /** The function, e.g. `checkPassports()`. */
  by: string;
  /** Its options as parsed (defaults filled in; functions and long lists summarised). */
  options: Record<string, unknown>;
  /** When it ran (ISO 8601, UTC). */
  at: string;
}

/** An option value as provenance keeps it: plain data; a function named, a long list counted. */
function recorded(v: unknown): unknown {
  if (typeof v === "function") return "a function";
  if (Array.isArray(v)) return v.length > 20 ? `${v.length} values` : v.map(recorded);
  if (v instanceof RegExp) return String(v);
  if (v && typeof v === "object") {
    // a polars frame or series (their fields are native getters: `"height" in df` is false), recorded by its shape
    const o = v as { getColumn?: unknown; height?: number; width?: number; len?: () => number; dtype?: unknown };
    if (typeof o.getColumn === "function") return `a DataFrame of ${o.height} rows × ${o.width} column${o.width === 1 ? "" : "s"}`;
    if (typeof o.len === "function" && o.dtype !== undefined) return `a Series of ${o.len()} values`;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, recorded(x)]));
  }
  return v;
}

/**
 * The provenance of a frame an analysis derived from `inputs` (their provenance records; undefined where an input has
 * none): the one input's record with this step appended to its derivation, or for several inputs a joined record
 * naming each. Undefined when no input has provenance. Every analysis's provenance is made here (kernel/analysis.ts).
 */
export function derivedProvenance(
  inputs: readonly (Provenance | undefined)[],
  step: { by: string; options: Record<string, unknown>; kind: string; rows: number },
): Provenance | undefined {
  const known = inputs.filter((p): p is Provenance => !!p);
  if (!known.length) return undefined;
  const derivation: Derivation = { by: step.by, options: recorded(step.options) as Record<string, unknown>, at: new Date().toISOString() };
  const base = known.length === 1 ? known[0]! : joinedProvenance(known, step.by);
  // the downloads behind it stay in `sources`, so that citation() cites them (their rows, their kind), not the derived
  // frame as if it had been downloaded ("Passport data of 2 records" for a table of 2 institutes made from 5,000 passports)
  const sources = base.sources?.length ? base.sources : [base];
  return { ...base, kind: step.kind, rows: step.rows, sources, derivation: [...(base.derivation ?? []), derivation] };
}

/** One record for a frame joined from several: their servers, endpoints and trials, each record kept in `sources`. */
export function joinedProvenance(sources: readonly Provenance[], how: string): Provenance {
  return {
    server: [...new Set(sources.map((p) => p.server))].join(", "),
    endpoints: [...new Set(sources.flatMap((p) => p.endpoints))],
    kind: "joined",
    filter: sources.map((p) => p.filter),
    options: { how },
    downloadedAt: sources.map((p) => p.downloadedAt).sort().at(-1)!,
    fromCache: sources.every((p) => p.fromCache),
    rows: 0,
    packageVersion: VERSION,
    trials: sources.flatMap((p) => p.trials ?? []),
    sources: [...sources],
  };
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

/**
 * A frame's rows, read through `shape`: polars' DataFrame is a proxy that returns a column by its name before any
 * property, so in a frame with a column "height" (a plant's height) `df.height` is that column, not a number.
 */
export const rowCount = (df: DataFrame): number => df.shape.height;

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
  /** A sentence to cite: the service, what was retrieved, from where, when, with which query, and from which trials. */
  text: string;
  /** The accessions' DOIs (one per accession that has one), sorted. */
  dois: string[];
  /** The trials (trait datasets) cited, by title: title, version and DOI where the service gives one. */
  trials: Trial[];
}

/** The downloads behind provenance records: a joined record stands for its sources; the same download once. */
function downloads(records: readonly Provenance[]): Provenance[] {
  const flat = records.flatMap((p) => (p.sources?.length ? downloads(p.sources) : [p]));
  const seen = new Map<string, Provenance>();
  for (const p of flat) {
    const key = JSON.stringify([p.server, p.kind.split(".")[0], p.filter, p.options, p.downloadedAt]);
    if (!seen.has(key)) seen.set(key, p);
  }
  return [...seen.values()];
}

/** "Bean iron screening, Palmira 2019" (version 3, https://doi.org/10.x), … */
export function trialList(trials: readonly Trial[]): string {
  return trials.map((t) => {
    const extra = [
      t.version === undefined ? "" : `version ${t.version}`,
      t.doi ? `https://doi.org/${t.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, "")}` : "",
    ]
      .filter(Boolean);
    return `"${t.title}"${extra.length ? ` (${extra.join(", ")})` : ""}`;
  }).join(", ");
}

/**
 * Where the data came from, as a citation says it: the server's URL, or for a server on this machine (the sandbox, on
 * a new port each start) the words saying so, so a notebook run again cites the same text.
 */
function source(server: string): string {
  const host = new URL(server).hostname.replace(/^\[|\]$/g, "");
  const local = host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
  return local ? "a server on this machine (the genesys-notebook sandbox serves generated data, not for citation)" : server;
}

/** One sentence for one download. */
function sentence(p: Provenance, dois: number): string {
  const date = p.downloadedAt.slice(0, 10);
  const traits = p.kind.startsWith("traits") || p.kind === "descriptors" || p.kind === "datasets";
  const what = traits ? "Trait data" : "Passport data";
  const trials = p.trials?.length
    ? ` from ${p.trials.length === 1 ? "the trial" : `${p.trials.length} trials`} ${trialList(p.trials)}`
    : "";
  return `${what} of ${p.rows.toLocaleString("en")} ${p.kind === "traits.long" ? "observations" : "records"}` +
    `${dois ? ` (${dois.toLocaleString("en")} accessions with DOIs)` : ""}${trials}, ` +
    `retrieved from ${source(p.server)} (${p.endpoints.join(", ")}) on ${date} with the query ${JSON.stringify(p.filter ?? {})}.`;
}

/**
 * What to cite for one or more frames: Genesys PGR, the URL, the access date and the query of each download behind them
 * (a frame from joinTraits() cites its passports and its trials), the trials by title, version and DOI, and the
 * accession DOIs. Pass every frame a table was built from when it was built with plain polars: `citation(passports, t.wide)`.
 * @example
 * ```ts
 * import { citation, Genesys } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"], institute: { code: ["COL003"] } });
 * console.log(citation(df).text, citation(df).dois.length);
 * ```
 */
export function citation(...frames: DataFrame[]): Citation {
  const perFrame = frames.map((df) => dois(df));
  const list = [...new Set(perFrame.flat())].sort();
  const records = frames.map((df) => provenance(df));
  const known = records.filter((p): p is Provenance => !!p);
  const parts = downloads(known);
  const trials = [...new Map(parts.flatMap((p) => p.trials ?? []).map((t) => [t.uuid, t])).values()];
  if (!parts.length) {
    return {
      text: `Genesys PGR (https://www.genesys-pgr.org): provenance unknown for this frame (not made by genesys-notebook, or derived ` +
        `from one: cite the frames it was made from, citation(passports, traits.wide), or join them with joinTraits()).`,
      dois: list,
      trials,
    };
  }
  const year = parts.map((p) => p.downloadedAt.slice(0, 4)).sort().at(-1)!;
  // the accession DOIs are counted once, on the passport download when there is one
  const doiOn = parts.find((p) => !p.kind.startsWith("traits")) ?? parts[0]!;
  // on that download's sentence only when a frame given is that download whole; a table built from it (a join, a
  // filter) has other rows, so its DOIs are counted on the table ("927 records (80 with DOIs)" mixed the two)
  const whole = frames.some((df, i) => rowCount(df) === doiOn.rows && perFrame[i]!.length === list.length);
  const rows = frames.reduce((n, df) => n + rowCount(df), 0);
  const table = !whole && list.length
    ? ` The ${frames.length === 1 ? "table" : "tables"} cited (${rows.toLocaleString("en")} rows) ${
      frames.length === 1 ? "holds" : "hold"
    } ${list.length.toLocaleString("en")} accession DOI${list.length === 1 ? "" : "s"}.`
    : "";
  const unknown = records.length - known.length;
  const text = `Genesys PGR (${year}). ${parts.map((p) => sentence(p, whole && p === doiOn ? list.length : 0)).join(" ")}${table}` +
    `${unknown ? ` Provenance unknown for ${unknown} of the ${records.length} frames given.` : ""}` +
    ` Global Crop Diversity Trust, https://www.genesys-pgr.org.`;
  return { text, dois: list, trials };
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
