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
import {
  descriptorColumnNames, descriptorList, descriptorsToDataFrame, observations, type ObservationOptions, pivotObservations,
  traitColumns, traitDatasets, type WideOptions,
} from "./traits.ts";
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

export interface TraitsOptions extends WideOptions, ObservationOptions {
  /** Only these dataset UUIDs (default: every dataset the filter matches). */
  datasets?: string[];
  /** Only these descriptor UUIDs or titles (default: every column of the datasets). */
  descriptors?: string[];
}

export interface TraitsResult {
  /** Wide frame: passport keys, measurement, one column per descriptor. */
  data: DataFrame;
  /** Descriptor metadata, with `name` = the column name used in `data`. */
  descriptors: DataFrame;
  datasets: Datatable[];
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
    return traitColumns(this.t, datasetUuids, opts);
  }

  /** Step 3: raw observation rows (values arrays keyed by descriptor UUID), all pages. */
  async observations(datasetUuids: string[], fields: string[], filter: AccessionFilterInput = {}, opts: ObservationOptions = {}): Promise<ObservationRow[]> {
    return await observations(this.t, datasetUuids, fields, Genesys.checkFilter(filter, "POST /api/v2/dataset/data"), opts);
  }

  /** Step 4: descriptor metadata objects. */
  descriptorList(uuids: string[], opts: Cancellable = {}): Promise<Descriptor[]> {
    return descriptorList(this.t, uuids, opts);
  }

  /** Step 4 as a DataFrame: uuid, name, title, column_name, unit, data_type, category, crop, min/max, description, code_list. */
  async descriptors(uuids: string[], opts: Cancellable = {}): Promise<DataFrame> {
    const list = await descriptorList(this.t, uuids, opts);
    const df = descriptorsToDataFrame(list, descriptorColumnNames(list));
    const d = diagnostics(list);
    return d ? attachDiagnostics(df, d) : df;
  }

  /** All four steps in one call: a wide, typed frame of trait observations for the filter. */
  async traits(filter: AccessionFilterInput = {}, opts: TraitsOptions = {}): Promise<TraitsResult> {
    const f = Genesys.checkFilter(filter, "traits()");
    const datasetIds = opts.datasets ?? await traitDatasets(this.t, f, opts);
    const datasets = await traitColumns(this.t, datasetIds, opts);
    let fields = [...new Set(datasets.flatMap((d) => Object.keys(d.columns)))];
    const meta = await descriptorList(this.t, fields, opts);
    if (opts.descriptors?.length) {
      const wanted = new Set(opts.descriptors.map((x) => x.toLowerCase()));
      const unknown = opts.descriptors.filter((x) => !meta.some((d) => d.uuid.toLowerCase() === x.toLowerCase() || d.title.toLowerCase() === x.toLowerCase()));
      if (unknown.length) {
        throw new GenesysInputError(`descriptor${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `'${u}'`).join(", ")} not in the selected datasets`, "traits()",
          `available: ${[...new Set(meta.map((d) => d.title))].join(", ")}`);
      }
      fields = fields.filter((u) => {
        const d = meta.find((m) => m.uuid.toLowerCase() === u.toLowerCase());
        return wanted.has(u.toLowerCase()) || (d && wanted.has(d.title.toLowerCase()));
      });
    }
    const rows = await observations(this.t, datasets.map((d) => d.key), fields, f, opts);
    const used = meta.filter((d) => fields.includes(d.uuid));
    const names = descriptorColumnNames(fields.map((u) => used.find((d) => d.uuid === u) ?? ({ uuid: u, title: u, dataType: "TEXT" } as Descriptor)));
    const result = {
      data: pivotObservations(rows, used, fields, opts),
      descriptors: descriptorsToDataFrame(used, names),
      datasets,
    };
    const d = diagnostics(meta);
    if (d) (attachDiagnostics(result.data, d), attachDiagnostics(result.descriptors, d));
    return result;
  }

  /** Closes pooled connections. */
  async close(): Promise<void> {
    await this.t.dispatcher.close();
  }
}
