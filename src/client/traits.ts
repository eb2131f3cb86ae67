/**
 * The four-step trait workflow and its pivot into one wide DataFrame:
 * one row per accession and measurement, one column per descriptor, named by
 * the descriptor's title and typed by its dataType.
 */
import pl from "nodejs-polars";
import type { DataFrame, Series } from "nodejs-polars";
import {
  DatasetUuids, DatatableList, type Datatable, type Descriptor, DescriptorResponse, ObservationPage, type ObservationRow,
} from "../schema/responses.ts";
import { DATA_TYPES } from "../schema/responses.ts";
import { UUID_RE } from "../schema/uuid.ts";
import { checkSize } from "./accessions.ts";
import { attachDiagnostics, CoercionLog } from "./diagnostics.ts";
import { GenesysInputError } from "./errors.ts";
import { PageGuard, uuidGroups } from "./paging.ts";
import type { Cancellable, Transport } from "./transport.ts";

/**
 * UUIDs per /dataset/data request line: 36 characters plus an encoded comma
 * (%2C) each; 140 keep the line near 5.6 KB, under the 8 KB many servers and
 * proxies allow.
 */
export const MAX_URL_UUIDS = 140;

export const DATA_MAX_SIZE = 1_000;

function checkUuids(values: string[], what: string, endpoint: string): void {
  const bad = values.filter((v) => !UUID_RE.test(v));
  if (bad.length) throw new GenesysInputError(`malformed UUID${bad.length > 1 ? "s" : ""} in ${what}: ${bad.slice(0, 5).join(", ")}`, endpoint);
}

export const traitDatasets = (t: Transport, filter: unknown, { signal }: Cancellable = {}): Promise<string[]> =>
  t.json("/dataset/accessions-datasets", DatasetUuids, { body: filter, signal });

export async function traitColumns(t: Transport, datasetUuids: string[], { signal }: Cancellable = {}): Promise<Datatable[]> {
  checkUuids(datasetUuids, "datasetUuids", "POST /api/v2/amphibian/datatable/list");
  if (!datasetUuids.length) return [];
  return await t.json("/amphibian/datatable/list", DatatableList, { body: datasetUuids, signal });
}

export interface ObservationOptions extends Cancellable {
  /** Rows per request, 1 to 1,000 (default 1,000). */
  pageSize?: number;
  onProgress?: (p: { rows: number; total: number; page: number }) => void;
}

/**
 * All observation rows for the datasets and fields, paging through
 * /dataset/data. Long UUID lists are split over several requests (each
 * request line under 6 KB) and the rows merged per accession.
 */
export async function observations(t: Transport, datasetUuids: string[], fields: string[], filter: unknown, opts: ObservationOptions = {}): Promise<ObservationRow[]> {
  const endpoint = "POST /api/v2/dataset/data";
  const size = opts.pageSize ?? DATA_MAX_SIZE;
  checkSize(size, DATA_MAX_SIZE, endpoint);
  checkUuids(datasetUuids, "datasetUuids", endpoint);
  checkUuids(fields, "fields", endpoint);
  if (!datasetUuids.length || !fields.length) return [];
  const byAccession = new Map<string, ObservationRow>();
  let received = 0;
  for (const [ds, fs] of uuidGroups(datasetUuids, fields, MAX_URL_UUIDS)) {
    const guard = new PageGuard(endpoint);
    for (let page = 0, got = 0; ; page++) {
      const p = await t.json("/dataset/data", ObservationPage, {
        query: { datasetUuids: ds.join(","), fields: fs.join(","), p: page, l: size },
        body: { filters: filter ?? {} },
        signal: opts.signal,
      });
      guard.check(page, p.content.map((r) => r.accession));
      for (const row of p.content) mergeRow(byAccession, row);
      got += p.content.length;
      received += p.content.length;
      opts.onProgress?.({ rows: received, total: p.totalElements, page });
      if (p.content.length < size || p.last === true || got >= p.totalElements) break;
    }
  }
  return [...byAccession.values()];
}

