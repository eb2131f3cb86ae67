/**
 * Known duplicates planted into the generated passports (sandbox option `plantDuplicates`), so that a duplicate
 * finder can be measured. The accessions of each crop are shuffled (by hash) into groups of four; a group is drawn
 * with probability `rate`: its first accession is the origin, and up to three of the others, at other genebanks,
 * become copies of it (the same taxon, SAMPSTAT and country of origin) that say so in one way each:
 * - `donor`: DONORCODE + DONORNUMB = the origin's INSTCODE + ACCENUMB, the number written another way (no space,
 *   lower case, a leading zero);
 * - `othernumb`: an OTHERNUMB item `INSTCODE:ACCENUMB`;
 * - `collecting`: the origin's COLLCODE, COLLNUMB and COLLDATE (one collecting sample split between genebanks);
 * - `name`: the origin's name written otherwise (a space, a hyphen, upper case, an accent), nothing else;
 * - `name-number`: the name with a typo, and the origin's ACCENUMB in free text (`G4680 (CIAT)`) in OTHERNUMB or in
 *   DONORNUMB without DONORCODE.
 * The first three need no guessing (evidence "deterministic"), the last two are found from names and numbers
 * ("probable"). Origins get a name no other group has (a landrace name and the place it was collected at, or a line
 * designation: `nameOrigins`) and a collecting number of their own.
 * Another share `rate / 2` of groups are near misses: two accessions of different genebanks with the same common
 * landrace name ("Criollo", "Local"…) and OTHERNUMB and COLLNUMB numbers one digit apart, which are not duplicates.
 * Other fields that could match by chance (base OTHERNUMB, DONORNUMB, COLLNUMB) are cleared on planted records.
 * Table `planted_duplicate` is the truth table: one row per planted record.
 */
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { COLL_SITE_TEXT, SITES_PER_COUNTRY } from "./passports.ts";
import { lineNamePrefixSql, PLACE_WORD } from "./names.ts";
import { CROPS, DONORS } from "./reference.ts";
import { str, strList } from "./sql.ts";
import { ACCESSION_COLUMNS, accessionOf, hasTable, readTruthTable, textOrNull } from "./truth.ts";

/** Default share of groups of four drawn as duplicate groups when the option is `true`. */
export const DEFAULT_DUPLICATE_RATE = 0.02;

/** How a copy was made, and the evidence a finder needs to see it. */
export const PLANTED_DUPLICATE_KINDS = {
  donor: "deterministic",
  othernumb: "deterministic",
  collecting: "deterministic",
  name: "probable",
  "name-number": "probable",
} as const;
const KINDS = Object.keys(PLANTED_DUPLICATE_KINDS);
/** Common landrace names given to both accessions of a near miss (each on LANDRACE_STOP_WORDS). */
const LANDRACE_NAMES = ["Criollo", "Local", "Landrace", "Criolla", "Unknown", "Local variety"];
const INITIALS = ["JG", "DGD", "RMH", "AT", "MS", "PIT"];

/** Plants the duplicates into table `accession` and records them in `planted_duplicate`. */
export async function plantDuplicates(con: DuckDBConnection, rate: number): Promise<void> {
  await pickGroups(con, rate);
  await nameOrigins(con);
  await copyValues(con);
  await copySites(con);
  await createTruthTable(con);
  await applyCopies(con);
  await recordClones(con);
  await con.run("DROP TABLE dup_pick");
  await con.run("DROP TABLE dup_origin_name");
  await con.run("DROP TABLE dup_new");
  await con.run("DROP TABLE dup_site");
}

