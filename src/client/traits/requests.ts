/**
 * The four trait-workflow endpoints, validated, with UUIDs made canonical
 * (lower case) once here, so everything downstream compares them as strings.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import {
  DatasetUuids,
  type Datatable,
  DatatableList,
  type Descriptor,
  DescriptorResponse,
  ObservationPage,
  type ObservationRow,
} from "../../schema/responses.ts";
import { DATA_TYPES } from "../../schema/responses.ts";
import { UUID_RE } from "../../schema/uuid.ts";
import { checkSize } from "../accessions/pages.ts";
import { CoercionLog } from "../../kernel/diagnostics.ts";
import { publishOne } from "../../kernel/result.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import { PageGuard, uuidGroups } from "../core/paging.ts";
import type { Progress } from "../../kernel/progress.ts";
import type { Cancellable, Transport } from "../core/transport.ts";

/**
 * UUIDs per /dataset/data request line: 36 characters plus an encoded comma
 * (%2C) each; 140 keep the line near 5.6 KB, under the 8 KB many servers and
 * proxies allow.
 */
export const MAX_URL_UUIDS = 140;

export const DATA_MAX_SIZE = 1_000;

/** The canonical form of a UUID: lower case. */
export const canonical = (uuid: string): string => uuid.toLowerCase();

function checkUuids(values: string[], what: string, endpoint: string): string[] {
  const bad = values.filter((v) => typeof v !== "string" || !UUID_RE.test(v));
  if (bad.length) {
    throw new GenesysInputError(`malformed UUID${bad.length > 1 ? "s" : ""} in ${what}: ${bad.slice(0, 5).join(", ")}`, { endpoint });
  }
  return values.map(canonical);
}

/** Step 1: dataset UUIDs with trait data for accessions matching the filter. */
export async function traitDatasets(t: Transport, filter: unknown, { signal }: Cancellable = {}): Promise<string[]> {
  return (await t.json(ENDPOINTS.accessionsDatasets, DatasetUuids, { body: filter, signal })).map(canonical);
}

/** Step 2: datatable objects (`key` and `columns` keys canonical). */
export async function datatables(t: Transport, datasetUuids: string[], { signal }: Cancellable = {}): Promise<Datatable[]> {
  const ids = checkUuids(datasetUuids, "datasetUuids", ENDPOINTS.datatableList.label);
  if (!ids.length) return [];
  const list = await t.json(ENDPOINTS.datatableList, DatatableList, { body: ids, signal });
  return list.map((d) => ({
    ...d,
    key: canonical(d.key),
    columns: Object.fromEntries(Object.entries(d.columns).map(([k, v]) => [canonical(k), v])),
  }));
}

export interface ObservationRequest extends Cancellable {
  /** Dataset UUIDs (the trait workflow asks one dataset at a time, so every value keeps its dataset). */
  datasets: string[];
  /** Descriptor (column) UUIDs. */
  fields: string[];
  /** Passport filter (AccessionFilter) sent as `{filters: …}`. */
  filter?: unknown;
  /** Rows per request, 1 to 1,000 (default 1,000). */
  pageSize?: number;
  onProgress?: (p: Progress) => void;
}

/**
 * Step 3: all observation rows, paging through /dataset/data. Long UUID
 * lists are split over several requests (each request line under 6 KB) and
 * the rows merged per accession. Row keys that are UUIDs are made canonical.
 */
export async function observationRows(t: Transport, req: ObservationRequest): Promise<ObservationRow[]> {
  const endpoint = ENDPOINTS.datasetData.label;
  const size = req.pageSize ?? DATA_MAX_SIZE;
  checkSize(size, DATA_MAX_SIZE, endpoint);
  const datasets = checkUuids(req.datasets, "datasetUuids", endpoint);
  const fields = checkUuids(req.fields, "fields", endpoint);
  if (!datasets.length || !fields.length) return [];
  const byAccession = new Map<string, ObservationRow>();
  let received = 0, requests = 0;
  for (const [ds, fs] of uuidGroups(datasets, fields, MAX_URL_UUIDS)) {
    const guard = new PageGuard(endpoint);
    for (let page = 0, got = 0;; page++) {
      const p = await t.json(ENDPOINTS.datasetData, ObservationPage, {
        query: { datasetUuids: ds.join(","), fields: fs.join(","), p: page, l: size },
        body: { filters: req.filter ?? {} },
        signal: req.signal,
      });
      guard.check(page, p.content.map((r) => r.accession));
      for (const row of p.content) mergeRow(byAccession, row);
      got += p.content.length;
      received += p.content.length;
      req.onProgress?.({ rows: received, page: requests++, total: p.totalElements });
      if (p.content.length < size || p.last === true || got >= p.totalElements) break;
    }
  }
  return [...byAccession.values()];
}

/** Adds a row's values to the accession's row (UUID keys canonical): arrays of the same descriptor are joined. */
function mergeRow(rows: Map<string, ObservationRow>, row: ObservationRow): void {
  const key = canonical(row.accession);
  const target = (rows.get(key) ?? (rows.set(key, { ...pick(row), accession: key } as ObservationRow), rows.get(key)!)) as Record<
    string,
    unknown
  >;
  for (const [k, v] of Object.entries(row)) {
    if (!UUID_RE.test(k)) continue;
    const add = Array.isArray(v) ? v : [v];
    const cur = target[canonical(k)];
    target[canonical(k)] = cur === undefined ? add : [...(cur as unknown[]), ...add];
  }
}

/** The row's non-UUID fields (accession keys and whatever else the server sends). */
const pick = (row: ObservationRow) => Object.fromEntries(Object.entries(row).filter(([k]) => !UUID_RE.test(k)));

/** Step 4: descriptor metadata objects for the UUIDs (page envelope or bare array), `uuid` canonical. */
export async function descriptorList(t: Transport, uuids: string[], { signal }: Cancellable = {}): Promise<Descriptor[]> {
  const endpoint = ENDPOINTS.descriptorDetails.label;
  const unique = [...new Set(checkUuids(uuids, "uuid", endpoint))];
  const out: Descriptor[] = [];
  for (let i = 0; i < unique.length; i += DATA_MAX_SIZE) {
    const part = unique.slice(i, i + DATA_MAX_SIZE);
    const r = await t.json(ENDPOINTS.descriptorDetails, DescriptorResponse, { query: { l: DATA_MAX_SIZE }, body: { uuid: part }, signal });
    out.push(...r.content.map((d) => ({ ...d, uuid: canonical(d.uuid) })));
  }
  // a data type this client does not know is kept, and its values are read as text
  const log = new CoercionLog();
  const unknown = out.filter((d) => !(DATA_TYPES as readonly string[]).includes(d.dataType));
  log.add(
    "dataType",
    "descriptors of an unknown data type: values read as TEXT",
    unknown.length,
    unknown.map((d) => `${d.title}: ${d.dataType}`),
  );
  return log.size ? publishOne(out, { diagnostics: log.toDiagnostics(endpoint) }) : out;
}
