/**
 * The tidy (long) trait frame: one row per observed value.
 *
 *   INSTCODE, ACCENUMB, DOI, UUID   the accession
 *   dataset                         dataset UUID the value came from
 *   descriptor, descriptor_uuid     column name (as in the wide frame) and UUID
 *   data_type                       the descriptor's dataType
 *   value_index                     position in the value array as sent (0-based)
 *   value   Float64                 NUMERIC and SCALE values
 *   text    String                  every other value: CODED codes, TEXT, DATE
 *                                   (ISO text), BOOLEAN ("true"/"false"), and a
 *                                   NUMERIC/SCALE value that is not a number
 *   label   String                  the term title of a CODED/SCALE code
 *
 * Every value is in exactly one of `value` and `text`; nothing is dropped but
 * null entries of a value array (no observation). What was read another way
 * is counted in the log (numeric text, non-numeric values).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import type { Descriptor, ObservationRow } from "../../schema/responses.ts";
import { UUID_RE } from "../../schema/uuid.ts";
import type { CoercionLog } from "../diagnostics.ts";
import { canonical } from "./requests.ts";

/** Observation rows of one dataset. */
export interface DatasetRows { dataset: string; rows: ObservationRow[] }

const NUMBER_RE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const isNumeric = (type: string) => type === "NUMERIC" || type === "SCALE";

/** Accession key columns of one row, as the wide and long frames carry them. */
export interface AccessionKeys { INSTCODE: string | null; ACCENUMB: string | null; DOI: string | null; UUID: string }

export const accessionKeys = (r: ObservationRow): AccessionKeys =>
  ({ INSTCODE: r.instituteCode ?? null, ACCENUMB: r.accessionNumber ?? null, DOI: r.doi ?? null, UUID: canonical(r.accession) });

export function longFrame(parts: readonly DatasetRows[], meta: ReadonlyMap<string, Descriptor>, names: ReadonlyMap<string, string>, log: CoercionLog): DataFrame {
  const c = {
    INSTCODE: [] as (string | null)[], ACCENUMB: [] as (string | null)[], DOI: [] as (string | null)[], UUID: [] as string[],
    dataset: [] as string[], descriptor: [] as string[], descriptor_uuid: [] as string[], data_type: [] as string[],
    value_index: [] as number[], value: [] as (number | null)[], text: [] as (string | null)[], label: [] as (string | null)[],
  };
  const labels = new Map([...meta.values()].map((d) => [d.uuid, new Map((d.terms ?? []).map((t) => [t.code, t.title ?? null]))]));
  let nulls = 0;
  const numericText: string[] = [], notNumber: string[] = [];
  let numericTextN = 0, notNumberN = 0;
  for (const { dataset, rows } of parts) {
    for (const r of rows) {
      const keys = accessionKeys(r);
      for (const [k, raw] of Object.entries(r)) {
        if (!UUID_RE.test(k)) continue;
        const uuid = canonical(k);
        const d = meta.get(uuid);
        const type = d?.dataType ?? "TEXT";
        const name = names.get(uuid) ?? uuid;
        const terms = labels.get(uuid);
        const values = Array.isArray(raw) ? raw : [raw];
        for (let i = 0; i < values.length; i++) {
          const v = values[i];
          if (v === null || v === undefined) {
            nulls++;
            continue;
          }
          let num: number | null = null, text: string | null = null;
          if (isNumeric(type)) {
            if (typeof v === "number") num = v;
            else if (typeof v === "string" && NUMBER_RE.test(v)) {
              num = Number(v);
              if (numericTextN++ < 5) numericText.push(`${name}: ${v}`);
            } else {
              text = String(v);
              if (notNumberN++ < 5) notNumber.push(`${name}: ${text}`);
            }
          } else text = String(v);
          c.INSTCODE.push(keys.INSTCODE);
          c.ACCENUMB.push(keys.ACCENUMB);
          c.DOI.push(keys.DOI);
          c.UUID.push(keys.UUID);
          c.dataset.push(dataset);
          c.descriptor.push(name);
          c.descriptor_uuid.push(uuid);
          c.data_type.push(type);
          c.value_index.push(i);
          c.value.push(num);
          c.text.push(text);
          c.label.push(terms?.get(text ?? String(num)) ?? null);
        }
      }
    }
  }
  log.add("value", "numbers sent as text, read as numbers", numericTextN, numericText);
  log.add("text", "values of NUMERIC/SCALE descriptors that are not numbers, kept in `text`", notNumberN, notNumber);
  if (nulls) log.note(`${nulls.toLocaleString("en")} null entries in value arrays (no observation) are not rows`);
  return pl.DataFrame([
    pl.Series("INSTCODE", c.INSTCODE, pl.Utf8).cast(pl.Categorical),
    pl.Series("ACCENUMB", c.ACCENUMB, pl.Utf8),
    pl.Series("DOI", c.DOI, pl.Utf8),
    pl.Series("UUID", c.UUID, pl.Utf8),
    pl.Series("dataset", c.dataset, pl.Utf8),
    pl.Series("descriptor", c.descriptor, pl.Utf8),
    pl.Series("descriptor_uuid", c.descriptor_uuid, pl.Utf8),
    pl.Series("data_type", c.data_type, pl.Utf8),
    pl.Series("value_index", c.value_index, pl.UInt32),
    pl.Series("value", c.value, pl.Float64),
    pl.Series("text", c.text, pl.Utf8),
    pl.Series("label", c.label, pl.Utf8),
  ]);
}
