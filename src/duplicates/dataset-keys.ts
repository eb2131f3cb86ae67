/**
 * The records of a dataset that can take part in a deterministic link, found from the key columns alone: each part's
 * keys (the DOI, INSTCODE + ACCENUMB held, DONORCODE + DONORNUMB and OTHERNUMB items cited, COLLCODE + COLLNUMB +
 * GENUS), normalised as deterministic.ts normalises them and hashed to 52 bits, go into one polars frame of (row, kind,
 * hash), 13 bytes a key; joins and duplicate checks on it give the rows (a hash collision only adds a record that
 * deterministicLinks() then finds no link for). deterministicLinks() then runs on those rows only, and finds every link it
 * would find over the whole dataset: a DOI or collecting key shared by two rows brings all its rows; a cited key
 * that is held brings its citing and holding rows; a cited key held by none but cited twice brings its citing rows
 * (same-source). The key rules mirror deterministic.ts: the dataset test compares both routes on the same data.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { codeList, compactKey, normaliseDoi, otherNumbers } from "./keywords.ts";
import { type Records, value } from "./records.ts";

const DOI = 0, HELD = 1, CITED = 2, COLLECTING = 3;
const acc = (code: string, number: string) => `${code.toUpperCase()}\u0001${compactKey(number)}`;

/** Two 32-bit FNV-1a hashes of the text, as one integer below 2^52 (exact in a Float64). */
function hash52(text: string): number {
  let h1 = 0x811c9dc5, h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff);
}

/** Collects the keys part by part (JavaScript arrays for one part at a time, polars frames for the dataset). */
export class DeterministicKeys {
  #frames: DataFrame[] = [];

  /** The keys of a part's records, whose first row is `offset` in the dataset. */
  add(r: Records, offset: number): void {
    const rows: number[] = [], kinds: number[] = [], keys: number[] = [];
    const push = (row: number, kind: number, key: string) => {
      rows.push(offset + row);
      kinds.push(kind);
      keys.push(hash52(key));
    };
    for (let i = 0; i < r.rows; i++) {
      const d = normaliseDoi(value(r, "DOI", i));
      if (d) push(i, DOI, d);
      const code = value(r, "INSTCODE", i), num = value(r, "ACCENUMB", i);
      if (code && num) push(i, HELD, acc(code, num));
      const dc = value(r, "DONORCODE", i), dn = value(r, "DONORNUMB", i);
      if (dc && dn && compactKey(dn)) push(i, CITED, acc(dc, dn));
      for (const o of otherNumbers(value(r, "OTHERNUMB", i))) {
        if (o.instCode && compactKey(o.number)) push(i, CITED, acc(o.instCode, o.number));
      }
      const cn = compactKey(value(r, "COLLNUMB", i));
      if (!cn) continue;
      const genus = value(r, "GENUS", i).toUpperCase();
      for (const c of codeList(value(r, "COLLCODE", i))) push(i, COLLECTING, `${c}\u0001${cn}\u0001${genus}`);
    }
    this.#frames.push(
      pl.DataFrame([pl.Series("row", rows, pl.UInt32), pl.Series("kind", kinds, pl.UInt8), pl.Series("key", keys, pl.Float64)]),
    );
  }

  /** The rows (ascending) that take part in some deterministic link. */
  candidates(): number[] {
    const all = pl.concat(this.#frames, { how: "vertical", rechunk: true });
    this.#frames = [];
    const of = (kind: number) => all.filter(pl.col("kind").eq(pl.lit(kind))).select("row", "key");
    const shared = (f: DataFrame) => f.filter(pl.col("key").isDuplicated()).select("row");
    const held = of(HELD), cited = of(CITED);
    const citedKeys = cited.select("key").unique();
    const heldCited = held.select("key").unique().join(citedKeys, { on: "key", how: "inner" });
    const rows = pl.concat([
      shared(of(DOI)),
      shared(of(COLLECTING)),
      shared(cited),
      held.join(heldCited, { on: "key", how: "inner" }).select("row"),
      cited.join(heldCited, { on: "key", how: "inner" }).select("row"),
    ]);
    return rows.unique().sort("row").getColumn("row").toArray() as number[];
  }
}
