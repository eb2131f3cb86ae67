/**
 * Catalogue look-ups as DataFrames, with the request style the public
 * clients use for each endpoint: crops, species for a filter, institutes
 * (WIEWS), institute names, counts per field for a filter, one accession's
 * full record, subsets, and the token's profile. Tabular answers are read by
 * the same CSV engine as passports (readTable); every frame returned here
 * carries its diagnostics.
 */
import { type Endpoint, ENDPOINTS } from "../schema/endpoints.ts";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { AccessionDetails, type FieldCounts, InstituteNames, Overview, Profile, SubsetPage } from "../schema/catalogue.ts";
import { AccessionPage } from "../schema/responses.ts";
import { UUID_RE } from "../schema/uuid.ts";
import { decodeValue } from "../mcpd/decode.ts";
import { accessionsToDataFrame, objectsToDataFrame } from "./accessions/frame.ts";
import { readTable, type Table } from "./csv/table.ts";
import type { Kinds } from "./csv/typing.ts";
import { CoercionLog, type Diagnostics } from "../kernel/diagnostics.ts";
import { noDiagnostics } from "../kernel/result.ts";
import { GenesysRequestError, GenesysResponseError } from "../kernel/errors.ts";
import type { CallOptions, Cancellable, Transport } from "./core/transport.ts";

/** Counts of accessions, whichever look-up sends them: whole numbers. */
const COUNTS: Kinds = { accessions: "int", accessionCount: "int", count: "int" };
/** GET /crops/list: shortName, name, … and a count. */
const CROP_KINDS: Kinds = { ...COUNTS };
/** POST /acn/species: genus, species, taxonName, … and a count. */
const SPECIES_KINDS: Kinds = { ...COUNTS };
/** POST /wiews/list: WIEWS institute records (code, acronym, fullName, country, …), with coordinates and flags when sent. */
const INSTITUTE_KINDS: Kinds = {
  ...COUNTS,
  latitude: "float",
  longitude: "float",
  elevation: "float",
  allowMaterialRequests: "bool",
  uniqueAcceNumbs: "bool",
};

/**
 * One tabular answer through the CSV engine: non-CSV bodies (HTML, JSON) refused, every record's field count checked, the
 * export's dialect, columns typed by `kinds` (others text), coercions logged. An empty body is an empty frame.
 */
async function table(
  t: Transport,
  e: Endpoint,
  call: CallOptions,
  kinds: Kinds,
  log?: CoercionLog,
): Promise<Table> {
  const endpoint = e.label;
  const res = await t.post(e, { ...call, accept: "text/csv, text/tab-separated-values, */*" });
  const contentType = String(res.headers["content-type"] ?? "");
  // (a declared single-byte charset is decoded by the engine: csv/sniff.ts)
  return await readTable(t.body(res, endpoint, call.signal), {
    endpoint,
    contentType,
    kinds: () => kinds,
    signal: call.signal,
    log,
  });
}

/** A look-up's frame and what reading it noticed; the client publishes both with the provenance (result.ts). */
export interface LookedUp {
  df: DataFrame;
  diagnostics: Diagnostics;
}

export const crops = (t: Transport, opts: Cancellable = {}): Promise<LookedUp> =>
  table(t, ENDPOINTS.cropsList, { query: { l: 1000 }, signal: opts.signal }, CROP_KINDS);

export const species = (t: Transport, filter: unknown, opts: Cancellable = {}): Promise<LookedUp> =>
  table(t, ENDPOINTS.acnSpecies, { body: filter, signal: opts.signal }, SPECIES_KINDS);

/** The options of `institutes()` and `subsets()`: declared once, as zod schemas (core/option-schemas.ts). */
export type { InstituteQuery, SubsetQuery } from "./core/option-schemas.ts";
import type { InstituteQuery, SubsetQuery } from "./core/option-schemas.ts";

/** POST /wiews/list?l=100&p=N (TSV), page after page until a short page; one diagnostics log over all pages. */
export async function institutes(t: Transport, q: InstituteQuery = {}): Promise<LookedUp> {
  const endpoint = ENDPOINTS.wiewsList.label;
  const body = { code: q.code, accessions: q.withAccessions, "country.code3": q.country?.map((c) => c.toUpperCase()) };
  const log = new CoercionLog();
  const frames: DataFrame[] = [];
  let first: Table | undefined;
  for (let p = 0; p < 1000; p++) {
    const r = await table(t, ENDPOINTS.wiewsList, { query: { l: 100, p }, body, signal: q.signal }, INSTITUTE_KINDS, log);
    first ??= r;
    if (r.rows && first.header && r.header && r.header.join("\t") !== first.header.join("\t")) {
      throw new GenesysResponseError(`page ${p} has the columns ${r.header.join(", ")}, page 0 had ${first.header.join(", ")}`, {
        endpoint,
        status: 200,
      });
    }
    if (r.rows) frames.push(r.df);
    if (r.rows < 100) break;
  }
  // pages typed apart are stacked with one dtype per column (the widest, as the engine's blocks are)
  const df = frames.length > 1 ? pl.concat(frames, { how: "verticalRelaxed" }) : frames[0] ?? first?.df ?? pl.DataFrame({});
  return { df, diagnostics: log.toDiagnostics(endpoint) };
}

