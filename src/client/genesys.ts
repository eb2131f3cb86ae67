/**
 * The public client. One instance per server:
 *
 *   const g = new Genesys({ baseUrl: "https://api.genesys-pgr.org", token });
 *   const df = await g.passports({ crop: ["maize"], institute: { code: ["MEX002"] } });
 */
import type { DataFrame } from "nodejs-polars";
import type { AccessionFilterInput } from "../schema/filter.ts";
import type { AccessionDTO } from "../schema/responses.ts";
import { accessionsToDataFrame } from "./accessions.ts";
import { GenesysApi, type IteratorOptions } from "./api.ts";
import { ClientCredentials, StaticToken, type TokenProvider } from "./auth.ts";
import { checkFilter } from "./check-filter.ts";
import { attachDiagnostics, diagnostics } from "./diagnostics.ts";
import { GenesysInputError } from "./errors.ts";
import { fetchPassports, passportBatches, type PassportOptions } from "./passports.ts";
import { datasetsFrame, descriptorsFrame } from "./traits/frames.ts";
import { descriptorColumnNames } from "./traits/names.ts";
import { fetchTraits, type TraitsOptions, type TraitsResult } from "./traits/workflow.ts";
import { type Cancellable, createDispatcher, Transport, type TransportOptions } from "./transport.ts";

export interface GenesysOptions extends Omit<TransportOptions, "baseUrl" | "tokens"> {
  /** Server root, e.g. https://api.genesys-pgr.org or the sandbox URL (no /api/v2). */
  baseUrl: string;
  /** A ready access token. */
  token?: string;
  /** OAuth client credentials; the client fetches and refreshes tokens itself. */
  clientId?: string;
  clientSecret?: string;
}

export type { TraitsOptions, TraitsResult };

const SANDBOX_HINT =
  "start a local sandbox with `npm run sandbox` (it prints GENESYS_API_URL and GENESYS_TOKEN) or in code with `const sb = " +
  "await startSandbox(); new Genesys({ baseUrl: sb.url, token: sb.token })`; for the real Genesys set " +
  "GENESYS_API_URL=https://api.genesys-pgr.org and GENESYS_TOKEN (or GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET from " +
  "helpdesk@genesys-pgr.org)";

function env(name: string): string | undefined {
  // works under Node and Deno (Deno exposes process through node compat)
  return typeof process !== "undefined" ? process.env[name] : undefined;
}

export class Genesys {
  readonly baseUrl: string;
  /** The endpoints as they are, validated, returning plain objects (see api.ts). */
  readonly api: GenesysApi;
  private readonly t: Transport;

  constructor(opts: GenesysOptions) {
    if (!opts?.baseUrl) throw new GenesysInputError("baseUrl is required", "Genesys()", SANDBOX_HINT);
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new GenesysInputError(`baseUrl '${opts.baseUrl}' is not a URL`, "Genesys()", SANDBOX_HINT);
    }
    this.baseUrl = base.toString().replace(/\/+$/, "").replace(/\/api\/v2$/, "");
    const { token, clientId, clientSecret, ...transport } = opts;
    const dispatcher = transport.dispatcher ?? createDispatcher(transport.timeoutMs);
    const tokens: TokenProvider = !token && clientId && clientSecret
      ? new ClientCredentials(this.baseUrl, clientId, clientSecret, dispatcher)
      : new StaticToken(token);
    this.t = new Transport({ ...transport, baseUrl: this.baseUrl, tokens, dispatcher });
    this.api = new GenesysApi(this.t);
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
    const baseUrl = overrides.baseUrl ?? env("GENESYS_API_URL");
    const token = overrides.token ?? env("GENESYS_TOKEN");
    const clientId = overrides.clientId ?? env("GENESYS_CLIENT_ID");
    const clientSecret = overrides.clientSecret ?? env("GENESYS_CLIENT_SECRET");
    if (!baseUrl) throw new GenesysInputError("GENESYS_API_URL is not set", "Genesys.fromEnv()", SANDBOX_HINT);
    if (!token && !(clientId && clientSecret)) {
      throw new GenesysInputError(
        "neither GENESYS_TOKEN nor GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET is set",
        "Genesys.fromEnv()",
        SANDBOX_HINT,
      );
    }
    return new Genesys({ ...overrides, baseUrl, token, clientId, clientSecret });
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
    return await fetchPassports(this.t, checkFilter(filter, "POST /api/v2/acn/query"), opts);
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
  passportBatches(filter: AccessionFilterInput = {}, opts: PassportOptions = {}): AsyncGenerator<DataFrame> {
    return passportBatches(this.t, checkFilter(filter, "POST /api/v2/acn/query"), opts);
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
  async accessions(filter: AccessionFilterInput = {}, opts: IteratorOptions = {}): Promise<DataFrame> {
    const all: AccessionDTO[] = [];
    for await (const a of this.api.accessionIterator(filter, opts)) all.push(a);
    return accessionsToDataFrame(all);
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
  async datasets(filter: AccessionFilterInput = {}, opts: Cancellable = {}): Promise<DataFrame> {
    const tables = await this.api.datatables(await this.api.datasetUuids(filter, opts), opts);
    const meta = await this.api.descriptorList([...new Set(tables.flatMap((t) => Object.keys(t.columns)))], opts);
    return datasetsFrame(tables, new Map(meta.map((d) => [d.uuid, d])));
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
  async descriptors(uuids: string[], opts: Cancellable = {}): Promise<DataFrame> {
    const list = await this.api.descriptorList(uuids, opts);
    const df = descriptorsFrame(list, descriptorColumnNames(list));
    const d = diagnostics(list);
    return d ? attachDiagnostics(df, d) : df;
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
    return await fetchTraits(this.t, checkFilter(filter, "traits()"), opts);
  }

  /**
   * Closes pooled connections.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * await g.close();
   * ```
   */
  async close(): Promise<void> {
    await this.t.dispatcher.close();
  }
}
