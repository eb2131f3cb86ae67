/**
 * FIGS trials (Focused Identification of Germplasm Strategy): resistance classes of one crop whose chance follows the
 * synthetic climate at the collecting site, or does not (data/traits.json `figs`). A self-test for best-bet subsets:
 * the sandbox made the link, so finding it shows the method works, not that the biology holds. Table
 * `figs_probability` keeps each screened accession's chance (the truth a FIGS analysis can be scored against) and the
 * uniform number its class is drawn with: a hash of the seed material and the descriptor, so that a planted copy of an
 * accession at another genebank (the same seed) carries its origin's class, and the draw shares no stream with the
 * `h(id, k)` draws that place the accession (docs/sandbox.md#figs-traits).
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { syntheticClimate, syntheticElevation } from "../../climate/synthetic.ts";
import { type FigsTrial, readData, type Resistance } from "./data.ts";
import type { DatasetTemplate, DescriptorTemplate } from "./traits-reference.ts";
import { str } from "./sql.ts";
import { hasTable } from "./truth.ts";

/** The FIGS trials of data/traits.json. */
export const FIGS_TRIALS: FigsTrial[] = readData("traits.json").figs;

/** A FIGS trial as a dataset template of its crop. */
export function figsTemplate(trial: FigsTrial): DatasetTemplate {
  const { crop: _, owner: __, descriptors, title, ...rest } = trial;
  return {
    ...rest,
    kind: "figs",
    title: (crop: string, acronym: string) => title.replaceAll("{crop}", crop).replaceAll("{acronym}", acronym),
    descriptors: () => descriptors as DescriptorTemplate[],
  };
}

/** The chance of resistance at a site's climate value (NaN: no coordinates). */
export function resistanceChance(r: Resistance, x: number): number {
  if (Number.isNaN(x)) return r.withoutCoordinates;
  if (!r.variable) return r.low;
  return r.low + (r.high - r.low) / (1 + Math.exp((x - r.midpoint!) / r.scale!));
}

/**
 * Table figs_probability (accession_id, descriptor_uuid, climate, p, material_id, draw): for each member of a trial with a
 * resistance descriptor, the climate variable at its published coordinates and elevation (else the synthetic relief's),
 * its chance of being resistant, the accession whose seed it is (a planted copy's origin, else itself) and the uniform
 * number in [0, 1) its class is drawn with (resistant when draw < p), once per accession: DuckDB's string hash of
 * "<material_id>:<descriptor UUID>" (the UUID carries the seed).
 */
export async function createFigsProbability(
  con: DuckDBConnection,
  descriptors: { uuid: string; resistance?: Resistance }[],
): Promise<void> {
  const linked = descriptors.filter((d) => d.resistance);
  await con.run("CREATE OR REPLACE TEMP TABLE figs_chance (accession_id INTEGER, descriptor_uuid VARCHAR, climate DOUBLE, p DOUBLE)");
  if (linked.length) await insertChances(con, linked);
  await drawClasses(con);
}

/** Rows of figs_chance: each member's climate value and chance of resistance. */
async function insertChances(con: DuckDBConnection, linked: { uuid: string; resistance?: Resistance }[]): Promise<void> {
  const rows = (await con.runAndReadAll(
    `SELECT DISTINCT m.accession_id, c.descriptor_uuid, a.latitude, a.longitude, a.elevation
     FROM dataset_member m JOIN datatable_column c USING (dataset_uuid) JOIN accession a ON a.id = m.accession_id
     WHERE c.descriptor_uuid IN (${linked.map((d) => str(d.uuid)).join(", ")}) ORDER BY 1, 2`,
  )).getRows();
  const byUuid = new Map(linked.map((d) => [d.uuid, d.resistance!]));
  const text = rows.map(([id, uuid, lat, lon, elev]) => {
    const r = byUuid.get(String(uuid))!;
    const x = lat == null || lon == null || !r.variable ? NaN : climateAt(r.variable, Number(lat), Number(lon), elev);
    return [id, uuid, Number.isNaN(x) ? "" : x.toFixed(1), resistanceChance(r, x)].join(",");
  }).join(";");
  await con.run(
    `INSERT INTO figs_chance SELECT split_part(r, ',', 1)::INTEGER, split_part(r, ',', 2), nullif(split_part(r, ',', 3), '')::DOUBLE,
       split_part(r, ',', 4)::DOUBLE FROM (SELECT unnest(string_split(${str(text)}, ';')) AS r)`,
  );
}

/** Table figs_probability: figs_chance with the seed material (a planted copy's origin) and the class's uniform draw. */
async function drawClasses(con: DuckDBConnection): Promise<void> {
  const copies = await hasTable(con, "planted_duplicate");
  await con.run(`CREATE OR REPLACE TABLE figs_probability AS
    SELECT f.*, ${copies ? "coalesce(pd.group_id, f.accession_id)" : "f.accession_id"}::INTEGER AS material_id,
      hash(${copies ? "coalesce(pd.group_id, f.accession_id)" : "f.accession_id"}::VARCHAR || ':' || f.descriptor_uuid)::DOUBLE
        / 18446744073709551616.0 AS draw
    FROM figs_chance f ${copies ? "LEFT JOIN planted_duplicate pd ON pd.id = f.accession_id AND pd.role = 'copy'" : ""}
    ORDER BY f.accession_id, f.descriptor_uuid`);
  await con.run("DROP TABLE figs_chance");
}

/** A bioclimatic variable of the synthetic climate at a place (elevation: the record's, else the synthetic relief's). */
function climateAt(variable: string, lat: number, lon: number, elevation: unknown): number {
  const elev = elevation == null ? syntheticElevation(lat, lon) : Number(elevation);
  return syntheticClimate(lat, lon, elev).bio[variable as keyof ReturnType<typeof syntheticClimate>["bio"]];
}