/** POST /vocabulary/wiews/decode: WIEWS code -> institute name (codes the service does not know are absent). */
export async function instituteNames(t: Transport, codes: string[], opts: Cancellable = {}): Promise<Map<string, string>> {
  const unique = [...new Set(codes.filter(Boolean))];
  if (!unique.length) return new Map();
  const r = await t.json(ENDPOINTS.wiewsDecode, InstituteNames, { body: unique, signal: opts.signal });
  return new Map(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === "string"));
}

const OVERVIEW_ENDPOINT = ENDPOINTS.acnOverview.label;

/** One field's rows: the terms, then (other) and (missing) when not zero; and what the field's counts add up to. */
function fieldRows(c: FieldCounts) {
  const terms = c.terms.reduce((s, x) => s + x.count, 0);
  // without `other`, a `total` above the terms shown counts the values of the other terms
  const other = c.other ?? (c.total !== undefined && c.total > terms ? c.total - terms : 0);
  const missing = c.missing ?? 0;
  return { terms, other, missing, counted: terms + other + missing };
}

/**
 * Checks an overview answer's counts against each other and returns the number of accessions. Per field, `total` (values
 * found: the terms and `other`) plus `missing` is at least the number of accessions, and so are the field's rows; more
 * when an accession has several values. With `totalCount`, the field counts every accession.
 *
 * Errors (the total would be contradicted): `accessionCount` and `totalElements` disagree; a term or `missing` counts more
 * accessions than there are; a field accounts for fewer accessions than the answer's total. Notes (nothing contradicts the
 * total, but a field's rows do not add up to it): a field counting more values than there are accessions, a field whose
 * `total` or `totalCount` is not the sum of its own counts.
 */
function overviewTotal(r: Overview, log: CoercionLog): number {
  const fail = (message: string, path: string): never => {
    throw new GenesysResponseError(message, { endpoint: OVERVIEW_ENDPOINT, status: 200, path });
  };
  if (r.accessionCount !== undefined && r.totalElements !== undefined && r.accessionCount !== r.totalElements) {
    fail(`the answer says accessionCount ${r.accessionCount} but totalElements ${r.totalElements}`, "accessionCount");
  }
  const fields = Object.entries(r.overview).map(([name, c]) => ({ name, c, ...fieldRows(c) }));
  const stated = r.accessionCount ?? r.totalElements;
  const total = stated ?? Math.max(0, ...fields.map((f) => Math.max(f.counted, f.c.totalCount ?? 0)));
  const what = stated === undefined ? "the largest field's count" : `the ${total} accessions the answer counts`;
  for (const f of fields) {
    const path = `overview.${f.name}`;
    const biggest = Math.max(f.missing, ...f.c.terms.map((x) => x.count));
    // at least this many accessions: each has a value (counted in total, or in the terms and other) or is missing
    const covered = Math.max(f.terms + f.other, f.c.total ?? 0, (f.c.totalCount ?? 0) - f.missing) + f.missing;
    if (stated !== undefined && biggest > total) fail(`${f.name} counts ${biggest} accessions for one value, more than ${what}`, path);
    if (covered < total) {
      if (stated !== undefined) fail(`${f.name} accounts for ${covered} accessions (values and missing), fewer than ${what}`, path);
      log.note(`${f.name}: the counts add up to ${covered}, fewer than ${what} (${total})`);
    }
    if (f.counted > total) {
      log.note(`${f.name}: the counts add up to ${f.counted}, more than the ${total} accessions (several values per accession)`);
    }
    if (f.c.total !== undefined && f.c.total !== f.terms + f.other && f.c.total !== f.counted) {
      log.note(`${f.name}: total ${f.c.total}, but its terms and (other) add up to ${f.terms + f.other}`);
    }
    if (f.c.totalCount !== undefined && f.c.totalCount !== f.counted) {
      log.note(`${f.name}: totalCount ${f.c.totalCount}, but its terms, (other) and (missing) add up to ${f.counted}`);
    }
  }
  return total;
}

/** Overview fields whose terms are MCPD codes, with the MCPD column whose labels name them. */
const CODED_FIELDS: Record<string, string> = {
  sampStat: "SAMPSTAT",
  "countryOfOrigin.code3": "ORIGCTY",
  "institute.country.code3": "ORIGCTY",
  storage: "STORAGE",
  "coll.collSrc": "COLLSRC",
  mlsStatus: "MLSSTAT",
};
/** A term's words: "Traditional cultivar/landrace" for sampStat 300, "Mexico" for MEX; null when it has none. */
const termLabel = (field: string, term: string): string | null =>
  CODED_FIELDS[field] ? (decodeValue(CODED_FIELDS[field]!, term) ?? null) : null;

