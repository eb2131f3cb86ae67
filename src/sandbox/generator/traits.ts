/**
 * Trait datasets, datatable columns, descriptors and observations, generated
 * from the templates in traits-reference.ts over the `accession` table.
 * Datatable column keys are descriptor UUIDs (notes §12.6), so the four-step
 * workflow closes.
 *
 * Each dataset is a multi-environment trial: its accessions are grown in some
 * of its environments (site x year), with replicate plots. A numeric value is
 * the descriptor mean plus, in descriptor standard deviations, a genetic
 * effect of the accession (0.8, partly shared between traits), an environment
 * effect (0.55), genotype-by-environment (0.25) and plot noise (0.35); scores
 * and booleans threshold the same kind of sum. Sowing dates are the
 * environment's. /dataset/data lists an accession's values environment by
 * environment, replicate by replicate (the response does not name them).
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { type Crop, CROPS, type Institute, INSTITUTES } from "./reference.ts";
import {
  DATASET_TEMPLATES,
  type DatasetTemplate,
  type DescriptorTemplate,
  TRIAL_SITES,
  TRIAL_SITES_BY_CROP,
  TRIAL_SITES_UNTIL,
} from "./traits-reference.ts";
import { num, recordsTable, str } from "./sql.ts";
import { createFigsProbability, FIGS_TRIALS, figsTemplate } from "./figs.ts";
import { readData } from "./data.ts";
import { descriptorTemplate } from "./traits-reference.ts";

export interface DescriptorRow extends DescriptorTemplate {
  uuid: string;
  crop: string;
  idx: number;
}

/** The idx of the CODED descriptor a NUMERIC one follows (`byTerm`), and its means and sds by term. */
function byTermOf(d: DescriptorRow, all: Map<string, DescriptorRow>): Record<string, string> {
  if (!d.byTerm) return { by_idx: "NULL", by_n: "NULL", by_means: "NULL", by_sds: "NULL", by_column: "NULL::VARCHAR" };
  const coded = all.get(`${d.crop}:${d.byTerm.column}`);
  if (!coded?.terms || coded.terms.length !== d.byTerm.means.length) {
    throw new Error(`${d.crop}:${d.columnName}: byTerm ${d.byTerm.column}`);
  }
  return {
    by_idx: num(coded.idx),
    by_n: num(coded.terms.length),
    by_means: `[${d.byTerm.means.join(", ")}]::DOUBLE[]`,
    by_sds: `[${d.byTerm.sds.join(", ")}]::DOUBLE[]`,
    by_column: str(coded.columnName),
  };
}

/** The rows of tables `dataset`, `dataset_env`, `datatable_column` and `descriptor`, column name -> SQL literal. */
interface TrialRows {
  datasets: Record<string, string>[];
  environments: Record<string, string>[];
  columns: Record<string, string>[];
  descriptors: Map<string, DescriptorRow>;
}

/** Builds tables dataset, dataset_env, datatable_column, descriptor, dataset_member, member_env and observation. */
export async function generateTraits(con: DuckDBConnection, _seed: number): Promise<void> {
  const uuidOf = async (key: string): Promise<string> =>
    String((await con.runAndReadAll(`SELECT uuid_of(${str(key)}) AS u`)).getRowObjects()[0]!.u);
  const rows: TrialRows = { datasets: [], environments: [], columns: [], descriptors: new Map() };
  for (const crop of CROPS) {
    for (const [k, tpl] of DATASET_TEMPLATES.entries()) await addDataset(rows, crop, ownerOf(crop), k, tpl, uuidOf);
  }
  // FIGS trials after every other dataset and descriptor: theirs take the last indices
  for (const [i, trial] of FIGS_TRIALS.entries()) {
    const crop = CROPS.find((c) => c.code === trial.crop);
    const owner = INSTITUTES.find((x) => x.code === trial.owner);
    if (!crop || !owner) throw new Error(`sandbox generator: data/traits.json figs: no crop ${trial.crop} or genebank ${trial.owner}`);
    await addDataset(rows, crop, owner, DATASET_TEMPLATES.length + i, figsTemplate(trial), uuidOf);
  }
  await con.run(recordsTable("dataset", rows.datasets));
  await con.run(recordsTable("dataset_env", rows.environments));
  await con.run(recordsTable("datatable_column", rows.columns));
  const ds = [...rows.descriptors.values()];
  await con.run(recordsTable("descriptor", ds.map((d) => descriptorRow(d, rows.descriptors))));
  await createMembership(con);
  await createFigsProbability(con, ds);
  await createWildTraits(con);
  await createTermPools(con);
  await createObservations(con);
}

