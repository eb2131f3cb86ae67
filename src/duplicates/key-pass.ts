/**
 * The records of a dataset that can take part in a deterministic link, found from the key columns alone: each part's
 * keys, given by deterministic.ts' eachKey() (the rules deterministicLinks() keys on), hashed to 52 bits, go into
 * typed arrays of (row, kind, hash), 13 bytes a key; sorted copies of each kind's hashes give the keys shared or both
 * held and cited, and one scan the rows (a hash collision only adds a record that deterministicLinks() then finds no
 * link for). deterministicLinks() then runs on those rows only, and finds every link it would find over the whole
 * dataset: a DOI or collecting key shared by two rows brings all its rows; a cited key that is held brings its citing
 * and holding rows; a cited key held by none but cited twice brings its citing rows (same-source). The dataset test
 * compares both routes on the same data. Typed arrays, not polars joins: the joins over the 5,000,000-accession
 * sandbox's 15 million keys peaked at 1.2 GB and left 300 MB the allocator kept.
 */
import { eachKey, type KeyKind } from "./deterministic.ts";
import type { Records } from "./records.ts";

const DOI = 0, HELD = 1, CITED = 2, COLLECTING = 3;
const KIND: Record<KeyKind, number> = { doi: DOI, held: HELD, cited: CITED, collecting: COLLECTING };

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

/** One part's keys: dataset row, kind and hash of each. */
interface PartKeys {
  rows: Uint32Array;
  kinds: Uint8Array;
  keys: Float64Array;
}

/** Collects the keys part by part (JavaScript arrays for one part at a time, typed arrays for the dataset). */
export class DeterministicKeys {
  #parts: PartKeys[] = [];

  /** The keys of a part's records, whose first row is `offset` in the dataset. */
  add(r: Records, offset: number): void {
    const rows: number[] = [], kinds: number[] = [], keys: number[] = [];
    for (let i = 0; i < r.rows; i++) {
      eachKey(r, i, (kind, key) => {
        rows.push(offset + i);
        kinds.push(KIND[kind]);
        keys.push(hash52(key));
      });
    }
    this.#parts.push({ rows: Uint32Array.from(rows), kinds: Uint8Array.from(kinds), keys: Float64Array.from(keys) });
  }

  /** The hashes of one kind, sorted. */
  #sorted(kind: number): Float64Array {
    let n = 0;
    for (const p of this.#parts) for (const k of p.kinds) if (k === kind) n++;
    const out = new Float64Array(n);
    let at = 0;
    for (const p of this.#parts) p.kinds.forEach((k, i) => k === kind && (out[at++] = p.keys[i]!));
    return out.sort();
  }

  /** The rows (ascending) that take part in some deterministic link. */
  candidates(rows: number): number[] {
    // the keys a row must have to take part: per kind, those met twice (DOI, collecting, cited) or held and cited
    const doi = repeated(this.#sorted(DOI)), collecting = repeated(this.#sorted(COLLECTING));
    const citedSorted = this.#sorted(CITED);
    const cited = repeated(citedSorted);
    const heldCited = common(this.#sorted(HELD), citedSorted);
    const take = new Uint8Array(rows);
    for (const p of this.#parts) {
      p.kinds.forEach((kind, i) => {
        const key = p.keys[i]!;
        const yes = kind === DOI
          ? doi.has(key)
          : kind === COLLECTING
          ? collecting.has(key)
          : kind === CITED
          ? cited.has(key) || heldCited.has(key)
          : heldCited.has(key);
        if (yes) take[p.rows[i]!] = 1;
      });
    }
    this.#parts = [];
    const out: number[] = [];
    take.forEach((t, row) => t && out.push(row));
    return out;
  }
}

/** The values met more than once in a sorted array. */
function repeated(sorted: Float64Array): Set<number> {
  const out = new Set<number>();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) out.add(sorted[i]!);
  return out;
}

/** The values of two sorted arrays met in both. */
function common(a: Float64Array, b: Float64Array): Set<number> {
  const out = new Set<number>();
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.add(a[i]!);
      i++;
    }
  }
  return out;
}
