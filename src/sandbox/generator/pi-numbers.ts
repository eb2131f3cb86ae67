/**
 * USDA Plant Inventory numbers (PI) that follow the acquisition year, as the real ones do: PI 1 in 1898, about
 * PI 100,000 by 1932, PI 640,000 in 2006 (data/institutes.json `piNumbers`). The accession numbers of the genebanks
 * whose prefix is `PI ` and the `PI` OTHERNUMBs of other genebanks' samples are numbered in one sequence, year by year
 * and by id within a year, so that no two samples share a number.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { type PiNumbers, readData } from "./data.ts";
import { valuesTable } from "./sql.ts";

/** The first PI number of a year: interpolated between the anchors (before the first: its number; after the last: its slope). */
export function piBase(p: PiNumbers, year: number): number {
  const a = p.anchors;
  if (year <= a[0]![0]) return a[0]![1];
  const k = a.findIndex(([y]) => y > year);
  const [[y0, n0], [y1, n1]] = k < 0 ? [a.at(-2)!, a.at(-1)!] : [a[k - 1]!, a[k]!];
  return Math.round(n0 + ((n1 - n0) * (year - y0)) / (y1 - y0));
}

/** The first number of each year: its base, or the number after the previous year's last when that is higher. */
export function piStarts(p: PiNumbers, counts: [number, number][]): [number, number][] {
  let next = 0;
  return counts.map(([year, n]) => {
    const start = Math.max(piBase(p, year), next);
    next = start + n;
    return [year, start];
  });
}

/** Renumbers ACCENUMB `PI <id>` and OTHERNUMB `PI <id>` (and ACCEURL) of table accession by acquisition year. */
export async function numberPlantIntroductions(con: DuckDBConnection): Promise<void> {
  const p = readData("institutes.json").piNumbers;
  const pre = p.prefix.replaceAll("'", "''");
  await con.run(`CREATE OR REPLACE TEMP TABLE pi_item AS
    SELECT id, acq_year, 0 AS kind FROM accession WHERE starts_with(accession_number, '${pre}')
    UNION ALL SELECT id, acq_year, 1 FROM accession WHERE starts_with(other_numb, '${pre}')`);
  const counts = (await con.runAndReadAll("SELECT acq_year, count(*) FROM pi_item GROUP BY 1 ORDER BY 1")).getRows()
    .map(([y, n]) => [Number(y), Number(n)] as [number, number]);
  if (!counts.length) return void await con.run("DROP TABLE pi_item");
  await con.run(valuesTable("pi_start", ["acq_year", "start"], piStarts(p, counts).map(([y, s]) => [String(y), String(s)])));
  await con.run(`CREATE OR REPLACE TEMP TABLE pi_number AS
    SELECT i.id, i.kind, s.start + row_number() OVER (PARTITION BY i.acq_year ORDER BY i.id, i.kind) - 1 AS n
    FROM pi_item i JOIN pi_start s USING (acq_year)`);
  const len = `length('${pre}' || a.id::VARCHAR)`;
  await con.run(`CREATE OR REPLACE TABLE accession AS
    SELECT a.* REPLACE (
      coalesce('${pre}' || x.n::VARCHAR, a.accession_number) AS accession_number,
      CASE WHEN y.n IS NULL THEN a.other_numb ELSE '${pre}' || y.n::VARCHAR || substr(a.other_numb, ${len} + 1) END AS other_numb,
      CASE WHEN x.n IS NULL OR a.acce_url IS NULL THEN a.acce_url
        ELSE regexp_replace(a.acce_url, '/accession/.*$', '/accession/' || replace('${pre}' || x.n::VARCHAR, ' ', '%20')) END
        AS acce_url)
    FROM accession a LEFT JOIN pi_number x ON x.id = a.id AND x.kind = 0 LEFT JOIN pi_number y ON y.id = a.id AND y.kind = 1
    ORDER BY a.id`);
  await con.run("DROP TABLE pi_item; DROP TABLE pi_start; DROP TABLE pi_number");
}