/** The genebank whose trials a crop's datasets are: the first holding it as its largest collection, else any holding it. */
function ownerOf(crop: Crop): Institute {
  const owner = INSTITUTES.find((i) => i.crops[0] === crop.code) ?? INSTITUTES.find((i) => i.crops.includes(crop.code));
  if (!owner) throw new Error(`sandbox generator: no genebank of data/institutes.json holds crop ${crop.code}`);
  return owner;
}

/** Adds one dataset of a crop (template `k`): its row, its environments, its columns and any new descriptor. */
async function addDataset(
  rows: TrialRows,
  crop: Crop,
  owner: Institute,
  k: number,
  tpl: DatasetTemplate,
  uuidOf: (key: string) => Promise<string>,
): Promise<void> {
  const before = TRIAL_SITES_UNTIL[owner.country];
  const stations = (before && Math.max(...tpl.years) < before.until ? before.stations : undefined) ??
    TRIAL_SITES_BY_CROP[owner.country]?.[crop.code] ?? TRIAL_SITES[owner.country] ?? [`${owner.acronym} station, ${owner.country}`];
  const dsUuid = await uuidOf(`dataset:${crop.code}:${tpl.kind}`);
  const objectId = (await uuidOf(`oid:${crop.code}:${k}`)).replaceAll("-", "").slice(0, 24);
  // the template's number of sites, starting at a crop-dependent station
  const sites = Array.from({ length: Math.min(tpl.sites, stations.length) }, (_, i) => stations[(i + crop.code.length) % stations.length]!);
  for (const [si, site] of sites.entries()) {
    for (const [yi, year] of tpl.years.entries()) {
      // sown in the site's season: month by site, day by year
      const sown = `${year}-${String(3 + ((si * 4 + crop.code.length) % 8)).padStart(2, "0")}-${
        String(1 + ((yi * 11 + si * 5) % 28)).padStart(2, "0")
      }`;
      const envIdx = si * tpl.years.length + yi;
      const envId = rows.environments.length;
      rows.environments.push({
        dataset_uuid: str(dsUuid),
        env_id: num(envId),
        env_idx: num(envIdx),
        site: str(site),
        year: num(year),
        sown: `DATE ${str(sown)}`,
      });
    }
  }
  const description = `Trials at ${sites.join("; ")} in ${tpl.years.join(", ")}; ${tpl.reps} replicate plot${
    tpl.reps > 1 ? "s" : ""
  } per accession and environment.`;
  rows.datasets.push({
    uuid: str(dsUuid),
    ds_idx: num(rows.datasets.length),
    object_id: str(objectId),
    version: num(1 + (k % 3)),
    title: str(tpl.title(crop.name.toLowerCase(), owner.acronym)),
    description: str(description),
    crop_code: str(crop.code),
    owner_code: str(owner.code),
    kind_idx: num(k),
    coverage: num(tpl.coverage),
    foreign_share: num(tpl.foreign),
    grown: num(tpl.grown),
    reps: num(tpl.reps),
    missing: num(tpl.missing),
  });
  for (const [pos, d] of tpl.descriptors(crop.code).entries()) {
    const key = `${crop.code}:${d.columnName}`;
    let row = rows.descriptors.get(key);
    if (!row) {
      row = { ...d, uuid: await uuidOf(`descriptor:${key}`), crop: crop.code, idx: rows.descriptors.size };
      rows.descriptors.set(key, row);
    }
    rows.columns.push({ dataset_uuid: str(dsUuid), descriptor_uuid: str(row.uuid), pos: num(pos) });
  }
}

/** A row of table `descriptor`. */
function descriptorRow(d: DescriptorRow, all: Map<string, DescriptorRow>): Record<string, string> {
  return {
    uuid: str(d.uuid),
    idx: num(d.idx),
    title: str(d.title),
    column_name: str(d.columnName),
    data_type: str(d.dataType),
    category: str(d.category),
    uom: str(d.uom),
    crop: str(d.crop),
    min_value: num(d.minValue),
    max_value: num(d.maxValue),
    description: str(d.description),
    terms: str(JSON.stringify(d.terms ?? [])),
    mean: num(d.mean),
    sd: num(d.sd),
    decimals: num(d.decimals),
    corr: num(d.corr ?? 0),
    texts: str(JSON.stringify(d.texts ?? [])),
    factor: num(d.factor ?? 0),
    ...byTermOf(d, all),
  };
}

