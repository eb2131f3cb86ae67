/**
 * Deterministic MCPD passport generator, written as DuckDB SQL so that
 * millions of rows build in seconds inside the engine. Every random draw is
 * `hash(id, seed, k)`: the same seed and DuckDB version give the same rows.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import {
  COLLSRC_BY_SAMPSTAT,
  COUNTRIES,
  CROPS,
  CURATION,
  DEFAULT_WILD_SHARE,
  DONORS,
  INSTITUTES,
  REMARKS,
  SAMPSTAT_CULTIVATED,
  SAMPSTAT_WILD,
  STORAGE_CLONAL,
  STORAGE_SEED,
  type Taxon,
} from "./reference.ts";
import { accessionNameSql, linePrefixSql, NAME_AREA, refNameRows } from "./names.ts";
import { siteData } from "./site-data.ts";
import { num, numList, str, strList, valuesTable, weighted } from "./sql.ts";

/** Collecting sites per country in sites.json (the same number for every country). */
export const SITES_PER_COUNTRY: number = siteData().params.sitesPerCountry;
/** Points at sea per country in sites.json. */
export const SEA_PER_COUNTRY: number = siteData().params.seaPerCountry;

/** COLLSITE from a row of ref_site (place, admin, km, dir): "12 km NE of Popayán, Cauca", or the place itself within 1 km. */
export const COLL_SITE_TEXT = `CASE WHEN km < 1 THEN place ELSE km::INT::VARCHAR || ' km ' || dir || ' of ' || place END
  || CASE WHEN admin <> '' THEN ', ' || admin ELSE '' END`;

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

