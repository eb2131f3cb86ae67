/**
 * Known errors planted into the generated passports (sandbox option `plantErrors`), so that a data-quality check
 * can be measured: each non-historic accession is drawn with probability `rate`, and a drawn accession gets one
 * error of a kind drawn uniformly from PLANTED_KINDS, when its fields allow that kind (a coordinate error needs
 * coordinates, a date error an ACQDATE...); otherwise it stays as it was. Table `planted_error` records every
 * planted error: accession id, UUID, INSTCODE, ACCENUMB (as served), kind, the rule expected to find it, field,
 * and the value before and after.
 */
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { SEA_PER_COUNTRY, SITES_PER_COUNTRY } from "./passports.ts";
import { RULES } from "../../quality/rules.ts";
import { COUNTRIES } from "./reference.ts";
import { readData } from "./data.ts";
import { ACCESSION_COLUMNS, accessionOf, readTruthTable, textOrNull } from "./truth.ts";

/** Rules a planted coordinate error may rightly trigger besides its own: any coordinate rule. */
const COORD_RULES = RULES.filter((r) => r.id.startsWith("coord-")).map((r) => r.id);

export interface PlantedKind {
  kind: string;
  /** The rule of checkPassports() expected to report it. */
  rule: string;
  field: string;
  /** Rules whose findings on an accession with this error are right: the expected rule and, for coordinates, every coordinate rule. */
  accepts: string[];
  description: string;
}

/** The kinds of planted error, in the order of their draw (data/planted-kinds.json). */
export const PLANTED_KINDS: readonly PlantedKind[] = readData("planted-kinds.json").kinds.map((x) => ({
  ...x,
  accepts: x.rule.startsWith("coord-") ? COORD_RULES : [x.rule],
}));

/** Default share of accessions drawn for planting when the option is `true`. */
export const DEFAULT_PLANT_RATE = 0.02;

/** Plants the errors into table `accession` and records them in `planted_error`. */
export async function plantErrors(con: DuckDBConnection, rate: number): Promise<void> {
  // per drawn accession: the new value of every field a kind may change (NULL where unchanged) and what was planted
  await con.run(`
  CREATE OR REPLACE TEMP TABLE plant AS
  WITH ${drawnSql(rate)}, ${coordsSql()}, ${valuesSql()}
  SELECT * FROM q
  WHERE coords IS NOT NULL OR new_acq IS NOT NULL OR new_coll IS NOT NULL OR new_sampstat IS NOT NULL OR new_collsrc IS NOT NULL
    OR new_storage IS NOT NULL OR new_cty IS NOT NULL OR new_number IS NOT NULL OR new_doi IS NOT NULL OR new_species IS NOT NULL`);
  await createTruthTable(con);
  await applyPlanted(con);
  await con.run("DROP TABLE plant");
}

/** The index of a kind in PLANTED_KINDS (the draw). */
function kind(name: string): number {
  const i = PLANTED_KINDS.findIndex((x) => x.kind === name);
  if (i < 0) throw new Error(`sandbox generator: data/planted-kinds.json lacks kind ${name}, which planted.ts plants`);
  return i;
}

/** CTEs d, o: the accessions drawn, each with its kind, its site's slip flags, another country's site and a point at sea. */
function drawnSql(rate: number): string {
  const K = PLANTED_KINDS.length;
  const N = COUNTRIES.length;
  return `d AS (
    SELECT a.*, (h(a.id, 91) % ${K})::INT AS kind_no, s.flags, co.cidx, co.cen_lat, co.cen_lon, co.cen_ok,
      lag(a.accession_number) OVER (PARTITION BY a.inst_code ORDER BY a.id) AS prev_number,
      lag(a.id) OVER (PARTITION BY a.inst_code ORDER BY a.id) AS prev_id,
      lag(a.doi) OVER (PARTITION BY a.inst_code ORDER BY a.id) AS prev_doi,
      u(a.id, 90) < ${rate} AS drawn
    FROM accession a
    LEFT JOIN ref_country co ON co.code3 = a.orig_cty
    LEFT JOIN ref_site s ON s.code3 = a.orig_cty AND s.k = a.site_k
    WHERE NOT a.historic
  ), o AS (
    SELECT d.*, oc.code3 AS other_cty, oc.cen_lat AS other_lat, oc.cen_lon AS other_lon, os.lat AS other_site_lat, os.lon AS other_site_lon,
      sea.lat AS sea_lat, sea.lon AS sea_lon,
      (SELECT min(t.species) FROM ref_taxon t WHERE t.crop_code = d.crop_code AND t.species <> d.species) AS alt_species
    FROM d
    LEFT JOIN ref_country oc ON oc.cidx = (coalesce(d.cidx, 0) + 1 + h(d.id, 92) % ${N - 1}) % ${N}
    LEFT JOIN ref_site os ON os.code3 = oc.code3 AND os.k = (h(d.id, 93) % ${SITES_PER_COUNTRY})::INT
    LEFT JOIN ref_sea sea ON sea.code3 = d.orig_cty AND sea.k = (h(d.id, 94) % ${SEA_PER_COUNTRY})::INT
    WHERE d.drawn
  )`;
}