/**
 * Tables dataset_member (a deterministic share of the genebank's own accessions of the crop, and `foreign` times as
 * often another genebank's) and member_env (the environments each grew in).
 */
async function createMembership(con: DuckDBConnection): Promise<void> {
  await con.run(`CREATE OR REPLACE TABLE dataset_member AS
    SELECT d.uuid AS dataset_uuid, a.id AS accession_id, d.reps, d.missing
    FROM dataset d JOIN accession a ON a.crop_code = d.crop_code
    WHERE h(a.id, 100 + d.kind_idx) % 100 < d.coverage AND (a.inst_code = d.owner_code OR u(a.id, 160 + d.kind_idx) < d.foreign_share)`);

  // the environments each member was grown in: a share of them, and always at least one
  await con.run(`CREATE OR REPLACE TABLE member_env AS
    SELECT m.dataset_uuid, m.accession_id, e.env_id, e.env_idx, e.sown, m.reps, m.missing
    FROM dataset_member m JOIN dataset d ON d.uuid = m.dataset_uuid JOIN dataset_env e ON e.dataset_uuid = m.dataset_uuid
    WHERE u(m.accession_id::BIGINT * 1024 + e.env_id, 7050) < d.grown
      OR e.env_idx = h(m.accession_id::BIGINT, 7060 + d.ds_idx) % (SELECT count(*) FROM dataset_env x WHERE x.dataset_uuid =
        m.dataset_uuid)`);
}

/** The SAMPSTAT range [from, to] an entry of data/traits.json `wild` holds for (no SAMPSTAT counts as 999). */
function statusRange(w: { cultivated?: boolean; status?: "landrace" | "improved" }): [number, number] {
  if (w.status === "landrace") return [300, 399];
  if (w.status === "improved") return [400, 599];
  return w.cultivated ? [300, 999] : [0, 299];
}

/**
 * Table wild_trait (taxon_name, orig_cty, stat_from, stat_to, column_name, mean, sd, min_value, max_value, term, omit): the
 * traits of a taxon's material of a SAMPSTAT range where they differ from the crop's (data/traits.json `wild`): wild and
 * weedy (0-299), cultivated (300-999), landraces (300-399) or improved (400-599) material; seed weight, yield, height,
 * ear and tuber size shifted, a CODED column's one term (wild beans climb), descriptors that do not apply to a wild
 * relative left out (omit). A row with orig_cty holds for material from that country, in place of the taxon's row without
 * (observations join both and take the first). Two rows of a taxon, column and country may not share a SAMPSTAT.
 */
async function createWildTraits(con: DuckDBConnection): Promise<void> {
  // plant height in metres (the evaluations' PH_M) follows the centimetres (PLTHT) where an entry gives only those
  const wild = readData("traits.json").wild.map((w) => {
    const cm = w.values.PLTHT;
    if (cm === undefined || "PH_M" in w.values) return w;
    return { ...w, values: { ...w.values, PH_M: cm === null ? null : cm.map((x) => x / 100) as [number, number, number, number] } };
  });
  const rows = wild.flatMap((w) =>
    [...new Set([...Object.keys(w.values), ...Object.keys(w.terms ?? {})])].flatMap((column) =>
      (w.origins ?? [null]).map((country) => {
        const v = w.values[column];
        const [from, to] = statusRange(w);
        return {
          taxon_name: str(w.taxon),
          orig_cty: country === null ? "NULL::VARCHAR" : str(country),
          stat_from: num(from),
          stat_to: num(to),
          column_name: str(column),
          mean: num(v?.[0]),
          sd: num(v?.[1]),
          min_value: num(v?.[2]),
          max_value: num(v?.[3]),
          term: w.terms?.[column] === undefined ? "NULL::VARCHAR" : str(w.terms[column]),
          omit: String(v === null),
        };
      })
    )
  );
  const seen = new Map<string, [number, number][]>();
  for (const r of rows) {
    const key = `${r.taxon_name} ${r.column_name} ${r.orig_cty}`, range: [number, number] = [Number(r.stat_from), Number(r.stat_to)];
    const clash = (seen.get(key) ?? []).find(([a, b]) => range[0] <= b && a <= range[1]);
    if (clash) throw new Error(`sandbox generator: data/traits.json wild: two entries for ${key} share SAMPSTAT ${range.join("-")}`);
    seen.set(key, [...(seen.get(key) ?? []), range]);
  }
  await con.run(
    rows.length
      ? recordsTable("wild_trait", rows)
      : `CREATE OR REPLACE TABLE wild_trait (taxon_name VARCHAR, orig_cty VARCHAR, stat_from INTEGER, stat_to INTEGER,
          column_name VARCHAR, mean DOUBLE, sd DOUBLE, min_value DOUBLE, max_value DOUBLE, term VARCHAR, omit BOOLEAN)`,
  );
}