/** Table dup_pick: the accessions of each crop in groups of four, the groups drawn as duplicates or near misses. */
async function pickGroups(con: DuckDBConnection, rate: number): Promise<void> {
  const hasErrors = await hasTable(con, "planted_error");
  await con.run(`
  CREATE OR REPLACE TEMP TABLE dup_pick AS
  WITH c AS (
    SELECT id, inst_code, crop_code, row_number() OVER (PARTITION BY crop_code ORDER BY h(id, 300), id) - 1 AS rk
    FROM accession WHERE NOT historic ${hasErrors ? "AND id NOT IN (SELECT id FROM planted_error)" : ""}
  ), g AS (
    SELECT c.*, rk % 4 AS pos, first_value(id) OVER w AS gid, first_value(inst_code) OVER w AS ginst
    FROM c WINDOW w AS (PARTITION BY crop_code, rk // 4 ORDER BY rk)
  ), t AS (
    SELECT g.*, CASE WHEN u(gid, 301) < ${rate} THEN 'dup' WHEN u(gid, 301) < ${rate * 1.5} THEN 'near' END AS gtype FROM g
  ), k AS (
    -- copies: positions 1 to 1 + (0..2) at another genebank; near misses: position 1 at another genebank
    SELECT t.*, dense_rank() OVER (ORDER BY gid) AS gno FROM t
    WHERE gtype IS NOT NULL AND (pos = 0 OR (inst_code <> ginst AND pos <= CASE WHEN gtype = 'dup' THEN 1 + h(gid, 302) % 3 ELSE 1 END))
  )
  SELECT k.*, CASE WHEN pos = 0 THEN (CASE WHEN gtype = 'dup' THEN 'origin' ELSE 'near-miss' END)
      WHEN gtype = 'near' THEN 'near-miss' ELSE (${strList(KINDS)})[1 + (h(id, 303) % ${KINDS.length})::INT] END AS kind
  FROM k
  -- a group needs its first accession and one other
  WHERE gid IN (SELECT gid FROM k GROUP BY gid HAVING count(*) >= 2)`);
}

/** Table dup_new: what each planted record is given: a name, other numbers, donor and collecting numbers. */
async function copyValues(con: DuckDBConnection): Promise<void> {
  const donorCodes = strList(DONORS.map((d) => d.code));
  await con.run(`
  CREATE OR REPLACE TEMP TABLE dup_new AS
  WITH o AS (
    SELECT p.gid, p.gtype, p.gno, on_.uniq_name, a.inst_code AS o_inst, a.accession_number AS o_num, i.acronym AS o_acronym,
      a.genus, a.species, a.sp_author, a.subtaxa, a.subt_author, a.grin_id, a.taxon_name, a.grin_name, a.grin_author, a.samp_stat,
      a.orig_cty, a.orig_name, a.orig_num, a.coll_date, a.coll_site, a.latitude, a.longitude, a.coord_uncert, a.coord_datum,
      a.georef_meth, a.elevation, a.ancest, a.breeder_code, a.breeder_name,
      coalesce(a.coll_code, ${donorCodes}[1 + (h(a.id, 305) % ${DONORS.length})::INT]) AS o_coll_code,
      (${strList(INITIALS)})[1 + (h(a.id, 306) % ${INITIALS.length})::INT] AS initials
    FROM dup_pick p JOIN accession a ON a.id = p.id JOIN ref_institute i ON i.code = a.inst_code
      LEFT JOIN dup_origin_name on_ ON on_.gid = p.gid WHERE p.pos = 0
  )
  SELECT p.id, p.gid, p.kind, o.*,
    CASE WHEN p.kind = 'near-miss' THEN (${strList(LANDRACE_NAMES)})[1 + (h(p.gid, 307) % ${LANDRACE_NAMES.length})::INT]
      WHEN p.kind = 'origin' THEN o.uniq_name
      -- the name written otherwise; a one-word name is split (or hyphenated) after its fourth letter when it has eight
      -- letters or more, written in upper case when shorter
      WHEN p.kind = 'name' THEN CASE h(p.id, 304) % 4
        WHEN 0 THEN CASE WHEN contains(o.uniq_name, ' ') THEN regexp_replace(o.uniq_name, ' ', '')
          WHEN length(o.uniq_name) >= 8 THEN substr(o.uniq_name, 1, 4) || ' ' || substr(o.uniq_name, 5) ELSE upper(o.uniq_name) END
        WHEN 1 THEN CASE WHEN contains(o.uniq_name, ' ') THEN replace(o.uniq_name, ' ', '-')
          WHEN length(o.uniq_name) >= 8 THEN substr(o.uniq_name, 1, 4) || '-' || substr(o.uniq_name, 5) ELSE upper(o.uniq_name) END
        WHEN 2 THEN upper(o.uniq_name)
        ELSE CASE WHEN strip_accents(o.uniq_name) <> o.uniq_name THEN strip_accents(o.uniq_name)
          WHEN contains(o.uniq_name, 'a') THEN regexp_replace(o.uniq_name, 'a', 'á') ELSE upper(o.uniq_name) END END
      -- a typo: the second and third characters swapped (the third dropped when they are the same)
      WHEN p.kind = 'name-number' THEN substr(o.uniq_name, 1, 1) || CASE WHEN substr(o.uniq_name, 2, 1) = substr(o.uniq_name, 3, 1)
          THEN substr(o.uniq_name, 2, 1) ELSE substr(o.uniq_name, 3, 1) || substr(o.uniq_name, 2, 1) END || substr(o.uniq_name, 4)
      WHEN u(p.id, 308) < 0.5 THEN o.uniq_name END AS new_name,
    CASE WHEN p.kind = 'othernumb' THEN o.o_inst || ':' || o.o_num
      WHEN p.kind = 'name-number' AND u(p.id, 309) < 0.5 THEN o.o_num || ' (' || o.o_acronym || ')'
      WHEN p.kind = 'near-miss' THEN 'PI ' || (90000000 + 2 * o.gno + (p.id <> p.gid)::INT)::VARCHAR END AS new_other,
    CASE WHEN p.kind = 'donor' THEN o.o_inst END AS new_donor_code,
    CASE WHEN p.kind = 'donor' THEN CASE h(p.id, 310) % 3 WHEN 0 THEN replace(o.o_num, ' ', '') WHEN 1 THEN lower(o.o_num)
        ELSE regexp_replace(o.o_num, '([0-9])', '0\\1') END
      WHEN p.kind = 'name-number' AND u(p.id, 309) >= 0.5 THEN o.o_num END AS new_donor_numb,
    CASE WHEN p.kind IN ('origin', 'collecting', 'near-miss') THEN o.o_coll_code END AS new_coll_code,
    CASE WHEN p.kind IN ('origin', 'collecting') THEN o.initials || ' ' || o.gid::VARCHAR
      WHEN p.kind = 'near-miss' THEN o.initials || ' ' || (6000000 + 2 * o.gno + (p.id <> p.gid)::INT)::VARCHAR END AS new_coll_numb
  FROM dup_pick p JOIN o ON o.gid = p.gid`);
}