async function createReferenceTables(con: DuckDBConnection): Promise<{ pairPick: number[] }> {
  const SITES = siteData().countries;
  const here = (codes: readonly string[]) => codes.filter((c) => c in SITES);
  /** Taxon indices of a crop, each repeated by its share, for one status (wild or cultivated). */
  const taxaOf = (taxa: Taxon[], wild: boolean) =>
    taxa.flatMap((tx, k) => ((wild ? tx.wild && here(tx.wild).length : tx.cultivated) ? Array(Math.round(tx.share)).fill(k) : []));
  const pairs: string[][] = [];
  const pairPick: number[] = [];
  let pidx = 0;
  for (const inst of INSTITUTES) {
    for (const [rank, cropCode] of inst.crops.entries()) {
      const crop = CROPS.find((c) => c.code === cropCode)!;
      const wildTaxa = taxaOf(crop.taxa, true);
      const cultTaxa = taxaOf(crop.taxa, false);
      const sampstat = weighted(inst.sampstat ?? SAMPSTAT_CULTIVATED);
      pairs.push([
        num(pidx),
        str(inst.code),
        num(inst.id),
        str(inst.name),
        str(inst.acronym),
        str(inst.country),
        str(inst.url),
        str(crop.code),
        str(crop.name),
        str(inst.numberPrefix[crop.code] ?? inst.numberPrefix.default),
        strList(here(crop.origins)),
        num(here(crop.origins).length),
        // improved material partly from the genebank's own country
        String(inst.country in SITES),
        num(inst.foundedCrop?.[crop.code] ?? inst.founded),
        num(wildTaxa.length ? (inst.wildShare?.[crop.code] ?? DEFAULT_WILD_SHARE) : 0),
        numList(wildTaxa.length ? wildTaxa : [0]),
        num(wildTaxa.length || 1),
        numList(cultTaxa),
        num(cultTaxa.length),
        numList(sampstat),
        num(sampstat.length),
        String(crop.clonal === true),
        strList(inst.duplSeed),
        num(inst.duplSeed.length),
        strList(inst.duplClonal ?? [""]),
        num((inst.duplClonal ?? [""]).length),
      ]);
      // the first crop of a genebank is its largest collection
      const weight = Math.max(1, 6 - rank * 2);
      for (let k = 0; k < weight; k++) pairPick.push(pidx);
      pidx++;
    }
  }
  await con.run(
    valuesTable("ref_pair", [
      "pidx",
      "inst_code",
      "inst_id",
      "inst_name",
      "inst_acronym",
      "inst_country",
      "inst_url",
      "crop_code",
      "crop_name",
      "number_prefix",
      "origins",
      "norigins",
      "own_improved",
      "founded",
      "wild_share",
      "wild_taxa",
      "nwild_taxa",
      "cult_taxa",
      "ncult_taxa",
      "samp_list",
      "nsamp",
      "clonal",
      "dupl_seed",
      "ndupl_seed",
      "dupl_clonal",
      "ndupl_clonal",
    ], pairs),
  );
  await con.run(
    valuesTable(
      "ref_taxon",
      ["crop_code", "k", "genus", "species", "sp_author", "subtaxa", "subt_author", "grin_id", "native", "nnative", "grown", "ngrown"],
      CROPS.flatMap((c) =>
        c.taxa.map((t, k) => {
          const native = here(t.wild ?? []);
          const grown = here(t.grown ?? c.origins);
          return [str(c.code), num(k), str(t.genus), str(t.species), str(t.spAuthor), str(t.subtaxa), str(t.subtAuthor), num(t.grinId)]
            .concat([strList(native.length ? native : [""]), num(native.length || 1), strList(grown), num(grown.length)]);
        })
      ),
    ),
  );
  await con.run(
    valuesTable(
      "ref_country",
      ["cidx", "code3", "code_num", "name", "name_area", "towns", "ntowns", "cen_lat", "cen_lon", "cen_ok"],
      COUNTRIES.map((c, i) => [
        num(i),
        str(c.code3),
        num(c.codeNum),
        str(c.name),
        str(NAME_AREA[c.code3] ?? ""),
        strList(c.towns),
        num(c.towns.length),
        num(SITES[c.code3]!.centroid[0]),
        num(SITES[c.code3]!.centroid[1]),
        String(SITES[c.code3]!.centroidOnLand),
      ]),
    ),
  );
  // collecting sites on each country's land (sites.json): code3, k, lat, lon, slip flags, and the GeoNames place nearest.
  // One string per country, split in SQL: a VALUES list of 15,000 rows takes DuckDB a minute to plan.
  const US = "\u001f", RS = "\u001e";
  const siteText = (c: string) =>
    SITES[c]!.sites.map(([lat, lon, flags, place, km, dir]) => {
      const [name, admin, , , elev] = SITES[c]!.places[place]!;
      return [lat, lon, flags, name, admin, km, dir, elev].join(US);
    }).join(RS);
  const field = (i: number, type: string) => `split_part(site, '${US}', ${i})${type === "VARCHAR" ? "" : `::${type}`}`;
  await con.run(
    `CREATE OR REPLACE TABLE ref_site AS SELECT code3, (k - 1)::INT AS k, ${field(1, "DOUBLE")} AS lat, ${field(2, "DOUBLE")} AS lon,
       ${field(3, "INT")} AS flags, ${field(4, "VARCHAR")} AS place, ${field(5, "VARCHAR")} AS admin, ${field(6, "DOUBLE")} AS km,
       ${field(7, "VARCHAR")} AS dir, ${field(8, "DOUBLE")} AS place_elev
     FROM (SELECT code3, unnest(string_split(sites, '${RS}')) AS site, generate_subscripts(string_split(sites, '${RS}'), 1) AS k
       FROM (VALUES ${COUNTRIES.map((c) => `(${str(c.code3)}, ${str(siteText(c.code3))})`).join(", ")}) t(code3, sites))`,
  );
  // points at sea near each country (sites.json): code3, k, lat, lon
  await con.run(
    `CREATE OR REPLACE TABLE ref_sea AS SELECT code3, (k - 1)::INT AS k, split_part(p, ',', 1)::DOUBLE AS lat,
       split_part(p, ',', 2)::DOUBLE AS lon
     FROM (SELECT code3, unnest(string_split(sea, ';')) AS p, generate_subscripts(string_split(sea, ';'), 1) AS k
       FROM (VALUES ${
      COUNTRIES.map((c) => `(${str(c.code3)}, ${str(SITES[c.code3]!.sea.map((x) => x.join(",")).join(";"))})`).join(", ")
    }) t(code3, sea))`,
  );
  await con.run(valuesTable("ref_name", ["area", "crop_code", "names", "nnames"], refNameRows(CROPS.map((c) => c.code))));
  await con.run(
    valuesTable(
      "ref_institute",
      ["code", "id", "name", "acronym", "country", "url"],
      INSTITUTES.map((i) => [str(i.code), num(i.id), str(i.name), str(i.acronym), str(i.country), str(i.url)]),
    ),
  );
  return { pairPick };
}

