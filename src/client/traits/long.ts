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
import type { CoercionLog } from "../core/diagnostics.ts";
import { canonical } from "./requests.ts";

/** Observation rows of one dataset. */
export interface DatasetRows {
  dataset: string;
  /** The dataset's name in the `trial` column (its title; trials.ts). */
  trial: string;
  rows: ObservationRow[];
}

const NUMBER_RE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const isNumeric = (type: string) => type === "NUMERIC" || type === "SCALE";

/** Accession key columns of one row, as the wide and long frames carry them. */
export interface AccessionKeys {
  INSTCODE: string | null;
  ACCENUMB: string | null;
  DOI: string | null;
  UUID: string;
}

export const accessionKeys = (r: ObservationRow): AccessionKeys => ({
  INSTCODE: r.instituteCode ?? null,
  ACCENUMB: r.accessionNumber ?? null,
  DOI: r.doi ?? null,
  UUID: canonical(r.accession),
});

/**
 * `keys`: the wide frame's keys, one row per row of `parts` in the same
 * order (wideKeys). Values are collected as row and descriptor indexes and
 * joined to the keys in polars, so accession strings are not repeated per
 * value in JavaScript.
 */
export function longFrame(
  parts: readonly DatasetRows[],
  keys: DataFrame,
  meta: ReadonlyMap<string, Descriptor>,
  names: ReadonlyMap<string, string>,
  log: CoercionLog,
): DataFrame {
  const rowIdx: number[] = [], descIdx: number[] = [], position: number[] = [];
  const value: (number | null)[] = [], text: (string | null)[] = [], label: (string | null)[] = [];
  const descriptors: { uuid: string; name: string; type: string; terms?: Map<string, string | null> }[] = [];
  const slot = new Map<string, number>();
  const slotOf = (uuid: string): number => {
    let i = slot.get(uuid);
    if (i === undefined) {
      const d = meta.get(uuid);
      i = descriptors.push({
        uuid,
        name: names.get(uuid) ?? uuid,
        type: d?.dataType ?? "TEXT",
        terms: d?.terms?.length ? new Map(d.terms.map((t) => [t.code, t.title ?? null])) : undefined,
      }) - 1;
      slot.set(uuid, i);
    }
    return i;
  };
  let nulls = 0, row = 0, numericTextN = 0, notNumberN = 0;
  const numericText: string[] = [], notNumber: string[] = [];
  for (const { rows } of parts) {
    for (const r of rows) {
      for (const [k, raw] of Object.entries(r)) {
        if (!UUID_RE.test(k)) continue;
        const di = slotOf(canonical(k));
        const d = descriptors[di]!;
        const numeric = isNumeric(d.type);
        const values = Array.isArray(raw) ? raw : [raw];
        for (let i = 0; i < values.length; i++) {
          const v = values[i];
          if (v === null || v === undefined) {
            nulls++;
            continue;
          }
          let num: number | null = null, txt: string | null = null;
          if (numeric && typeof v === "number") num = v;
          else if (numeric && typeof v === "string" && NUMBER_RE.test(v)) {
            num = Number(v);
            if (numericTextN++ < 5) numericText.push(`${d.name}: ${v}`);
          } else {
            txt = String(v);
            if (numeric && notNumberN++ < 5) notNumber.push(`${d.name}: ${txt}`);
          }
          rowIdx.push(row);
          descIdx.push(di);
          position.push(i);
          value.push(num);
          text.push(txt);
          label.push(d.terms?.get(txt ?? String(num)) ?? null);
        }
      }
      row++;
    }
  }
  log.add("value", "numbers sent as text, read as numbers", numericTextN, numericText);
  log.add("text", "values of NUMERIC/SCALE descriptors that are not numbers, kept in `text`", notNumberN, notNumber);
  if (nulls) log.note(`${nulls.toLocaleString("en")} null entries in value arrays (no observation) are not rows`);
  const values = pl.DataFrame([
    pl.Series("_row", Uint32Array.from(rowIdx)),
    pl.Series("_desc", Uint32Array.from(descIdx)),
    pl.Series("value_index", Uint32Array.from(position)),
    pl.Series("value", value, pl.Float64),
    pl.Series("text", text, pl.Utf8),
    pl.Series("label", label, pl.Utf8),
  ]);
  const desc = pl.DataFrame([
    pl.Series("_desc", Uint32Array.from(descriptors.map((_, i) => i))),
    pl.Series("descriptor", descriptors.map((d) => d.name), pl.Utf8),
    pl.Series("descriptor_uuid", descriptors.map((d) => d.uuid), pl.Utf8),
    pl.Series("data_type", descriptors.map((d) => d.type), pl.Utf8),
  ]);
  const rowKeys = keys.withColumns(pl.Series("_row", Uint32Array.from({ length: keys.height }, (_, i) => i)));
  return values.join(rowKeys, { on: "_row", how: "left" }).join(desc, { on: "_desc", how: "left" })
    .select(
      "INSTCODE",
      "ACCENUMB",
      "DOI",
      "UUID",
      "dataset",
      "trial",
      "descriptor",
      "descriptor_uuid",
      "data_type",
      "value_index",
      "value",
      "text",
      "label",
    );
}
