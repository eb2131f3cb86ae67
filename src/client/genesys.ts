/**
 * The public client. One instance per server:
 *
 *   const g = new Genesys({ baseUrl: "https://api.genesys-pgr.org", token });
 *   const df = await g.passports({ crop: ["maize"], institute: { code: ["MEX002"] } });
 */
import { ENDPOINTS } from "../schema/endpoints.ts";
import type { DataFrame } from "nodejs-polars";
import type { AccessionFilterInput } from "../schema/filter.ts";
import { exportLookups } from "./empty-result.ts";
import type { AccessionDTO } from "../schema/responses.ts";
import { accessionsToDataFrame } from "./accessions/frame.ts";
import { GenesysApi } from "./api.ts";
import { cached, type CacheOption, type CacheRequest, CacheStore, resolveCache } from "./cache/cached.ts";
import { iterateAccessions } from "./accessions/pages.ts";
import { ClientCredentials, StaticToken, type TokenProvider } from "./core/auth.ts";
import { checkFilter } from "./check-filter.ts";
import { diagnostics } from "../kernel/diagnostics.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { type PassportOptions, PassportQuery } from "./export/query.ts";
import { notify, passportsDownload } from "./export/passports.ts";
import { passportBatches } from "./export/batches.ts";
import { publish } from "../kernel/result.ts";
import { type ParquetSinkResult, passportsToParquet } from "./export/parquet.ts";
import { checkDescribed, datasetsFrame, descriptorsFrame } from "./traits/frames.ts";
import { descriptorColumnNames } from "./traits/names.ts";
import { fetchTraits, type TraitsOptions, type TraitsResult } from "./traits/workflow.ts";
import { citeTrials } from "./traits/trials.ts";
import { createDispatcher, describeTokens, Transport } from "./core/transport.ts";
import { redactedInspect } from "./core/limits.ts";
import { sandboxIdentity } from "./core/sandbox-identity.ts";
import { CatalogueClient } from "./catalogue-client.ts";
import { loginTokens } from "./login.ts";
import type { AccessionsOptions, FrameOptions, GenesysLoginOptions, GenesysOptions, ParquetOptions } from "./core/option-schemas.ts";
import { checkOptions, shown } from "./options.ts";

/** The options of `new Genesys()`, declared once as a zod schema (core/option-schemas.ts), the type inferred from it. */
export type { GenesysOptions } from "./core/option-schemas.ts";

export type { TraitsOptions, TraitsResult };

const SANDBOX_HINT =
  "for a local sandbox run `npx genesys-sandbox` in your project (it prints GENESYS_API_URL and GENESYS_TOKEN to export), " +
  "or in code `const sb = await startSandbox(); const g = new Genesys({ baseUrl: sb.url, token: sb.token })`; for the real " +
  "Genesys set GENESYS_API_URL=https://api.genesys-pgr.org and GENESYS_TOKEN (or GENESYS_CLIENT_ID and GENESYS_CLIENT_SECRET, " +
  "client credentials from helpdesk@genesys-pgr.org)";

function env(name: string): string | undefined {
  // works under Node and Deno (Deno exposes process through node compat)
  return typeof process !== "undefined" ? process.env[name] : undefined;
}

const ACN_QUERY = ENDPOINTS.acnQuery.label;
const TRAIT_ENDPOINTS = [
  ENDPOINTS.accessionsDatasets.label,
  ENDPOINTS.datatableList.label,
  ENDPOINTS.datasetData.label,
  ENDPOINTS.descriptorDetails.label,
];

export class Genesys extends CatalogueClient {
  readonly baseUrl: string;
  /** The endpoints as they are, validated, returning plain objects (see api.ts). */
  readonly api: GenesysApi;
  /** The on-disk cache: `list()`, `clear()`, `size()` (bytes), `dir`. */
  readonly cache: CacheStore;
  protected readonly t: Transport;
  private readonly cacheDefault: CacheOption | undefined;
  /** The dispatcher was made here (not passed in), so close() closes it. */
  private ownsDispatcher: boolean;

