/**
 * The four trait-workflow endpoints: dataset UUIDs for a passport filter,
 * datatable structure, observations, descriptor metadata.
 */
import { z } from "zod";
import { describeIssues, text } from "../../schema/filter.ts";
import { UUID_RE } from "../../schema/uuid.ts";
import { str } from "../sql/literal.ts";
import {
  idColumn,
  idRange,
  idsCondition,
  pageEnvelope,
  requestFilter,
  type Route,
  type RouteContext,
  scalar,
  textColumn,
  withConnection,
} from "../http/context.ts";
import { filterToSql } from "../sql/filter.ts";
import { HttpError } from "../http/error.ts";
import { intParam, queryList, sendJson, sendJsonText } from "../http/io.ts";

export const DATA_MAX_L = 1_000;

function checkUuids(values: unknown[], what: string, endpoint: string): string[] {
  const bad = values.filter((v) => typeof v !== "string" || !UUID_RE.test(v));
  if (bad.length) {
    throw new HttpError(
      400,
      `${endpoint}: malformed UUID${bad.length > 1 ? "s" : ""} in ${what}: ${bad.slice(0, 5).map((b) => JSON.stringify(b)).join(", ")}`,
    );
  }
  return (values as string[]).map((v) => v.toLowerCase());
}

const sqlList = (xs: string[]) => xs.map(str).join(", ");

async function missing(ctx: RouteContext, table: string, ids: string[]): Promise<string[]> {
  return await withConnection(ctx, async (con) => {
    const found = new Set(await textColumn(con, `SELECT uuid FROM ${table} WHERE uuid IN (${sqlList(ids)})`));
    return ids.filter((i) => !found.has(i));
  });
}

/** POST /dataset/accessions-datasets: body AccessionFilter -> JSON array of dataset UUIDs. */
export const accessionsDatasets: Route = async (ctx) => {
  const where = filterToSql(requestFilter(ctx));
  const uuids = await withConnection(
    ctx,
    (con) =>
      textColumn(
        con,
        `SELECT DISTINCT dataset_uuid FROM dataset_member WHERE accession_id IN (SELECT id FROM accession WHERE ${where}) ORDER BY 1`,
      ),
  );
  sendJson(ctx.req, ctx.res, 200, uuids);
};

/** POST /amphibian/datatable/list: body JSON array of dataset UUIDs -> datatable objects. */
export const datatableList: Route = async (ctx) => {
  const { endpoint } = ctx;
  const body = ctx.body.json;
  if (!Array.isArray(body)) {
    throw new HttpError(400, `${endpoint}: body must be a JSON array of dataset UUID strings (the result of /dataset/accessions-datasets)`);
  }
  const ids = checkUuids(body, "the body", endpoint);
  if (ids.length === 0) return sendJson(ctx.req, ctx.res, 200, []);
  const unknown = await missing(ctx, "dataset", ids);
  if (unknown.length) throw new HttpError(404, `${endpoint}: no dataset with UUID ${unknown.join(", ")}`);
  const rows = await withConnection(ctx, (con) =>
    textColumn(
      con,
      `
    SELECT json_object('id', d.object_id, 'version', d.version, 'key', d.uuid, 'title', d.title, 'description', d.description,
      'collection', 'amphibian.' || d.uuid,
      'columns', (SELECT json_group_object(c.descriptor_uuid, json_object()) FROM (SELECT * FROM datatable_column c WHERE
        c.dataset_uuid = d.uuid ORDER BY pos) c))::VARCHAR
    FROM dataset d WHERE d.uuid IN (${sqlList(ids)})
    ORDER BY list_position([${sqlList(ids)}], d.uuid)`,
    ));
  sendJsonText(ctx.req, ctx.res, 200, `[${rows.join(",")}]`);
};

/** `{filters: AccessionFilter}` (spec) or `{filters: {accession: AccessionFilter}, select: []}` (OpenAPI, notes §8.3). */
function dataFilterValue(ctx: RouteContext): unknown {
  const body = ctx.body.json;
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, `${ctx.endpoint}: body must be a JSON object like {"filters": {…AccessionFilter…}}`);
  }
  const extra = Object.keys(body).filter((k) => k !== "filters" && k !== "select");
  if (extra.length) {
    throw new HttpError(
      400,
      `${ctx.endpoint}: unknown body key${extra.length > 1 ? "s" : ""} ${extra.map((k) => `'${k}'`).join(", ")}; ` +
        `expected {"filters": {…}}`,
    );
  }
  const filters = (body as Record<string, unknown>).filters;
  if (
    filters && typeof filters === "object" && !Array.isArray(filters) && "accession" in filters &&
    typeof (filters as Record<string, unknown>).accession === "object"
  ) {
    return (filters as Record<string, unknown>).accession;
  }
  return filters ?? {};
}

