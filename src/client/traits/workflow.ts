/**
 * The trait workflow in one place: datasets for a passport filter, their
 * columns, descriptor metadata, then observations one dataset at a time (so
 * every value keeps its dataset), made into the long, wide, datasets and
 * descriptors frames.
 */
import type { DataFrame } from "nodejs-polars";
import type { Datatable, Descriptor } from "../../schema/responses.ts";
import { CoercionLog, type Diagnostics, diagnostics } from "../../kernel/diagnostics.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import type { Transport } from "../core/transport.ts";
import { datasetsFrame, descriptorsFrame, wideKeys } from "./frames.ts";
import { type DatasetRows, longFrame } from "./long.ts";
import { descriptorColumnNames } from "./names.ts";
import { canonical, descriptorList, observationRows } from "./requests.ts";
import { chooseDatasets } from "./choose.ts";
import { trialNames } from "./trials.ts";
import { wideFrame } from "./wide.ts";

/** The options of `traits()`: declared once, as a zod schema (core/option-schemas.ts). */
export type { TraitsOptions } from "../core/option-schemas.ts";
import type { TraitsOptions } from "../core/option-schemas.ts";

export interface TraitsResult {
  /** One row per accession and dataset, one column per descriptor: Lists of values, or reduced by `aggregate`. */
  wide: DataFrame;
  /** One row per observed value (tidy): accession keys, dataset, descriptor, value_index, value / text / label. */
  long: DataFrame;
  /** One row per dataset: uuid, title, crop, version, accessions, descriptors, observations, and the datatable's other fields. */
  datasets: DataFrame;
  /** One row per descriptor: name (the wide column), unit, data_type, code_list List(Struct{code, label}), … */
  descriptors: DataFrame;
}

const placeholder = (uuid: string): Descriptor => ({ uuid, title: uuid, dataType: "TEXT" }) as Descriptor;

function selectDescriptors(all: Descriptor[], names: Map<string, string>, wanted: string[] | undefined): Set<string> {
  if (!wanted?.length) return new Set(all.map((d) => d.uuid));
  const keysOf = (d: Descriptor) =>
    [d.uuid, d.title, names.get(d.uuid), d.columnName].filter((x): x is string => !!x).map((x) => x.toLowerCase());
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const w of wanted) {
    const hits = all.filter((d) => keysOf(d).includes(w.toLowerCase()));
    if (!hits.length) unknown.push(w);
    hits.forEach((d) => chosen.add(d.uuid));
  }
  if (unknown.length) {
    throw new GenesysInputError(
      `descriptor${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `'${u}'`).join(", ")} not in the selected datasets`,
      {
        endpoint: "traits()",
        hint: `available: ${[...new Set(all.map((d) => names.get(d.uuid) ?? d.title))].join(", ")}`,
      },
    );
  }
  return chosen;
}

export async function fetchTraits(
  t: Transport,
  filter: unknown,
  opts: TraitsOptions = {},
): Promise<{ frames: TraitsResult; diagnostics: Diagnostics }> {
  const tables: Datatable[] = await chooseDatasets(t, filter, opts.datasets, opts);
  const columnOrder = [...new Set(tables.flatMap((d) => Object.keys(d.columns)))];
  const listed = await descriptorList(t, columnOrder, opts);
  const log = new CoercionLog();
  const byUuid = new Map(listed.map((d) => [d.uuid, d]));
  const missing = columnOrder.filter((u) => !byUuid.has(u));
  log.add("descriptor", "columns without descriptor metadata: named by UUID, values read as TEXT", missing.length, missing);
  const all = columnOrder.map((u) => byUuid.get(u) ?? placeholder(u));
  const meta = new Map(all.map((d) => [d.uuid, d]));
  const names = descriptorColumnNames(all);
  const chosen = selectDescriptors(all, names, opts.descriptors);
  const used = all.filter((d) => chosen.has(d.uuid));

  const trials = trialNames(tables);
  const parts: DatasetRows[] = [];
  let before = 0, requests = 0;
  for (const table of tables) {
    const fields = Object.keys(table.columns).filter((u) => chosen.has(u));
    if (!fields.length) continue;
    let last = 0;
    const rows = await observationRows(t, {
      datasets: [table.key],
      fields,
      filter,
      pageSize: opts.pageSize,
      signal: opts.signal,
      onProgress: (p) => opts.onProgress?.({ rows: before + (last = p.rows), page: requests++, label: table.title }),
    });
    before += last;
    parts.push({ dataset: canonical(table.key), trial: trials.get(table.key) ?? table.title, rows });
  }

  const keys = wideKeys(parts);
  const long = longFrame(parts, keys, meta, names, log);
  const wide = wideFrame(long, keys, used, names, opts, log);
  const datasetsOf = new Map<string, string[]>();
  for (const table of tables) for (const u of Object.keys(table.columns)) datasetsOf.set(u, [...(datasetsOf.get(u) ?? []), table.key]);
  const result: TraitsResult = {
    wide,
    long,
    datasets: datasetsFrame(tables, meta, long, keys),
    descriptors: descriptorsFrame(used, names, datasetsOf),
  };
  const listedDiag = diagnostics(listed);
  const d = {
    endpoint: "traits()",
    coercions: [...(listedDiag?.coercions ?? []), ...log.list()],
    notes: [...(listedDiag?.notes ?? []), ...log.notes],
  };
  return { frames: result, diagnostics: d };
}