/** Table dup_site: the collecting site, date and breeding data each planted record keeps. */
async function copySites(con: DuckDBConnection): Promise<void> {
  // what a recipient genebank keeps of the passport it received with a copy: most of the collecting data (coordinates
  // sometimes rounded to two decimals), the pedigree and breeder of bred material; a near miss, other material from the
  // same country, was collected at a site of its own there
  await con.run(`
  CREATE OR REPLACE TEMP TABLE dup_site AS
  SELECT n.id,
    CASE WHEN n.kind = 'near-miss' THEN CASE WHEN n.coll_site IS NOT NULL OR n.latitude IS NOT NULL THEN ${COLL_SITE_TEXT} END
      WHEN n.kind = 'origin' OR u(n.id, 312) < 0.85 THEN n.coll_site END AS site,
    CASE WHEN n.kind = 'near-miss' THEN CASE WHEN n.latitude IS NOT NULL THEN round(s.lat + (u(n.id, 316) - 0.5) * 0.03, 4) END
      WHEN n.kind = 'origin' OR u(n.id, 313) < 0.85 THEN CASE WHEN u(n.id, 314) < 0.3 THEN round(n.latitude, 2) ELSE n.latitude END
      END AS lat,
    CASE WHEN n.kind = 'near-miss' THEN CASE WHEN n.latitude IS NOT NULL THEN round(s.lon + (u(n.id, 317) - 0.5) * 0.03, 4) END
      WHEN n.kind = 'origin' OR u(n.id, 313) < 0.85 THEN CASE WHEN u(n.id, 314) < 0.3 THEN round(n.longitude, 2) ELSE n.longitude END
      END AS lon,
    CASE WHEN n.kind = 'near-miss' THEN CASE WHEN n.elevation IS NOT NULL THEN (CASE WHEN s.place_elev >= 0
        THEN greatest(0, s.place_elev + floor((u(n.id, 318) - 0.5) * 120)) ELSE s.place_elev + floor((u(n.id, 318) - 0.5) * 120) END)::INT
      END
      WHEN n.kind = 'origin' OR u(n.id, 313) < 0.85 THEN n.elevation END AS elev,
    CASE WHEN n.kind = 'collecting' OR n.kind = 'origin' OR (n.kind <> 'near-miss' AND u(n.id, 315) < 0.7) THEN n.coll_date END AS cdate,
    CASE WHEN n.kind = 'near-miss' OR n.kind = 'origin' OR u(n.id, 319) < 0.85 THEN true ELSE false END AS keep_bred
  FROM dup_new n LEFT JOIN ref_site s ON n.kind = 'near-miss' AND s.code3 = n.orig_cty
    AND s.k = (h(n.id, 311) % ${SITES_PER_COUNTRY})::INT`);
}