/** CTE p: the coordinates a coordinate error writes (NULL where the kind is another, or the record does not allow it). */
function coordsSql(): string {
  return `p AS (
    SELECT o.*, CASE
      WHEN kind_no = ${kind("swapped")} AND latitude IS NOT NULL AND flags & 1 = 1 THEN [longitude, latitude]
      WHEN kind_no = ${kind("sign-lat")} AND latitude IS NOT NULL AND flags & 2 = 2 THEN [-latitude, longitude]
      WHEN kind_no = ${kind("sign-lon")} AND latitude IS NOT NULL AND flags & 4 = 4 THEN [latitude, -longitude]
      WHEN kind_no = ${kind("sea")} AND latitude IS NOT NULL AND sea_lat IS NOT NULL THEN [sea_lat, sea_lon]
      WHEN kind_no = ${kind("zero")} AND latitude IS NOT NULL THEN [0.0, 0.0]::DOUBLE[]
      WHEN kind_no = ${kind("country")} AND latitude IS NOT NULL AND abs(other_lat - cen_lat) + abs(other_lon - cen_lon) > 15
        THEN [round(other_site_lat + (u(id, 16) - 0.5) * 0.03, 4), round(other_site_lon + (u(id, 72) - 0.5) * 0.03, 4)]
      WHEN kind_no = ${kind("centroid")} AND latitude IS NOT NULL AND cen_ok THEN [round(cen_lat, 4), round(cen_lon, 4)]
      WHEN kind_no = ${kind("equal")} AND latitude IS NOT NULL THEN [latitude, latitude]
      WHEN kind_no = ${kind("rounded")} AND latitude IS NOT NULL THEN [round(latitude, 0), round(longitude, 0)]
      WHEN kind_no = ${kind("precision")} AND latitude IS NOT NULL THEN [round(latitude, 1), round(longitude, 1)]
      END AS coords
    FROM o
  )`;
}

/** CTE q: the new value of every other field a kind may change. */
function valuesSql(): string {
  return `q AS (
    SELECT p.*,
      CASE WHEN kind_no IN (${kind("rounded")}, ${kind("precision")}) AND coords IS NOT NULL THEN 100 END AS new_uncert,
      CASE WHEN acq_date IS NOT NULL THEN CASE
        WHEN kind_no = ${kind("date-invalid")} THEN substr(acq_date, 1, 4) || (['1315', '0230', '0931'])[1 + (h(id, 95) % 3)::INT]
        WHEN kind_no = ${kind("date-future")} THEN (2030 + h(id, 95) % 50)::VARCHAR || substr(acq_date, 5) END END AS new_acq,
      CASE WHEN kind_no = ${kind("date-order")} AND acq_date IS NOT NULL
        THEN (substr(acq_date, 1, 4)::INT + 1 + h(id, 95) % 2)::VARCHAR || '0615' END AS new_coll,
      CASE WHEN kind_no = ${kind("sampstat")} THEN ([150, 250, 350, 450])[1 + (h(id, 95) % 4)::INT] END AS new_sampstat,
      CASE WHEN kind_no = ${kind("collsrc")} THEN ([17, 35, 45, 98])[1 + (h(id, 95) % 4)::INT]
        WHEN kind_no = ${kind("sampstat-collsrc")} AND samp_stat BETWEEN 400 AND 600 THEN 10
        WHEN kind_no = ${kind("sampstat-collsrc")} AND samp_stat IN (100, 110, 120) THEN 50 END AS new_collsrc,
      CASE WHEN kind_no = ${kind("storage")} THEN (['14', '13;70', '21', '15'])[1 + (h(id, 95) % 4)::INT] END AS new_storage,
      CASE WHEN kind_no = ${kind("country-former")} THEN CASE
        WHEN orig_cty IN ('RUS', 'UKR', 'ARM', 'GEO', 'AZE', 'UZB', 'KAZ') THEN 'SUN' WHEN orig_cty = 'DEU' THEN 'DDR' END
        WHEN kind_no = ${kind("country-unknown")} AND orig_cty IS NOT NULL THEN (['XXX', 'URS', 'EUR'])[1 + (h(id, 95) % 3)::INT]
        END AS new_cty,
      CASE WHEN kind_no = ${kind("duplicate")} AND prev_number IS NOT NULL THEN prev_number END AS new_number,
      CASE WHEN doi IS NOT NULL THEN CASE
        WHEN kind_no = ${kind("doi-malformed")} THEN replace(doi, '10.18730/', '10.18730 ')
        WHEN kind_no = ${kind("doi-url")} THEN 'https://doi.org/' || doi
        WHEN kind_no = ${kind("doi-list")} AND prev_doi IS NOT NULL THEN doi || ';' || prev_doi
        WHEN kind_no = ${kind("doi-check")} THEN substr(doi, 1, length(doi) - 1) || CASE WHEN right(doi, 1) = '0' THEN '1' ELSE '0' END
        END END AS new_doi,
      CASE WHEN kind_no = ${kind("taxon")} THEN alt_species END AS new_species
    FROM p
  )`;
}

