/** POST /api/v2/acn/filter: a page of AccessionDTO objects, with term suggestions on the first page. */
import { ACCESSION_DTO_SQL } from "../sql/accession-json.ts";
import { idsCondition, matchingIds, pageEnvelope, requestFilter, type Route, textColumn, withConnection } from "../http/context.ts";
import { filterToSql } from "../sql/filter.ts";
import { intParam, sendJsonText } from "../http/io.ts";

export const FILTER_MAX_L = 1_000;

const SUGGEST: [string, string][] = [
  ["institute.code", "inst_code"],
  ["crop.shortName", "crop_code"],
  ["taxonomy.genus", "genus"],
  ["countryOfOrigin.code3", "orig_cty"],
  ["sampStat", "samp_stat"],
  ["storage", "storage"],
];

export const acnFilter: Route = async (ctx) => {
  const { url, endpoint, req, res } = ctx;
  const page = intParam(url, "p", 0, Number.MAX_SAFE_INTEGER, endpoint);
  const size = intParam(url, "l", 100, FILTER_MAX_L, endpoint);
  const filter = requestFilter(ctx);
  const where = filterToSql(filter);
  await withConnection(ctx, async (con) => {
    const ids = await matchingIds(ctx, con, where);
    const total = ids.length;
    const rows = await textColumn(
      con,
      `SELECT ${ACCESSION_DTO_SQL} FROM accession WHERE ${idsCondition(ids.subarray(page * size, page * size + size))} ORDER BY id`,
    );
    const suggestions: Record<string, { terms: { term: string | number; count: number }[] }> = {};
    if (page === 0) {
      for (const [key, col] of SUGGEST) {
        const r = await con.runAndReadAll(
          `SELECT ${col} AS term, count(*)::INT AS n FROM accession WHERE ${where} AND ${col} IS NOT NULL GROUP BY 1 ORDER BY 2
            DESC, 1 LIMIT 20`,
        );
        suggestions[key] = {
          terms: r.getRows().map(([term, n]) => ({ term: typeof term === "number" ? term : String(term), count: Number(n) })),
        };
      }
    }
    sendJsonText(
      req,
      res,
      200,
      pageEnvelope(`[${rows.join(",")}]`, page, size, total, { filterCode: ctx.filterCodes.register(filter), suggestions }),
    );
  });
};