/** POST /dataset/data?datasetUuids=…&fields=…&p&l: a page of rows, one per accession, values as arrays keyed by descriptor UUID. */
export const datasetData: Route = async (ctx) => {
  const { url, endpoint } = ctx;
  const page = intParam(url, "p", 0, Number.MAX_SAFE_INTEGER, endpoint);
  const size = intParam(url, "l", 100, DATA_MAX_L, endpoint);
  const datasets = checkUuids(queryList(url, "datasetUuids"), "datasetUuids", endpoint);
  const fields = checkUuids(queryList(url, "fields"), "fields", endpoint);
  if (!datasets.length) {
    throw new HttpError(
      400,
      `${endpoint}: query parameter 'datasetUuids' is required (comma-separated dataset UUIDs from /dataset/accessions-datasets)`,
    );
  }
  if (!fields.length) {
    throw new HttpError(
      400,
      `${endpoint}: query parameter 'fields' is required (comma-separated column UUIDs from /amphibian/datatable/list)`,
    );
  }
  const unknown = await missing(ctx, "dataset", datasets);
  if (unknown.length) throw new HttpError(404, `${endpoint}: no dataset with UUID ${unknown.join(", ")}`);
  const where = filterToSql(requestFilter(ctx, dataFilterValue(ctx)));
  await withConnection(ctx, async (con) => {
    const known = new Set(
      await textColumn(con, `SELECT DISTINCT descriptor_uuid FROM datatable_column WHERE dataset_uuid IN (${sqlList(datasets)})`),
    );
    const notColumns = fields.filter((f) => !known.has(f));
    if (notColumns.length) {
      throw new HttpError(
        400,
        `${endpoint}: field${notColumns.length > 1 ? "s" : ""} ${notColumns.join(", ")} ${
          notColumns.length > 1 ? "are not columns" : "is not a column"
        } of the requested datasets`,
      );
    }
    const obs = `FROM observation WHERE dataset_uuid IN (${sqlList(datasets)}) AND descriptor_uuid IN (${
      sqlList(fields)
    }) AND accession_id IN (SELECT id FROM accession WHERE ${where})`;
    // the ordered accession ids once per (datasets, fields, filter); each page is then a slice
    const ids = await ctx.memo.get(obs, () => idColumn(con, `SELECT DISTINCT accession_id::INTEGER ${obs} ORDER BY 1`));
    const total = ids.length;
    const pageIds = ids.subarray(page * size, page * size + size);
    const rows = !pageIds.length ? [] : await textColumn(
      con,
      `
      WITH vals AS (
        SELECT o.accession_id, o.descriptor_uuid,
          to_json(list(CASE d.data_type
            WHEN 'NUMERIC' THEN to_json(o.value_num) WHEN 'SCALE' THEN to_json(o.value_num::INT)
            WHEN 'BOOLEAN' THEN to_json(o.value_text = 'true') ELSE to_json(o.value_text) END
            ORDER BY o.dataset_uuid, o.env_idx, o.rep)) AS v
        FROM observation o JOIN descriptor d ON d.uuid = o.descriptor_uuid
        WHERE ${idsCondition(pageIds, "o.accession_id")} AND o.dataset_uuid IN (${sqlList(datasets)}) AND o.descriptor_uuid IN (${
        sqlList(fields)
      })
        GROUP BY 1, 2)
      SELECT json_merge_patch(
          json_object('accession', a.uuid, 'accessionNumber', a.accession_number, 'doi', a.doi, 'instituteCode', a.inst_code),
          json_group_object(vals.descriptor_uuid, vals.v))::VARCHAR
      FROM vals JOIN accession a ON a.id = vals.accession_id AND ${idRange(pageIds, "a.id")}
      GROUP BY a.id, a.uuid, a.accession_number, a.doi, a.inst_code
      ORDER BY a.id`,
    );
    sendJsonText(ctx.req, ctx.res, 200, pageEnvelope(`[${rows.join(",")}]`, page, size, total));
  });
};

const DescriptorFilter = z.strictObject({
  uuid: z.array(z.string()).max(10_000).optional(),
  crop: z.array(z.string().max(200)).max(1000).optional(),
  category: z.array(z.string().max(200)).max(1000).optional(),
  _text: text(500).optional(),
});

/** POST /descriptor/list/details: body `{uuid: [...]}` (and other DescriptorFilter keys) -> page of descriptors. */
export const descriptorDetails: Route = async (ctx) => {
  const { url, endpoint } = ctx;
  const parsed = DescriptorFilter.safeParse(ctx.body.json ?? {});
  if (!parsed.success) {
    throw new HttpError(400, `${endpoint}: ${describeIssues(parsed.error.issues, "body")}; expected {"uuid": ["<descriptor uuid>", …]}`);
  }
  const f = parsed.data;
  const page = intParam(url, "p", 0, Number.MAX_SAFE_INTEGER, endpoint);
  // asked by UUID without a page size (as the spec shows it): every requested descriptor in one answer
  const size = intParam(url, "l", Math.max(100, f.uuid?.length ?? 0), Math.max(DATA_MAX_L, f.uuid?.length ?? 0), endpoint);
  const w: string[] = ["true"];
  if (f.uuid?.length) w.push(`uuid IN (${sqlList(checkUuids(f.uuid, "uuid", endpoint))})`);
  if (f.uuid?.length === 0) w.push("false");
  if (f.crop?.length) w.push(`crop IN (${sqlList(f.crop)})`);
  if (f.category?.length) w.push(`category IN (${sqlList(f.category)})`);
  if (f._text?.trim()) w.push(`contains(lower(title || ' ' || description), ${str(f._text.trim().toLowerCase())})`);
  const where = w.join(" AND ");
  await withConnection(ctx, async (con) => {
    const total = await scalar(con, `SELECT count(*) FROM descriptor WHERE ${where}`);
    const rows = await textColumn(
      con,
      `SELECT json_object('uuid', uuid, 'title', title, 'columnName', column_name, 'dataType', data_type,
        'category', category, 'uom', uom, 'crop', crop, 'minValue', min_value::DOUBLE, 'maxValue', max_value::DOUBLE,
          'integerOnly', coalesce(data_type = 'SCALE' OR decimals = 0, false),
        'description', description, 'terms', terms::JSON)::VARCHAR
      FROM descriptor WHERE ${where} ORDER BY idx LIMIT ${size} OFFSET ${page * size}`,
    );
    sendJsonText(ctx.req, ctx.res, 200, pageEnvelope(`[${rows.join(",")}]`, page, size, total));
  });
};
