/**
 * Deterministic MCPD passport generator, written as DuckDB SQL so that
 * millions of rows build in seconds inside the engine. Every random draw is
 * `hash(id, seed, k)`: the same seed and DuckDB version give the same rows.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { COLLSRC_BY_SAMPSTAT, CURATION, DONORS, REMARKS, SAMPSTAT_WILD, STORAGE_CLONAL, STORAGE_SEED } from "./reference.ts";
import { accessionNameSql, linePrefixSql } from "./names.ts";
import { createReferenceTables } from "./reference-tables.ts";
import { numberPlantIntroductions } from "./pi-numbers.ts";
import { siteData } from "./site-data.ts";
import { numList, strList, weighted } from "./sql.ts";

/** Collecting sites per country in sites.json (the same number for every country). */
export const SITES_PER_COUNTRY: number = siteData().params.sitesPerCountry;
/** Points at sea per country in sites.json. */
export const SEA_PER_COUNTRY: number = siteData().params.seaPerCountry;

/** COLLSITE from a row of ref_site (place, admin, km, dir): "12 km NE of Popayán, Cauca", or the place itself within 1 km. */
export const COLL_SITE_TEXT = `CASE WHEN km < 1 THEN place ELSE km::INT::VARCHAR || ' km ' || dir || ' of ' || place END
  || CASE WHEN admin <> '' THEN ', ' || admin ELSE '' END`;

/**
 * ACCENUMB: the genebank's prefix for the taxon or crop (AfricaRice's TOG and TOS; its `{ORIGCTY}` the country of origin,
 * else the genebank's: CIAT's cassava MCOL 1505) and the id, zero-padded to the genebank's width where it has one (CRF's NC000123).
 */
const ACCESSION_NUMBER = `replace(number_prefix, '{ORIGCTY}', coalesce(orig_cty, inst_country))
  || lpad(id::VARCHAR, greatest(number_digits, length(id::VARCHAR))::INTEGER, '0')`;

/** Random helpers as DuckDB macros; `seed` is baked in. */
export async function createRandomMacros(con: DuckDBConnection, seed: number): Promise<void> {
  const s = Math.trunc(seed);
  await con.run(`CREATE OR REPLACE MACRO h(i, k) AS hash(i * 65537 + k, ${s})`);
  await con.run(`CREATE OR REPLACE MACRO u(i, k) AS h(i, k)::DOUBLE / 18446744073709551616.0`);
  // approximately standard normal: sum of four uniforms, centred and scaled
  await con.run(`CREATE OR REPLACE MACRO znorm(i, k) AS (u(i, k) + u(i, k + 1000) + u(i, k + 2000) + u(i, k + 3000) - 2.0) * 1.732`);
  await con.run(
    `CREATE OR REPLACE MACRO uuid_hex(m) AS substr(m, 1, 8) || '-' || substr(m, 9, 4) || '-4' || substr(m, 14, 3) || '-' ||
      substr('89ab', 1 + (ascii(substr(m, 17, 1)) % 4), 1) || substr(m, 18, 3) || '-' || substr(m, 21, 12)`,
  );
  await con.run(`CREATE OR REPLACE MACRO uuid_of(x) AS uuid_hex(md5('${s}:' || x))`);
  await con.run(`CREATE OR REPLACE MACRO b32(x, k) AS substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + ((x >> (5 * k)) & 31)::INT, 1)`);
  await con.run(
    `CREATE OR REPLACE MACRO mcpd_date(y, m, d, r) AS CASE WHEN r < 0.1 THEN y::VARCHAR || '----' WHEN r < 0.25 THEN y::VARCHAR
      || lpad(m::VARCHAR, 2, '0') || '--' ELSE y::VARCHAR || lpad(m::VARCHAR, 2, '0') || lpad(d::VARCHAR, 2, '0') END`,
  );
}

/** SQL that draws one element of a literal list. (`len()` per row is slow, so the length is a literal.) */
function pickOf() {
  return (values: readonly (string | number)[], i: string, k: number): string => {
    const lit = typeof values[0] === "number" ? numList(values as number[]) : strList(values as string[]);
    return `${lit}[1 + (h(${i}, ${k}) % ${values.length})::BIGINT]`;
  };
}

