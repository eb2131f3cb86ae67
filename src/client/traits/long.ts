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
import type { CoercionLog } from "../../kernel/diagnostics.ts";
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

/** A descriptor met in the rows, at its index (the `_desc` of its values). */
interface Slot {
  uuid: string;
  name: string;
  type: string;
  terms?: Map<string, string | null>;
}

/** The descriptors in the order the rows first name them, with their names, data types and code lists. */
class Slots {
  readonly list: Slot[] = [];
  private readonly index = new Map<string, number>();
  constructor(private readonly meta: ReadonlyMap<string, Descriptor>, private readonly names: ReadonlyMap<string, string>) {}

  of(uuid: string): number {
    let i = this.index.get(uuid);
    if (i === undefined) {
      const d = this.meta.get(uuid);
      i = this.list.push({
        uuid,
        name: this.names.get(uuid) ?? uuid,
        type: d?.dataType ?? "TEXT",
        terms: d?.terms?.length ? new Map(d.terms.map((t) => [t.code, t.title ?? null])) : undefined,
      }) - 1;
      this.index.set(uuid, i);
    }
    return i;
  }

  frame(): DataFrame {
    return pl.DataFrame([
      pl.Series("_desc", Uint32Array.from(this.list.map((_, i) => i))),
      pl.Series("descriptor", this.list.map((d) => d.name), pl.Utf8),
      pl.Series("descriptor_uuid", this.list.map((d) => d.uuid), pl.Utf8),
      pl.Series("data_type", this.list.map((d) => d.type), pl.Utf8),
    ]);
  }
}

/** How many values were read another way, with the first few as examples. */
class Counted {
  n = 0;
  readonly examples: string[] = [];
  add(example: string): void {
    if (this.n++ < 5) this.examples.push(example);
  }
}

/** The long frame's values as columns (by row and descriptor index), with what was read another way counted. */
class Values {
  private readonly row: number[] = [];
  private readonly desc: number[] = [];
  private readonly position: number[] = [];
  private readonly value: (number | null)[] = [];
  private readonly text: (string | null)[] = [];
  private readonly label: (string | null)[] = [];
  private nulls = 0;
  private readonly numericText = new Counted();
  private readonly notNumber = new Counted();

  /** Entry `i` of descriptor `d`'s value array in row `row`: a number in `value` or anything else in `text`. */
  add(row: number, di: number, d: Slot, i: number, v: unknown): void {
    if (v === null || v === undefined) {
      this.nulls++;
      return;
    }
    const numeric = isNumeric(d.type);
    let num: number | null = null, txt: string | null = null;
    if (numeric && typeof v === "number") num = v;
    else if (numeric && typeof v === "string" && NUMBER_RE.test(v)) {
      num = Number(v);
      this.numericText.add(`${d.name}: ${v}`);
    } else {
      txt = String(v);
      if (numeric) this.notNumber.add(`${d.name}: ${txt}`);
    }
    this.row.push(row);
    this.desc.push(di);
    this.position.push(i);
    this.value.push(num);
    this.text.push(txt);
    this.label.push(d.terms?.get(txt ?? String(num)) ?? null);
  }

  report(log: CoercionLog): void {
    log.add("value", "numbers sent as text, read as numbers", this.numericText.n, this.numericText.examples);
    log.add("text", "values of NUMERIC/SCALE descriptors that are not numbers, kept in `text`", this.notNumber.n, this.notNumber.examples);
    if (this.nulls) log.note(`${this.nulls.toLocaleString("en")} null entries in value arrays (no observation) are not rows`);
  }

  frame(): DataFrame {
    return pl.DataFrame([
      pl.Series("_row", Uint32Array.from(this.row)),
      pl.Series("_desc", Uint32Array.from(this.desc)),
      pl.Series("value_index", Uint32Array.from(this.position)),
      pl.Series("value", this.value, pl.Float64),
      pl.Series("text", this.text, pl.Utf8),
      pl.Series("label", this.label, pl.Utf8),
    ]);
  }
}

/** The long frame's columns, in order. */
const LONG_COLUMNS = [
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
];

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
  const slots = new Slots(meta, names);
  const values = new Values();
  let row = 0;
  for (const { rows } of parts) {
    for (const r of rows) {
      for (const [k, raw] of Object.entries(r)) {
        if (!UUID_RE.test(k)) continue;
        const di = slots.of(canonical(k));
        const d = slots.list[di]!;
        const entries = Array.isArray(raw) ? raw : [raw];
        for (let i = 0; i < entries.length; i++) values.add(row, di, d, i, entries[i]);
      }
      row++;
    }
  }
  values.report(log);
  const rowKeys = keys.withColumns(pl.Series("_row", Uint32Array.from({ length: keys.height }, (_, i) => i)));
  return values.frame().join(rowKeys, { on: "_row", how: "left" }).join(slots.frame(), { on: "_desc", how: "left" }).select(
    ...LONG_COLUMNS,
  );
}
