/**
 * The passport data-quality rules, one entry each: id, the MCPD field it reports on, severity, the BDQ tests it
 * implements, and the check itself (CoordinateCleaner's model: one small function per test, composed by one runner,
 * `checkPassports()` in check.ts). A new rule is one entry here. The runner, not the rules, counts the rows each rule
 * could test: those where every field in `needs` is present. docs/quality.md describes what each can and cannot detect.
 *
 * Check kinds:
 * - `point`: one collecting site (point.ts), in table order; a rule marked `exclusive` ends the row's chain when it
 *   fires, so a site gets at most one of the location rules;
 * - `value`: one value of one of `fields`, run on the distinct values only and joined back to the rows;
 * - `tuple`: the values of all `fields` together (distinct combinations), reported on the first;
 * - `expr`: a polars condition over the frame;
 * - `frame`: a function of the whole frame (duplicates, outliers).
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr } from "nodejs-polars";
import { COLLSRC_LABELS, MLSSTAT_LABELS, STORAGE_LABELS } from "../mcpd/code-lists.ts";
import { COUNTRY_NAMES, FORMER_COUNTRY_NAMES } from "../mcpd/countries.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { BDQ, type BdqTest } from "./bdq.ts";
import { checkDoi, type DoiVerdict } from "./doi.ts";
import { certainlyAfter, mcpdDate } from "./mcpd-date.ts";
import { type OutlierOptions, outliers } from "./outliers.ts";
import { fmt, type Point } from "./point.ts";
import { sampstatCollsrcConflict } from "./sampstat-collsrc.ts";

export type Severity = "error" | "warning";

/** What a check found: the message (BDQ's comment), the value shown, and a suggestion where one is clear. */
export interface Hit {
  message: string;
  value?: string;
  suggestion?: string;
  /** Suggested coordinates (latitude, longitude). */
  to?: [number, number];
}

export interface FrameContext {
  /** Rows (0-based) that a location rule flagged. */
  located: Set<number>;
  options: OutlierOptions;
}

/** What every check may read: the day of the check as a YYYYMMDD number. */
export interface RunContext {
  today: number;
}

export type Check =
  | { kind: "point"; exclusive: boolean; test: (p: Point) => Hit | undefined }
  | { kind: "value"; test: (v: string, field: string, ctx: RunContext) => Hit | undefined }
  | { kind: "tuple"; test: (v: string[]) => Hit | undefined }
  | { kind: "expr"; when: (field: string) => Expr; message: (field: string) => string }
  | { kind: "frame"; run: (df: DataFrame, ctx: FrameContext) => DataFrame };

export interface Rule {
  id: string;
  /** The fields it tests (a `value` or `expr` rule tests each; other kinds all together). */
  fields: readonly string[];
  /** Fields a row needs for the rule to test it (BDQ: otherwise INTERNAL_PREREQUISITES_NOT_MET). */
  needs: readonly string[];
  severity: Severity;
  /** The BDQ tests it implements (the first is reported with each finding). */
  bdq: readonly BdqTest[];
  description: string;
  check: Check;
}

const LAT = "DECLATITUDE", LON = "DECLONGITUDE", COORDS = [LAT, LON] as const;
const rule = (
  id: string,
  fields: readonly string[],
  severity: Severity,
  bdq: readonly BdqTest[],
  description: string,
  check: Check,
  needs: readonly string[] = fields,
): Rule => ({ id, fields, needs, severity, bdq, description, check });

// --- coordinates (one collecting site) ---------------------------------------------------------------------------

const where = (p: Point) => fmt(p.lat, p.lon);
const point = (exclusive: boolean, test: (p: Point) => Hit | undefined): Check => ({ kind: "point", exclusive, test });

/** A slip of the given kind undone: the one transform that lands in ORIGCTY, or a note that several do. */
function slip(kind: "swap" | "sign") {
  return (p: Point): Hit | undefined => {
    const s = p.slips;
    if (!s.length || s[0]!.kind !== kind) return undefined;
    if (s.length > 1) {
      return {
        message: `${s.length} corrections put the point in ${p.code} (${
          s.map((x) => `${x.what}: ${fmt(x.lat, x.lon)}`).join("; ")
        }); none is suggested`,
        value: where(p),
      };
    }
    const { what, lat, lon } = s[0]!;
    return { message: `${what}: the corrected point lies in ${p.code}`, value: where(p), suggestion: fmt(lat, lon), to: [lat, lon] };
  };
}

