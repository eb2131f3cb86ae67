/**
 * zod schemas for every Genesys API v2 response the client reads: the single
 * source of truth for response shapes; the TypeScript types are inferred.
 * Objects are "loose": unknown extra fields pass (the real service has more),
 * but every field the toolkit reads is type-checked.
 */
import { z } from "zod";
import { UUID_RE } from "./uuid.ts";

const str = z.string().nullish();
const numN = z.number().nullish();
const bool = z.boolean().nullish();

/** Spring page envelope, fields at top level. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    content: z.array(item),
    totalElements: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative().optional(),
    number: z.number().int().nonnegative().optional(),
    size: z.number().int().optional(),
    numberOfElements: z.number().int().optional(),
    last: z.boolean().optional(),
    filterCode: z.string().optional(),
  });

export const AccessionDTO = z.looseObject({
  id: z.number().int().optional(),
  uuid: z.string(),
  doi: str,
  instituteCode: z.string(),
  accessionNumber: z.string(),
  accessionName: str,
  genus: str,
  historic: bool,
  curationType: str,
  cropName: str,
  crop: z.looseObject({ shortName: str, name: str }).nullish(),
  taxonomy: z.looseObject({
    genus: str,
    species: str,
    spAuthor: str,
    subtaxa: str,
    subtAuthor: str,
    taxonName: str,
    genusSpecies: str,
    currentTaxonomySpecies: z.looseObject({ id: numN, name: str, nameAuthority: str }).nullish(),
  }).nullish(),
  sampStat: numN,
  acquisitionDate: str,
  origCty: str,
  countryOfOrigin: z.looseObject({ code3: str, name: str, codeNum: numN }).nullish(),
  institute: z.looseObject({ id: numN, code: str, fullName: str, acronym: str }).nullish(),
  coll: z.looseObject({
    collSite: str,
    collDate: str,
    collSrc: numN,
    collNumb: str,
    collCode: str,
    collName: str,
    collInstAddress: str,
    collMissId: str,
  }).nullish(),
  geo: z.looseObject({ latitude: numN, longitude: numN, elevation: numN, uncertainty: numN, datum: str, method: str, referenced: bool })
    .nullish(),
  donorCode: str,
  donorName: str,
  donorNumb: str,
  breederCode: str,
  breederName: str,
  ancest: str,
  duplSite: str,
  storage: z.union([z.array(z.number()), z.number(), z.string()]).nullish(),
  mlsStatus: bool,
  available: bool,
  acceUrl: str,
  remarks: z.union([z.array(z.looseObject({ remark: str })), z.string()]).nullish(),
  aliases: z.array(z.looseObject({ name: z.string().nullable(), aliasType: str })).nullish(),
  pdci: z.looseObject({ score: numN }).nullish(),
  lastModifiedDate: str,
});
export type AccessionDTO = z.infer<typeof AccessionDTO>;
export const AccessionPage = pageOf(AccessionDTO).extend({
  suggestions: z.record(
    z.string(),
    z.looseObject({ terms: z.array(z.looseObject({ term: z.union([z.string(), z.number()]), count: z.number() })) }),
  ).optional(),
});
export type AccessionPage = z.infer<typeof AccessionPage>;

export const DatasetUuids = z.array(z.uuid());

export const Datatable = z.looseObject({
  id: z.union([z.string(), z.number().transform(String)]),
  version: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).nullish(),
  key: z.uuid(),
  title: z.string(),
  collection: z.string(),
  columns: z.record(z.string(), z.looseObject({})),
});
export type Datatable = z.infer<typeof Datatable>;
export const DatatableList = z.array(Datatable);

export const ObservationValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
/** One row of /dataset/data: accession keys plus `<descriptor uuid>: [values…]`. */
export const ObservationRow = z.looseObject({
  accession: z.string(),
  accessionNumber: str,
  doi: str,
  instituteCode: str,
}).superRefine((row, ctx) => {
  for (const [k, v] of Object.entries(row)) {
    if (!UUID_RE.test(k)) continue;
    const values = Array.isArray(v) ? v : [v];
    for (let i = 0; i < values.length; i++) {
      // ObservationValue, checked inline: this runs for every value of every row
      const x = values[i], t = typeof x;
      if (!(x === null || t === "number" || t === "string" || t === "boolean")) {
        ctx.addIssue({
          code: "custom",
          path: [k, i],
          message: `expected a number, string, boolean or null observation, got ${JSON.stringify(x)}`,
        });
      }
    }
  }
});
export type ObservationRow = z.infer<typeof ObservationRow>;
export const ObservationPage = pageOf(ObservationRow);

export const DATA_TYPES = ["NUMERIC", "SCALE", "CODED", "BOOLEAN", "TEXT", "DATE"] as const;
/**
 * Descriptor data types the client types columns by; any other string passes through and is read as TEXT (see descriptorList's
 * diagnostics).
 */
export const DataType = z.string();
// deno-lint-ignore ban-types -- `string & {}` keeps the known names in editor completion while any string is accepted
export type DataType = (typeof DATA_TYPES)[number] | (string & {});
/** A text field that some servers send as an array (e.g. translations): the first non-empty string is kept. */
const textish = z.union([
  z.string(),
  z.array(z.string().nullable()).transform((a) => a.find((x) => x) ?? null),
  z.number().transform(String),
]).nullish();
export const Term = z.looseObject({ code: z.union([z.string(), z.number()]).transform(String), title: textish, description: textish });
export const Descriptor = z.looseObject({
  uuid: z.uuid(),
  title: z.union([z.string(), z.array(z.string().nullable()).transform((a) => a.find((x) => x) ?? "")]),
  columnName: str,
  dataType: DataType,
  category: str,
  uom: textish,
  crop: textish,
  minValue: numN,
  maxValue: numN,
  integerOnly: bool,
  description: textish,
  terms: z.array(Term).nullish(),
});
export type Descriptor = z.infer<typeof Descriptor>;
/**
 * The notes' decision: a page envelope; a bare array is accepted too (read
 * as a one-page envelope, so a bad field is reported at its real path).
 */
export const DescriptorResponse = z.preprocess(
  (v) => (Array.isArray(v) ? { content: v, totalElements: v.length, last: true } : v),
  pageOf(Descriptor),
);

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
});

export const ErrorBody = z.looseObject({
  error: z.string().optional(),
  localizedError: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});