/**
 * Table term_pool (taxon_name, orig_cty, stat_from, stat_to, column_name, pool, n): the positions (1-based) of a CODED
 * column's terms, each repeated by its weight (data/traits.json `termWeights`), for a taxon's material of a status and,
 * where given, from a country (that row in place of the taxon's row without). An observation draws its term from the
 * pool; a NUMERIC column that follows the terms takes the same position.
 */
async function createTermPools(con: DuckDBConnection): Promise<void> {
  const traits = readData("traits.json");
  const rows = traits.termWeights.flatMap((w) => {
    const codes = descriptorTemplate(w.column).terms?.map((t) => t.code) ?? [];
    const pool = Object.entries(w.weights).flatMap(([code, n]) => {
      const k = codes.indexOf(code);
      if (k < 0) throw new Error(`sandbox generator: data/traits.json termWeights: ${w.column} has no term ${code}`);
      return Array<number>(n).fill(k + 1);
    });
    const [from, to] = statusRange(w);
    return (w.origins ?? [null]).map((country) => ({
      taxon_name: str(w.taxon),
      orig_cty: country === null ? "NULL::VARCHAR" : str(country),
      stat_from: num(from),
      stat_to: num(to),
      column_name: str(w.column),
      pool: `[${pool.join(", ")}]::INT[]`,
      n: num(pool.length),
    }));
  });
  await con.run(
    rows.length ? recordsTable("term_pool", rows) : `CREATE OR REPLACE TABLE term_pool (taxon_name VARCHAR, orig_cty VARCHAR,
      stat_from INTEGER, stat_to INTEGER, column_name VARCHAR, pool INTEGER[], n INTEGER)`,
  );
}