/** Decimal places of a coordinate as written (0 to 7). */
function decimals(v: number): number {
  let x = Math.abs(v);
  for (let d = 0; d < 7; d++) {
    if (Math.abs(x - Math.round(x)) < 1e-6) return d;
    x *= 10;
  }
  return 7;
}
const M_PER_DEG_LAT = 110_574;

// --- codes -------------------------------------------------------------------------------------------------------

const numeric = (m: ReadonlyMap<number, string>) => (v: string) => /^\s*\d+(\.0+)?\s*$/.test(v) && m.has(Number(v));
const CODE_LISTS: Record<string, (v: string) => boolean> = {
  SAMPSTAT: numeric(SAMPSTAT_LABELS),
  COLLSRC: numeric(COLLSRC_LABELS),
  STORAGE: (v) => v.split(";").every((x) => numeric(STORAGE_LABELS)(x)),
  MLSSTAT: (v) => MLSSTAT_LABELS.has(v.trim().toLowerCase()),
};
const country = (v: string) => v.trim().toUpperCase();

// --- DOIs: the four DOI rules share one verdict per value (the runner asks them in turn for the same value) -------

let lastDoi: [string, DoiVerdict] | undefined;
function doiVerdict(v: string): DoiVerdict {
  if (lastDoi?.[0] !== v) lastDoi = [v, checkDoi(v)];
  return lastDoi[1];
}
const doi = (kind: DoiVerdict["kind"]): Check => ({
  kind: "value",
  test: (v) => {
    const d = doiVerdict(v);
    if (d.kind !== kind || d.kind === "ok") return undefined;
    return { message: d.message, suggestion: d.kind === "url" ? d.bare : d.kind === "malformed" ? d.suggestion : undefined };
  },
});