/** Builds table `accession` with `n` rows: the draws (status, taxon, origin, site), then the record's columns. */
export async function generatePassports(con: DuckDBConnection, n: number, seed: number): Promise<void> {
  await createRandomMacros(con, seed);
  const { pairPick } = await createReferenceTables(con);
  const columns = [identityColumns(), siteColumns(), collectingColumns(), donorColumns(), keepingColumns()];
  await con.run(`
  CREATE OR REPLACE TABLE accession AS
  WITH ${drawSql(n, pairPick)}, ${siteJoinSql(seed)}, r AS (
    SELECT
${columns.join(",\n")}
    FROM j
  )
  -- the PDCI is scored once the passports are final, after planted errors and duplicates (pdci.ts)
  SELECT *, NULL::DOUBLE AS pdci
  FROM r
  ORDER BY id`);
  await numberPlantIntroductions(con);
}

/** CTEs p, b, o: a genebank-crop pair per id, wild or cultivated, SAMPSTAT, taxon, acquisition year and country of origin. */
function drawSql(n: number, pairPick: number[]): string {
  const pick = pickOf();
  const wildSampstat = weighted(SAMPSTAT_WILD);
  return `p AS (
    SELECT r.id, p.*, u(r.id, 2) < p.wild_share AS wild
    FROM (SELECT i AS id, ${pick(pairPick, "i", 1)} AS pidx FROM range(1, ${n + 1}) t(i)) r JOIN ref_pair p USING (pidx)
  ), b AS (
    -- wild or cultivated first (the genebank's share of wild material for the crop), then SAMPSTAT and the taxon given
    -- that status; acquisitions from the collection's first year on, more of them in its early decades. The long
    -- weighted lists stay here: carried along every row they would cost more than the draws.
    SELECT p.* EXCLUDE (samp_list, wild_taxa, cult_taxa, origins),
      CASE WHEN wild THEN ${pick(wildSampstat, "id", 5)} ELSE samp_list[1 + (h(id, 5) % nsamp)::BIGINT] END AS samp_stat,
      CASE WHEN wild THEN wild_taxa[1 + (h(id, 3) % nwild_taxa)::BIGINT] ELSE cult_taxa[1 + (h(id, 3) % ncult_taxa)::BIGINT] END AS tk,
      least(founded + floor(pow(u(id, 20), 1.4) * (2024 - founded))::INT, 2023) AS acq_year
    FROM p
  ), o AS (
    -- origin: wild and weedy material from the taxon's native countries (weighted: ref_taxon); landraces where the taxon
    -- is grown traditionally (weighted; a share, own_landraces, from the genebank's own country when it is one of those);
    -- improved material from there too (or where the crop is bred: ref_taxon.bred), a third of it from the genebank's own
    -- country (unless it breeds nothing)
    -- (a status the taxon has not, a durum hybrid: an improved cultivar, 500)
    SELECT b.* EXCLUDE (samp_stat, number_prefixes, landrace_origins), b.number_prefixes[b.tk + 1] AS number_prefix,
      CASE WHEN list_contains(tx.samp_not_used, st.s) THEN 500 ELSE st.s END AS samp_stat,
      tx.genus, tx.species, tx.sp_author, tx.subtaxa, tx.subt_author, tx.grin_id, tx.wild_collsrc, tx.nwild_collsrc,
      tx.name_key, CASE
      WHEN st.s < 300 THEN tx.native[1 + (h(b.id, 4) % tx.nnative)::BIGINT]
      WHEN st.s >= 400 AND b.own_improved AND u(b.id, 80) < 0.35 THEN b.inst_country
      WHEN st.s = 300 AND list_contains(tx.grown, b.inst_country) AND u(b.id, 80) < b.own_landraces THEN b.inst_country
      WHEN st.s >= 400 AND st.s < 600 THEN tx.bred[1 + (h(b.id, 4) % tx.nbred)::BIGINT]
      WHEN st.s >= 300 AND st.s < 400 AND len(lro) > 0 THEN lro[1 + (h(b.id, 4) % len(lro))::BIGINT]
      ELSE tx.grown[1 + (h(b.id, 4) % tx.ngrown)::BIGINT] END AS orig_pick
    FROM b JOIN ref_taxon tx ON tx.crop_code = b.crop_code AND tx.k = b.tk,
      -- the genebank's weights of its landraces' countries, of those where the taxon is grown
      LATERAL (SELECT list_filter(b.landrace_origins, x -> list_contains(tx.grown, x)) AS lro),
      -- a taxon with few cultivars (einkorn) turns most of the mix's bred draws into landraces
      LATERAL (SELECT CASE WHEN b.samp_stat >= 400 AND b.samp_stat < 600 AND u(b.id, 83) < tx.bred_as_landrace THEN 300
        ELSE b.samp_stat END AS s) st
  )`;
}

