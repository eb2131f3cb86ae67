/**
 * Records of chosen rows of a passport dataset, gathered part by part straight into JavaScript text: only one part is
 * ever a polars frame, so a group of units costs its records' strings and no frame of the whole group (a concatenated
 * group frame of 240,000 records held about 800 MB of native memory on top of its strings).
 */
import pl from "nodejs-polars";
import type { NativeMemory } from "../runtime/native-memory.ts";
import { type PassportDataset, readPart } from "./dataset-folder.ts";
import { readRecords, type Records } from "./records.ts";

/** The dataset's parts, the columns read of them, their rows, and each row's unit. */
export interface Parts {
  ds: PassportDataset;
  columns: string[];
  partRows: number[];
  unitOf: Int32Array;
  memory: NativeMemory;
}

/** Records of some rows, and those rows' numbers in the dataset (ascending). */
export interface Gathered {
  r: Records;
  ids: number[];
}

/** Dropped polars frames are freed by finalizers that run only when the event loop turns: collect, then let it turn. */
export async function settle(memory: NativeMemory): Promise<void> {
  memory.release();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The records of the rows `keyOf` gives a key (>= 0) to, by key: each part that has such rows is read (the finder's
 * columns only), filtered, turned into text and dropped before the next. `extra` as readRecords() takes it.
 */
export async function gatherRecords(p: Parts, keyOf: (row: number) => number, extra: string[]): Promise<Map<number, Gathered>> {
  const out = new Map<number, { cols: (string | null)[][]; ids: number[] }>();
  let names: string[] = [], missing: string[] = [];
  let offset = 0;
  for (const [k, f] of p.ds.files.entries()) {
    const n = p.partRows[k]!;
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
    const part = readRecords(readPart(f, p.columns).filter(pl.Series("take", mask)), extra);
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
    await settle(p.memory);
  }
  const result = new Map<number, Gathered>();
  for (const [key, acc] of out) {
    result.set(key, { r: { rows: acc.ids.length, missing, columns: new Map(names.map((c, i) => [c, acc.cols[i]!])) }, ids: acc.ids });
  }
  return result;
}

/** The records of the given rows (ascending), as one Gathered (no rows: no records). */
export async function gatherRows(p: Parts, rows: number[], extra: string[]): Promise<Gathered> {
  const take = new Uint8Array(p.unitOf.length);
  for (const r of rows) take[r] = 1;
  const got = rows.length ? (await gatherRecords(p, (row) => (take[row] === 1 ? 0 : -1), extra)).get(0) : undefined;
  return got ?? { r: { rows: 0, missing: [], columns: new Map() }, ids: [] };
}
