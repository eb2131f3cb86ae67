/**
 * The passport data-quality rules `checkPassports()` applies: id, the MCPD
 * field it concerns, severity, and what it means. docs/quality.md describes
 * what each can and cannot detect.
 */

export type Severity = "error" | "warning";

export interface Rule {
  id: string;
  field: string;
  severity: Severity;
  description: string;
}

const r = (id: string, field: string, severity: Severity, description: string): Rule => ({ id, field, severity, description });

/** Every rule, in the order the summary lists them. */
export const RULES: readonly Rule[] = [
  r("coord-zero", "DECLATITUDE, DECLONGITUDE", "error", "latitude and longitude are both exactly 0"),
  r("coord-range", "DECLATITUDE, DECLONGITUDE", "error", "latitude beyond ±90 or longitude beyond ±180"),
  r("coord-swapped", "DECLATITUDE, DECLONGITUDE", "error", "latitude and longitude swapped: the swapped pair lies in ORIGCTY"),
  r("coord-sign", "DECLATITUDE, DECLONGITUDE", "error", "a lost or extra minus sign: the point with a sign changed lies in ORIGCTY"),
  r("coord-sea", "DECLATITUDE, DECLONGITUDE", "error", "the point is at sea, farther than the tolerance from any land"),
  r("coord-country", "DECLATITUDE, DECLONGITUDE", "error", "the point is outside the land of ORIGCTY, beyond the tolerance"),
  r(
    "coord-centroid",
    "DECLATITUDE, DECLONGITUDE",
    "warning",
    "the point is at the centroid of ORIGCTY (a georeference from the country alone)",
  ),
  r("coord-equal", "DECLATITUDE, DECLONGITUDE", "warning", "latitude equals longitude"),
  r("coord-rounded", "DECLATITUDE, DECLONGITUDE", "warning", "both coordinates are whole degrees"),
  r("coord-precision", "COORDUNCERT", "warning", "the coordinates' decimals are coarser than COORDUNCERT claims"),
  r(
    "coord-outlier",
    "DECLATITUDE, DECLONGITUDE",
    "warning",
    "farther than the outlier distance from every other accession of the same taxon",
  ),
  r("date-invalid", "ACQDATE, COLLDATE", "error", "not a valid MCPD date (YYYYMMDD, -- or 00 for an unknown month or day)"),
  r("date-future", "ACQDATE, COLLDATE", "error", "a date after the day of the check"),
  r("date-order", "COLLDATE", "error", "the collecting date is after the acquisition date, at the precision both dates have"),
  r("code-invalid", "SAMPSTAT, COLLSRC, STORAGE, MLSSTAT", "error", "a code outside the MCPD v2.1 list of the field"),
  r("country-unknown", "ORIGCTY", "warning", "not an ISO 3166-1 alpha-3 code, nor a former code MCPD accepts"),
  r("country-former", "ORIGCTY", "warning", "an ISO 3166-3 code of a former country (allowed for material collected before it changed)"),
  r("accenumb-duplicate", "ACCENUMB", "error", "the accession number occurs more than once in the institute"),
  r("doi-url", "DOI", "warning", "a DOI written as a URL or with a 'doi:' prefix; MCPD wants the bare DOI"),
  r("doi-list", "DOI", "error", "more than one DOI in the field (MCPD: the one DOI of the accession)"),
  r("doi-malformed", "DOI", "error", "not a DOI (DOI Handbook: 10.<registrant>/<suffix>)"),
  r("doi-check", "DOI", "error", "a 10.18730 (GLIS) DOI whose check symbol is wrong"),
  r("taxon-grin", "GENUS, SPECIES", "warning", "GENUS and SPECIES differ from the GRIN taxon name"),
];

export const RULE_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((x) => [x.id, x]));