/** SQL: the index of a donor of ref_donor's row `dn` that began by `year`, drawn with key `k`; NULL when none had. */
function donorPick(year: string, k: number): string {
  const began = `list_filter(dn.donors, x -> x.y <= ${year})`;
  return `CASE WHEN len(${began}) > 0 THEN ${began}[1 + (h(o.id, ${k}) % len(${began}))::BIGINT].i END`;
}

/**
 * CTE j: the country of origin's row, the collecting site (sites.json; for wild material and landraces of a taxon with
 * a habitat, one in its elevation band and divisions: ref_habitat_site), the names of its language area and the
 * donors that give such material (ref_donor; `dk` the collector's and breeder's, `dd` the donor's, NULL when none).
 */
function siteJoinSql(seed: number): string {
  return `j AS (
    SELECT o.*,
      -- ORIGCTY left empty now and then, but not where the accession number says the country (CIAT's MCOL, MBRA)
      CASE WHEN u(o.id, 4) < 0.05 AND strpos(o.number_prefix, '{ORIGCTY}') = 0 THEN NULL ELSE co.code3 END AS orig_cty,
      co.name AS orig_name, co.code_num AS orig_num, co.towns, co.ntowns, s.lat AS site_lat, s.lon AS site_lon,
      co.name_area, co.landraces_until, nm.names, coalesce(nm.nnames, 0) AS nnames,
      s.place, s.admin, s.km, s.dir, s.place_elev, s.k AS site_k, hs.elev_lo, hs.elev_hi,
      -- bred material (400-599) has a breeder, not a collecting site, coordinates or date (MCPD 2.1)
      (o.samp_stat < 400 OR (o.samp_stat >= 600 AND u(o.id, 3) < 0.2)) AS collected,
      u(o.id, 12) < CASE WHEN o.samp_stat < 400 THEN 0.7 WHEN o.samp_stat < 600 THEN 0 ELSE 0.15 END AS georef,
      -- a collector or breeder that existed when the sample was collected (1-3 years before acquisition), a donor that
      -- existed when it was given
      ${donorPick("o.acq_year - 3", 30)} AS dk,
      ${donorPick("o.acq_year", 48)} AS dd,
      (o.id * 2654435761 + ${seed}) % 33554432 AS dx
    FROM o
    JOIN ref_country co ON co.code3 = o.orig_pick
    LEFT JOIN ref_habitat_site hs ON o.samp_stat < 400 AND hs.crop_code = o.crop_code AND hs.k = o.tk
      AND hs.wild = (o.samp_stat < 300) AND hs.code3 = co.code3
    JOIN ref_site s ON s.code3 = co.code3
      AND s.k = coalesce(hs.sites[1 + (h(o.id, 15) % hs.n)::BIGINT], (h(o.id, 15) % ${SITES_PER_COUNTRY})::INT)
    LEFT JOIN ref_name nm ON nm.area = co.name_area AND nm.crop_code = o.name_key
    JOIN ref_donor dn ON dn.code3 = co.code3 AND dn.wild = (o.samp_stat < 300) AND dn.crop_code = o.crop_code
  )`;
}