/**
 * The institutes' names as the labels of `institute.code` terms, from the look-up `instituteNames()` uses (POST
 * /vocabulary/wiews/decode); when it fails, the codes stay without labels and a note says why.
 */
async function labelInstitutes(
  t: Transport,
  field: string[],
  term: (string | null)[],
  label: (string | null)[],
  log: CoercionLog,
  opts: Cancellable,
): Promise<void> {
  const at = field.flatMap((f, i) => (f === "institute.code" && term[i] && !term[i]!.startsWith("(") ? [i] : []));
  if (!at.length) return;
  try {
    const names = await instituteNames(t, at.map((i) => term[i]!), opts);
    for (const i of at) label[i] = names.get(term[i]!) ?? null;
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    log.note(`institute.code: the institutes' names were not looked up (${(e as Error).message.split("\n")[0]}); the codes have no label`);
  }
}

/**
 * POST /acn/overview?limit=N: per field, the most frequent values and their counts (with `label`, the words of an
 * MCPD code: a biological status, a country's name), then "(other)" and "(missing)" rows, so each field's counts add
 * up to the number of accessions (more for a field with several values per accession: noted in the diagnostics). The
 * total is the answer's `accessionCount` (or `totalElements`), checked against every field's counts.
 */
export async function overview(
  t: Transport,
  filter: unknown,
  limit: number,
  opts: Cancellable = {},
): Promise<LookedUp & { total: number; filterCode?: string }> {
  const r = await t.json(ENDPOINTS.acnOverview, Overview, { query: { limit }, body: filter, signal: opts.signal });
  const log = new CoercionLog();
  const total = overviewTotal(r, log);
  const field: string[] = [], term: (string | null)[] = [], count: number[] = [];
  for (const [f, c] of Object.entries(r.overview)) {
    const { other, missing } = fieldRows(c);
    for (const x of c.terms) (field.push(f), term.push(x.term === null ? null : String(x.term)), count.push(x.count));
    if (other) (field.push(f), term.push("(other)"), count.push(other));
    if (missing) (field.push(f), term.push("(missing)"), count.push(missing));
  }
  const label = term.map((x, i) => (x === null ? null : termLabel(field[i]!, x)));
  await labelInstitutes(t, field, term, label, log, opts);
  const df = pl.DataFrame([
    pl.Series("field", field, pl.Utf8),
    pl.Series("term", term, pl.Utf8),
    pl.Series("label", label, pl.Utf8),
    pl.Series("count", count, pl.Int64),
  ]);
  return { df, diagnostics: log.toDiagnostics(OVERVIEW_ENDPOINT), total, filterCode: r.filterCode };
}

/** One accession's full record by UUID (GET /acn/details/{uuid}) or DOI (found with /acn/filter first): a one-row frame. */
export async function accession(t: Transport, id: string, opts: Cancellable = {}): Promise<LookedUp> {
  let uuid = id.trim();
  if (!UUID_RE.test(uuid)) {
    const page = await t.json(ENDPOINTS.acnFilter, AccessionPage, { query: { p: 0, l: 1 }, body: { doi: [uuid] }, signal: opts.signal });
    if (!page.content.length) {
      throw new GenesysRequestError(`no accession with DOI ${uuid}`, {
        endpoint: ENDPOINTS.acnFilter.label,
        status: 404,
        hint: "check the DOI (e.g. 10.18730/…), or pass the accession's UUID",
      });
    }
    uuid = page.content[0]!.uuid;
  }
  const dto = await t.json(ENDPOINTS.acnDetails, AccessionDetails, {
    uuid: uuid.toLowerCase(),
    signal: opts.signal,
  });
  return { df: accessionsToDataFrame([dto]), diagnostics: noDiagnostics(ENDPOINTS.acnDetails.label) };
}

/** POST /subset/filter, all pages: one row per subset, nested fields flattened (institute.code…). */
export async function subsets(t: Transport, q: SubsetQuery = {}): Promise<LookedUp> {
  const body = { ...(q.institute ? { institute: { code: q.institute } } : {}), ...(q.crop ? { crop: q.crop } : {}) };
  const rows: object[] = [];
  for (let p = 0; p < 10_000; p++) {
    const page = await t.json(ENDPOINTS.subsetFilter, SubsetPage, { query: { p, l: 100 }, body, signal: q.signal });
    rows.push(...page.content);
    if (page.content.length < 100 || page.last === true || rows.length >= page.totalElements) break;
  }
  // flattened and typed as accessions are (dotted names; whole numbers Int64)
  return { df: objectsToDataFrame(rows), diagnostics: noDiagnostics(ENDPOINTS.subsetFilter.label) };
}

export const me = (t: Transport, opts: Cancellable = {}): Promise<Profile> => t.json(ENDPOINTS.meProfile, Profile, { signal: opts.signal });
