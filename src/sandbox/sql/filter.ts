/** Translates a validated AccessionFilter into a SQL predicate over table `accession`. */
import type { AccessionFilter, NumberFilter } from "../../schema/filter.ts";
import type { z } from "zod";
import { str } from "./literal.ts";

const inList = (col: string, values: readonly (string | number)[]) =>
  `${col} IN (${values.map((v) => (typeof v === "number" ? String(v) : str(v))).join(", ")})`;

function numberFilter(col: string, f: z.output<typeof NumberFilter>): string[] {
  const out: string[] = [];
  if (f.eq?.length) out.push(inList(col, f.eq));
  if (f.ge !== undefined) out.push(`${col} >= ${f.ge}`);
  if (f.gt !== undefined) out.push(`${col} > ${f.gt}`);
  if (f.le !== undefined) out.push(`${col} <= ${f.le}`);
  if (f.lt !== undefined) out.push(`${col} < ${f.lt}`);
  return out;
}

const TEXT_COLUMNS =
  "accession_number || ' ' || coalesce(accession_name, '') || ' ' || genus || ' ' || species || ' ' || crop_name || ' ' || " +
  "inst_code || ' ' || coalesce(orig_name, '') || ' ' || coalesce(coll_site, '') || ' ' || coalesce(other_numb, '')";

/** Returns a SQL boolean expression; historic accessions are excluded unless `historic` is given. */
export function filterToSql(f: AccessionFilter): string {
  const w: string[] = [];
  if (f._text && f._text.trim()) {
    for (const token of f._text.trim().toLowerCase().split(/\s+/)) {
      w.push(`contains(lower(${TEXT_COLUMNS}), ${str(token)})`);
    }
  }
  if (f.crop?.length) w.push(inList("crop_code", f.crop));
  w.push(`historic = ${f.historic === true}`);
  if (f.institute?.code?.length) w.push(inList("inst_code", f.institute.code));
  if (f.institute?.country?.code3?.length) w.push(inList("inst_country", f.institute.country.code3));
  if (f.accessionNumbers?.length) w.push(inList("accession_number", f.accessionNumbers));
  if (f.doi?.length) w.push(inList("doi", f.doi));
  if (f.uuid?.length) w.push(inList("uuid", f.uuid.map((u) => u.toLowerCase())));
  if (f.taxonomy?.genus?.length) w.push(inList("genus", f.taxonomy.genus));
  if (f.taxonomy?.species?.length) w.push(inList("species", f.taxonomy.species));
  if (f.taxonomy?.genusSpecies?.length) w.push(inList("genus || ' ' || species", f.taxonomy.genusSpecies));
  if (f.countryOfOrigin?.code3?.length) w.push(inList("orig_cty", f.countryOfOrigin.code3));
  if (f.sampStat?.length) w.push(inList("samp_stat", f.sampStat));
  if (f.storage?.length) w.push(`list_has_any(string_split(storage, ';'), [${f.storage.map((s) => str(String(s))).join(", ")}])`);
  if (f.donorCode?.length) w.push(inList("donor_code", f.donorCode));
  if (f.available !== undefined) w.push(`available = ${f.available}`);
  if (f.mlsStatus !== undefined) w.push(`mls_status = ${f.mlsStatus}`);
  if (f.genotyped !== undefined) w.push(`genotyped = ${f.genotyped}`);
  if (f.sgsv !== undefined) w.push(`coalesce(contains(dupl_site, 'NOR051'), false) = ${f.sgsv}`);
  if (f.hasDoi !== undefined) w.push(`(doi IS NOT NULL) = ${f.hasDoi}`);
  if (f.curationType?.length) w.push(inList("curation_type", f.curationType));
  if (f.geo) {
    if (f.geo.referenced !== undefined) w.push(`(latitude IS NOT NULL) = ${f.geo.referenced}`);
    if (f.geo.latitude) w.push(...numberFilter("latitude", f.geo.latitude));
    if (f.geo.longitude) w.push(...numberFilter("longitude", f.geo.longitude));
    if (f.geo.elevation) w.push(...numberFilter("elevation", f.geo.elevation));
  }
  if (f.acquisitionDate?.ge) w.push(`acq_date >= ${str(f.acquisitionDate.ge)}`);
  if (f.acquisitionDate?.le) w.push(`acq_date <= ${str(f.acquisitionDate.le)}`);
  if (f.createdDate?.ge) w.push(`created_date >= ${str(f.createdDate.ge)}::TIMESTAMPTZ`);
  if (f.createdDate?.le) w.push(`created_date <= ${str(f.createdDate.le)}::TIMESTAMPTZ`);
  if (f.subsets?.length) w.push(inList("subset_uuid", f.subsets.map((u) => u.toLowerCase())));
  if (f.datasets?.length) {
    w.push(`id IN (SELECT accession_id FROM dataset_member WHERE ${inList("dataset_uuid", f.datasets.map((u) => u.toLowerCase()))})`);
  }
  return w.join(" AND ");
}
