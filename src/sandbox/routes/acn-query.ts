/**
 * POST /api/v2/acn/query: bulk passport export. DuckDB renders the CSV
 * (tab-separated by default, like the real service) with its native writer
 * into the export spool, and the response follows that file as it grows, so a
 * 1,000,000-row export is never held in memory. With
 * `Accept: application/json` (and no text/csv) it answers a JSON page of flat
 * rows keyed by select path, as Genolink uses it.
 */
import type { ServerResponse } from "node:http";
import { fieldByMcpd, INFO_FIELDS, parseSelect, type SelectItem } from "../../schema/passport-fields.ts";
import {
  idRange,
  idsCondition,
  matchingIds,
  pageEnvelope,
  requestFilter,
  type Route,
  textColumn,
  withConnection,
} from "../http/context.ts";
import { filterToSql } from "../sql/filter.ts";
import { ExportSpool } from "../http/export-spool.ts";
import { HttpError } from "../http/error.ts";
import { intParam, sendJsonText } from "../http/io.ts";
import { str } from "../sql/literal.ts";
import { exportColumns, jsonRow } from "../sql/select.ts";

export const QUERY_MAX_L = 1_000_000;
export const QUERY_JSON_MAX_L = 10_000;

function selectItems(select: string | null | undefined, endpoint: string): SelectItem[] {
  if (select === null || select === undefined || !select.trim()) {
    return INFO_FIELDS.map((m) => {
      const field = fieldByMcpd(m)!;
      return { field, path: field.path, header: m };
    });
  }
  const { items, unknown, malformed } = parseSelect(select);
  if (!items.length && !unknown.length && !malformed.length) {
    throw new HttpError(
      400,
      `${endpoint}: select names no fields; send e.g. select=instituteCode INSTCODE,accessionNumber ACCENUMB, or leave it out for
        the basic set`,
    );
  }
  if (malformed.length) {
    throw new HttpError(
      400,
      `${endpoint}: malformed select item${malformed.length > 1 ? "s" : ""} ${
        malformed.map((m) => `'${m}'`).join(", ")
      }; each item is '<field>' or '<field> <ALIAS>'`,
    );
  }
  if (unknown.length) {
    throw new HttpError(
      400,
      `${endpoint}: unknown select field${unknown.length > 1 ? "s" : ""} ${
        unknown.map((m) => `'${m}'`).join(", ")
      }; use service field names such as instituteCode, accessionNumber, taxonomy.genus (spec §2.2)`,
    );
  }
  const headers = new Set<string>();
  for (const i of items) {
    if (headers.has(i.header)) throw new HttpError(400, `${endpoint}: duplicate column '${i.header}' in select`);
    headers.add(i.header);
  }
  return items;
}

/** Resolves when the socket can take more, or when the client has gone (a `drain` never comes then). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/** Writes with back-pressure and optional pacing to `bytesPerSecond`. */
class PacedWriter {
  private sent = 0;
  private readonly started = performance.now();
  constructor(private readonly res: ServerResponse, private readonly bytesPerSecond: number) {}
  async write(buf: Buffer): Promise<void> {
    // throttled: slices of ~50 ms worth of bytes; unthrottled: the whole buffer at once
    const slice = this.bytesPerSecond ? Math.max(4096, Math.floor(this.bytesPerSecond / 20)) : buf.length;
    for (let off = 0; off < buf.length; off += slice) {
      if (this.res.destroyed) return;
      const part = buf.subarray(off, off + slice);
      if (!this.res.write(part)) await drained(this.res);
      if (!this.bytesPerSecond) continue;
      this.sent += part.length;
      const wait = this.started + (this.sent / this.bytesPerSecond) * 1000 - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export const acnQuery: Route = async (ctx) => {
  const { url, body, endpoint, req, res } = ctx;
  const accept = String(req.headers.accept ?? "");
  const jsonMode = /application\/json/.test(accept) && !/text\/csv/.test(accept);
  const select = url.searchParams.get("select") ?? body.form?.get("select");
  const items = selectItems(select, endpoint);
  const page = intParam(url, "p", 0, Number.MAX_SAFE_INTEGER, endpoint, body.form);
  const size = intParam(url, "l", jsonMode ? 100 : QUERY_MAX_L, jsonMode ? QUERY_JSON_MAX_L : QUERY_MAX_L, endpoint, body.form);
  const filter = requestFilter(ctx);
  const where = filterToSql(filter);
  const offset = page * size;

  await withConnection(ctx, async (con) => {
    const ids = await matchingIds(ctx, con, where);
    const pageIds = ids.subarray(offset, offset + size);
    if (jsonMode) {
      const rows = await textColumn(con, `SELECT ${jsonRow(items)} FROM accession WHERE ${idsCondition(pageIds)} ORDER BY id`);
      sendJsonText(
        req,
        res,
        200,
        pageEnvelope(`[${rows.join(",")}]`, page, size, ids.length, { filterCode: ctx.filterCodes.register(filter) }),
      );
      return;
    }
    // The export reads the page's id range in table order (= id order), so the
    // wide rows are never sorted.
    const query = `SELECT ${exportColumns(items)} FROM accession WHERE (${where}) AND ${idRange(pageIds)}`;
    const { delimiter } = ctx.settings;
    // the export is shared by every reader of the same query: the spool (not this request) decides when to stop it
    const copy = (file: string, signal: AbortSignal) =>
      withConnection(
        { db: ctx.db, signal },
        (c) =>
          c.run(
            `COPY (${query}) TO ${str(file)} (FORMAT csv, DELIMITER ${str(delimiter)}, QUOTE '"', ESCAPE '"', HEADER, USE_TMP_FILE false)`,
          ),
      ).then(() => undefined);
    let closed = false;
    res.once("close", () => (closed = true));
    const out = new PacedWriter(res, ctx.settings.throttleBytesPerSecond);
    const start = (hit: boolean) =>
      res.writeHead(200, {
        "content-type": "text/csv;charset=UTF-8",
        "content-disposition": 'attachment; filename="genesys-accessions.csv"',
        "x-sandbox-export": hit ? "spooled" : "new",
      });
    await ctx.spool.stream(ExportSpool.key(query, delimiter), copy, (chunk) => out.write(chunk), () => closed, start);
    res.end();
  });
};