/** Table planted_error, the truth table: one row per planted error, and the accession whose number was copied. */
async function createTruthTable(con: DuckDBConnection): Promise<void> {
  const lit = (x: string) => `'${x.replaceAll("'", "''")}'`;
  const names = `[${PLANTED_KINDS.map((x) => lit(x.kind)).join(", ")}]`;
  const rules = `[${PLANTED_KINDS.map((x) => lit(x.rule)).join(", ")}]`;
  const fields = `[${PLANTED_KINDS.map((x) => lit(x.field)).join(", ")}]`;
  await con.run(`
  CREATE OR REPLACE TABLE planted_error AS
  SELECT id, uuid, inst_code, coalesce(new_number, accession_number) AS accession_number,
    ${names}[kind_no + 1] AS kind, ${rules}[kind_no + 1] AS rule, ${fields}[kind_no + 1] AS field,
    CASE
      WHEN coords IS NOT NULL THEN latitude::VARCHAR || ', ' || longitude::VARCHAR || coalesce(' ±' || coord_uncert::VARCHAR || ' m', '')
      WHEN new_acq IS NOT NULL THEN acq_date WHEN new_coll IS NOT NULL THEN coll_date WHEN new_sampstat IS NOT NULL THEN samp_stat::VARCHAR
      WHEN new_collsrc IS NOT NULL THEN coll_src::VARCHAR WHEN new_storage IS NOT NULL THEN storage WHEN new_cty IS NOT NULL THEN orig_cty
      WHEN new_number IS NOT NULL THEN accession_number WHEN new_doi IS NOT NULL THEN doi ELSE species END AS original,
    CASE
      WHEN coords IS NOT NULL THEN coords[1]::VARCHAR || ', ' || coords[2]::VARCHAR ||
        coalesce(' ±' || coalesce(new_uncert, coord_uncert)::VARCHAR || ' m', '')
      ELSE coalesce(new_acq, new_coll, new_sampstat::VARCHAR, new_collsrc::VARCHAR, new_storage, new_cty, new_number, new_doi,
        new_species) END
      AS planted
  FROM plant
  UNION ALL
  -- the accession whose number was copied holds the duplicate too
  SELECT a.id, a.uuid, a.inst_code, a.accession_number, 'duplicate', 'accenumb-duplicate', 'ACCENUMB', a.accession_number,
    a.accession_number
  FROM plant p JOIN accession a ON a.id = p.prev_id WHERE p.new_number IS NOT NULL
  ORDER BY id`);
}

