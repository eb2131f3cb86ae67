/**
 * The public client. One instance per server:
 *
 *   const g = new Genesys({ baseUrl: "https://api.genesys-pgr.org", token });
 *   const df = await g.passports({ crop: ["maize"], institute: { code: ["MEX002"] } });
 */
import type { DataFrame } from "nodejs-polars";
import { parseFilter, type AccessionFilterInput } from "../schema/filter.ts";
import type { AccessionDTO, AccessionPage, Datatable, Descriptor, ObservationRow } from "../schema/responses.ts";
import { accessionsToDataFrame, fetchAccessionPage, FILTER_MAX_SIZE, iterateAccessions, type PageOptions } from "./accessions.ts";
import { ClientCredentials, StaticToken, type TokenProvider } from "./auth.ts";
import { attachDiagnostics, diagnostics } from "./diagnostics.ts";
import { GenesysInputError } from "./errors.ts";
import { fetchPassports, type PassportOptions } from "./passports.ts";
import type { Progress } from "./progress.ts";
import { descriptorsFrame } from "./traits/frames.ts";
import { descriptorColumnNames } from "./traits/names.ts";
import { datatables, descriptorList, observationRows, traitDatasets } from "./traits/requests.ts";
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

/** Options of the raw /dataset/data call. */
export interface ObservationOptions extends Cancellable {
  /** Rows per request, 1 to 1,000 (default 1,000). */
  pageSize?: number;
  onProgress?: (p: Progress) => void;
}

export type AccessionPageResult = AccessionPage & { toDataFrame(): DataFrame };

const SANDBOX_HINT = "start a local sandbox with `npm run sandbox` (it prints GENESYS_API_URL and GENESYS_TOKEN) or in code with `const sb = await startSandbox(); new Genesys({ baseUrl: sb.url, token: sb.token })`; for the real Genesys set GENESYS_API_URL=https://api.genesys-pgr.org and GENESYS_TOKEN (or GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET from helpdesk@genesys-pgr.org)";

function env(name: string): string | undefined {
  // works under Node and Deno (Deno exposes process through node compat)
  return typeof process !== "undefined" ? process.env[name] : undefined;
}

export class Genesys {
  readonly baseUrl: string;
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
  }

  /** From GENESYS_API_URL plus GENESYS_TOKEN or GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET. */
  static fromEnv(overrides: Partial<GenesysOptions> = {}): Genesys {
    const baseUrl = overrides.baseUrl ?? env("GENESYS_API_URL");
    const token = overrides.token ?? env("GENESYS_TOKEN");
    const clientId = overrides.clientId ?? env("GENESYS_CLIENT_ID");
    const clientSecret = overrides.clientSecret ?? env("GENESYS_CLIENT_SECRET");
    if (!baseUrl) throw new GenesysInputError("GENESYS_API_URL is not set", "Genesys.fromEnv()", SANDBOX_HINT);
    if (!token && !(clientId && clientSecret)) throw new GenesysInputError("neither GENESYS_TOKEN nor GENESYS_CLIENT_ID/GENESYS_CLIENT_SECRET is set", "Genesys.fromEnv()", SANDBOX_HINT);
    return new Genesys({ ...overrides, baseUrl, token, clientId, clientSecret });
  }

  /** Validates a filter locally; throws GenesysInputError naming the bad key. */
  static checkFilter(filter: AccessionFilterInput | undefined, endpoint = "filter"): AccessionFilterInput {
    const r = parseFilter(filter ?? {});
    if (!r.ok) throw new GenesysInputError(r.message, endpoint, "see docs/api.md#filters for the accepted keys and types");
    return r.filter;
  }

  /** Passport data (/acn/query CSV) as a typed DataFrame; pages past 1,000,000 rows. */
  async passports(filter: AccessionFilterInput = {}, opts: PassportOptions = {}): Promise<DataFrame> {
    const f = Genesys.checkFilter(filter, "POST /api/v2/acn/query");
    return await fetchPassports(this.t, f, opts);
  }

  /** One page of AccessionDTO objects (/acn/filter), with `.toDataFrame()`. */
  async accessions(filter: AccessionFilterInput = {}, opts: PageOptions = {}): Promise<AccessionPageResult> {
    const f = Genesys.checkFilter(filter, "POST /api/v2/acn/filter");
    const page = await fetchAccessionPage(this.t, f, opts);
    return Object.assign(page, { toDataFrame: () => accessionsToDataFrame(page.content) });
  }

  /** Every matching AccessionDTO, page by page (`for await (const a of g.allAccessions(f))`). */
  async *allAccessions(filter: AccessionFilterInput = {}, size = FILTER_MAX_SIZE, opts: Cancellable = {}): AsyncGenerator<AccessionDTO> {
    const f = Genesys.checkFilter(filter, "POST /api/v2/acn/filter");
    yield* iterateAccessions(this.t, f, size, opts);
  }

  /** Every matching accession as a flattened DataFrame (dotted column names). */
  async accessionsDataFrame(filter: AccessionFilterInput = {}, size = FILTER_MAX_SIZE, opts: Cancellable = {}): Promise<DataFrame> {
    const all: AccessionDTO[] = [];
    for await (const a of this.allAccessions(filter, size, opts)) all.push(a);
    return accessionsToDataFrame(all);
  }

  /** Step 1: dataset UUIDs with trait data for accessions matching the filter. */
  async traitDatasets(filter: AccessionFilterInput = {}, opts: Cancellable = {}): Promise<string[]> {
    return await traitDatasets(this.t, Genesys.checkFilter(filter, "POST /api/v2/dataset/accessions-datasets"), opts);
  }

  /** Step 2: dataset structure; `columns` keys are trait column (descriptor) UUIDs. */
  traitColumns(datasetUuids: string[], opts: Cancellable = {}): Promise<Datatable[]> {
    return datatables(this.t, datasetUuids, opts);
  }

  /** Step 3: raw observation rows (values arrays keyed by descriptor UUID), all pages. */
  async observations(datasetUuids: string[], fields: string[], filter: AccessionFilterInput = {}, opts: ObservationOptions = {}): Promise<ObservationRow[]> {
    return await observationRows(this.t, { ...opts, datasets: datasetUuids, fields, filter: Genesys.checkFilter(filter, "POST /api/v2/dataset/data") });
  }

  /** Step 4: descriptor metadata objects. */
  descriptorList(uuids: string[], opts: Cancellable = {}): Promise<Descriptor[]> {
    return descriptorList(this.t, uuids, opts);
  }

  /** Step 4 as a DataFrame: uuid, name, title, column_name, unit, data_type, category, crop, min/max, description, code_list List(Struct{code, label}). */
  async descriptors(uuids: string[], opts: Cancellable = {}): Promise<DataFrame> {
    const list = await descriptorList(this.t, uuids, opts);
    const df = descriptorsFrame(list, descriptorColumnNames(list));
    const d = diagnostics(list);
    return d ? attachDiagnostics(df, d) : df;
  }

  /**
   * All four steps in one call, one dataset at a time: `{ wide, long, datasets, descriptors }`.
   * `wide` holds Lists of values per accession and dataset, or one value each with `aggregate`.
   */
  async traits(filter: AccessionFilterInput = {}, opts: TraitsOptions = {}): Promise<TraitsResult> {
    return await fetchTraits(this.t, Genesys.checkFilter(filter, "traits()"), opts);
  }

  /** Closes pooled connections. */
  async close(): Promise<void> {
    await this.t.dispatcher.close();
  }
}