/** Adds a row's values to the accession's row: arrays of the same descriptor (from other datasets) are joined. */
function mergeRow(rows: Map<string, ObservationRow>, row: ObservationRow): void {
  const key = row.accession.toLowerCase();
  const known = rows.get(key);
  if (!known) return void rows.set(key, row);
  const target = known as Record<string, unknown>;
  for (const [k, v] of Object.entries(row)) {
    if (!UUID_RE.test(k)) continue;
    const add = Array.isArray(v) ? v : [v];
    const cur = target[k];
    target[k] = cur === undefined ? add : [...(Array.isArray(cur) ? cur : [cur]), ...add];
  }
}

/** Descriptor metadata objects for the UUIDs (page envelope or bare array). */
export async function descriptorList(t: Transport, uuids: string[], { signal }: Cancellable = {}): Promise<Descriptor[]> {
  const endpoint = "POST /api/v2/descriptor/list/details";
  checkUuids(uuids, "uuid", endpoint);
  const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
  const out: Descriptor[] = [];
  const log = new CoercionLog();
  for (let i = 0; i < unique.length; i += DATA_MAX_SIZE) {
    const part = unique.slice(i, i + DATA_MAX_SIZE);
    const r = await t.json("/descriptor/list/details", DescriptorResponse, { query: { l: DATA_MAX_SIZE }, body: { uuid: part }, signal });
    out.push(...r.content);
  }
  // a data type this client does not know is kept, and its values are read as text
  const unknown = out.filter((d) => !(DATA_TYPES as readonly string[]).includes(d.dataType));
  log.add("dataType", "descriptors of an unknown data type: values read as TEXT", unknown.length, unknown.map((d) => `${d.title}: ${d.dataType}`));
  return log.size ? attachDiagnostics(out, log.toDiagnostics(endpoint)) : out;
}

/** Renders a code list as "1=White; 2=Cream". */
const codeList = (d: Descriptor) => (d.terms?.length ? d.terms.map((x) => `${x.code}=${x.title ?? ""}`).join("; ") : null);

export function descriptorsToDataFrame(list: Descriptor[], names?: Map<string, string>): DataFrame {
  const col = <T>(f: (d: Descriptor) => T) => list.map(f);
  return pl.DataFrame({
    uuid: pl.Series("uuid", col((d) => d.uuid), pl.Utf8),
    name: pl.Series("name", col((d) => names?.get(d.uuid) ?? d.title), pl.Utf8),
    title: pl.Series("title", col((d) => d.title), pl.Utf8),
    column_name: pl.Series("column_name", col((d) => d.columnName ?? null), pl.Utf8),
    unit: pl.Series("unit", col((d) => d.uom ?? null), pl.Utf8),
    data_type: pl.Series("data_type", col((d) => d.dataType), pl.Utf8).cast(pl.Categorical),
    category: pl.Series("category", col((d) => d.category ?? null), pl.Utf8).cast(pl.Categorical),
    crop: pl.Series("crop", col((d) => d.crop ?? null), pl.Utf8),
    min_value: pl.Series("min_value", col((d) => d.minValue ?? null), pl.Float64),
    max_value: pl.Series("max_value", col((d) => d.maxValue ?? null), pl.Float64),
    description: pl.Series("description", col((d) => d.description ?? null), pl.Utf8),
    code_list: pl.Series("code_list", col(codeList), pl.Utf8),
  });
}

const PASSPORT_KEYS = ["INSTCODE", "ACCENUMB", "DOI", "UUID", "measurement"];

/**
 * Column names for descriptors: the title; when titles clash, "title (unit)"
 * if that separates them, else "title [columnName]", else "title [uuid8]".
 * A title equal to a passport key column gets the same treatment.
 */