/** Table planted_duplicate, the truth table: one row per planted record. */
async function createTruthTable(con: DuckDBConnection): Promise<void> {
  await con.run(`
  CREATE OR REPLACE TABLE planted_duplicate AS
  SELECT n.id, a.uuid, a.inst_code, a.accession_number, n.gid AS group_id,
    CASE WHEN n.kind IN ('origin', 'near-miss') THEN n.kind ELSE 'copy' END AS role, n.kind,
    CASE n.kind ${KINDS.map((k) => `WHEN '${k}' THEN '${PLANTED_DUPLICATE_KINDS[k as keyof typeof PLANTED_DUPLICATE_KINDS]}'`).join(" ")}
      ELSE 'none' END AS evidence,
    concat_ws('; ', 'ACCENAME=' || n.new_name, 'OTHERNUMB=' || n.new_other, 'DONORCODE=' || n.new_donor_code,
      'DONORNUMB=' || n.new_donor_numb, 'COLLCODE=' || n.new_coll_code, 'COLLNUMB=' || n.new_coll_numb) AS planted
  FROM dup_new n JOIN accession a ON a.id = n.id
  ORDER BY n.gid, n.id`);
}

/** Writes the planted records into table accession. */
async function applyCopies(con: DuckDBConnection): Promise<void> {
  // copies and near misses take the taxon, status and origin of the group's first accession
  await con.run(`
  CREATE OR REPLACE TABLE accession AS
  SELECT a.* REPLACE (
    coalesce(n.genus, a.genus) AS genus, coalesce(n.species, a.species) AS species,
    CASE WHEN n.id IS NULL THEN a.sp_author ELSE n.sp_author END AS sp_author,
    CASE WHEN n.id IS NULL THEN a.subtaxa ELSE n.subtaxa END AS subtaxa,
    CASE WHEN n.id IS NULL THEN a.subt_author ELSE n.subt_author END AS subt_author,
    CASE WHEN n.id IS NULL THEN a.grin_id ELSE n.grin_id END AS grin_id,
    CASE WHEN n.id IS NULL THEN a.taxon_name ELSE n.taxon_name END AS taxon_name,
    CASE WHEN n.id IS NULL THEN a.grin_name ELSE n.grin_name END AS grin_name,
    CASE WHEN n.id IS NULL THEN a.grin_author ELSE n.grin_author END AS grin_author,
    CASE WHEN n.id IS NULL THEN a.samp_stat ELSE n.samp_stat END AS samp_stat,
    CASE WHEN n.id IS NULL THEN a.orig_cty ELSE n.orig_cty END AS orig_cty,
    CASE WHEN n.id IS NULL THEN a.orig_name ELSE n.orig_name END AS orig_name,
    CASE WHEN n.id IS NULL THEN a.orig_num ELSE n.orig_num END AS orig_num,
    CASE WHEN n.id IS NULL THEN a.accession_name ELSE n.new_name END AS accession_name,
    CASE WHEN n.id IS NULL THEN a.other_numb ELSE n.new_other END AS other_numb,
    CASE WHEN n.id IS NULL OR n.kind = 'origin' THEN a.donor_code ELSE n.new_donor_code END AS donor_code,
    CASE WHEN n.id IS NULL OR n.kind = 'origin' THEN a.donor_name ELSE NULL END AS donor_name,
    CASE WHEN n.id IS NULL THEN a.donor_numb ELSE n.new_donor_numb END AS donor_numb,
    CASE WHEN n.id IS NULL THEN a.coll_code ELSE n.new_coll_code END AS coll_code,
    CASE WHEN n.id IS NULL THEN a.coll_numb ELSE n.new_coll_numb END AS coll_numb,
    CASE WHEN n.id IS NULL THEN a.coll_date ELSE d.cdate END AS coll_date,
    CASE WHEN n.id IS NULL THEN a.coll_site ELSE d.site END AS coll_site,
    CASE WHEN n.id IS NULL THEN a.latitude ELSE d.lat END AS latitude,
    CASE WHEN n.id IS NULL THEN a.longitude ELSE d.lon END AS longitude,
    CASE WHEN n.id IS NULL THEN a.elevation ELSE d.elev END AS elevation,
    CASE WHEN n.id IS NULL OR (n.kind = 'near-miss' AND d.lat IS NOT NULL) THEN a.coord_uncert
      WHEN d.lat IS NOT NULL THEN n.coord_uncert END AS coord_uncert,
    CASE WHEN n.id IS NULL OR (n.kind = 'near-miss' AND d.lat IS NOT NULL) THEN a.coord_datum
      WHEN d.lat IS NOT NULL THEN n.coord_datum END AS coord_datum,
    CASE WHEN n.id IS NULL OR (n.kind = 'near-miss' AND d.lat IS NOT NULL) THEN a.georef_meth
      WHEN d.lat IS NOT NULL THEN n.georef_meth END AS georef_meth,
    CASE WHEN n.id IS NULL OR n.kind = 'near-miss' THEN a.ancest WHEN d.keep_bred THEN n.ancest END AS ancest,
    CASE WHEN n.id IS NULL OR n.kind = 'near-miss' THEN a.breeder_code WHEN d.keep_bred THEN n.breeder_code END AS breeder_code,
    CASE WHEN n.id IS NULL OR n.kind = 'near-miss' THEN a.breeder_name WHEN d.keep_bred THEN n.breeder_name END AS breeder_name
  )
  FROM accession a LEFT JOIN dup_new n USING (id) LEFT JOIN dup_site d USING (id)
  ORDER BY a.id`);
}