/** Every rule, in the order the summary lists them and the point rules run. */
export const RULES: readonly Rule[] = [
  rule(
    "coord-zero",
    COORDS,
    "error",
    [BDQ.zero],
    "latitude and longitude are both exactly 0",
    point(true, (p) => (p.lat === 0 && p.lon === 0 ? { message: "latitude and longitude are 0/0 (a missing georeference)" } : undefined)),
  ),
  rule(
    "coord-lat-range",
    [LAT],
    "error",
    [BDQ.latitudeRange],
    "latitude beyond ±90",
    { kind: "expr", when: (f) => pl.col(f).cast(pl.Float64).abs().gt(90), message: () => "latitude beyond ±90" },
  ),
  rule(
    "coord-lon-range",
    [LON],
    "error",
    [BDQ.longitudeRange],
    "longitude beyond ±180",
    { kind: "expr", when: (f) => pl.col(f).cast(pl.Float64).abs().gt(180), message: () => "longitude beyond ±180" },
  ),
  rule(
    "coord-equal",
    COORDS,
    "warning",
    [],
    "latitude equals longitude",
    point(false, (p) => (p.inRange && p.lat === p.lon ? { message: "latitude equals longitude" } : undefined)),
  ),
  rule(
    "coord-rounded",
    COORDS,
    "warning",
    [],
    "both coordinates are whole degrees",
    point(
      false,
      (p) =>
        p.inRange && decimals(p.lat) === 0 && decimals(p.lon) === 0
          ? { message: "both coordinates are whole degrees (up to 78 km off)" }
          : undefined,
    ),
  ),
  rule(
    "coord-precision",
    ["COORDUNCERT"],
    "warning",
    [],
    "the coordinates' decimals are coarser than COORDUNCERT claims",
    point(false, (p) => {
      const d = Math.max(decimals(p.lat), decimals(p.lon));
      if (!p.inRange || d === 0 || !Number.isFinite(p.uncertainty)) return undefined;
      // half a unit in the last decimal place, in metres of latitude
      const resolution = (M_PER_DEG_LAT * 10 ** -d) / 2;
      if (resolution <= p.uncertainty) return undefined;
      return {
        message: `coordinates given to ${d} decimal${d > 1 ? "s" : ""} (±${
          Math.round(resolution)
        } m) but COORDUNCERT says ${p.uncertainty} m`,
        value: String(p.uncertainty),
      };
    }),
    [...COORDS, "COORDUNCERT"],
  ),
  rule(
    "coord-swapped",
    COORDS,
    "error",
    [BDQ.transposed, BDQ.countryConsistent],
    "latitude and longitude swapped: the swapped pair lies in ORIGCTY",
    point(true, slip("swap")),
    [...COORDS, "ORIGCTY"],
  ),
  rule(
    "coord-sign",
    COORDS,
    "error",
    [BDQ.transposed, BDQ.countryConsistent],
    "a lost or extra minus sign: the point with a sign changed lies in ORIGCTY",
    point(true, slip("sign")),
    [...COORDS, "ORIGCTY"],
  ),
  rule(
    "coord-centroid",
    COORDS,
    "warning",
    [BDQ.centreOfCountry],
    "the point is at a centre of ORIGCTY (a georeference from the country alone)",
    point(false, (p) => {
      const c = p.inOrigin ? p.centre : undefined;
      return c ? { message: `the point is ${Math.round(c.meters)} m from a centre of ${p.code} (${c.name})` } : undefined;
    }),
    [...COORDS, "ORIGCTY"],
  ),
  rule(
    "coord-sea",
    COORDS,
    "error",
    [BDQ.terrestrialMarine],
    "the point is at sea, farther than the tolerance from any land",
    point(
      true,
      (p) =>
        p.inRange && !p.inOrigin && p.at < 0 && !p.nearLand
          ? { message: `the point is at sea, more than ${Math.round(p.tolerance)} m from land` }
          : undefined,
    ),
  ),
  rule(
    "coord-country",
    COORDS,
    "error",
    [BDQ.countryConsistent],
    "the point is outside the land of ORIGCTY, beyond the tolerance",
    point(true, (p) => {
      if (p.country < 0 || !p.inRange || p.inOrigin) return undefined;
      if (p.at >= 0) return { message: `the point is in ${p.land.codes[p.at]}, not in ${p.code}` };
      return { message: `the point is off a coast, not within ${Math.round(p.tolerance)} m of ${p.code}` };
    }),
    [...COORDS, "ORIGCTY"],
  ),
  rule(
    "coord-outlier",
    COORDS,
    "warning",
    [],
    "farther than the outlier distance from every other accession of the same taxon",
    { kind: "frame", run: (df, ctx) => outliers(df, ctx.located, ctx.options) },
    [...COORDS, "GENUS", "SPECIES"],
  ),
  rule(
    "date-invalid",
    ["ACQDATE", "COLLDATE"],
    "error",
    [BDQ.dayInRange, BDQ.monthStandard],
    "not a valid MCPD date (YYYYMMDD, -- or 00 for an unknown month or day)",
    {
      kind: "value",
      test: (v, f) => {
        const d = mcpdDate(v);
        return d.ok ? undefined : { message: `${f} is not a valid MCPD date: ${d.reason}` };
      },
    },
  ),
  rule(
    "date-future",
    ["ACQDATE", "COLLDATE"],
    "error",
    [BDQ.yearInRange],
    "a date after the day of the check, at the date's precision",
    {
      kind: "value",
      test: (v, f, ctx) => (mcpdDate(v).earliest > ctx.today ? { message: `${f} is after the day of the check` } : undefined),
    },
  ),
  rule(
    "date-order",
    ["COLLDATE", "ACQDATE"],
    "error",
    [],
    "the collecting date is after the acquisition date, at the precision both dates have",
    {
      kind: "tuple",
      test: ([coll, acq]) =>
        certainlyAfter(mcpdDate(coll!), mcpdDate(acq!))
          ? { message: "COLLDATE is after ACQDATE: material cannot be acquired before it was collected", value: `${coll} > ${acq}` }
          : undefined,
    },
  ),
  rule(
    "code-invalid",
    ["SAMPSTAT", "COLLSRC", "STORAGE", "MLSSTAT"],
    "error",
    [],
    "a code outside the MCPD v2.1 list of the field",
    { kind: "value", test: (v, f) => (CODE_LISTS[f]!(v) ? undefined : { message: `${f} is not a code of the MCPD v2.1 list` }) },
  ),
  rule(
    "sampstat-collsrc",
    ["SAMPSTAT", "COLLSRC"],
    "warning",
    [],
    "SAMPSTAT and COLLSRC cannot both be right (bred material from a wild habitat, wild material from a seed company)",
    {
      kind: "tuple",
      test: ([s, c]) => {
        const why = sampstatCollsrcConflict(Number(s), Number(c));
        return why ? { message: why, value: `SAMPSTAT ${Number(s)}, COLLSRC ${Number(c)}` } : undefined;
      },
    },
  ),
  rule(
    "country-unknown",
    ["ORIGCTY"],
    "warning",
    [BDQ.countryCode],
    "not an ISO 3166-1 alpha-3 code, nor a former code MCPD accepts",
    {
      kind: "value",
      test: (v) =>
        COUNTRY_NAMES.has(country(v)) || FORMER_COUNTRY_NAMES.has(country(v))
          ? undefined
          : { message: "not an ISO 3166-1 alpha-3 country code" },
    },
  ),
  rule(
    "country-former",
    ["ORIGCTY"],
    "warning",
    [],
    "an ISO 3166-3 code of a former country (allowed for material collected before it changed)",
    {
      kind: "value",
      test: (v) =>
        FORMER_COUNTRY_NAMES.has(country(v))
          ? { message: "a former country (ISO 3166-3); right only for material collected before it changed" }
          : undefined,
    },
  ),
  rule(
    "accenumb-duplicate",
    ["ACCENUMB"],
    "error",
    [],
    "the accession number occurs more than once in the institute",
    { kind: "frame", run: (df) => duplicates(df) },
    ["INSTCODE", "ACCENUMB"],
  ),
  rule("doi-url", ["DOI"], "warning", [], "a DOI written as a URL or with a 'doi:' prefix; MCPD wants the bare DOI", doi("url")),
  rule("doi-list", ["DOI"], "error", [], "more than one DOI in the field (MCPD: the one DOI of the accession)", doi("list")),
  rule("doi-malformed", ["DOI"], "error", [], "not a DOI (DOI Handbook: 10.<registrant>/<suffix>)", doi("malformed")),
  rule("doi-check", ["DOI"], "error", [], "a 10.18730 (GLIS) DOI whose check symbol is wrong", doi("check")),
  rule(
    "taxon-grin",
    ["GENUS", "SPECIES", "GRIN_NAME"],
    "warning",
    [],
    "GENUS and SPECIES differ from the GRIN taxon name",
    {
      kind: "tuple",
      test: ([g, s, n]) => {
        const words = n!.trim().split(/\s+/).filter((w) => w !== "×" && w.toLowerCase() !== "x");
        if (words[0]?.toLowerCase() === g!.trim().toLowerCase() && words[1]?.toLowerCase() === s!.trim().toLowerCase()) return undefined;
        return { message: `GENUS SPECIES differ from GRIN_NAME '${n}'`, value: `${g} ${s}`, suggestion: words.slice(0, 2).join(" ") };
      },
    },
  ),
];

