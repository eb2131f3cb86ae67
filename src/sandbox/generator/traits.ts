/**
 * Trait datasets, datatable columns, descriptors and observations, generated
 * from the templates in traits-reference.ts over the `accession` table.
 * Datatable column keys are descriptor UUIDs (notes §12.6), so the four-step
 * workflow closes.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { CROPS, INSTITUTES } from "./reference.ts";
import { DATASET_TEMPLATES, type DescriptorTemplate } from "./traits-reference.ts";
import { num, str, valuesTable } from "./sql.ts";

export interface DescriptorRow extends DescriptorTemplate { uuid: string; crop: string; idx: number }

export async function generateTraits(con: DuckDBConnection, seed: number): Promise<void> {
  const uuidOf = async (key: string): Promise<string> =>
    String((await con.runAndReadAll(`SELECT uuid_of(${str(key)}) AS u`)).getRowObjects()[0]!.u);

  const descriptors = new Map<string, DescriptorRow>();
  const datasets: string[][] = [];
  const columns: string[][] = [];
  let dIdx = 0;
  for (const crop of CROPS) {
    const owner = INSTITUTES.find((i) => i.crops[0] === crop.code) ?? INSTITUTES.find((i) => i.crops.includes(crop.code))!;
    for (const [k, tpl] of DATASET_TEMPLATES.entries()) {
      const dsUuid = await uuidOf(`dataset:${crop.code}:${tpl.kind}`);
      const objectId = (await uuidOf(`oid:${crop.code}:${k}`)).replaceAll("-", "").slice(0, 24);
      datasets.push([str(dsUuid), str(objectId), num(1 + (k % 3)), str(tpl.title(crop.name.toLowerCase(), owner.acronym)), str(crop.code),
        str(owner.code), num(k), num(tpl.coverage), num(tpl.reps), num(tpl.missing)]);
      for (const [pos, d] of tpl.descriptors(crop.code).entries()) {
        const key = `${crop.code}:${d.columnName}`;
        let row = descriptors.get(key);
        if (!row) {
          row = { ...d, uuid: await uuidOf(`descriptor:${key}`), crop: crop.code, idx: dIdx++ };
          descriptors.set(key, row);
        }
        columns.push([str(dsUuid), str(row.uuid), num(pos)]);
      }
    }
  }
  const ds = [...descriptors.values()];
  await con.run(valuesTable("dataset", ["uuid", "object_id", "version", "title", "crop_code", "owner_code", "kind_idx", "coverage", "reps", "missing"], datasets));
  await con.run(valuesTable("datatable_column", ["dataset_uuid", "descriptor_uuid", "pos"], columns));
  await con.run(valuesTable("descriptor", [
    "uuid", "idx", "title", "column_name", "data_type", "category", "uom", "crop", "min_value", "max_value", "description",
    "terms", "mean", "sd", "decimals", "corr", "texts",
  ], ds.map((d) => [
    str(d.uuid), num(d.idx), str(d.title), str(d.columnName), str(d.dataType), str(d.category), str(d.uom), str(d.crop),
    num(d.minValue), num(d.maxValue), str(d.description), str(JSON.stringify(d.terms ?? [])),
    num(d.mean), num(d.sd), num(d.decimals), num(d.corr ?? 0), str(JSON.stringify(d.texts ?? [])),
  ])));

  // dataset membership: a deterministic share of the crop's accessions
  await con.run(`CREATE OR REPLACE TABLE dataset_member AS
    SELECT d.uuid AS dataset_uuid, a.id AS accession_id, d.reps, d.missing
    FROM dataset d JOIN accession a ON a.crop_code = d.crop_code
    WHERE h(a.id, 100 + d.kind_idx) % 100 < d.coverage`);

  // observations: per accession a shared latent factor (z0) so traits correlate, plus per-descriptor effects
  await con.run(`CREATE OR REPLACE TABLE observation AS
    WITH x AS (
      SELECT m.dataset_uuid, m.accession_id, c.descriptor_uuid, r.rep, de.data_type, de.mean, de.sd, de.decimals, de.corr,
        de.min_value, de.max_value, de.terms, de.texts, de.idx,
        znorm(m.accession_id, 7001) AS z0,
        znorm(m.accession_id * 1000 + de.idx, 7101) AS zacc,
        znorm((m.accession_id * 1000 + de.idx) * 10 + r.rep, 7201) AS zrep,
        u((m.accession_id * 1000 + de.idx) * 10 + r.rep, 7301) AS ux,
        m.missing
      FROM dataset_member m
      JOIN datatable_column c ON c.dataset_uuid = m.dataset_uuid
      JOIN descriptor de ON de.uuid = c.descriptor_uuid
      CROSS JOIN range(1, 4) r(rep)
      WHERE r.rep <= m.reps
    )
    SELECT dataset_uuid, accession_id, descriptor_uuid, rep,
      CASE data_type
        WHEN 'NUMERIC' THEN greatest(min_value, least(max_value, round(mean + sd * (corr * z0 + sqrt(1 - corr * corr) * (0.85 * zacc + 0.5 * zrep)), decimals::INT)))
        WHEN 'SCALE' THEN greatest(1, least(9, 1 + 2 * floor(((zacc * 0.9 + zrep * 0.3) + 2.5) / 5 * 5)))
      END AS value_num,
      CASE data_type
        WHEN 'CODED' THEN (json_extract_string(terms, '$[' || ((h(accession_id, 7400 + idx) + (CASE WHEN ux < 0.1 THEN 1 ELSE 0 END)) % json_array_length(terms))::VARCHAR || '].code'))
        WHEN 'BOOLEAN' THEN CASE WHEN zacc + 0.5 * zrep > 0.8 THEN 'true' ELSE 'false' END
        WHEN 'TEXT' THEN json_extract_string(texts, '$[' || (h(accession_id, 7500 + rep) % json_array_length(texts))::VARCHAR || ']')
        WHEN 'DATE' THEN strftime(DATE '2014-03-01' + (floor(u(accession_id, 7600) * 3)::INT * 365 + floor(u(accession_id, 7601) * 60)::INT), '%Y-%m-%d')
      END AS value_text
    FROM x
    WHERE ux >= missing
    ORDER BY accession_id, dataset_uuid, descriptor_uuid, rep`);
}
