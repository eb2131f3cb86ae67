/**
 * A core under local search, with what EN, AN and EE need to be updated by a swap without recomputing them:
 * each entry's nearest other entry (EN), each scored accession's nearest entry (AN, over all accessions or a
 * sample), each entry's sum of distances to the others (EE). A swap replaces the entry in one slot; its cost is
 * O(k) distances for EN and EE plus a rescan of O(k) for every entry or accession whose nearest entry left, and
 * O(s) for AN over s scored accessions. No n×n matrix: memory is O(n·columns + k + s).
 */
import { boundedDistanceFunction, distanceFunction, type GowerData } from "./gower.ts";

export interface Weights {
  EN: number;
  AN: number;
  EE: number;
}

export class CoreState {
  readonly k: number;
  readonly sel: Int32Array;
  readonly slotOf: Int32Array;
  private readonly floor: (i: number, j: number) => number;
  /** The same distances, or Infinity once a distance is sure to be above the bound (gower.ts). */
  private readonly floorBelow: (i: number, j: number, bound: number) => number;
  private readonly ceilBelow: (i: number, j: number, bound: number) => number;
  // EN: nearest other entry of each slot
  private nnD: Float64Array;
  private nnS: Int32Array;
  private enSum = 0;
  // AN: nearest entry of each scored accession
  private anD: Float64Array;
  private anS: Int32Array;
  private anSum = 0;
  // EE: each slot's sum of distances to the others
  private row: Float64Array;
  private eeSum = 0;
  // the pending swap's values, kept for commit()
  private readonly dNew: Float64Array;
  private readonly dOld: Float64Array;
  private readonly tD: Float64Array;
  private readonly tS: Int32Array;
  private readonly tAD: Float64Array;
  private readonly tAS: Int32Array;
  private pending = { slot: -1, row: -1, en: 0, an: 0, ee: 0 };

  constructor(readonly g: GowerData, entries: Int32Array, readonly items: Int32Array, readonly w: Weights) {
    this.k = entries.length;
    this.sel = Int32Array.from(entries);
    this.slotOf = new Int32Array(g.n).fill(-1);
    this.sel.forEach((r, s) => (this.slotOf[r] = s));
    this.floor = distanceFunction(g, "floor");
    this.floorBelow = boundedDistanceFunction(g, "floor");
    this.ceilBelow = boundedDistanceFunction(g, "ceil");
    const k = this.k, s = items.length;
    this.nnD = new Float64Array(k);
    this.nnS = new Int32Array(k);
    this.row = new Float64Array(k);
    this.anD = new Float64Array(w.AN ? s : 0);
    this.anS = new Int32Array(w.AN ? s : 0);
    this.dNew = new Float64Array(k);
    this.dOld = new Float64Array(k);
    this.tD = new Float64Array(k);
    this.tS = new Int32Array(k);
    this.tAD = new Float64Array(this.anD.length);
    this.tAS = new Int32Array(this.anD.length);
    this.initEntries();
    if (w.AN) this.initAccessions();
  }

