/**
 * SQL for each selectable passport path: the value as DuckDB computes it
 * (typed, for JSON output) and as CSV text (for the bulk export).
 */
import type { FieldKind, SelectItem } from "../schema/passport-fields.ts";
import { str } from "./generator/sql.ts";

/** Canonical select path -> SQL value over table `accession`. */
export const FIELD_SQL: Record<string, string> = {
  "instituteCode": "inst_code",
  "accessionNumber": "accession_number",
  "doi": "doi",
  "historic": "historic",
  "curationType": "curation_type",
  "taxonomy.genus": "genus",
  "taxonomy.species": "species",
  "taxonomy.spAuthor": "sp_author",
  "taxonomy.subtaxa": "subtaxa",
  "taxonomy.subtAuthor": "subt_author",
  "taxonomy.currentTaxonomySpecies.id": "grin_id",
  "taxonomy.currentTaxonomySpecies.name": "grin_name",
  "taxonomy.currentTaxonomySpecies.nameAuthority": "grin_author",
  "cropName": "crop_name",
  "crop.shortName": "crop_code",
  "sampStat": "samp_stat",
  "acquisitionDate": "acq_date",
  "accessionName": "accession_name",
  "origCty": "orig_cty",
  "coll.collSite": "coll_site",
  "latitude": "latitude",
  "longitude": "longitude",
  "coordinateUncertainty": "coord_uncert",
  "coordinateDatum": "coord_datum",
  "georeferenceMethod": "georef_meth",
  "elevation": "elevation",
  "coll.collDate": "coll_date",
  "coll.collSrc": "coll_src",
  "coll.collNumb": "coll_numb",
  "coll.collCode": "coll_code",
  "coll.collName": "coll_name",
  "coll.collInstAddress": "coll_inst_address",
  "coll.collMissId": "coll_miss_id",
  "donorCode": "donor_code",
  "donorName": "donor_name",
  "donorNumb": "donor_numb",
  "aliases.name": "other_numb",
  "breederCode": "breeder_code",
  "breederName": "breeder_name",
  "ancest": "ancest",
  "duplSite": "dupl_site",
  "storage": "storage",
  "mlsStatus": "mls_status",
  "acceUrl": "acce_url",
  "remarks": "remarks",
  "dataProviderId": "data_provider_id",
  "pdci.score": "pdci",
  "uuid": "uuid",
  "lastModifiedDate": "strftime(last_modified, '%Y-%m-%dT%H:%M:%SZ')",
  "institute.fullName": "inst_name",
  "institute.id": "inst_id",
  "institute.owner.name": "inst_name",
  "institute.owner.createdDate": "'2013-05-01T00:00:00Z'",
  "institute.owner.lastModifiedDate": "'2025-11-20T09:30:00Z'",
  "taxonomy.taxonName": "taxon_name",
  "taxonomy.grinTaxonomySpecies.speciesName": "genus || ' ' || species",
  "crop.name": "crop_name",
  "countryOfOrigin.name": "orig_name",
  "countryOfOrigin.codeNum": "orig_num",
  "available": "available",
  "createdDate": "strftime(created_date, '%Y-%m-%dT%H:%M:%SZ')",
};

const TEXT_KINDS: FieldKind[] = ["string", "code", "mcpdDate", "multi", "instant"];

/** One CSV cell: empty for null, RFC 4180 quoting when the value holds the delimiter, a quote, CR or LF. */
export function csvCell(item: SelectItem, delimiter: string): string {
  const v = FIELD_SQL[item.field.path]!;
  if (!TEXT_KINDS.includes(item.field.kind)) return `coalesce(CAST(${v} AS VARCHAR), '')`;
  const d = str(delimiter);
  return `coalesce(CASE WHEN contains(${v}, ${d}) OR contains(${v}, '"') OR contains(${v}, chr(10)) OR contains(${v}, chr(13)) THEN '"' || replace(${v}, '"', '""') || '"' ELSE ${v} END, '')`;
}

/** SQL producing one whole CSV line per row. */
export function csvLine(items: SelectItem[], delimiter: string): string {
  return items.map((i) => csvCell(i, delimiter)).join(` || ${str(delimiter)} || `);
}

/** CSV header line (headers quoted when needed, like cells). */
export function csvHeader(items: SelectItem[], delimiter: string): string {
  return items.map((i) => (/["\r\n]/.test(i.header) || i.header.includes(delimiter) ? `"${i.header.replaceAll('"', '""')}"` : i.header)).join(delimiter);
}

/** SQL producing a flat JSON object keyed by the literal select paths (JSON mode of /acn/query). */
export function jsonRow(items: SelectItem[]): string {
  return `json_object(${items.map((i) => `${str(i.path)}, ${FIELD_SQL[i.field.path]}`).join(", ")})::VARCHAR`;
}
