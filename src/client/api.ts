/**
 * `g.api`: the six endpoints as they are, validated by src/schema and
 * returning plain objects, for what the DataFrame methods do not cover.
 * UUIDs in the answers are lower case (their canonical form).
 */
import { ENDPOINTS } from "../schema/endpoints.ts";
import type { AccessionFilterInput } from "../schema/filter.ts";
import type { AccessionDTO, AccessionPage, Datatable, Descriptor, ObservationRow } from "../schema/responses.ts";
import { fetchAccessionPage, FILTER_MAX_SIZE, iterateAccessions, type PageOptions } from "./accessions/pages.ts";
import { checkFilter } from "./check-filter.ts";
import { datatables, descriptorList, type ObservationRequest, observationRows, traitDatasets } from "./traits/requests.ts";
import type { Cancellable, Transport } from "./core/transport.ts";

/** The options of `api.accessionIterator()`, `datasets()` and `descriptors()`: declared once, as zod schemas. */
export type { FrameOptions, IteratorOptions } from "./core/option-schemas.ts";
import type { IteratorOptions } from "./core/option-schemas.ts";

export interface ObservationQuery extends Omit<ObservationRequest, "filter"> {
  /** Passport filter, sent as `{filters: …}`. */
  filter?: AccessionFilterInput;
}

export class GenesysApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of `POST /acn/filter`: AccessionDTO objects and the page envelope.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const page = await g.api.accessionPage({ crop: ["rice"] }, { page: 0, size: 50 });
   * console.log(page.totalElements, page.content[0]?.accessionNumber);
   * ```
   */
  accessionPage(filter: AccessionFilterInput = {}, opts: PageOptions = {}): Promise<AccessionPage> {
    return fetchAccessionPage(this.t, checkFilter(filter, ENDPOINTS.acnFilter.label), opts);
  }

  /**
   * Every AccessionDTO matching the filter, page after page (the next pages requested ahead).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * for await (const a of g.api.accessionIterator({ crop: ["potato"] }, { size: 500 })) console.log(a.accessionNumber);
   * ```
   */
  accessionIterator(filter: AccessionFilterInput = {}, opts: IteratorOptions = {}): AsyncGenerator<AccessionDTO> {
    return iterateAccessions(this.t, checkFilter(filter, ENDPOINTS.acnFilter.label), opts.size ?? FILTER_MAX_SIZE, opts);
  }

  /**
   * Step 1 of the trait workflow, `POST /dataset/accessions-datasets`: dataset UUIDs with data for the filter.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const uuids = await g.api.datasetUuids({ crop: ["beans"] });
   * ```
   */
  datasetUuids(filter: AccessionFilterInput = {}, opts: Cancellable = {}): Promise<string[]> {
    return traitDatasets(this.t, checkFilter(filter, ENDPOINTS.accessionsDatasets.label), opts);
  }

  /**
   * Step 2, `POST /amphibian/datatable/list`: datatable objects; `columns` keys are descriptor UUIDs.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const [table] = await g.api.datatables(await g.api.datasetUuids({ crop: ["beans"] }));
   * console.log(table?.title, Object.keys(table?.columns ?? {}).length);
   * ```
   */
  datatables(datasetUuids: string[], opts: Cancellable = {}): Promise<Datatable[]> {
    return datatables(this.t, datasetUuids, opts);
  }

  /**
   * Step 3, `POST /dataset/data`: raw observation rows (value arrays keyed by descriptor UUID), all pages.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const [table] = await g.api.datatables(await g.api.datasetUuids({ crop: ["beans"] }));
   * if (table) {
   *   const rows = await g.api.observationRows({ datasets: [table.key], fields: Object.keys(table.columns), filter: { crop: ["beans"] } });
   * }
   * ```
   */
  observationRows(query: ObservationQuery): Promise<ObservationRow[]> {
    return observationRows(this.t, { ...query, filter: checkFilter(query.filter, ENDPOINTS.datasetData.label) });
  }

  /**
   * Step 4, `POST /descriptor/list/details`: descriptor objects (title, unit, data type, terms).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const g = Genesys.fromEnv();
   * const [table] = await g.api.datatables(await g.api.datasetUuids({ crop: ["beans"] }));
   * const list = await g.api.descriptorList(Object.keys(table?.columns ?? {}));
   * ```
   */
  descriptorList(uuids: string[], opts: Cancellable = {}): Promise<Descriptor[]> {
    return descriptorList(this.t, uuids, opts);
  }
}