/** Table observation: genetic (shared latent z0 + per-descriptor zacc), environment, GxE and plot effects. */
async function createObservations(con: DuckDBConnection): Promise<void> {
  await con.run(`CREATE OR REPLACE TABLE observation AS
    WITH x AS (
      SELECT m.dataset_uuid, m.accession_id, m.env_idx, m.sown, c.descriptor_uuid, r.rep, de.data_type, de.mean, de.sd,
        de.decimals, de.corr,
        coalesce(wo.min_value, wt.min_value, de.min_value) AS min_value,
        coalesce(wo.max_value, wt.max_value, de.max_value) AS max_value, de.terms, de.texts, de.idx,
        -- a NUMERIC that follows a CODED descriptor takes the mean and sd of the accession's term (h(…, 7400 + idx) below)
        -- material of a taxon and status with its own values takes them (wild_trait)
        coalesce(wo.mean, wt.mean, de.by_means[coalesce(pp.pos, 1 + (h(m.accession_id, 7400 + de.by_idx) % de.by_n)::BIGINT)], de.mean)
          AS tmean,
        coalesce(wo.sd, wt.sd, de.by_sds[coalesce(pp.pos, 1 + (h(m.accession_id, 7400 + de.by_idx) % de.by_n)::BIGINT)], de.sd) AS tsd,
        pp.pos AS pool_pos,
        znorm(m.accession_id, 7001 + 17 * de.factor) AS z0,
        znorm(m.accession_id::BIGINT * 1000 + de.idx, 7101) AS zacc,
        znorm(m.env_id::BIGINT * 256 + de.idx, 7151) AS zenv,
        znorm((m.accession_id::BIGINT * 1024 + m.env_id) * 256 + de.idx, 7171) AS zge,
        znorm(((m.accession_id::BIGINT * 1024 + m.env_id) * 256 + de.idx) * 4 + r.rep, 7201) AS zrep,
        u(((m.accession_id::BIGINT * 1024 + m.env_id) * 256 + de.idx) * 4 + r.rep, 7301) AS ux,
        m.missing, fp.p AS resist_p, fp.draw AS resist_draw, coalesce(wo.term, wt.term) AS fixed_term
      FROM member_env m
      JOIN datatable_column c ON c.dataset_uuid = m.dataset_uuid
      JOIN descriptor de ON de.uuid = c.descriptor_uuid
      LEFT JOIN figs_probability fp ON fp.accession_id = m.accession_id AND fp.descriptor_uuid = c.descriptor_uuid
      JOIN accession a ON a.id = m.accession_id
      -- material of the taxon in the row's SAMPSTAT range (no SAMPSTAT: 999): wild, cultivated, landraces, improved
      LEFT JOIN wild_trait wt ON coalesce(a.samp_stat, 999) BETWEEN wt.stat_from AND wt.stat_to AND wt.taxon_name = a.taxon_name
        AND wt.column_name = de.column_name AND wt.orig_cty IS NULL
      -- ... and its material from a country with values of its own (wild_trait.orig_cty)
      LEFT JOIN wild_trait wo ON coalesce(a.samp_stat, 999) BETWEEN wo.stat_from AND wo.stat_to AND wo.taxon_name = a.taxon_name
        AND wo.column_name = de.column_name AND wo.orig_cty = a.orig_cty
      -- a term drawn from the taxon's weights (term_pool), the same for the CODED column and a NUMERIC one that follows it
      LEFT JOIN term_pool tpo ON coalesce(a.samp_stat, 999) BETWEEN tpo.stat_from AND tpo.stat_to AND tpo.taxon_name = a.taxon_name
        AND tpo.column_name = coalesce(de.by_column, de.column_name) AND tpo.orig_cty = a.orig_cty
      LEFT JOIN term_pool tpt ON coalesce(a.samp_stat, 999) BETWEEN tpt.stat_from AND tpt.stat_to AND tpt.taxon_name = a.taxon_name
        AND tpt.column_name = coalesce(de.by_column, de.column_name) AND tpt.orig_cty IS NULL,
      LATERAL (SELECT coalesce(tpo.pool, tpt.pool)[1 + (h(m.accession_id, 7400 + coalesce(de.by_idx, de.idx)) %
        coalesce(tpo.n, tpt.n))::BIGINT] AS pos) pp
      CROSS JOIN range(1, 4) r(rep)
      WHERE r.rep <= m.reps AND coalesce(wo.omit, wt.omit) IS NOT TRUE
    )
    SELECT dataset_uuid, accession_id, env_idx, descriptor_uuid, rep,
      CASE data_type
        WHEN 'NUMERIC' THEN greatest(min_value, least(max_value, round(tmean + tsd * (0.8 * (corr * z0 + sqrt(1 - corr * corr) * zacc)
          + 0.55 * zenv + 0.25 * zge + 0.35 * zrep), decimals::INT)))
        WHEN 'SCALE' THEN greatest(1, least(9, 1 + 2 * floor(0.8 * zacc + 0.5 * zenv + 0.2 * zge + 0.3 * zrep + 2.5)))
      END AS value_num,
      CASE data_type
        -- a FIGS resistance class: drawn once per seed material with its chance (figs.ts)
        WHEN 'CODED' THEN CASE WHEN resist_p IS NOT NULL THEN CASE WHEN resist_draw < resist_p THEN 'R' ELSE 'S' END
          ELSE coalesce(fixed_term, json_extract_string(terms, '$[' || ((coalesce(pool_pos - 1, h(accession_id, 7400 + idx)) +
          (CASE WHEN ux < 0.1 THEN 1 ELSE 0 END)) % json_array_length(terms))::VARCHAR || '].code')) END
        WHEN 'BOOLEAN' THEN CASE WHEN zacc + 0.6 * zenv + 0.5 * zrep > 0.8 THEN 'true' ELSE 'false' END
        WHEN 'TEXT' THEN json_extract_string(texts, '$[' || (h(accession_id::BIGINT * 16 + env_idx, 7500 + rep) %
          json_array_length(texts))::VARCHAR || ']')
        WHEN 'DATE' THEN strftime(sown, '%Y-%m-%d')
      END AS value_text
    FROM x
    WHERE ux >= missing
    ORDER BY accession_id, dataset_uuid, descriptor_uuid, env_idx, rep`);
}