  private initEntries(): void {
    const { k, sel, nnD, nnS, row } = this;
    nnD.fill(Infinity);
    nnS.fill(-1);
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        const d = this.floor(sel[a]!, sel[b]!);
        row[a] += d;
        row[b] += d;
        if (d < nnD[a]!) (nnD[a] = d), (nnS[a] = b);
        if (d < nnD[b]!) (nnD[b] = d), (nnS[b] = a);
      }
    }
    this.enSum = k < 2 ? 0 : nnD.reduce((x, y) => x + y, 0);
    this.eeSum = row.reduce((x, y) => x + y, 0) / 2;
  }

  private initAccessions(): void {
    const { items, anD, anS } = this;
    let sum = 0;
    for (let u = 0; u < items.length; u++) {
      const [d, s] = this.nearestEntry(items[u]!, -1, -1);
      anD[u] = d;
      anS[u] = s;
      sum += d;
    }
    this.anSum = sum;
  }

  /** Nearest entry of row x (ceil rule), with slot `swap` holding row `withRow` instead (-1: as is). */
  private nearestEntry(x: number, swap: number, withRow: number): [number, number] {
    const { k, sel } = this;
    let best = Infinity, at = -1;
    for (let t = 0; t < k; t++) {
      const r = t === swap ? withRow : sel[t]!;
      const d = r === x ? 0 : this.ceilBelow(x, r, best);
      if (d < best) (best = d), (at = t);
      if (best === 0) break;
    }
    return [best, at];
  }

  get EN(): number {
    return this.k < 2 ? 0 : this.enSum / this.k;
  }
  get AN(): number {
    return this.anSum / this.items.length;
  }
  get EE(): number {
    return this.k < 2 ? 0 : this.eeSum / (this.k * (this.k - 1) / 2);
  }
  /** The value the search maximises: w.EN·EN + w.EE·EE − w.AN·AN. */
  value(en = this.EN, an = this.w.AN ? this.AN : 0, ee = this.EE): number {
    return this.w.EN * en + this.w.EE * ee - this.w.AN * an;
  }

  /** The value after putting row `a` in `slot` (not applied until commit()). */
  evaluateSwap(slot: number, a: number): number {
    const { k, sel, dNew, dOld } = this;
    const old = sel[slot]!;
    const needOld = this.w.EE > 0;
    if (needOld) {
      for (let t = 0; t < k; t++) {
        if (t === slot) continue;
        dNew[t] = this.floor(a, sel[t]!);
        dOld[t] = this.floor(old, sel[t]!);
      }
    } else if (this.w.EN) this.newDistancesForEN(slot, a);
    const en = this.w.EN ? this.swapEN(slot) : 0;
    let ee = 0;
    if (needOld) {
      let add = 0, sub = 0;
      for (let t = 0; t < k; t++) if (t !== slot) (add += dNew[t]!), (sub += dOld[t]!);
      ee = (this.eeSum - sub + add) / (k * (k - 1) / 2);
    }
    const an = this.w.AN ? this.swapAN(slot, a) : 0;
    this.pending = { slot, row: a, en, an, ee };
    return this.value(en, an, ee);
  }

  /**
   * The new entry's distances as swapEN() reads them, each exact or Infinity when it can change nothing: above both
   * the entry's nearest (unless that one leaves) and the nearest of the new entry found so far.
   */
  private newDistancesForEN(slot: number, a: number): void {
    const { k, sel, nnD, nnS, dNew } = this;
    let nearest = Infinity;
    for (let t = 0; t < k; t++) {
      if (t === slot) continue;
      const d = nnS[t] === slot ? this.floor(a, sel[t]!) : this.floorBelow(a, sel[t]!, Math.max(nnD[t]!, nearest));
      dNew[t] = d;
      if (d < nearest) nearest = d;
    }
  }

  private swapEN(slot: number): number {
    const { k, sel, nnD, nnS, dNew, tD, tS } = this;
    if (k < 2) return 0;
    let sum = 0, bestA = Infinity, atA = -1;
    for (let t = 0; t < k; t++) {
      if (t === slot) continue;
      const dn = dNew[t]!;
      if (dn < bestA) (bestA = dn), (atA = t);
      if (nnS[t] === slot) {
        let best = dn, at = slot;
        const x = sel[t]!;
        for (let u = 0; u < k; u++) {
          if (u === t || u === slot) continue;
          const d = this.floorBelow(x, sel[u]!, best);
          if (d < best) (best = d), (at = u);
        }
        tD[t] = best;
        tS[t] = at;
      } else if (dn < nnD[t]!) (tD[t] = dn), (tS[t] = slot);
      else (tD[t] = nnD[t]!), (tS[t] = nnS[t]!);
      sum += tD[t]!;
    }
    tD[slot] = bestA;
    tS[slot] = atA;
    return (sum + bestA) / k;
  }

  private swapAN(slot: number, a: number): number {
    const { items, anD, anS, tAD, tAS } = this;
    let sum = 0;
    for (let u = 0; u < items.length; u++) {
      const x = items[u]!;
      if (anS[u] === slot) {
        const [d, s] = this.nearestEntry(x, slot, a);
        tAD[u] = d;
        tAS[u] = s;
      } else {
        const d = x === a ? 0 : this.ceilBelow(x, a, anD[u]!);
        if (d < anD[u]!) (tAD[u] = d), (tAS[u] = slot);
        else (tAD[u] = anD[u]!), (tAS[u] = anS[u]!);
      }
      sum += tAD[u]!;
    }
    return sum / items.length;
  }

  /** Applies the swap last evaluated. */
  commit(): void {
    const { slot, row, en, an, ee } = this.pending;
    const { k, sel, w } = this;
    this.slotOf[sel[slot]!] = -1;
    sel[slot] = row;
    this.slotOf[row] = slot;
    if (w.EN) {
      this.nnD.set(this.tD);
      this.nnS.set(this.tS);
      this.enSum = en * k;
    }
    if (w.AN) {
      this.anD.set(this.tAD);
      this.anS.set(this.tAS);
      this.anSum = an * this.items.length;
    }
    if (w.EE) {
      let add = 0;
      for (let t = 0; t < k; t++) if (t !== slot) (this.row[t] += this.dNew[t]! - this.dOld[t]!), (add += this.dNew[t]!);
      this.row[slot] = add;
      this.eeSum = ee * (k * (k - 1) / 2);
    }
  }

  /** Σ and Σ² of the scored accessions' distances to their nearest entry (AN's sample statistics). */
  anMoments(): [number, number] {
    let sum = 0, sq = 0;
    for (const d of this.anD) (sum += d), (sq += d * d);
    return [sum, sq];
  }

  /** The removable slot whose entry is nearest to another entry (one of the closest pair). */
  closestSlot(removable: Uint8Array): number {
    let best = Infinity, at = -1;
    for (let t = 0; t < this.k; t++) if (removable[t] && this.nnD[t]! < best) (best = this.nnD[t]!), (at = t);
    return at;
  }
}
