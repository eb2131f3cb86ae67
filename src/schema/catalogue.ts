/**
 * Shapes of the catalogue look-ups. The evidence is thinner than
 * for the six workflow endpoints, so each schema takes the forms a server may
 * plausibly send (an envelope or the bare value) and keeps unknown fields.
 */
import { z } from "zod";
import { AccessionDTO, pageOf } from "./responses.ts";

/** POST /vocabulary/wiews/decode: {code: name} (Genolink), or [{code, fullName}]. */
export const InstituteNames = z.union([
  z.record(z.string(), z.string().nullable()),
  z.array(z.looseObject({ code: z.string(), fullName: z.string().nullish(), name: z.string().nullish() }))
    .transform((a) => Object.fromEntries(a.map((i) => [i.code, i.fullName ?? i.name ?? null]))),
]);

const Count = z.number().int().nonnegative();
const Term = z.looseObject({ term: z.union([z.string(), z.number(), z.boolean()]).nullable(), count: Count });
/**
 * One field's counts, in either naming:
 * - `{terms, total, other, missing}`: an Elasticsearch-style terms aggregation, as clients of the live service read it;
 *   `total` counts the values found (the terms shown plus `other`), `missing` the accessions without one.
 * - `{terms, otherCount, missingCount, totalCount}`: `totalCount` counts every accession, those without a value included.
 * Both normalise to `{terms, other?, missing?, total?, totalCount?}`; unknown fields are kept.
 */
const FieldCounts = z.looseObject({
  terms: z.array(Term),
  total: Count.optional(),
  other: Count.optional(),
  missing: Count.optional(),
  totalCount: Count.optional(),
  otherCount: Count.optional(),
  missingCount: Count.optional(),
}).transform((c) => ({
  terms: c.terms,
  other: c.other ?? c.otherCount,
  missing: c.missing ?? c.missingCount,
  total: c.total,
  totalCount: c.totalCount,
}));
export type FieldCounts = z.output<typeof FieldCounts>;
/**
 * POST /acn/overview, in any of three shapes:
 * - `{filterCode, accessionCount, overview: {field: {terms: [{term, count}], total, other, missing}}, suggestions}`;
 * - `{filterCode, totalElements, overview: {field: {terms, otherCount, missingCount, totalCount}}}`;
 * - a bare field map `{field: {terms, …}}`.
 * Unknown fields (suggestions…) are tolerated.
 */
export const Overview = z.preprocess(
  (v) =>
    v && typeof v === "object" && !Array.isArray(v) && !("overview" in v)
      ? { overview: Object.fromEntries(Object.entries(v).filter(([, x]) => x && typeof x === "object" && "terms" in (x as object))), ...v }
      : v,
  z.looseObject({
    filterCode: z.string().optional(),
    accessionCount: Count.optional(),
    totalElements: Count.optional(),
    overview: z.record(z.string(), FieldCounts),
  }),
);
export type Overview = z.infer<typeof Overview>;

/** GET /acn/details/{uuid}: {details: AccessionDTO} (CIAT), or the AccessionDTO itself. */
export const AccessionDetails = z.preprocess(
  (v) => (v && typeof v === "object" && "details" in v ? (v as { details: unknown }).details : v),
  AccessionDTO,
);

export const Subset = z.looseObject({
  uuid: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  institute: z.looseObject({ code: z.string().nullish(), fullName: z.string().nullish() }).nullish(),
  crops: z.array(z.string()).nullish(),
  accessionCount: z.number().nullish(),
});
export const SubsetPage = pageOf(Subset);

/** GET /me/profile: at least one of the identifying fields. */
export const Profile = z.looseObject({
  uuid: z.string().nullish(),
  email: z.string().nullish(),
  fullName: z.string().nullish(),
  roles: z.array(z.string()).nullish(),
}).refine((p) => !!(p.uuid || p.email || p.fullName), { message: "a profile names its user (uuid, email or fullName)" });
export type Profile = z.infer<typeof Profile>;
