/**
 * Core Hunter's three distance objectives over a selection (indices into the data), with its rules
 * (AverageEntryToNearestEntry.java, AverageAccessionToNearestEntry.java, AverageEntryToEntry.java; docs/core.md):
 *
 *   EN = mean over entries e of min_{f in core, f != e} d_floor(e, f)     (0 when fewer than two entries)
 *   AN = mean over all accessions x of min_{e in core} d_ceil(x, e)       (an entry's own term is 0)
 *   EE = mean over pairs {e, f} of the core of d_floor(e, f)              (0 when fewer than two entries)
 *
 * AN over a large collection is estimated from a uniform sample of accessions without replacement, with its
 * standard error and a Hoeffding bound (every term lies in [0, 1]).
 */
import { boundedDistanceFunction, distanceFunction, type GowerData } from "./gower.ts";
import { type Random, sampleIndices, seededRandom } from "./prng.ts";

export interface CoreScores {
  /** Mean distance from each entry to the nearest other entry (diversity; Core Hunter's EN). */
  EN: number;
  /** Mean distance from each accession to the nearest entry (representativeness, lower is better; Core Hunter's AN). */
  AN: number;
  /** Mean distance between entries (Core Hunter's EE). */
  EE: number;
  /** How AN was computed: over every accession, or over a sample with its error. */
  anMethod: { exact: true } | AnEstimate;
}

export interface AnEstimate {
  exact: false;
  /** Accessions the mean was taken over. */
  sample: number;
  /** Standard error of the estimate (with the finite-population correction). */
  standardError: number;
  /** |estimate - AN| is below this with probability 0.95 (Hoeffding, terms in [0, 1]). */
  bound95: number;
}

/** EN of `core` (floor rule). */
export function entryToNearestEntry(g: GowerData, core: ArrayLike<number>): number {
  const k = core.length;
  if (k < 2) return 0;
  const d = distanceFunction(g, "floor");
  let sum = 0;
  for (let a = 0; a < k; a++) {
    let best = Infinity;
    const e = core[a]!;
    for (let b = 0; b < k; b++) if (b !== a) best = Math.min(best, d(e, core[b]!));
    sum += best;
  }
  return sum / k;
}

/** EE of `core` (floor rule). */
export function entryToEntry(g: GowerData, core: ArrayLike<number>): number {
  const k = core.length;
  if (k < 2) return 0;
  const d = distanceFunction(g, "floor");
  let sum = 0;
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) sum += d(core[a]!, core[b]!);
  return sum / (k * (k - 1) / 2);
}

/** Σ over `items` of the distance to the nearest entry (ceil rule), and the sum of squares. */
function nearestEntrySums(g: GowerData, core: ArrayLike<number>, items: ArrayLike<number> | null): [number, number] {
  const d = boundedDistanceFunction(g, "ceil");
  const inCore = new Set(Array.from(core));
  let sum = 0, sq = 0;
  const count = items ? items.length : g.n;
  for (let t = 0; t < count; t++) {
    const x = items ? items[t]! : t;
    if (inCore.has(x)) continue;
    let best = Infinity;
    for (let b = 0; b < core.length; b++) {
      const v = d(x, core[b]!, best);
      if (v < best) best = v;
    }
    sum += best;
    sq += best * best;
  }
  return [sum, sq];
}

/** AN of `core` over every accession (Infinity for an empty core, as Core Hunter). */
export function accessionToNearestEntry(g: GowerData, core: ArrayLike<number>): number {
  if (core.length === 0) return Infinity;
  return nearestEntrySums(g, core, null)[0] / g.n;
}

/** The estimate's error from the sample's Σ and Σ² of s terms out of n. */
export function anEstimate(n: number, s: number, sum: number, sq: number): AnEstimate {
  const mean = sum / s;
  const variance = Math.max(sq / s - mean * mean, 0) * s / Math.max(s - 1, 1);
  const fpc = (n - s) / Math.max(n - 1, 1);
  return { exact: false, sample: s, standardError: Math.sqrt(variance / s * fpc), bound95: Math.sqrt(Math.log(2 / 0.05) / (2 * s)) };
}

/** AN estimated over `sample` accessions drawn without replacement. */
export function sampledAccessionToNearestEntry(g: GowerData, core: ArrayLike<number>, sample: number, rng: Random): {
  AN: number;
  estimate: AnEstimate;
} {
  const s = Math.min(sample, g.n);
  const items = sampleIndices(rng, g.n, s);
  const [sum, sq] = nearestEntrySums(g, core, items);
  return { AN: sum / s, estimate: anEstimate(g.n, s, sum, sq) };
}

/** AN is computed over every accession when n·k distances stay within this budget, else over a sample of them. */
export const AN_EXACT_BUDGET = 2e8;

/** Whether AN of a core of k over n accessions is computed exactly: n·k within `exactBudget`, or n no more than the sample. */
export const anIsExact = (n: number, k: number, sample: number, exactBudget = AN_EXACT_BUDGET): boolean =>
  n * k <= exactBudget || n <= sample;

/** The pseudo-random numbers AN's sample is drawn with, from the seed a core was searched with. */
export const anRandom = (seed: number): Random => seededRandom(seed ^ 0x5eed);

/** AN of a core: exact when n·k distances stay within `exactBudget` (or n <= sample), else over a sample. */
export function anOf(
  g: GowerData,
  core: ArrayLike<number>,
  rng: Random,
  exactBudget: number,
  sample: number,
): Pick<CoreScores, "AN" | "anMethod"> {
  if (anIsExact(g.n, core.length, sample, exactBudget)) return { AN: accessionToNearestEntry(g, core), anMethod: { exact: true } };
  const { AN, estimate } = sampledAccessionToNearestEntry(g, core, sample, rng);
  return { AN, anMethod: estimate };
}

/** EN, AN and EE of a core; AN exact when n·k distances stay within `exactBudget`, else sampled. */
export function scoreCore(
  g: GowerData,
  core: ArrayLike<number>,
  rng: Random,
  exactBudget = AN_EXACT_BUDGET,
  sample = 10_000,
): CoreScores {
  return { EN: entryToNearestEntry(g, core), EE: entryToEntry(g, core), ...anOf(g, core, rng, exactBudget, sample) };
}
