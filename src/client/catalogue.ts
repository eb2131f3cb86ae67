/**
 * Catalogue look-ups as DataFrames, with the request style the public
 * clients use for each endpoint (notes §14): crops, species for a filter,
 * institutes (WIEWS), institute names, counts per field for a filter, one
 * accession's full record, subsets, and the token's profile.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { AccessionDetails, InstituteNames, Overview, Profile, SubsetPage } from "../schema/catalogue.ts";
import { AccessionPage } from "../schema/responses.ts";
import { UUID_RE } from "../schema/uuid.ts";
import { accessionsToDataFrame, objectsToDataFrame } from "./accessions.ts";
import { parseRecords, toRfc4180 } from "./csv/decode.ts";
import { GenesysRequestError, GenesysResponseError } from "./errors.ts";
import type { Cancellable, Transport } from "./transport.ts";

/** A TSV answer as a DataFrame (column types inferred; an empty body is an empty frame). */
async function tsv(t: Transport, path: string, call: Parameters<Transport["post"]>[1]): Promise<DataFrame> {
  const endpoint = `${call?.method ?? "POST"} /api/v2${path}`;
  const res = await t.post(path, { ...call, accept: "text/csv, text/tab-separated-values, */*" });
  const parts: Buffer[] = [];
  for await (const chunk of t.body(res, endpoint, call?.signal)) parts.push(chunk);
  const body = Buffer.concat(parts);
  if (!body.toString("utf8").trim()) return pl.DataFrame({});
  const firstLine = body.subarray(0, body.indexOf(10) < 0 ? body.length : body.indexOf(10));
  const sep = firstLine.includes(9) ? 9 : 44;
  // read by the export's dialect (RFC 4180, backslash-escaped and lazy quotes: docs/api.md), then by polars:
  // polars alone reads "a \"b\" c" without an error but with the wrong value
  const columns = (parseRecords(firstLine, sep)[0] ?? []).length;
  try {
    return pl.readCSV(toRfc4180(body, sep, columns), { sep: String.fromCharCode(sep), quoteChar: '"', hasHeader: true });
  } catch (e) {
    throw new GenesysResponseError(
      `the TSV answer cannot be read: ${(e as Error).message.split("\n")[0]}`,
      endpoint,
      res.statusCode,
      undefined,
      { cause: e },
    );
  }
}

export const crops = (t: Transport, opts: Cancellable = {}): Promise<DataFrame> =>
  tsv(t, "/crops/list", { method: "GET", query: { l: 1000 }, signal: opts.signal });

export const species = (t: Transport, filter: unknown, opts: Cancellable = {}): Promise<DataFrame> =>
  tsv(t, "/acn/species", { body: filter, signal: opts.signal });

export interface InstituteQuery extends Cancellable {
  /** WIEWS codes, e.g. ["COL003"]. */
  code?: string[];
  /** ISO 3166-1 alpha-3 country codes of the institutes. */
  country?: string[];
  /** Only institutes with accessions in Genesys (true), or only those without (false). */
  withAccessions?: boolean;
}

/** POST /wiews/list?l=100&p=N (TSV), page after page until a short page. */
export async function institutes(t: Transport, q: InstituteQuery = {}): Promise<DataFrame> {
  const body = { code: q.code, accessions: q.withAccessions, "country.code3": q.country?.map((c) => c.toUpperCase()) };
  const frames: DataFrame[] = [];
  for (let p = 0; p < 1000; p++) {
    const df = await tsv(t, "/wiews/list", { query: { l: 100, p }, body, signal: q.signal });
    if (df.height) frames.push(df);
    if (df.height < 100) break;
  }
  return frames.length ? pl.concat(frames, { how: "verticalRelaxed" }) : pl.DataFrame({});
}

/** POST /vocabulary/wiews/decode: WIEWS code -> institute name (codes the service does not know are absent). */
export async function instituteNames(t: Transport, codes: string[], opts: Cancellable = {}): Promise<Map<string, string>> {
  const unique = [...new Set(codes.filter(Boolean))];
  if (!unique.length) return new Map();
  const r = await t.json("/vocabulary/wiews/decode", InstituteNames, { body: unique, signal: opts.signal });
  return new Map(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * POST /acn/overview?limit=N: per field, the most frequent values and their counts, then
 * "(other)" and "(missing)" rows, so each field's counts add up to the number of accessions.
 */
export async function overview(
  t: Transport,
  filter: unknown,
  limit: number,
  opts: Cancellable = {},
): Promise<{ df: DataFrame; total: number; filterCode?: string }> {
  const r = await t.json("/acn/overview", Overview, { query: { limit }, body: filter, signal: opts.signal });
  const field: string[] = [], term: (string | null)[] = [], count: number[] = [];
  for (const [f, c] of Object.entries(r.overview)) {
    for (const x of c.terms) (field.push(f), term.push(x.term === null ? null : String(x.term)), count.push(x.count));
    if (c.otherCount) (field.push(f), term.push("(other)"), count.push(c.otherCount));
    if (c.missingCount) (field.push(f), term.push("(missing)"), count.push(c.missingCount));
  }
  const df = pl.DataFrame([pl.Series("field", field, pl.Utf8), pl.Series("term", term, pl.Utf8), pl.Series("count", count, pl.Int64)]);
  const total = r.totalElements ??
    Math.max(
      0,
      ...Object.values(r.overview).map((c) =>
        c.totalCount ?? c.terms.reduce((s, x) => s + x.count, 0) + (c.otherCount ?? 0) + (c.missingCount ?? 0)
      ),
    );
  return { df, total, filterCode: r.filterCode };
}

/** One accession's full record by UUID (GET /acn/details/{uuid}) or DOI (found with /acn/filter first): a one-row frame. */
export async function accession(t: Transport, id: string, opts: Cancellable = {}): Promise<DataFrame> {
  let uuid = id.trim();
  if (!UUID_RE.test(uuid)) {
    const page = await t.json("/acn/filter", AccessionPage, { query: { p: 0, l: 1 }, body: { doi: [uuid] }, signal: opts.signal });
    if (!page.content.length) {
      throw new GenesysRequestError(
        `no accession with DOI ${uuid}`,
        "POST /api/v2/acn/filter",
        404,
        undefined,
        "check the DOI (e.g. 10.18730/…), or pass the accession's UUID",
      );
    }
    uuid = page.content[0]!.uuid;
  }
  const dto = await t.json(`/acn/details/${encodeURIComponent(uuid.toLowerCase())}`, AccessionDetails, {
    method: "GET",
    signal: opts.signal,
  });
  return accessionsToDataFrame([dto]);
}

export interface SubsetQuery extends Cancellable {
  institute?: string[];
  crop?: string[];
}

/** POST /subset/filter, all pages: one row per subset, nested fields flattened (institute.code…). */
export async function subsets(t: Transport, q: SubsetQuery = {}): Promise<DataFrame> {
  const body = { ...(q.institute ? { institute: { code: q.institute } } : {}), ...(q.crop ? { crop: q.crop } : {}) };
  const rows: object[] = [];
  for (let p = 0; p < 10_000; p++) {
    const page = await t.json("/subset/filter", SubsetPage, { query: { p, l: 100 }, body, signal: q.signal });
    rows.push(...page.content);
    if (page.content.length < 100 || page.last === true || rows.length >= page.totalElements) break;
  }
  // flattened and typed as accessions are (dotted names; whole numbers Int64)
  return objectsToDataFrame(rows);
}

export const me = (t: Transport, opts: Cancellable = {}): Promise<Profile> =>
  t.json("/me/profile", Profile, { method: "GET", signal: opts.signal });