  constructor(opts: GenesysOptions) {
    super();
    checkOptions("new Genesys()", opts, "Genesys()");
    if (!opts?.baseUrl) throw new GenesysInputError("baseUrl is required", { endpoint: "Genesys()", hint: SANDBOX_HINT });
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new GenesysInputError(`baseUrl '${opts.baseUrl}' is not a URL`, { endpoint: "Genesys()", hint: SANDBOX_HINT });
    }
    this.baseUrl = base.toString().replace(/\/+$/, "").replace(/\/api\/v2$/, "");
    const { token, clientId, clientSecret, cache, cacheDir, tokens: provider, ...transport } = opts;
    this.cache = new CacheStore(cacheDir);
    this.cacheDefault = cache;
    this.ownsDispatcher = !transport.dispatcher;
    const dispatcher = transport.dispatcher ?? createDispatcher(transport.timeoutMs);
    const tokens: TokenProvider = provider ??
      (!token && clientId && clientSecret
        ? new ClientCredentials(this.baseUrl, clientId, clientSecret, dispatcher)
        : new StaticToken(token));
    this.t = new Transport({ ...transport, baseUrl: this.baseUrl, tokens, dispatcher });
    this.api = new GenesysApi(this.t);
  }

  /**
   * The client as its console form shows it (a notebook cell ending in `g`, `console.log(g)`), without tokens or
   * secrets: the server, how it authenticates, the cache directory.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * console.log(JSON.stringify(Genesys.fromEnv())); // {"baseUrl":"…","auth":{"kind":"token","token":"[redacted]"},…}
   * ```
   */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, auth: describeTokens(this.t.opts.tokens), cache: { dir: this.cache.dir } };
  }

  /**
   * From GENESYS_API_URL plus GENESYS_TOKEN or GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv({ retries: 2 });
   * ```
   */
  static fromEnv(overrides: Partial<GenesysOptions> = {}): Genesys {
    checkOptions("Genesys.fromEnv()", overrides);
    const baseUrl = overrides.baseUrl ?? env("GENESYS_API_URL");
    const token = overrides.token ?? env("GENESYS_TOKEN");
    const clientId = overrides.clientId ?? env("GENESYS_CLIENT_ID");
    const clientSecret = overrides.clientSecret ?? env("GENESYS_CLIENT_SECRET");
    if (!baseUrl) throw new GenesysInputError("GENESYS_API_URL is not set", { endpoint: "Genesys.fromEnv()", hint: SANDBOX_HINT });
    if (!token && !(clientId && clientSecret)) {
      throw new GenesysInputError("neither GENESYS_TOKEN nor GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET is set", {
        endpoint: "Genesys.fromEnv()",
        hint: SANDBOX_HINT,
      });
    }
    return new Genesys({ ...overrides, baseUrl, token, clientId, clientSecret });
  }

  /**
   * Logs a user in interactively (OAuth authorization code with PKCE, like the R client's `user_login()`): prints the
   * address to open (a link in Jupyter), waits for the browser on 127.0.0.1, then keeps the tokens in memory and
   * refreshes them.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = await Genesys.login({ baseUrl: "https://api.genesys-pgr.org", clientId: "my-registered-client" });
   * console.log((await g.me()).email);
   * ```
   */
  static async login(opts: GenesysLoginOptions): Promise<Genesys> {
    checkOptions("Genesys.login()", opts);
    const { clientId, clientSecret, redirectPort, scope, open, loginTimeoutMs, signal, ...rest } = opts;
    const dispatcher = rest.dispatcher ?? createDispatcher(rest.timeoutMs);
    const tokens = await loginTokens({
      baseUrl: opts.baseUrl.replace(/\/+$/, "").replace(/\/api\/v2$/, ""),
      clientId,
      clientSecret,
      redirectPort,
      scope,
      open,
      loginTimeoutMs,
      signal,
    }, dispatcher).catch(async (e) => {
      // a dispatcher made here for a login that failed or was aborted is not left open
      if (!rest.dispatcher) await dispatcher.destroy().catch(() => undefined);
      throw e;
    });
    const g = new Genesys({ ...rest, dispatcher, tokens });
    g.ownsDispatcher = !rest.dispatcher;
    return g;
  }

  /**
   * Validates a filter locally; throws GenesysInputError naming the bad key.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const filter = Genesys.checkFilter({ crop: ["beans"], institute: { code: ["COL003"] } });
   * ```
   */
  static checkFilter(filter: AccessionFilterInput | undefined, endpoint = "filter"): AccessionFilterInput {
    return checkFilter(filter, endpoint);
  }

  /**
   * Passport data (`/acn/query` CSV) as one typed DataFrame; pages past 1,000,000 rows.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const df = await g.passports({ crop: ["beans"] }, { select: ["INSTCODE", "ACCENUMB", "ORIGCTY", "geo.latitude LAT"] });
   * ```
   */
  async passports(filter: AccessionFilterInput = {}, opts: PassportOptions = {}): Promise<DataFrame> {
    checkOptions("passports()", opts, ACN_QUERY);
    const q = new PassportQuery(checkFilter(filter, ACN_QUERY), opts);
    const request = await this.request("passports", q.filter, q.options, q.endpoints, opts.cache);
    const result = await cached(this.cache, request, passportsDownload(this.t, q, this.cache, opts, exportLookups(this.t, q.filter, opts)));
    // downloaded now or served from the cache, the same diagnostics are told
    notify(result.diagnostics.df, result.frames.df.height, opts.onDiagnostics);
    return publish(result).df;
  }

  /**
   * The same export as DataFrames of a few MB to 32 MB of CSV each, yielded while
   * the download goes on: for exports too large to hold at once. `break` cancels it.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * let rows = 0;
   * for await (const batch of g.passportBatches({ crop: ["wheat"] })) rows += batch.height;
   * ```
   */
  async *passportBatches(filter: AccessionFilterInput = {}, opts: PassportOptions = {}): AsyncGenerator<DataFrame> {
    checkOptions("passportBatches()", opts, ACN_QUERY);
    if (opts.cache !== undefined && opts.cache !== "off" && (opts.cache as { mode?: string }).mode !== "off") {
      throw new GenesysInputError(`passportBatches() does not cache its batches, got cache: ${shown(opts.cache)}`, {
        endpoint: ACN_QUERY,
        hint: 'use g.passports(filter, { cache: "on" }) for a cached frame, or g.passportsToParquet(filter, dir) for a resumable export',
      });
    }
    const q = new PassportQuery(checkFilter(filter, ACN_QUERY), opts);
    for await (const { df, diagnostics } of passportBatches(this.t, q, opts, exportLookups(this.t, q.filter, opts))) {
      // each batch carries its own provenance (kind "passports.batch", its own row count) and diagnostics
      notify(diagnostics, df.height, opts.onDiagnostics);
      yield publish({
        frames: { df },
        provenance: { df: q.provenance(this.baseUrl, "passports.batch", df.height) },
        diagnostics: { df: diagnostics },
      })
        .df;
    }
  }

  /**
   * The export written straight to a Parquet dataset folder, block by block, with memory that does not grow with the
   * result: for exports larger than memory. Read it back lazily with `pl.scanParquet(`${dir}/*.parquet`)` (or DuckDB
   * `read_parquet('dir/*.parquet')`, pandas/pyarrow, Spark). A cut export resumes after its last complete page when run
   * again with the same folder. The folder also holds `_manifest.json` and `_provenance.json`.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const r = await g.passportsToParquet({ crop: ["wheat"] }, "out/wheat-passports");
   * console.log(r.rows, r.files.length);
   * ```
   */
  async passportsToParquet(
    filter: AccessionFilterInput,
    dir: string,
    opts: ParquetOptions = {},
  ): Promise<ParquetSinkResult> {
    checkOptions("passportsToParquet()", opts, ACN_QUERY);
    if (typeof dir !== "string" || !dir) {
      throw new GenesysInputError(`passportsToParquet() needs a folder path as its second argument, got ${shown(dir)}`, {
        endpoint: ACN_QUERY,
        hint: 'e.g. g.passportsToParquet({ crop: ["wheat"] }, "out/wheat-passports")',
      });
    }
    const q = new PassportQuery(checkFilter(filter, ACN_QUERY), opts);
    const r = await passportsToParquet(this.t, this.baseUrl, q, dir, opts);
    notify(r.diagnostics, r.rows, opts.onDiagnostics);
    return r;
  }

  /**
   * Every accession matching the filter from `/acn/filter` (JSON), flattened to one
   * DataFrame with dotted column names (`geo.latitude`, `taxonomy.genus`, …).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const df = await g.accessions({ institute: { code: ["PER001"] } }, { size: 500 });
   * ```
   */
  async accessions(filter: AccessionFilterInput = {}, opts: AccessionsOptions = {}): Promise<DataFrame> {
    checkOptions("accessions()", opts, ENDPOINTS.acnFilter.label);
    const f = checkFilter(filter, ENDPOINTS.acnFilter.label);
    const { df } = publish(
      await cached(this.cache, await this.request("accessions", f, {}, [ENDPOINTS.acnFilter.label], opts.cache), async () => {
        const all: AccessionDTO[] = [];
        let filterCode: string | undefined;
        const pages = iterateAccessions(this.t, f, opts.size ?? 1_000, {
          signal: opts.signal,
          onFirstPage: (p) => (filterCode = p.filterCode),
        });
        for await (const a of pages) all.push(a);
        return { frames: { df: accessionsToDataFrame(all) }, filterCode };
      }),
    );
    return df;
  }

  /**
   * The trait datasets with data for the filter, one row each: uuid, title, crop,
   * version, descriptors, and the datatable's other fields.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const datasets = await g.datasets({ crop: ["beans"] });
   * ```
   */
  async datasets(filter: AccessionFilterInput = {}, opts: FrameOptions = {}): Promise<DataFrame> {
    checkOptions("datasets()", opts, ENDPOINTS.accessionsDatasets.label);
    const f = checkFilter(filter, ENDPOINTS.accessionsDatasets.label);
    const { df } = publish(citeTrials(
      await cached(
        this.cache,
        await this.request("datasets", f, {}, TRAIT_ENDPOINTS.slice(0, 2).concat(TRAIT_ENDPOINTS[3]!), opts.cache),
        async () => {
          const tables = await this.api.datatables(await this.api.datasetUuids(f, opts), opts);
          const meta = await this.api.descriptorList([...new Set(tables.flatMap((t) => Object.keys(t.columns)))], opts);
          return { frames: { df: datasetsFrame(tables, new Map(meta.map((d) => [d.uuid, d]))) } };
        },
      ),
      "df",
    ));
    return df;
  }

  /**
   * Descriptor metadata as a DataFrame: uuid, name, title, column_name, unit, data_type, category,
   * crop, min/max, description, code_list List(Struct{code, label}).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const [table] = await g.api.datatables(await g.api.datasetUuids({ crop: ["beans"] }));
   * const descriptors = await g.descriptors(Object.keys(table?.columns ?? {}));
   * ```
   */
  async descriptors(uuids: string[], opts: FrameOptions = {}): Promise<DataFrame> {
    checkOptions("descriptors()", opts, TRAIT_ENDPOINTS[3]);
    if (!Array.isArray(uuids) || uuids.some((u) => typeof u !== "string")) {
      throw new GenesysInputError(`descriptors() takes an array of descriptor UUIDs, got ${shown(uuids)}`, {
        endpoint: TRAIT_ENDPOINTS[3]!,
        hint: "e.g. g.descriptors(Object.keys(table.columns)); g.traits(filter, { descriptors: [...] }) takes names too",
      });
    }
    const ids = [...new Set(uuids.map((u) => u.toLowerCase()))];
    const request = await this.request("descriptors", { uuid: ids }, {}, [TRAIT_ENDPOINTS[3]!], opts.cache);
    const { df } = publish(
      await cached(this.cache, request, async () => {
        const list = await this.api.descriptorList(ids, opts);
        checkDescribed(ids, list, "descriptors()");
        const d = diagnostics(list);
        return { frames: { df: descriptorsFrame(list, descriptorColumnNames(list)) }, diagnostics: d ? { df: d } : {} };
      }),
    );
    return df;
  }

  /**
   * Trait data for the filter, one dataset at a time: `{ wide, long, datasets, descriptors }`.
   * `wide` holds Lists of values per accession and dataset, or one value each with `aggregate`.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const { wide, long, datasets } = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
   * ```
   */
  async traits(filter: AccessionFilterInput = {}, opts: TraitsOptions = {}): Promise<TraitsResult> {
    checkOptions("traits()", opts);
    const f = checkFilter(filter, "traits()");
    const descriptors = opts.descriptors ? [...opts.descriptors].map((d) => d.toLowerCase()).sort() : undefined;
    const options = {
      datasets: opts.datasets?.map((d) => d.toLowerCase()),
      descriptors,
      aggregate: opts.aggregate,
      decode: opts.decode ?? false,
    };
    // every trait frame cites its trials (title, version, DOI) in its provenance
    return publish(citeTrials(
      await cached(this.cache, await this.request("traits", f, options, TRAIT_ENDPOINTS, opts.cache), async () => {
        const { frames: r, diagnostics: d } = await fetchTraits(this.t, f, opts);
        return {
          frames: { wide: r.wide, long: r.long, datasets: r.datasets, descriptors: r.descriptors },
          diagnostics: { wide: d, long: d, datasets: d, descriptors: d },
        };
      }),
      "datasets",
    ));
  }

  /**
   * A cache request for this client (server, default mode). A server on a loopback address is asked once
   * for `GET /api/v2/sandbox/identity`: a sandbox answers with what identifies its data, and the cache key
   * holds `sandbox:<identity>` in place of the URL, whose port changes on every start. Any other answer,
   * or none (a stopped sandbox in offline mode), keeps the URL in the key.
   */
  private async request(
    kind: string,
    filter: unknown,
    options: Record<string, unknown>,
    endpoints: string[],
    mode: CacheOption | undefined,
  ): Promise<CacheRequest> {
    const settings = resolveCache(mode, this.cacheDefault);
    let keyServer: string | undefined;
    // loopback: 127.0.0.0/8, ::1, localhost
    const host = new URL(this.baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
    const loopback = host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
    if (settings.mode !== "off" && loopback) {
      this.sandboxData ??= sandboxIdentity(this.t);
      keyServer = await this.sandboxData;
    }
    return { server: this.baseUrl, keyServer, kind, filter, options, endpoints, settings };
  }
  /** The sandbox identity of this client's server (request()), asked once. */
  private sandboxData: Promise<string | undefined> | undefined;

  /**
   * Closes pooled connections: those of the dispatcher the client made, not of one passed in as `dispatcher` (the
   * caller's to close).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * await g.close();
   * ```
   */
  async close(): Promise<void> {
    // a dispatcher the caller passed in is the caller's to close
    if (this.ownsDispatcher) await this.t.dispatcher.close();
  }
}
redactedInspect(Genesys, "Genesys");
