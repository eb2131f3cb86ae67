/**
 * Catalogue look-ups (notes §14), with the request styles the public clients
 * use: crops (GET, TSV), species for a filter (POST, TSV), institutes (POST,
 * TSV pages), institute names for codes (POST, JSON), counts per field for a
 * filter (POST, JSON), one accession's full record (GET, JSON), subsets
 * (POST, JSON page), and the token's profile (GET, JSON). Institutes and
 * crops are the generator's own, so look-ups and passports agree.
 */
import { z } from "zod";
import { describeIssues } from "../../schema/filter.ts";
import { UUID_RE } from "../../schema/uuid.ts";
import { ACCESSION_DTO_SQL } from "../sql/accession-json.ts";
import { pageEnvelope, requestFilter, type Route, type RouteContext, scalar, textColumn, withConnection } from "../http/context.ts";
import { filterToSql } from "../sql/filter.ts";
import { HttpError } from "../http/error.ts";
import { intParam, sendJson, sendJsonText } from "../http/io.ts";
import { str } from "../sql/literal.ts";

/** Rows as a Genesys-style TSV export (header line, tab-separated, text quoted when it must be). */
function sendTsv(ctx: RouteContext, header: string[], rows: unknown[][]): void {
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return "";
    const s = String(v);
    return /[\t\n\r"]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const body = [header.join("\t"), ...rows.map((r) => r.map(cell).join("\t"))].join("\n") + "\n";
  ctx.res.writeHead(200, { "content-type": "text/tab-separated-values;charset=UTF-8", "content-length": Buffer.byteLength(body) });
  ctx.res.end(body);
}

const rowsOf = async (ctx: RouteContext, sql: string): Promise<unknown[][]> =>
  await withConnection(
    ctx,
    async (con) => (await con.runAndReadAll(sql)).getRows().map((r) => r.map((v) => (typeof v === "bigint" ? Number(v) : v))),
  );

/** GET /crops/list?l=1000 (Accept text/csv): shortName, name, accessions (counted as exports count: historic ones left out). */
export const cropsList: Route = async (ctx) => {
  const l = intParam(ctx.url, "l", 1000, 10_000, ctx.endpoint);
  const where = filterToSql(requestFilter(ctx, {}));
  const rows = await rowsOf(
    ctx,
    `SELECT crop_code, any_value(crop_name), count(*) FROM accession WHERE ${where} GROUP BY 1 ORDER BY 1 LIMIT ${l}`,
  );
  sendTsv(ctx, ["shortName", "name", "accessions"], rows);
};

/** POST /acn/species (Accept text/csv), body AccessionFilter: genus, species, taxonName, accessions. */
export const acnSpecies: Route = async (ctx) => {
  const where = filterToSql(requestFilter(ctx));
  const rows = await rowsOf(
    ctx,
    `SELECT genus, species, any_value(taxon_name), count(*) FROM accession WHERE ${where} GROUP BY 1, 2 ORDER BY 4 DESC, 1, 2`,
  );
  sendTsv(ctx, ["genus", "species", "taxonName", "accessions"], rows);
};

const InstituteFilter = z.strictObject({
  code: z.array(z.string().max(20)).max(10_000).optional(),
  accessions: z.boolean().optional(),
  country: z.strictObject({ code3: z.array(z.string().max(3)).max(300) }).optional(),
  "country.code3": z.array(z.string().max(3)).max(300).optional(),
});

/** POST /wiews/list?l=100&p=N (Accept text/csv), body {code[], accessions, country.code3[]}: pages until an empty one. */
export const wiewsList: Route = async (ctx) => {
  const page = intParam(ctx.url, "p", 0, 100_000, ctx.endpoint);
  const size = intParam(ctx.url, "l", 100, 1000, ctx.endpoint);
  const parsed = InstituteFilter.safeParse(ctx.body.json ?? {});
  if (!parsed.success) {
    throw new HttpError(
      400,
      `${ctx.endpoint}: ${
        describeIssues(parsed.error.issues, "body")
      }; expected {"code": [...], "accessions": true, "country": {"code3": [...]}}`,
    );
  }
  const f = parsed.data;
  const countries = f.country?.code3 ?? f["country.code3"];
  const w = ["true"];
  if (f.code?.length) w.push(`i.code IN (${f.code.map(str).join(", ")})`);
  if (countries?.length) w.push(`i.country IN (${countries.map((c) => str(c.toUpperCase())).join(", ")})`);
  if (f.accessions === true) w.push("coalesce(n.accessions, 0) > 0");
  if (f.accessions === false) w.push("coalesce(n.accessions, 0) = 0");
  const rows = await rowsOf(
    ctx,
    `
    WITH n AS (SELECT inst_code, count(*) AS accessions FROM accession GROUP BY 1)
    SELECT i.code, i.acronym, i.name, i.country, coalesce(n.accessions, 0), i.url
    FROM ref_institute i LEFT JOIN n ON n.inst_code = i.code WHERE ${w.join(" AND ")}
    ORDER BY i.code LIMIT ${size} OFFSET ${page * size}`,
  );
  sendTsv(ctx, ["code", "acronym", "fullName", "country", "accessions", "url"], rows);
};

/**
 * POST /vocabulary/wiews/decode, body ["COL003", …]: {"COL003": "Centro Internacional de Agricultura Tropical", …}; unknown codes
 * are left out.
 */
export const wiewsDecode: Route = async (ctx) => {
  const body = ctx.body.json;
  if (!Array.isArray(body) || body.some((c) => typeof c !== "string") || body.length > 10_000) {
    throw new HttpError(400, `${ctx.endpoint}: body must be a JSON array of WIEWS institute codes, e.g. ["COL003", "PER001"]`);
  }
  if (!body.length) return sendJson(ctx.req, ctx.res, 200, {});
  const rows = await rowsOf(
    ctx,
    `SELECT code, name FROM ref_institute WHERE code IN (${(body as string[]).map(str).join(", ")}) ORDER BY code`,
  );
  sendJson(ctx.req, ctx.res, 200, Object.fromEntries(rows.map(([code, name]) => [String(code), String(name)])));
};

const OVERVIEW: [string, string][] = [
  ["institute.code", "inst_code"],
  ["crop.shortName", "crop_code"],
  ["taxonomy.genus", "genus"],
  ["countryOfOrigin.code3", "orig_cty"],
  ["sampStat", "samp_stat"],
  ["available", "available"],
];

/**
 * POST /acn/overview?limit=N, body AccessionFilter: the number of matching accessions, the
 * filterCode, and per field the `limit` most frequent values with counts, and how many are
 * missing or other.
 */
export const acnOverview: Route = async (ctx) => {
  const limit = intParam(ctx.url, "limit", 10, 1000, ctx.endpoint);
  const filter = requestFilter(ctx);
  const where = filterToSql(filter);
  const overview: Record<string, unknown> = {};
  const total = await withConnection(ctx, async (con) => {
    const n = await scalar(con, `SELECT count(*) FROM accession WHERE ${where}`);
    for (const [key, col] of OVERVIEW) {
      const r = await con.runAndReadAll(
        `SELECT ${col} AS term, count(*)::INT FROM accession WHERE ${where} AND ${col} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
      );
      const all = r.getRows().map(([term, count]) => ({ term: typeof term === "bigint" ? Number(term) : term, count: Number(count) }));
      const shown = all.slice(0, limit);
      const present = all.reduce((s, t) => s + t.count, 0);
      overview[key] = {
        terms: shown,
        otherCount: present - shown.reduce((s, t) => s + t.count, 0),
        missingCount: n - present,
        totalCount: n,
      };
    }
    return n;
  });
  sendJson(ctx.req, ctx.res, 200, { filterCode: ctx.filterCodes.register(filter), totalElements: total, overview });
};

/** GET /acn/details/{uuid}: {details: AccessionDTO}; 404 for an unknown UUID. */
export const acnDetails: Route = async (ctx) => {
  const uuid = ctx.params[0] ?? "";
  if (!UUID_RE.test(uuid)) throw new HttpError(400, `${ctx.endpoint}: '${uuid.slice(0, 60)}' is not a UUID`);
  const rows = await withConnection(
    ctx,
    (con) => textColumn(con, `SELECT ${ACCESSION_DTO_SQL} FROM accession WHERE uuid = ${str(uuid.toLowerCase())}`),
  );
  if (!rows.length) throw new HttpError(404, `${ctx.endpoint}: no accession with UUID ${uuid}`);
  sendJsonText(ctx.req, ctx.res, 200, `{"details":${rows[0]}}`);
};

/**
 * POST /subset/filter?p&l: core collections, one per genebank and crop with at least 40
 * accessions (about a tenth of them); body {institute: {code: []}, crop: []} narrows it.
 */
export const subsetFilter: Route = async (ctx) => {
  const page = intParam(ctx.url, "p", 0, 100_000, ctx.endpoint);
  const size = intParam(ctx.url, "l", 50, 1000, ctx.endpoint);
  const parsed = z.strictObject({
    institute: z.strictObject({ code: z.array(z.string().max(20)).max(1000) }).optional(),
    crop: z.array(z.string().max(50)).max(1000).optional(),
  })
    .safeParse(ctx.body.json ?? {});
  if (!parsed.success) {
    throw new HttpError(
      400,
      `${ctx.endpoint}: ${describeIssues(parsed.error.issues, "body")}; expected {"institute": {"code": [...]}, "crop": [...]}`,
    );
  }
  const w = ["n >= 40"];
  if (parsed.data.institute?.code.length) w.push(`inst_code IN (${parsed.data.institute.code.map(str).join(", ")})`);
  if (parsed.data.crop?.length) w.push(`crop_code IN (${parsed.data.crop.map(str).join(", ")})`);
  const base = `SELECT inst_code, any_value(inst_name) AS inst_name, crop_code, any_value(crop_name) AS crop_name, count(*) AS n,
      count(*) FILTER (WHERE h(id, 9100) % 10 = 0) AS core FROM accession GROUP BY inst_code, crop_code`;
  await withConnection(ctx, async (con) => {
    const total = await scalar(con, `SELECT count(*) FROM (${base}) WHERE ${w.join(" AND ")}`);
    const rows = await textColumn(
      con,
      `SELECT json_object('uuid', uuid_of('subset:' || inst_code || ':' || crop_code),
        'title', inst_name || ' ' || lower(crop_name) || ' core collection',
        'description', 'A tenth of the ' || lower(crop_name) || ' accessions of ' || inst_code || ', drawn to represent the collection',
        'institute', json_object('code', inst_code, 'fullName', inst_name), 'crops', [crop_code], 'accessionCount', core,
        'published', true)::VARCHAR
      FROM (${base}) WHERE ${w.join(" AND ")} ORDER BY inst_code, crop_code LIMIT ${size} OFFSET ${page * size}`,
    );
    sendJsonText(ctx.req, ctx.res, 200, pageEnvelope(`[${rows.join(",")}]`, page, size, total));
  });
};

/** GET /me/profile: who the token belongs to. */
export const meProfile: Route = (ctx) => {
  const user = ctx.subject.includes("@sandbox.local")
    ? { fullName: "Sandbox API client", roles: ["CLIENT"] }
    : { fullName: "Sandbox user", roles: ["USER"] };
  sendJson(ctx.req, ctx.res, 200, { email: ctx.subject, ...user, active: true, sandbox: true });
  return Promise.resolve();
};
