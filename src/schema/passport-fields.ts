/**
 * The passport fields selectable in /acn/query, with the MCPD
 * header the official client genesysr uses as alias, the alternative
 * spellings JSON clients send, and the column kind the client
 * uses to type the DataFrame.
 */
export type FieldKind =
  | "string" // free text
  | "code" // short code from a small vocabulary: categorical
  | "category" // text with few distinct values (taxon authorities, institute names, code lists): categorical, 4 bytes a cell
  | "int" // integer
  | "float" // decimal
  | "bool" // true/false
  | "mcpdDate" // YYYYMMDD with "--" for unknown parts
  | "instant" // ISO 8601 UTC instant
  | "multi"; // several values joined by ";"

export interface PassportField {
  /** MCPD column name, used as CSV alias by genesysr. */
  mcpd: string;
  /** Service select path. */
  path: string;
  /** Other select paths the live server accepts for the same field. */
  synonyms?: string[];
  kind: FieldKind;
  meaning: string;
}

const f = (mcpd: string, path: string, kind: FieldKind, meaning: string, synonyms?: string[]): PassportField => ({
  mcpd,
  path,
  kind,
  meaning,
  ...(synonyms ? { synonyms } : {}),
});

/** In genesysr 2.2.0's SELECT_ALL_FIELDS order. */
export const PASSPORT_FIELDS: readonly PassportField[] = [
  f("INSTCODE", "instituteCode", "code", "Institute code of the holding genebank", ["institute.code"]),
  f("ACCENUMB", "accessionNumber", "string", "Accession number within the genebank"),
  f("DOI", "doi", "string", "Digital Object Identifier of the material"),
  f("HISTORIC", "historic", "bool", "Historic accession flag"),
  f("CURATION", "curationType", "code", "Curation type"),
  f("GENUS", "taxonomy.genus", "code", "Genus name", ["genus"]),
  f("SPECIES", "taxonomy.species", "code", "Species epithet"),
  f("SPAUTHOR", "taxonomy.spAuthor", "category", "Species authority"),
  f("SUBTAXA", "taxonomy.subtaxa", "category", "Subtaxon"),
  f("SUBTAUTHOR", "taxonomy.subtAuthor", "category", "Subtaxon authority"),
  f("GRIN_TAXON_ID", "taxonomy.currentTaxonomySpecies.id", "int", "Taxonomy identifier (GRIN)", ["taxonomy.grinTaxonomySpecies.id"]),
  f("GRIN_NAME", "taxonomy.currentTaxonomySpecies.name", "category", "Taxonomy name (GRIN)", ["taxonomy.grinTaxonomySpecies.name"]),
  f("GRIN_AUTHOR", "taxonomy.currentTaxonomySpecies.nameAuthority", "category", "Taxonomy authority (GRIN)"),
  f("CROPNAME", "cropName", "category", "Common crop name"),
  f("CROPCODE", "crop.shortName", "code", "Crop code"),
  f("SAMPSTAT", "sampStat", "int", "Biological status of accession (MCPD code)"),
  f("ACQDATE", "acquisitionDate", "mcpdDate", "Acquisition date"),
  f("ACCENAME", "accessionName", "string", "Accession name"),
  f("ORIGCTY", "origCty", "code", "Country of origin (ISO 3166-1 alpha-3)", ["countryOfOrigin.code3"]),
  f("COLLSITE", "coll.collSite", "string", "Location of collecting site"),
  f("DECLATITUDE", "latitude", "float", "Decimal latitude", ["geo.latitude"]),
  f("DECLONGITUDE", "longitude", "float", "Decimal longitude", ["geo.longitude"]),
  f("COORDUNCERT", "coordinateUncertainty", "int", "Coordinate uncertainty, metres", ["geo.uncertainty"]),
  f("COORDDATUM", "coordinateDatum", "code", "Coordinate datum", ["geo.datum"]),
  f("GEOREFMETH", "georeferenceMethod", "code", "Georeferencing method", ["geo.method"]),
  f("ELEVATION", "elevation", "int", "Elevation, metres above sea level", ["geo.elevation"]),
  f("COLLDATE", "coll.collDate", "mcpdDate", "Collecting date"),
  f("COLLSRC", "coll.collSrc", "int", "Collecting/acquisition source (MCPD code)"),
  f("COLLNUMB", "coll.collNumb", "string", "Collecting number"),
  f("COLLCODE", "coll.collCode", "category", "Collecting institute code"),
  f("COLLNAME", "coll.collName", "category", "Collecting institute name"),
  f("COLLINSTADDRESS", "coll.collInstAddress", "string", "Collecting institute address"),
  f("COLLMISSID", "coll.collMissId", "string", "Collecting mission identifier"),
  f("DONORCODE", "donorCode", "code", "Donor institute code"),
  f("DONORNAME", "donorName", "category", "Donor institute name"),
  f("DONORNUMB", "donorNumb", "string", "Donor accession number"),
  f("OTHERNUMB", "aliases.name", "multi", "Other identifiers", ["aliases"]),
  f("BREDCODE", "breederCode", "code", "Breeding institute code"),
  f("BREDNAME", "breederName", "category", "Breeding institute name"),
  f("ANCEST", "ancest", "string", "Ancestral data"),
  f("DUPLSITE", "duplSite", "category", "Location of safety duplicates"),
  f("STORAGE", "storage", "category", "Type of germplasm storage (MCPD codes)"),
  f("MLSSTAT", "mlsStatus", "bool", "MLS status"),
  f("ACCEURL", "acceUrl", "string", "Accession URL"),
  f("REMARKS", "remarks", "string", "Remarks", ["remarks.remark"]),
  f("DATAPROVIDERID", "dataProviderId", "string", "Data provider ID"),
  f("PDCI", "pdci.score", "float", "Passport Data Completeness Index score"),
  f("UUID", "uuid", "string", "Universally unique identifier"),
  f("LASTMODIFIED", "lastModifiedDate", "instant", "Last modified date"),
];

