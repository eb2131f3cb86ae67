/**
 * SQL for each selectable passport path, for the JSON rows and the CSV
 * export of /acn/query.
 */
import type { SelectItem } from "../schema/passport-fields.ts";
import { str } from "./sql.ts";

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

/** SELECT list for the bulk export: each value under its CSV header (DuckDB's CSV writer quotes as RFC 4180 needs). */
export function exportColumns(items: SelectItem[]): string {
  return items.map((i) => `${FIELD_SQL[i.field.path]} AS "${i.header.replaceAll('"', '""')}"`).join(", ");
}

/** SQL producing a flat JSON object keyed by the literal select paths (JSON mode of /acn/query). */
export function jsonRow(items: SelectItem[]): string {
  return `json_object(${items.map((i) => `${str(i.path)}, ${FIELD_SQL[i.field.path]}`).join(", ")})::VARCHAR`;
}