/**
 * Table `dup_origin_name`: the name of each group's origin, one a genebank could hold and that no other group shares:
 * - bred material (SAMPSTAT 400-599) of a crop with a line series: its line designation (`BAT 1234`, names.ts);
 * - landraces: a landrace name of the crop in the language of the country of origin (names.ts) and the place it was
 *   collected at (its collecting site's nearest place), with the area's place word: "Cargamanto de Ipiales",
 *   "Rosecoco Kitale"; where the area has no list, and for wild material, the place alone ("Toowoomba");
 * - a name already taken within the crop, country and place gets a number ("Bayo de Pasto 2").
 * Material without a country of origin is named from the genebank's country (the name then says where it came from).
 */
async function nameOrigins(con: DuckDBConnection): Promise<void> {
  const placeWord = `CASE co.name_area ${Object.entries(PLACE_WORD).map(([a, w]) => `WHEN ${str(a)} THEN ${str(w)}`).join(" ")} END`;
  await con.run(`
  CREATE OR REPLACE TEMP TABLE dup_origin_name AS
  WITH o AS (
    SELECT p.gid, p.gno, a.id, a.crop_code, a.samp_stat, coalesce(a.orig_cty, a.inst_country) AS cty,
      ${placeWord} AS pw, CASE WHEN a.samp_stat >= 300 AND coalesce(nm.nnames, 0) > 0 THEN list_sort(list_distinct(nm.names)) END AS own,
      nullif(s.place, '') AS place
    FROM dup_pick p JOIN accession a ON a.id = p.id
      LEFT JOIN ref_country co ON co.code3 = coalesce(a.orig_cty, a.inst_country)
      -- the taxon's own names where it has a list (the AAB and ABB bananas), else the crop's: the key the passports read
      LEFT JOIN ref_name nm ON nm.area = co.name_area AND nm.crop_code = a.name_key
      LEFT JOIN ref_site s ON s.code3 = co.code3
        AND s.k = CASE WHEN a.orig_cty IS NOT NULL THEN a.site_k ELSE (h(a.id, 15) % ${SITES_PER_COUNTRY})::INT END
    WHERE p.pos = 0 AND p.gtype = 'dup'
  ), p AS (
    SELECT o.*, ${lineNamePrefixSql("cty")} AS prefix FROM o
  ), b AS (
    SELECT gid, CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND prefix IS NOT NULL THEN prefix || id::VARCHAR
      WHEN own IS NOT NULL THEN own[1 + ((h(gid, 320) % len(own)) + (row_number() OVER w - 1))::INT % len(own)]
        || coalesce(' ' || coalesce(pw || ' ', '') || place, '')
      ELSE coalesce(place, prefix || id::VARCHAR, 'Local ' || id::VARCHAR) END AS base, crop_code, cty
    FROM p WINDOW w AS (PARTITION BY crop_code, cty, place, own IS NOT NULL ORDER BY gno)
  )
  SELECT gid, base || CASE WHEN row_number() OVER w > 1 THEN ' ' || (row_number() OVER w)::VARCHAR ELSE '' END AS uniq_name
  FROM b WINDOW w AS (PARTITION BY crop_code, base ORDER BY gid)`);
}

