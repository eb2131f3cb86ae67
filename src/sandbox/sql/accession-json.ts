/**
 * The AccessionDTO (notes §7) as the sandbox builds it from a row of table `accession`: each key with the SQL of its
 * value, nested as the DTO nests. It is stated once: `ACCESSION_DTO_SQL` (the JSON object of /acn/filter and
 * /acn/details) and the flat values of /acn/query's select paths (`select.ts`) are both read from it.
 */

/** A DTO object: each key's value is SQL over a row of `accession`, a nested object, or one that is null with a column. */
export interface Dto {
  readonly [key: string]: string | Dto | NullWith;
}
/** A nested object that is null where `column` is (countryOfOrigin without ORIGCTY). */
interface NullWith {
  readonly nullWith: string;
  readonly fields: Dto;
}
const nullWith = (column: string, fields: Dto): NullWith => ({ nullWith: column, fields });
const isNullWith = (v: Dto | NullWith): v is NullWith => "nullWith" in v && typeof v.nullWith === "string";

const TIMESTAMP = (column: string) => `strftime(${column}, '%Y-%m-%dT%H:%M:%SZ')`;

/** The AccessionDTO, key by key, in the order the JSON object lists them. */
export const ACCESSION_DTO: Dto = {
  id: "id",
  uuid: "uuid",
  doi: "doi",
  instituteCode: "inst_code",
  accessionNumber: "accession_number",
  accessionName: "accession_name",
  genus: "genus",
  historic: "historic",
  curationType: "curation_type",
  cropName: "crop_name",
  crop: { shortName: "crop_code", name: "crop_name" },
  taxonomy: {
    genus: "genus",
    species: "species",
    spAuthor: "sp_author",
    subtaxa: "subtaxa",
    subtAuthor: "subt_author",
    taxonName: "taxon_name",
    genusSpecies: "genus || ' ' || species",
    currentTaxonomySpecies: { id: "grin_id", name: "grin_name", nameAuthority: "grin_author" },
    grinTaxonomySpecies: { id: "grin_id", name: "grin_name", speciesName: "genus || ' ' || species" },
  },
  sampStat: "samp_stat",
  acquisitionDate: "acq_date",
  origCty: "orig_cty",
  countryOfOrigin: nullWith("orig_cty", { code3: "orig_cty", name: "orig_name", codeNum: "orig_num" }),
  institute: { id: "inst_id", code: "inst_code", fullName: "inst_name", acronym: "inst_acronym", country: { code3: "inst_country" } },
  coll: {
    collSite: "coll_site",
    collDate: "coll_date",
    collSrc: "coll_src",
    collNumb: "coll_numb",
    collCode: "coll_code",
    collName: "coll_name",
    collInstAddress: "coll_inst_address",
    collMissId: "coll_miss_id",
  },
  geo: {
    latitude: "latitude",
    longitude: "longitude",
    elevation: "elevation",
    uncertainty: "coord_uncert",
    datum: "coord_datum",
    method: "georef_meth",
    referenced: "latitude IS NOT NULL",
  },
  donorCode: "donor_code",
  donorName: "donor_name",
  donorNumb: "donor_numb",
  breederCode: "breeder_code",
  breederName: "breeder_name",
  ancest: "ancest",
  duplSite: "dupl_site",
  storage: "coalesce(list_transform(string_split(storage, ';'), x -> x::INT), [])",
  mlsStatus: "mls_status",
  available: "available",
  inSvalbard: "coalesce(contains(dupl_site, 'NOR051'), false)",
  acceUrl: "acce_url",
  remarks: "CASE WHEN remarks IS NULL THEN [] ELSE [json_object('remark', remarks)] END",
  aliases: `list_concat(
    CASE WHEN accession_name IS NULL THEN [] ELSE [json_object('name', accession_name, 'aliasType', 'ACCENAME')] END,
    coalesce(list_transform(string_split(other_numb, ';'), x -> json_object('name', x, 'aliasType', 'OTHERNUMB')), []))`,
  dataProviderId: "data_provider_id",
  pdci: { score: "pdci" },
  createdDate: TIMESTAMP("created_date"),
  lastModifiedDate: TIMESTAMP("last_modified"),
};

/** `json_object('key', value, …)` of a DTO object. */
function jsonObjectSql(dto: Dto): string {
  const value = (v: Dto[string]): string =>
    typeof v === "string"
      ? v
      : isNullWith(v)
      ? `CASE WHEN ${v.nullWith} IS NULL THEN NULL ELSE ${jsonObjectSql(v.fields)} END`
      : jsonObjectSql(v);
  return `json_object(${Object.entries(dto).map(([k, v]) => `'${k}', ${value(v)}`).join(",\n  ")})`;
}

/** SQL building an AccessionDTO JSON object from a row of table `accession`. */
export const ACCESSION_DTO_SQL: string = `${jsonObjectSql(ACCESSION_DTO)}::VARCHAR`;

/** The SQL of every leaf of the DTO by its dotted path ("countryOfOrigin.codeNum" -> "orig_num"; "aliases" -> its list). */
export function dtoPaths(dto: Dto = ACCESSION_DTO, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(dto)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [p, sql] of dtoPaths(isNullWith(v) ? v.fields : v, `${prefix}${k}.`)) out.set(p, sql);
  }
  return out;
}