export const RULE_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((x) => [x.id, x]));

/** Value and expression rules test each of their fields on its own; the other kinds need all of `needs`. */
export const perField = (r: Rule): boolean => r.check.kind === "value" || r.check.kind === "expr";

/**
 * Whether a row (or a frame, by its columns) meets a rule's prerequisites: every field in `needs` present, or for a rule
 * that tests each field on its own, any of them (BDQ: otherwise INTERNAL_PREREQUISITES_NOT_MET).
 */
export function meetsNeeds(r: Rule, present: (field: string) => boolean): boolean {
  return perField(r) ? r.fields.some(present) : r.needs.every(present);
}

/** Every row of an institute's accession number that occurs more than once. */
function duplicates(df: DataFrame): DataFrame {
  const base = df.withRowIndex("row").select(
    "row",
    pl.col("INSTCODE").cast(pl.Utf8).alias("i"),
    pl.col("ACCENUMB").cast(pl.Utf8).alias("a"),
  ).filter(pl.col("a").isNotNull());
  return base.withColumns(pl.len().over("i", "a").alias("n")).filter(pl.col("n").gt(1)).select(
    pl.col("row").cast(pl.UInt32),
    pl.concatString([pl.lit("ACCENUMB occurs "), pl.col("n").cast(pl.Utf8), pl.lit(" times in "), pl.col("i")], "").alias("message"),
    pl.col("a").alias("value"),
  );
}
