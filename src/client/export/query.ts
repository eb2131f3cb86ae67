/**
 * What shapes a passport export (`/acn/query` CSV): the options a caller gives, checked once before any request
 * (`planExport`), and the `select` resolved to MCPD fields. The rest of the export room (pages.ts, collect.ts,
 * batches.ts, resume.ts, parquet.ts) reads the plan, never the caller's options.
 */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import { fieldByMcpd, fieldByPath, PASSPORT_FIELDS, type PassportField } from "../../schema/passport-fields.ts";
import type { Kinds } from "../csv/typing.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import { closest } from "../../kernel/closest.ts";
import { DECODABLE } from "../../mcpd/decode.ts";
import type { Progress } from "../../kernel/progress.ts";
import { freshProvenance, type Provenance } from "../../kernel/provenance.ts";

export type { Progress };

export const QUERY_MAX_ROWS = 1_000_000;
const ENDPOINT = ENDPOINTS.acnQuery.label;

/** The options of `passports()` and `passportBatches()`: declared once, as a zod schema (core/option-schemas.ts). */
export type { PassportOptions } from "../core/option-schemas.ts";
import type { PassportOptions } from "../core/option-schemas.ts";

export interface ResolvedColumn {
  field: PassportField;
  select: string;
  header: string;
}

/** The label columns `decode: true` adds after a coded column (ORIGCTY_name after ORIGCTY…): never selected, decoded. */
const DECODED: ReadonlyMap<string, string> = new Map([
  ...Object.entries(DECODABLE).map(([code, [label]]) => [label, code] as const),
  ["INSTCODE_name", "INSTCODE"],
]);

/** "'ACCNUMB' (did you mean 'ACCENUMB'?)", "'ORIGCTY_name' (decode: true adds it: select 'ORIGCTY' …)". */
function unknownField(name: string): string {
  const coded = DECODED.get(name);
  if (coded) return `'${name}' (decode: true adds it: select '${coded}' and pass decode: true)`;
  const near = closest(name, PASSPORT_FIELDS.flatMap((f) => [f.mcpd, f.path]), 1);
  return `'${name}'${near.length ? ` (did you mean '${near[0]}'?)` : ""}`;
}

/** Resolves the `select` option to select items; unknown names are rejected before any request. */
export function resolveSelect(select: string[] | undefined): ResolvedColumn[] {
  if (!select || select.length === 0) return PASSPORT_FIELDS.map((f) => ({ field: f, select: `${f.path} ${f.mcpd}`, header: f.mcpd }));
  const out: ResolvedColumn[] = [];
  const bad: string[] = [];
  for (const raw of select) {
    const [name, alias, ...rest] = raw.trim().split(/\s+/);
    if (!name || rest.length) {
      bad.push(raw);
      continue;
    }
    const byPath = fieldByPath(name);
    const byMcpd = byPath ? undefined : fieldByMcpd(name);
    const field = byPath ?? byMcpd;
    if (!field) {
      bad.push(name);
      continue;
    }
    const path = byPath ? name : field.path;
    const header = alias ?? (byMcpd ? field.mcpd : name);
    out.push({ field, select: header === path ? path : `${path} ${header}`, header });
  }
  if (bad.length) {
    throw new GenesysInputError(`unknown select field${bad.length > 1 ? "s" : ""} ${bad.map(unknownField).join(", ")}`, {
      endpoint: ENDPOINT,
      hint: "use MCPD names (INSTCODE, ACCENUMB, GENUS, ORIGCTY, DECLATITUDE…) or service paths (instituteCode, taxonomy.genus…); " +
        "see PASSPORT_FIELDS",
    });
  }
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.header)) {
      throw new GenesysInputError(`column '${c.header}' is selected twice`, {
        endpoint: ENDPOINT,
        hint: "give one of them an alias: 'path ALIAS'",
      });
    }
    seen.add(c.header);
  }
  return out;
}

/** Field kind per CSV header, for the columns the server sent (columns it left out are not typed). */
export function passportKinds(columns: ResolvedColumn[]): (header: string[]) => Kinds {
  const byHeader = new Map(columns.map((c) => [c.header, c.field.kind]));
  return (header) => Object.fromEntries(header.flatMap((h) => (byHeader.has(h) ? [[h, byHeader.get(h)!]] : [])));
}

/** An export's shape, checked once before any request. */
export interface ExportPlan {
  columns: ResolvedColumn[];
  /** The `select` parameter as sent. */
  select: string;
  /** Rows requested per page (`l`). */
  pageSize: number;
  limit: number | undefined;
  parseDates: boolean;
  kindsOf: (header: string[]) => Kinds;
}

/** Checks the options; throws GenesysInputError naming the bad one. */
export function planExport(opts: PassportOptions): ExportPlan {
  const columns = resolveSelect(opts.select);
  const limit = opts.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new GenesysInputError(`limit must be a positive integer, got ${limit}`, { endpoint: ENDPOINT });
  }
  const requested = opts.pageSize ?? QUERY_MAX_ROWS;
  if (!Number.isInteger(requested) || requested < 1 || requested > QUERY_MAX_ROWS) {
    throw new GenesysInputError(`pageSize must be 1 to ${QUERY_MAX_ROWS.toLocaleString("en")}, got ${opts.pageSize}`, {
      endpoint: ENDPOINT,
      hint: "/acn/query returns at most 1,000,000 rows a request; the client pages beyond that",
    });
  }
  return {
    columns,
    select: columns.map((c) => c.select).join(","),
    pageSize: Math.min(requested, limit ?? QUERY_MAX_ROWS),
    limit,
    parseDates: opts.parseDates ?? true,
    kindsOf: passportKinds(columns),
  };
}

/**
 * One passport export as asked: the checked filter and plan, and the one spelling of what shapes it, read by the cache
 * key, the provenance of every frame or folder it gives, and the record that lets stored pages be resumed.
 */
export class PassportQuery {
  readonly plan: ExportPlan;
  /** Label columns and institute names added (passports(), passportBatches()). */
  readonly decode: boolean;

  /** `filter` already checked (checkFilter); the options are checked here, before any request. */
  constructor(readonly filter: unknown, opts: PassportOptions) {
    this.plan = planExport(opts);
    this.decode = opts.decode ?? false;
  }

  /** The options that shape the result: in the cache key and in every provenance record, in this order. */
  get options(): Record<string, unknown> {
    const p = this.plan;
    return { select: p.columns.map((c) => c.select), limit: p.limit, parseDates: p.parseDates, pageSize: p.pageSize, decode: this.decode };
  }

  /** What shapes the stored pages of an unfinished export: pages stored under another record are not resumed. */
  get pagesContext(): Record<string, unknown> & { pageSize: number } {
    const p = this.plan;
    return { pageSize: p.pageSize, select: p.select, parseDates: p.parseDates, filter: this.filter };
  }

  /** The endpoints a result is built from. */
  get endpoints(): string[] {
    return this.decode ? [ENDPOINT, ENDPOINTS.wiewsDecode.label] : [ENDPOINT];
  }

  /** Provenance for `rows` downloaded just now from `server`. */
  provenance(server: string, kind: string, rows: number): Provenance {
    return freshProvenance({ server, endpoints: this.endpoints, kind, filter: this.filter, options: this.options, rows });
  }
}