/** Extra read-only paths JSON clients select (Genolink's default select). */
export const EXTRA_FIELDS: readonly PassportField[] = [
  f("INSTNAME", "institute.fullName", "string", "Holding institute full name"),
  f("INSTID", "institute.id", "int", "Holding institute record id"),
  f("INSTOWNER", "institute.owner.name", "string", "Institute owner name"),
  f("INSTOWNERCREATED", "institute.owner.createdDate", "instant", "Institute owner record created"),
  f("INSTOWNERMODIFIED", "institute.owner.lastModifiedDate", "instant", "Institute owner record modified"),
  f("TAXONNAME", "taxonomy.taxonName", "string", "Full taxon name"),
  f("GRIN_SPECIES_NAME", "taxonomy.grinTaxonomySpecies.speciesName", "string", "GRIN species name"),
  f("CROP_NAME", "crop.name", "string", "Crop name"),
  f("ORIGCTYNAME", "countryOfOrigin.name", "string", "Country of origin name"),
  f("ORIGCTYNUM", "countryOfOrigin.codeNum", "int", "Country of origin ISO numeric code"),
  f("AVAILABLE", "available", "bool", "Available for distribution"),
  f("CREATED", "createdDate", "instant", "Record created"),
];

export const ALL_FIELDS: readonly PassportField[] = [...PASSPORT_FIELDS, ...EXTRA_FIELDS];

const byKey = new Map<string, PassportField>();
for (const field of ALL_FIELDS) {
  byKey.set(field.path, field);
  for (const s of field.synonyms ?? []) byKey.set(s, field);
}
const byMcpd = new Map(ALL_FIELDS.map((x) => [x.mcpd, x] as const));

/** Looks up a select path (or synonym). */
export function fieldByPath(path: string): PassportField | undefined {
  return byKey.get(path);
}
/** Looks up an MCPD header (INSTCODE…). */
export function fieldByMcpd(name: string): PassportField | undefined {
  return byMcpd.get(name.toUpperCase());
}

/** genesysr's SELECT_INFO_FIELDS: the sandbox default when `select` is absent. */
export const INFO_FIELDS = ["INSTCODE", "ACCENUMB", "DOI", "HISTORIC", "GENUS", "SPECIES", "SUBTAXA", "SAMPSTAT"];
/** genesysr's SELECT_GEO_FIELDS. */
export const GEO_FIELDS = [
  "INSTCODE",
  "ACCENUMB",
  "DOI",
  "HISTORIC",
  "GENUS",
  "SPECIES",
  "SUBTAXA",
  "SAMPSTAT",
  "ORIGCTY",
  "COLLSITE",
  "DECLATITUDE",
  "DECLONGITUDE",
  "COORDUNCERT",
  "COORDDATUM",
  "GEOREFMETH",
  "ELEVATION",
];

export interface SelectItem {
  field: PassportField;
  /** The path as the caller wrote it. */
  path: string;
  /** CSV header: alias when given, else the path. */
  header: string;
}

/**
 * Parses a `select` value: comma-separated `path[ alias]` items, trimmed
 * . Returns the unknown items instead of throwing.
 */
export function parseSelect(select: string): { items: SelectItem[]; unknown: string[]; malformed: string[] } {
  const items: SelectItem[] = [];
  const unknown: string[] = [];
  const malformed: string[] = [];
  for (const raw of select.split(",")) {
    const item = raw.trim();
    if (!item) continue;
    const parts = item.split(/\s+/);
    if (parts.length > 2) {
      malformed.push(item);
      continue;
    }
    const [path, alias] = parts as [string, string | undefined];
    const field = fieldByPath(path);
    if (!field) unknown.push(path);
    else items.push({ field, path, header: alias ?? path });
  }
  return { items, unknown, malformed };
}