export function descriptorColumnNames(list: Descriptor[]): Map<string, string> {
  const names = new Map<string, string>();
  const byTitle = new Map<string, Descriptor[]>();
  for (const d of list) byTitle.set(d.title, [...(byTitle.get(d.title) ?? []), d]);
  const taken = new Set(PASSPORT_KEYS);
  for (const [title, group] of byTitle) {
    if (group.length === 1 && !taken.has(title)) {
      names.set(group[0]!.uuid, title);
      taken.add(title);
      continue;
    }
    const tries: ((d: Descriptor) => string | undefined)[] = [
      (d) => (d.uom ? `${title} (${d.uom})` : undefined),
      (d) => (d.columnName ? `${title} [${d.columnName}]` : undefined),
      (d) => `${title} [${d.uuid.slice(0, 8)}]`,
    ];
    for (const attempt of tries) {
      const candidate = group.map(attempt);
      if (candidate.every((c) => c !== undefined && !taken.has(c)) && new Set(candidate).size === group.length) {
        group.forEach((d, i) => names.set(d.uuid, candidate[i]!));
        candidate.forEach((c) => taken.add(c!));
        break;
      }
    }
  }
  return names;
}

export interface WideOptions {
  /** Replace codes of CODED/SCALE descriptors by their labels. Default false (codes, as categoricals). */
  decode?: boolean;
}

function typedSeries(name: string, d: Descriptor | undefined, values: unknown[], decode: boolean): Series {
  const labels = new Map((d?.terms ?? []).map((t) => [String(t.code), t.title ?? String(t.code)]));
  switch (d?.dataType) {
    case "NUMERIC":
      return pl.Series(name, values.map((v) => (v === null || v === undefined || v === "" ? null : Number(v))), pl.Float64);
    case "SCALE":
      if (decode && labels.size) return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : labels.get(String(v)) ?? String(v))), pl.Utf8).cast(pl.Categorical);
      return pl.Series(name, values.map((v) => (v === null || v === undefined || v === "" ? null : Number(v))), pl.Int64);
    case "CODED":
      return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : decode ? labels.get(String(v)) ?? String(v) : String(v))), pl.Utf8).cast(pl.Categorical);
    case "BOOLEAN":
      return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : v === true || v === "true" || v === 1)), pl.Bool);
    case "DATE":
      return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : String(v))), pl.Utf8).str.strptime(pl.Date, "%Y-%m-%d");
    default:
      return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : String(v))), pl.Utf8);
  }
}

/**
 * Pivots observation rows: one output row per accession and measurement index
 * (the k-th value of every descriptor goes to measurement k), passport keys
 * first, then one column per descriptor in `order`.
 */
export function pivotObservations(rows: ObservationRow[], descriptors: Descriptor[], order: string[], opts: WideOptions = {}): DataFrame {
  const meta = new Map(descriptors.map((d) => [d.uuid.toLowerCase(), d]));
  const names = descriptorColumnNames(order.map((u) => meta.get(u.toLowerCase()) ?? ({ uuid: u, title: u, dataType: "TEXT" } as Descriptor)));
  const keys = { INSTCODE: [] as (string | null)[], ACCENUMB: [] as (string | null)[], DOI: [] as (string | null)[], UUID: [] as string[], measurement: [] as number[] };
  const values = new Map<string, unknown[]>(order.map((u) => [u, []]));
  for (const r of rows) {
    const arrays = order.map((u) => {
      const v = (r as Record<string, unknown>)[u] ?? (r as Record<string, unknown>)[u.toLowerCase()];
      return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
    });
    const n = Math.max(1, ...arrays.map((a) => a.length));
    for (let k = 0; k < n; k++) {
      keys.INSTCODE.push(r.instituteCode ?? null);
      keys.ACCENUMB.push(r.accessionNumber ?? null);
      keys.DOI.push(r.doi ?? null);
      keys.UUID.push(r.accession);
      keys.measurement.push(k + 1);
      order.forEach((u, i) => values.get(u)!.push(arrays[i]![k] ?? null));
    }
  }
  const cols: Series[] = [
    pl.Series("INSTCODE", keys.INSTCODE, pl.Utf8).cast(pl.Categorical),
    pl.Series("ACCENUMB", keys.ACCENUMB, pl.Utf8),
    pl.Series("DOI", keys.DOI, pl.Utf8),
    pl.Series("UUID", keys.UUID, pl.Utf8),
    pl.Series("measurement", keys.measurement, pl.Int32),
  ];
  for (const u of order) cols.push(typedSeries(names.get(u) ?? u, meta.get(u.toLowerCase()), values.get(u)!, opts.decode ?? false));
  return pl.DataFrame(cols);
}
