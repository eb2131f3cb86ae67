/**
 * SQL for each selectable passport path, for the JSON rows and the CSV export of /acn/query: the value the
 * AccessionDTO holds at the field's path or one of its synonyms (`accession-json.ts`), so a column is named for a
 * path once; the few fields whose flat value is not the DTO's are listed below.
 */
import { ALL_FIELDS, type PassportField, type SelectItem } from "../../schema/passport-fields.ts";
import { dtoPaths } from "./accession-json.ts";
import { str } from "./literal.ts";

/**
 * Flat values that are not the DTO's: list-valued fields as they are stored (`;`-joined), and the institute owner's
 * record, which the DTO leaves out.
 */
const FLAT_SQL: Readonly<Record<string, string>> = {
  "aliases.name": "other_numb",
  "storage": "storage",
  "remarks": "remarks",
  "institute.owner.name": "inst_name",
  "institute.owner.createdDate": "'2013-05-01T00:00:00Z'",
  "institute.owner.lastModifiedDate": "'2025-11-20T09:30:00Z'",
};

/** A field's SQL value over table `accession`; a selectable field without one is an error of the sandbox, raised on load. */
function fieldSql(field: PassportField, dto: Map<string, string>): string {
  const sql = FLAT_SQL[field.path] ?? [field.path, ...(field.synonyms ?? [])].map((p) => dto.get(p)).find((s) => s !== undefined);
  if (sql === undefined) throw new Error(`sandbox: select path ${field.path} (${field.mcpd}) has no value in the AccessionDTO`);
  return sql;
}

/** Canonical select path -> SQL value over table `accession`, for every field of src/schema/passport-fields.ts. */
export const FIELD_SQL: ReadonlyMap<string, string> = ((dto) => new Map(ALL_FIELDS.map((f) => [f.path, fieldSql(f, dto)])))(dtoPaths());

/** SELECT list for the bulk export: each value under its CSV header (DuckDB's CSV writer quotes as RFC 4180 needs). */
export function exportColumns(items: SelectItem[]): string {
  return items.map((i) => `${FIELD_SQL.get(i.field.path)} AS "${i.header.replaceAll('"', '""')}"`).join(", ");
}

/** SQL producing a flat JSON object keyed by the literal select paths (JSON mode of /acn/query). */
export function jsonRow(items: SelectItem[]): string {
  return `json_object(${items.map((i) => `${str(i.path)}, ${FIELD_SQL.get(i.field.path)}`).join(", ")})::VARCHAR`;
}