/** Writes the planted values into table accession. */
async function applyPlanted(con: DuckDBConnection): Promise<void> {
  await con.run(`
  CREATE OR REPLACE TABLE accession AS
  SELECT a.* REPLACE (
    CASE WHEN p.coords IS NULL THEN a.latitude ELSE p.coords[1] END AS latitude,
    CASE WHEN p.coords IS NULL THEN a.longitude ELSE p.coords[2] END AS longitude,
    coalesce(p.new_uncert, a.coord_uncert) AS coord_uncert,
    coalesce(p.new_acq, a.acq_date) AS acq_date,
    coalesce(p.new_coll, a.coll_date) AS coll_date,
    coalesce(p.new_sampstat, a.samp_stat) AS samp_stat,
    coalesce(p.new_collsrc, a.coll_src) AS coll_src,
    coalesce(p.new_storage, a.storage) AS storage,
    coalesce(p.new_cty, a.orig_cty) AS orig_cty,
    coalesce(p.new_number, a.accession_number) AS accession_number,
    coalesce(p.new_doi, a.doi) AS doi,
    coalesce(p.new_species, a.species) AS species
  )
  FROM accession a LEFT JOIN plant p USING (id)
  ORDER BY a.id`);
}

export interface PlantedError {
  id: number;
  uuid: string;
  instCode: string;
  accessionNumber: string;
  kind: string;
  rule: string;
  field: string;
  original: string | null;
  planted: string | null;
}

/**
 * The errors a sandbox planted (empty when it planted none).
 * @example
 * ```ts
 * import { readPlantedErrors, startSandbox } from "genesys-notebook/sandbox";
 * const sb = await startSandbox({ accessions: 5_000, plantErrors: 0.05 });
 * const planted = await readPlantedErrors(sb.db);
 * console.log(planted.length, planted[0]?.kind, planted[0]?.original, "->", planted[0]?.planted);
 * await sb.close();
 * ```
 */
export async function readPlantedErrors(db: DuckDBInstance): Promise<PlantedError[]> {
  const rows = await readTruthTable(
    db,
    "planted_error",
    `${ACCESSION_COLUMNS}, kind, rule, field, original, planted`,
    "id, kind",
  );
  return rows.map((r) => ({
    ...accessionOf(r),
    kind: String(r.kind),
    rule: String(r.rule),
    field: String(r.field),
    original: textOrNull(r.original!),
    planted: textOrNull(r.planted!),
  }));
}

export interface RuleScore {
  rule: string;
  /** Findings of the rule, and those on an accession with a planted error the rule may rightly report. */
  findings: number;
  truePositives: number;
  precision: number;
  /** Planted errors that this rule is expected to find, and how many of them it found. */
  planted: number;
  found: number;
  recall: number;
}

/**
 * Precision and recall of a check against the planted errors. A finding (UUID, rule) is right when its accession has
 * a planted error whose kind accepts the rule (PLANTED_KINDS); a planted error is found when its accession has a
 * finding of the kind's expected rule. Findings on accessions without a planted error are false positives.
 * @example
 * ```ts
 * import { checkPassports, Genesys } from "genesys-notebook";
 * import { readPlantedErrors, scoreFindings, startSandbox } from "genesys-notebook/sandbox";
 * const sb = await startSandbox({ accessions: 5_000, plantErrors: 0.05 });
 * const g = new Genesys({ baseUrl: sb.url, token: sb.token });
 * const { findings } = checkPassports(await g.passports({}));
 * const found = findings.select("UUID", "rule").toRecords() as { UUID: string; rule: string }[];
 * const scores = scoreFindings(found, await readPlantedErrors(sb.db));
 * console.table(scores);
 * await g.close();
 * await sb.close();
 * ```
 */
export function scoreFindings(findings: { UUID: string; rule: string }[], planted: PlantedError[]): RuleScore[] {
  const kinds = new Map(PLANTED_KINDS.map((k) => [k.kind, k]));
  const byUuid = new Map<string, PlantedError[]>();
  for (const p of planted) byUuid.set(p.uuid, [...(byUuid.get(p.uuid) ?? []), p]);
  const found = new Set(findings.map((f) => `${f.UUID} ${f.rule}`));
  const rules = [...new Set([...findings.map((f) => f.rule), ...PLANTED_KINDS.map((k) => k.rule)])];
  return rules.map((rule) => {
    const hits = findings.filter((f) => f.rule === rule);
    const tp = hits.filter((f) => (byUuid.get(f.UUID) ?? []).some((p) => kinds.get(p.kind)?.accepts.includes(rule))).length;
    const expected = planted.filter((p) => p.rule === rule);
    const got = expected.filter((p) => found.has(`${p.uuid} ${rule}`)).length;
    return {
      rule,
      findings: hits.length,
      truePositives: tp,
      precision: hits.length ? tp / hits.length : NaN,
      planted: expected.length,
      found: got,
      recall: expected.length ? got / expected.length : NaN,
    };
  });
}
