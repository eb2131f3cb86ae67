/**
 * FIGS trials (Focused Identification of Germplasm Strategy): resistance classes of one crop whose chance follows the
 * synthetic climate at the collecting site, or does not (data/traits.json `figs`). A self-test for best-bet subsets:
 * the sandbox made the link, so finding it shows the method works, not that the biology holds. Table
 * `figs_probability` keeps each screened accession's chance (the truth a FIGS analysis can be scored against).
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { syntheticClimate, syntheticElevation } from "../../climate/synthetic.ts";
import { type FigsTrial, readData, type Resistance } from "./data.ts";
import type { DatasetTemplate, DescriptorTemplate } from "./traits-reference.ts";
import { str } from "./sql.ts";

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
 * Table figs_probability (accession_id, descriptor_uuid, climate, p): for each member of a trial with a resistance
 * descriptor, the climate variable at its published coordinates and elevation (else the synthetic relief's) and its
 * chance of being resistant. The observations draw the class from it, once per accession.
 */
export async function createFigsProbability(
  con: DuckDBConnection,
  descriptors: { uuid: string; resistance?: Resistance }[],
): Promise<void> {
  const linked = descriptors.filter((d) => d.resistance);
  await con.run("CREATE OR REPLACE TABLE figs_probability (accession_id INTEGER, descriptor_uuid VARCHAR, climate DOUBLE, p DOUBLE)");
  if (!linked.length) return;
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
    `INSERT INTO figs_probability SELECT split_part(r, ',', 1)::INTEGER, split_part(r, ',', 2), nullif(split_part(r, ',', 3), '')::DOUBLE,
       split_part(r, ',', 4)::DOUBLE FROM (SELECT unnest(string_split(${str(text)}, ';')) AS r)`,
  );
}

/** A bioclimatic variable of the synthetic climate at a place (elevation: the record's, else the synthetic relief's). */
function climateAt(variable: string, lat: number, lon: number, elevation: unknown): number {
  const elev = elevation == null ? syntheticElevation(lat, lon) : Number(elevation);
  return syntheticClimate(lat, lon, elev).bio[variable as keyof ReturnType<typeof syntheticClimate>["bio"]];
}
