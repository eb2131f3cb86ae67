/**
 * Records of chosen rows of a record source, gathered part by part straight into JavaScript text: only one part is
 * ever a polars frame, so a group of units costs its records' strings and no frame of the whole group (a concatenated
 * group frame of 240,000 records held about 800 MB of native memory on top of its strings). Generators: each `yield`
 * is a moment to free the part just dropped (engine.ts lets the event loop turn there for a source on disk).
 */
import pl from "nodejs-polars";
import type { RecordSource } from "./source.ts";
import { readRecords, type Records } from "./records.ts";

/** The source, the columns read of it, and each row's unit. */
export interface Parts {
  source: RecordSource;
  columns: string[];
  unitOf: Int32Array;
}

/** Records of some rows, and those rows' numbers in the source (ascending). */
export interface Gathered {
  r: Records;
  ids: number[];
}

/** A step of the finder: yields where dropped polars frames may be freed, returns its value at the end. */
export type Step<T> = Generator<void, T, void>;

/**
 * The records of the rows `keyOf` gives a key (>= 0) to, by key: each part that has such rows is read (the finder's
 * columns only), filtered, turned into text and dropped before the next. `extra` as readRecords() takes it.
 */
export function* gatherRecords(p: Parts, keyOf: (row: number) => number, extra: string[]): Step<Map<number, Gathered>> {
  const out = new Map<number, { cols: (string | null)[][]; ids: number[] }>();
  let names: string[] = [], missing: string[] = [];
  let offset = 0;
  for (const [k, n] of p.source.partRows.entries()) {
    const mask: boolean[] = new Array(n);
    const taken: number[] = [], keys: number[] = [];
    for (let i = 0; i < n; i++) {
      const key = keyOf(offset + i);
      if ((mask[i] = key >= 0)) {
        taken.push(offset + i);
        keys.push(key);
      }
    }
    offset += n;
    if (!taken.length) continue;
    const part = readRecords(p.source.part(k, p.columns).filter(pl.Series("take", mask)), extra);
    names = [...part.columns.keys()];
    missing = part.missing;
    const cols = names.map((c) => part.columns.get(c)!);
    taken.forEach((row, j) => {
      const key = keys[j]!;
      let acc = out.get(key);
      if (!acc) out.set(key, acc = { cols: names.map(() => []), ids: [] });
      for (let c = 0; c < cols.length; c++) acc.cols[c]!.push(cols[c]![j] as string | null);
      acc.ids.push(row);
    });
    yield;
  }
  const result = new Map<number, Gathered>();
  for (const [key, acc] of out) {
    result.set(key, { r: { rows: acc.ids.length, missing, columns: new Map(names.map((c, i) => [c, acc.cols[i]!])) }, ids: acc.ids });
  }
  return result;
}

/** The records of the given rows (ascending), as one Gathered (no rows: no records). */
export function* gatherRows(p: Parts, rows: number[], extra: string[]): Step<Gathered> {
  const take = new Uint8Array(p.unitOf.length);
  for (const r of rows) take[r] = 1;
  const got = rows.length ? (yield* gatherRecords(p, (row) => (take[row] === 1 ? 0 : -1), extra)).get(0) : undefined;
  return got ?? { r: { rows: 0, missing: [], columns: new Map() }, ids: [] };
}