/** SQL that draws one element of a literal list. (`len()` per row is slow, so the length is a literal.) */
function pickOf() {
  return (values: readonly (string | number)[], i: string, k: number): string => {
    const lit = typeof values[0] === "number" ? numList(values as number[]) : strList(values as string[]);
    return `${lit}[1 + (h(${i}, ${k}) % ${values.length})::BIGINT]`;
  };
}

/** Builds table `accession` with `n` rows. */
export async function generatePassports(con: DuckDBConnection, n: number, seed: number): Promise<void> {
  await createRandomMacros(con, seed);
  const { pairPick } = await createReferenceTables(con);
  const pick = pickOf();
  const wildSampstat = weighted(SAMPSTAT_WILD);
  // COLLSRC given SAMPSTAT (reference.ts): one CASE branch per SAMPSTAT range
  const collsrc = COLLSRC_BY_SAMPSTAT.map(({ below, codes }) => `WHEN samp_stat < ${below} THEN ${pick(weighted(codes), "id", 39)}`)
    .join(" ");
  const curation = weighted(CURATION);
  const donorCodes = strList(DONORS.map((d) => d.code));
  const donorNames = strList(DONORS.map((d) => d.name));
  const donorPrefixes = strList(DONORS.map((d) => d.numberPrefix));
  const remarks = [...REMARKS, 'Seed coat "speckled" type', "Note:\tsee field book", "Two forms present;\nseparated in 2003"];
  const subsets = Array.from({ length: 6 }, (_, k) => `uuid_of('subset-${k}')`);
  const sql = `
  CREATE OR REPLACE TABLE accession AS
  WITH p AS (
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
    -- origin: wild and weedy material from the taxon's native countries; landraces where the taxon is grown
    -- traditionally (a third of them from the genebank's own country when it is one of those); improved material
    -- from there too, a third of it from the genebank's own country
    SELECT b.*, tx.genus, tx.species, tx.sp_author, tx.subtaxa, tx.subt_author, tx.grin_id, CASE
      WHEN b.samp_stat < 300 THEN tx.native[1 + (h(b.id, 4) % tx.nnative)::BIGINT]
      WHEN u(b.id, 80) < 0.35 AND ((b.samp_stat >= 400 AND b.own_improved) OR (b.samp_stat = 300 AND list_contains(tx.grown,
        b.inst_country))) THEN b.inst_country
      ELSE tx.grown[1 + (h(b.id, 4) % tx.ngrown)::BIGINT] END AS orig_pick
    FROM b JOIN ref_taxon tx ON tx.crop_code = b.crop_code AND tx.k = b.tk
  ), j AS (
    SELECT o.*,
      CASE WHEN u(o.id, 4) < 0.05 THEN NULL ELSE co.code3 END AS orig_cty,
      co.name AS orig_name, co.code_num AS orig_num, co.towns, co.ntowns, s.lat AS site_lat, s.lon AS site_lon,
      co.name_area, nm.names, coalesce(nm.nnames, 0) AS nnames,
      s.place, s.admin, s.km, s.dir, s.place_elev,
      (o.samp_stat < 400 OR u(o.id, 3) < 0.2) AS collected,
      u(o.id, 12) < CASE WHEN o.samp_stat < 400 THEN 0.7 ELSE 0.15 END AS georef,
      1 + (h(o.id, 30) % ${DONORS.length})::INT AS dk,
      (o.id * 2654435761 + ${seed}) % 33554432 AS dx
    FROM o
    JOIN ref_country co ON co.code3 = o.orig_pick
    JOIN ref_site s ON s.code3 = co.code3 AND s.k = (h(o.id, 15) % ${SITES_PER_COUNTRY})::INT
    LEFT JOIN ref_name nm ON nm.area = co.name_area AND nm.crop_code = o.crop_code
  ), r AS (
    SELECT
      id,
      uuid_of(id) AS uuid,
      CASE WHEN u(id, 7) < 0.8 THEN '10.18730/' || b32(dx, 4) || b32(dx, 3) || b32(dx, 2) || b32(dx, 1) || b32(dx, 0)
        -- GLIS's check symbol: the suffix's value modulo 37 (src/quality/doi.ts)
        || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U', 1 + (dx % 37)::INT, 1) END AS doi,
      inst_code, inst_id, inst_name, inst_acronym, inst_country,
      number_prefix || id::VARCHAR || CASE WHEN u(id, 8) < 0.03 THEN 'K' ELSE '' END AS accession_number,
      -- names by kind of material, crop and language of the country of origin (names.ts)
      ${accessionNameSql()} AS accession_name,
      u(id, 6) < 0.03 AS historic,
      ${pick(curation, "id", 14)} AS curation_type,
      genus, species, sp_author,
      CASE WHEN subtaxa IS NOT NULL THEN subtaxa END AS subtaxa, subt_author,
      grin_id, genus || ' ' || species || coalesce(' ' || subtaxa, '') AS taxon_name,
      genus || ' ' || species || ' ' || sp_author AS grin_name, sp_author AS grin_author,
      crop_name, crop_code, samp_stat,
      CASE WHEN u(id, 21) < 0.85 THEN mcpd_date(acq_year, 1 + floor(u(id, 22) * 12)::INT, 1 + floor(u(id, 23) * 28)::INT, u(id,
        24)) END AS acq_date,
      orig_cty, orig_name, orig_num,
      -- the GeoNames place nearest the site (sites.json): "12 km NE of Popayán, Cauca", or the place itself within 1 km
      CASE WHEN collected AND u(id, 25) < 0.75 THEN ${COLL_SITE_TEXT} END AS coll_site,
      CASE WHEN georef AND orig_cty IS NOT NULL THEN round(site_lat + (u(id, 16) - 0.5) * 0.03, 4) END AS latitude,
      CASE WHEN georef AND orig_cty IS NOT NULL THEN round(site_lon + (u(id, 72) - 0.5) * 0.03, 4) END AS longitude,
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 17) < 0.6 THEN ${
    pick([100, 500, 1000, 2000, 5000, 10000], "id", 18)
  } END AS coord_uncert,
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 19) < 0.7 THEN 'WGS84' END AS coord_datum,
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 28) < 0.5 THEN ${
    pick(["GPS", "determined from gazetteer", "estimated", "determined from map"], "id", 29)
  } END AS georef_meth,
      -- the elevation of the nearest place (GeoNames; below sea level by the Dead Sea), give or take 60 m
      CASE WHEN georef AND orig_cty IS NOT NULL AND u(id, 31) < 0.8 THEN (place_elev + floor((u(id, 32) - 0.5) * 120))::INT
        END AS elevation,
      CASE WHEN collected AND u(id, 33) < 0.7 THEN mcpd_date(acq_year - 1 - floor(u(id, 34) * 3)::INT, 1 + floor(u(id, 35) *
        12)::INT, 1 + floor(u(id, 36) * 28)::INT, u(id, 37)) END AS coll_date,
      CASE WHEN u(id, 38) < 0.85 THEN CASE ${collsrc} END END AS coll_src,
      -- a collector's running number: one sample, one number (the id keeps them apart)
      CASE WHEN collected AND u(id, 40) < 0.5 THEN ${pick(["JG", "DGD", "RMH", "AT", "MS", "PIT"], "id", 41)} || ' ' || id::VARCHAR
        END AS coll_numb,
      CASE WHEN collected AND u(id, 42) < 0.3 THEN ${donorCodes}[dk] || CASE WHEN u(id, 43) < 0.2 THEN ';' || inst_code ELSE ''
        END END AS coll_code,
      CASE WHEN collected AND u(id, 42) < 0.3 THEN ${donorNames}[dk] END AS coll_name,
      CASE WHEN collected AND u(id, 42) >= 0.3 AND u(id, 44) < 0.05 THEN towns[1 + (h(id, 45) % ntowns)::BIGINT] || ', ' ||
        orig_name END AS coll_inst_address,
      CASE WHEN collected AND u(id, 46) < 0.1 THEN inst_acronym || ' ' || orig_cty || ' mission ' || (acq_year - 1)::VARCHAR END
        AS coll_miss_id,
      CASE WHEN u(id, 47) < 0.4 THEN ${donorCodes}[1 + (h(id, 48) % ${DONORS.length})::INT] END AS donor_code,
      CASE WHEN u(id, 47) < 0.4 THEN ${donorNames}[1 + (h(id, 48) % ${DONORS.length})::INT] END AS donor_name,
      -- the donor's own accession number for the sample (its prefix, and a number no other sample of it has)
      CASE WHEN u(id, 47) < 0.4 AND u(id, 49) < 0.75 THEN ${donorPrefixes}[1 + (h(id, 48) % ${DONORS.length})::INT] || id::VARCHAR
        END AS donor_numb,
      -- other numbers of the same sample: a USDA PI number and a crop collection's number, neither shared with another sample
      -- (PI <id> is no other sandbox accession's ACCENUMB)
      CASE WHEN u(id, 50) < 0.3 THEN 'PI ' || id::VARCHAR || CASE WHEN u(id, 51) < 0.3 THEN ';' ||
        upper(substr(crop_code, 1, 3)) || '-' || id::VARCHAR ELSE '' END END AS other_numb,
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 52) < 0.6 THEN ${donorCodes}[dk] END AS breeder_code,
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 52) < 0.6 THEN ${donorNames}[dk] END AS breeder_name,
      -- a pedigree of two or three of the programme's lines
      CASE WHEN samp_stat >= 400 AND samp_stat < 600 AND u(id, 53) < 0.5 THEN ${linePrefixSql()} || (1 + h(id, 54) % 999)::VARCHAR || '/'
        || ${linePrefixSql()} || (1 + h(id, 55) % 999)::VARCHAR || CASE WHEN u(id, 56) < 0.3 THEN '//' || ${linePrefixSql()}
        || (1 + h(id, 57) % 999)::VARCHAR ELSE '' END END AS ancest,
      -- clonal crops' cultivated material lives in vitro, in the field or in liquid nitrogen, duplicated as such; their
      -- wild relatives, and every other crop, as seed
      nullif(CASE WHEN clonal AND samp_stat >= 300 THEN dupl_clonal[1 + (h(id, 58) % ndupl_clonal)::BIGINT]
        ELSE dupl_seed[1 + (h(id, 58) % ndupl_seed)::BIGINT] END, '') AS dupl_site,
      CASE WHEN clonal AND samp_stat >= 300 THEN ${pick(weighted(STORAGE_CLONAL), "id", 59)} ELSE ${
    pick(weighted(STORAGE_SEED), "id", 59)
  } END AS storage,
      u(id, 60) < 0.7 AS mls_status,
      CASE WHEN u(id, 61) < 0.2 THEN inst_url || '/accession/' || replace(number_prefix || id::VARCHAR, ' ', '%20') END AS acce_url,
      CASE WHEN u(id, 62) < 0.15 THEN ${pick(remarks, "id", 63)} END AS remarks,
      CASE WHEN u(id, 64) < 0.1 THEN 'DP-' || lpad((id % 100000)::VARCHAR, 6, '0') END AS data_provider_id,
      TIMESTAMP '2014-01-01' + to_seconds((u(id, 65) * 86400 * 365 * 4)::BIGINT) AS created_date,
      TIMESTAMP '2018-01-01' + to_seconds((u(id, 66) * 86400 * 365 * 8)::BIGINT) AS last_modified,
      NOT (u(id, 6) < 0.03) AND u(id, 67) < 0.8 AS available,
      u(id, 68) < 0.1 AS genotyped,
      CASE WHEN u(id, 69) < 0.05 THEN ([${subsets.join(", ")}])[1 + (h(id, 70) % 6)::INT] END AS subset_uuid
    FROM j
  )
  -- the PDCI is scored once the passports are final, after planted errors and duplicates (pdci.ts)
  SELECT *, NULL::DOUBLE AS pdci
  FROM r
  ORDER BY id`;
  await con.run(sql);
}