/** Identifiers, names, taxon, status and acquisition date. */
function identityColumns(): string {
  const pick = pickOf();
  const curation = weighted(CURATION);
  return `      id,
      uuid_of(id) AS uuid,
      CASE WHEN u(id, 7) < 0.8 THEN '10.18730/' || b32(dx, 4) || b32(dx, 3) || b32(dx, 2) || b32(dx, 1) || b32(dx, 0)
        -- GLIS's check symbol: the suffix's value modulo 37 (src/quality/doi.ts)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U', 1 + (dx % 37)::INT, 1) END AS doi,
      inst_code, inst_id, inst_name, inst_acronym, inst_country,
      ${ACCESSION_NUMBER} AS accession_number,
      -- names by kind of material, crop and language of the country of origin (names.ts)
      ${accessionNameSql()} AS accession_name,
      u(id, 6) < 0.03 AS historic,
      ${pick(curation, "id", 14)} AS curation_type,
      genus, species, sp_author,
      CASE WHEN subtaxa IS NOT NULL THEN subtaxa END AS subtaxa, subt_author,
      grin_id, genus || ' ' || species || coalesce(' ' || subtaxa, '') AS taxon_name,
      -- the key of its landrace names in ref_name (the taxon's own list or its crop's): what duplicates.ts joins by
      name_key,
      -- GRIN-Global's name of the taxon the id is for: a subspecies' with its rank and authority
      genus || ' ' || species || CASE WHEN subtaxa IS NULL THEN ' ' || sp_author ELSE ' ' || subtaxa || ' ' || subt_author END
        AS grin_name, coalesce(CASE WHEN subtaxa IS NOT NULL THEN subt_author END, sp_author) AS grin_author,
      crop_name, crop_code, samp_stat,
      CASE WHEN u(id, 21) < 0.85 THEN mcpd_date(acq_year, 1 + floor(u(id, 22) * 12)::INT, 1 + floor(u(id, 23) * 28)::INT, u(id,
        24)) END AS acq_date,
      -- the acquisition year (not served: USDA PI numbers follow it, pi-numbers.ts)
      acq_year,
      -- the collecting year: one to three years before acquisition, or for a share of a genebank built from older
      -- collections (institutes.json collectedFrom) any year from then on; a landrace of a country whose landraces were
      -- gone by a year (countries.json landracesUntil) in the 30 years before it, acquired whenever
      CASE WHEN u(id, 97) < collected_from_share THEN collected_from + floor(u(id, 98) * (acq_year - collected_from))::INT
        ELSE acq_year - 1 - floor(u(id, 34) * 3)::INT END AS coll_year0,
      CASE WHEN samp_stat >= 300 AND samp_stat < 400 AND landraces_until IS NOT NULL
        THEN least(coll_year0, landraces_until - floor(u(id, 91) * 30)::INT) ELSE coll_year0 END AS coll_year`;
}

/** Country of origin, collecting site, coordinates and elevation. */
function siteColumns(): string {
  const pick = pickOf();
  // georeferenced by GPS: a quarter of the records with a method, acquired from 1992 on (collected a year to three before)
  const GPS = `(h(id, 29) % 4 = 0 AND acq_year >= 1992 AND coll_year >= 1989)`;
  return `      orig_cty, orig_name, orig_num,
      -- the GeoNames place nearest the site (sites.json): "12 km NE of Popayán, Cauca", or the place itself within 1 km
      CASE WHEN collected AND u(id, 25) < 0.75 THEN ${COLL_SITE_TEXT} END AS coll_site,
      CASE WHEN georef AND orig_cty IS NOT NULL THEN round(site_lat + (u(id, 16) - 0.5) * 0.03, 4) END AS latitude,
      CASE WHEN georef AND orig_cty IS NOT NULL THEN round(site_lon + (u(id, 72) - 0.5) * 0.03, 4) END AS longitude,
      -- a GPS reading (hand-held receivers from the 1990s on) is good to 100 m; a map or gazetteer to kilometres. (Not below
      -- 60 m: coordinates are given to 4 decimals, one in ten ends in a 0 that is not written, and 3 decimals are +-56 m.)
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 17) < 0.6 THEN CASE WHEN ${GPS} THEN ${pick([60, 80, 100], "id", 18)} ELSE ${
    pick([100, 500, 1000, 2000, 5000, 10000], "id", 18)
  } END END AS coord_uncert,
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 19) < 0.7 THEN 'WGS84' END AS coord_datum,
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 28) < 0.5 THEN CASE WHEN ${GPS} THEN 'GPS' ELSE ${
    pick(["determined from gazetteer", "estimated", "determined from map"], "id", 29)
  } END END AS georef_meth,
      -- the elevation of the nearest place (GeoNames; below sea level by the Dead Sea), give or take 60 m
      -- never below the sea where the place is not, nor below the place where it is (the Caspian's shore at -28 m), and
      -- within the habitat's band
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 31) < 0.8 THEN least(coalesce(elev_hi, 9000), greatest(
        CASE WHEN place_elev >= 0 THEN greatest(0, coalesce(elev_lo, 0)) ELSE greatest(place_elev, coalesce(elev_lo, -500)) END,
        place_elev + floor((u(id, 32) - 0.5) * 120)))::INT
        END AS elevation`;
}

