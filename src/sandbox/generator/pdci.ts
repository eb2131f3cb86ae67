/**
 * The PDCI the sandbox serves (`pdci.score`, the export's `PDCI`): the Passport Data Completeness Index of van Hintum,
 * Menting & van Strien (2011), Plant Genetic Resources 9(3): 478-485, as Genesys scores it, over the finished
 * passports (after planted errors and duplicates). Written here in SQL from the paper's table (docs/pdci.md, "The
 * weights"), apart from src/quality/pdci*.ts, so that `passportCompleteness()` is checked against a second
 * implementation, not against itself. Points are hundredths: PDCI = points / 100.
 */
import type { DuckDBConnection } from "@duckdb/node-api";

/** A text field holds a value: not null, not blank, not "NaN". */
const text = (c: string) => `(${c} IS NOT NULL AND trim(${c}::VARCHAR) <> '' AND lower(trim(${c}::VARCHAR)) <> 'nan')`;
/** A number holds a value: not null, not NaN. */
const number = (c: string) => `(${c} IS NOT NULL AND NOT isnan(${c}::DOUBLE))`;

/** Points of an item by SAMPSTAT group: wild and weedy, landrace, breeding material, cultivar, other. */
const byGroup = (w: number, l: number, b: number, c: number, o: number) =>
  `CASE grp WHEN 'wild' THEN ${w} WHEN 'landrace' THEN ${l} WHEN 'breeding' THEN ${b} WHEN 'cultivar' THEN ${c} ELSE ${o} END`;
const when = (cond: string, points: string | number) => `CASE WHEN ${cond} THEN ${points} ELSE 0 END`;

/** The PDCI's points of one accession, from the columns of table `accession` and its SAMPSTAT group `grp`. */
function points(): string {
  const species = `(${text("genus")} AND ${text("species")} AND trim(species) <> 'sp.')`;
  const subtaxa = `(${species} AND ${text("subtaxa")})`;
  const donor = `(${text("donor_code")} OR ${text("donor_name")})`;
  const coords = `(${number("latitude")} AND ${number("longitude")})`;
  return [
    // every accession: 600 points
    when(text("genus"), 120),
    when(species, 80),
    when(`${species} AND ${text("sp_author")}`, 5),
    when(subtaxa, 40),
    when(`${subtaxa} AND ${text("subt_author")}`, 5),
    when(text("crop_name"), 45),
    when(text("acq_date"), 10),
    when(number("samp_stat"), 80),
    `CASE WHEN ${text("donor_code")} THEN 40 WHEN ${text("donor_name")} THEN 20 ELSE 0 END`,
    when(text("donor_numb"), `CASE WHEN ${donor} THEN 40 ELSE 20 END`),
    when(text("other_numb"), 35),
    when(text("dupl_site"), 30),
    when(text("storage"), 15),
    when(text("acce_url"), 40),
    when("mls_status IS NOT NULL", 15),
    // by SAMPSTAT group
    when(text("orig_cty"), byGroup(80, 80, 40, 40, 40)),
    when(text("coll_site"), `CASE WHEN ${coords} THEN ${byGroup(20, 15, 0, 0, 10)} ELSE ${byGroup(70, 45, 0, 0, 20)} END`),
    when(coords, byGroup(120, 80, 0, 0, 30)),
    when(number("elevation"), byGroup(20, 15, 0, 0, 5)),
    when(text("coll_date"), byGroup(30, 30, 0, 0, 10)),
    `CASE WHEN ${text("breeder_code")} THEN ${byGroup(0, 0, 110, 80, 10)} WHEN ${text("breeder_name")} THEN ${
      byGroup(0, 0, 55, 40, 5)
    } ELSE 0 END`,
    when(text("ancest"), byGroup(0, 10, 150, 100, 40)),
    when(number("coll_src"), byGroup(30, 50, 20, 20, 25)),
    when(text("accession_name"), byGroup(0, 50, 80, 160, 40)),
    when(text("coll_numb"), byGroup(60, 40, 0, 0, 20)),
    `CASE WHEN ${text("coll_code")} THEN ${byGroup(40, 30, 0, 0, 20)} WHEN ${text("coll_name")} THEN ${
      byGroup(20, 15, 0, 0, 10)
    } ELSE 0 END`,
  ].join("\n      + ");
}

/** Scores every accession's PDCI (column `pdci`) from its passport as served. */
export async function scorePdci(con: DuckDBConnection): Promise<void> {
  await con.run(`
  CREATE OR REPLACE TABLE accession AS
  WITH g AS (
    SELECT a.*, CASE WHEN samp_stat >= 100 AND samp_stat < 300 THEN 'wild' WHEN samp_stat >= 300 AND samp_stat < 400 THEN 'landrace'
      WHEN samp_stat >= 400 AND samp_stat < 500 THEN 'breeding' WHEN samp_stat >= 500 AND samp_stat < 600 THEN 'cultivar'
      ELSE 'other' END AS grp
    FROM accession a
  )
  SELECT g.* EXCLUDE (grp) REPLACE ((${points()}) / 100.0 AS pdci) FROM g ORDER BY id`);
}