/**
 * Adds to planted_duplicate the clones the draw made: landraces of a clonal crop (banana, cassava, potato, sweet potato,
 * yam) under one cultivar name of the crop's list and one country of origin, at one genebank or several, are one clone
 * (a named banana cultivar at ITC and IITA is the same material), so a finder that links them is right. Role and kind
 * `clone`, evidence probable, group the smallest id; planted records are left out.
 */
async function recordClones(con: DuckDBConnection): Promise<void> {
  const clonal = CROPS.filter((c) => c.clonal).map((c) => c.code);
  if (!clonal.length) return;
  // the clonal crops' (and their taxa's) own names, as ref_name holds them: a list gives its own names twice and the
  // area's descriptive words once (names.ts landraceNames)
  await con.run(`CREATE OR REPLACE TEMP TABLE dup_clone_name AS
    SELECT DISTINCT split_part(crop_code, ':', 1) AS crop_code, name
    FROM (SELECT area, crop_code, unnest(names) AS name FROM ref_name WHERE split_part(crop_code, ':', 1) IN (${
    clonal.map(str).join(", ")
  }))
    GROUP BY area, crop_code, name HAVING count(*) >= 2`);
  await con.run(`INSERT INTO planted_duplicate
    WITH c AS (
      SELECT a.id, a.uuid, a.inst_code, a.accession_number, min(a.id) OVER w AS group_id, count(*) OVER w AS n
      FROM accession a
      WHERE a.samp_stat >= 300 AND a.samp_stat < 400 AND a.orig_cty IS NOT NULL AND NOT a.historic
        AND a.id NOT IN (SELECT id FROM planted_duplicate)
        AND (a.crop_code, a.accession_name) IN (SELECT DISTINCT crop_code, name FROM dup_clone_name)
      WINDOW w AS (PARTITION BY a.crop_code, a.orig_cty, a.accession_name)
    )
    SELECT id, uuid, inst_code, accession_number, group_id, 'clone', 'clone', 'probable', '' FROM c WHERE n > 1`);
  await con.run("DROP TABLE dup_clone_name");
}

export interface PlantedDuplicate {
  id: number;
  uuid: string;
  instCode: string;
  accessionNumber: string;
  /** The group: the id of its first accession (the origin, or the first of a near miss). */
  groupId: number;
  /** clone: a named clone of a clonal crop drawn twice, at one genebank or two (not planted; the same material). */
  role: "origin" | "copy" | "near-miss" | "clone";
  /** origin, near-miss, clone, or how the copy was made (PLANTED_DUPLICATE_KINDS). */
  kind: string;
  /** What a finder needs to link the copy to its origin: deterministic, probable; none for origins and near misses. */
  evidence: "deterministic" | "probable" | "none";
  /** The fields written, e.g. `DONORCODE=COL003; DONORNUMB=g4680`. */
  planted: string;
}

/**
 * The duplicates a sandbox planted (empty when it planted none). The expected sets are the groups of role origin
 * and copy; near misses (two per group) must not be joined.
 * @example
 * ```ts
 * import { readPlantedDuplicates, startSandbox } from "genesys-notebook/sandbox";
 * const sb = await startSandbox({ accessions: 5_000, plantDuplicates: 0.05 });
 * const planted = await readPlantedDuplicates(sb.db);
 * console.log(planted.filter((p) => p.role === "copy").length, planted[0]?.kind, planted[0]?.planted);
 * await sb.close();
 * ```
 */
export async function readPlantedDuplicates(db: DuckDBInstance): Promise<PlantedDuplicate[]> {
  const rows = await readTruthTable(
    db,
    "planted_duplicate",
    `${ACCESSION_COLUMNS}, group_id, role, kind, evidence, planted`,
    "group_id, id",
  );
  return rows.map((r) => ({
    ...accessionOf(r),
    groupId: Number(r.group_id),
    role: String(r.role) as PlantedDuplicate["role"],
    kind: String(r.kind),
    evidence: String(r.evidence) as PlantedDuplicate["evidence"],
    planted: textOrNull(r.planted!) ?? "",
  }));
}

/** The share of groups the `plantDuplicates` option asks for (true: the default share). */
export function plantDups(options: { plantDuplicates?: number | boolean }): number {
  const v = options.plantDuplicates === true ? DEFAULT_DUPLICATE_RATE : Number(options.plantDuplicates || 0);
  if (!(v >= 0 && v <= 1)) throw new RangeError(`plantDuplicates must be a share from 0 to 1, got ${options.plantDuplicates}`);
  return v;
}