/** The donors' codes, names and number prefixes as SQL lists (data/donors.json). */
function donorLists(): { donorCodes: string; donorNames: string; donorPrefixes: string } {
  return {
    donorCodes: strList(DONORS.map((d) => d.code)),
    donorNames: strList(DONORS.map((d) => d.name)),
    donorPrefixes: strList(DONORS.map((d) => d.numberPrefix)),
  };
}

/** Collecting date, source, number, institute and mission. */
function collectingColumns(): string {
  const pick = pickOf();
  const { donorCodes, donorNames } = donorLists();
  // COLLSRC given SAMPSTAT (reference.ts): one CASE branch per SAMPSTAT range
  // (wild material of a taxon whose ecology narrows them: its own codes, ref_taxon.wild_collsrc)
  const collsrc = `WHEN samp_stat < 200 AND nwild_collsrc > 0 THEN wild_collsrc[1 + (h(id, 39) % nwild_collsrc)::BIGINT] ` +
    COLLSRC_BY_SAMPSTAT.map(({ below, codes }) => `WHEN samp_stat < ${below} THEN ${pick(weighted(codes), "id", 39)}`).join(" ");
  // a collecting institute that existed then: drawn for the acquisition's years, so none for an older collection
  const recent = "coll_year >= acq_year - 3";
  return `      CASE WHEN collected AND u(id, 33) < 0.7 THEN mcpd_date(coll_year, 1 + floor(u(id, 35) * 12)::INT, 1 + floor(u(id, 36) *
        28)::INT, u(id, 37)) END AS coll_date,
      CASE WHEN u(id, 38) < 0.85 THEN CASE ${collsrc} END END AS coll_src,
      -- a collector's running number: one sample, one number (the id keeps them apart)
      CASE WHEN collected AND u(id, 40) < 0.5 THEN ${pick(["JG", "DGD", "RMH", "AT", "MS", "PIT"], "id", 41)} || ' ' || id::VARCHAR
        END AS coll_numb,
      CASE WHEN collected AND u(id, 42) < 0.3 AND ${recent} THEN ${donorCodes}[dk] || CASE WHEN u(id, 43) < 0.2 THEN ';' ||
        inst_code ELSE '' END END AS coll_code,
      CASE WHEN collected AND u(id, 42) < 0.3 AND ${recent} THEN ${donorNames}[dk] END AS coll_name,
      CASE WHEN collected AND u(id, 42) >= 0.3 AND u(id, 44) < 0.05 THEN towns[1 + (h(id, 45) % ntowns)::BIGINT] || ', ' ||
        orig_name END AS coll_inst_address,
      CASE WHEN collected AND u(id, 46) < 0.1 AND ${recent} THEN inst_acronym || ' ' || orig_cty || ' mission ' ||
        (acq_year - 1)::VARCHAR END
        AS coll_miss_id`;
}

