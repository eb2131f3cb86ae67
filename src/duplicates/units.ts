/**
 * The units of work of the finder (engine.ts): each block (a GENUS by default), and a block of more than
 * `maxBlockRecords` records split by ORIGCTY (upper case; records without one together), so that no unit's records
 * and pairs outgrow memory whatever the genus. Counted in the one pass over the parts, before any record is read
 * whole: a split block is never held in memory as a whole (its countries are read one unit, or one group of units,
 * at a time). Units come in the blocks' order of first appearance, and a block's countries in theirs.
 */

/** One unit: its block, and how many records it has. */
export interface Unit {
  block: number;
  records: number;
}

/** What the pass over the parts counted: each row's block, and each block's records by country. */
export class BlockUnits {
  /** Block number of each dataset row. */
  readonly blockOf: Int32Array;
  readonly blockSizes: number[] = [];
  #blockIds = new Map<string, number>();
  /** Country number of each row, then (plan()) its unit number. */
  #countryOf: Int32Array;
  #countries = new Map<string, number>();
  /** Per block: country number -> records, in order of first appearance. */
  #byCountry: Map<number, number>[] = [];

  constructor(rows: number) {
    this.blockOf = new Int32Array(rows);
    this.#countryOf = new Int32Array(rows);
  }

  /** Counts one row of block `block` ("" for none) and country `country` (upper case, "" for none). */
  add(row: number, block: string, country: string): void {
    let b = this.#blockIds.get(block);
    if (b === undefined) {
      this.#blockIds.set(block, b = this.blockSizes.length);
      this.blockSizes.push(0);
      this.#byCountry.push(new Map());
    }
    let c = this.#countries.get(country);
    if (c === undefined) this.#countries.set(country, c = this.#countries.size);
    this.blockOf[row] = b;
    this.blockSizes[b]!++;
    this.#countryOf[row] = c;
    const m = this.#byCountry[b]!;
    m.set(c, (m.get(c) ?? 0) + 1);
  }

  /** The block values, by block number. */
  get names(): string[] {
    return [...this.#blockIds.keys()];
  }

  /** Records without a block value ("" block), or undefined when every record has one. */
  get unblocked(): number | undefined {
    const b = this.#blockIds.get("");
    return b === undefined ? undefined : this.blockSizes[b];
  }

  /**
   * The units (blocks of more than `max` records split by country), each row's unit number, and the split blocks
   * described for the frames' notes. Call once, after every row was added.
   */
  plan(max: number): { units: Unit[]; unitOf: Int32Array; split: string[] } {
    const units: Unit[] = [];
    const split: string[] = [];
    const names = this.names;
    // unit number by block (whole) or by block and country (split)
    const unitByCountry: Map<number, number>[] = this.#byCountry.map((countries, b) => {
      const m = new Map<number, number>();
      if (this.blockSizes[b]! <= max) {
        const u = units.push({ block: b, records: this.blockSizes[b]! }) - 1;
        for (const c of countries.keys()) m.set(c, u);
        return m;
      }
      split.push(`${names[b] || "(none)"} (${this.blockSizes[b]!.toLocaleString("en")} records, ${countries.size} countries)`);
      for (const [c, n] of countries) m.set(c, units.push({ block: b, records: n }) - 1);
      return m;
    });
    const unitOf = this.#countryOf;
    for (let row = 0; row < unitOf.length; row++) unitOf[row] = unitByCountry[this.blockOf[row]!]!.get(unitOf[row]!)!;
    return { units, unitOf, split };
  }
}