/** Donor, other numbers, breeder and pedigree. */
function donorColumns(): string {
  const { donorCodes, donorNames, donorPrefixes } = donorLists();
  return `      CASE WHEN u(id, 47) < 0.4 THEN ${donorCodes}[dd] END AS donor_code,
      CASE WHEN u(id, 47) < 0.4 THEN ${donorNames}[dd] END AS donor_name,
      -- the donor's own accession number for the sample (its prefix, and a number no other sample of it has)
      CASE WHEN u(id, 47) < 0.4 AND u(id, 49) < 0.75 THEN ${donorPrefixes}[dd] || id::VARCHAR
        END AS donor_numb,
      -- other numbers of the same sample: a USDA PI number and a crop collection's number, neither shared with another sample
      -- (the PI numbers follow the acquisition year, pi-numbers.ts; none is another sandbox accession's ACCENUMB)
      CASE WHEN u(id, 50) < 0.3 THEN 'PI ' || id::VARCHAR || CASE WHEN u(id, 51) < 0.3 THEN ';' ||
        upper(substr(crop_code, 1, 3)) || '-' || id::VARCHAR ELSE '' END END AS other_numb,
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 52) < 0.6 THEN ${donorCodes}[dk] END AS breeder_code,
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 52) < 0.6 THEN ${donorNames}[dk] END AS breeder_name,
      -- a pedigree of two or three of the programme's lines
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 53) < 0.5 THEN ${linePrefixSql()} || (1 + h(id, 54) % 999)::VARCHAR || '/'
        || ${linePrefixSql()} || (1 + h(id, 55) % 999)::VARCHAR || CASE WHEN u(id, 56) < 0.3 THEN '//' || ${linePrefixSql()}
        || (1 + h(id, 57) % 999)::VARCHAR ELSE '' END END AS ancest`;
}

/** Safety duplication, storage, MLS, URL, remarks and the record's instants and flags. */
function keepingColumns(): string {
  const pick = pickOf();
  // a tab and a line break in two of them, as real REMARKS have; seed remarks only on seed, a farmer's store only on landraces
  const any = [...REMARKS.any, "Note:\tsee field book", "Two forms present;\nseparated in 2003"];
  const seed = [...any, ...REMARKS.seed, 'Seed coat "speckled" type'];
  const subsets = Array.from({ length: 6 }, (_, k) => `uuid_of('subset-${k}')`);
  return `      -- clonal crops' cultivated material lives in vitro, in the field or in liquid nitrogen, duplicated as such; their
      -- wild relatives, and every other crop, as seed
      nullif(CASE WHEN clonal AND samp_stat >= 300 THEN dupl_clonal[1 + (h(id, 58) % ndupl_clonal)::BIGINT]
        ELSE dupl_seed[1 + (h(id, 58) % ndupl_seed)::BIGINT] END, '') AS dupl_site,
      CASE WHEN clonal AND samp_stat >= 300 THEN ${pick(weighted(STORAGE_CLONAL), "id", 59)} ELSE ${
    pick(weighted(STORAGE_SEED), "id", 59)
  } END AS storage,
      -- in the Treaty's Multilateral System: Annex I crops, by the genebank's share (the CGIAR's under Article 15)
      u(id, 60) < mls_share AS mls_status,
      CASE WHEN u(id, 61) < 0.2 THEN inst_url || '/accession/' || replace(${ACCESSION_NUMBER}, ' ', '%20') END AS acce_url,
      CASE WHEN u(id, 62) < 0.15 THEN CASE WHEN clonal AND samp_stat >= 300 THEN ${pick(any, "id", 63)}
        WHEN samp_stat >= 300 AND samp_stat < 400 AND collected THEN ${pick([...seed, ...REMARKS.landrace], "id", 63)}
        ELSE ${pick(seed, "id", 63)} END END AS remarks,
      CASE WHEN u(id, 64) < 0.1 THEN 'DP-' || lpad((id % 100000)::VARCHAR, 6, '0') END AS data_provider_id,
      TIMESTAMP '2014-01-01' + to_seconds((u(id, 65) * 86400 * 365 * 4)::BIGINT) AS created_date,
      TIMESTAMP '2018-01-01' + to_seconds((u(id, 66) * 86400 * 365 * 8)::BIGINT) AS last_modified,
      NOT (u(id, 6) < 0.03) AND u(id, 67) < 0.8 AS available,
      u(id, 68) < 0.1 AS genotyped,
      CASE WHEN u(id, 69) < 0.05 THEN ([${subsets.join(", ")}])[1 + (h(id, 70) % 6)::INT] END AS subset_uuid,
      -- the collecting site's index in sites.json (not served: planted errors and duplicates read the site again)
      site_k`;
}
