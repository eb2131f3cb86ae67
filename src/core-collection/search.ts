/**
 * The search: a farthest-point start (greedy max-min, Gonzalez 1985) for diversity (EN, EE) or a random start for
 * representativeness (AN alone), then a random descent over swaps (Core Hunter's fast mode is a random descent too)
 * with incremental score updates (state.ts). Half of the removals take one entry of the closest pair when EN
 * counts; additions are uniform among the candidates outside the core. When a descent stalls, the search goes on
 * from the best core after a perturbation of a few random swaps (iterated local search). Bounded by
 * time, by steps and by steps without improvement; the pseudo-random numbers are seeded (prng.ts).
 */
import { boundedDistanceFunction, type GowerData } from "./gower.ts";
import { type Random, sampleIndices, seededRandom } from "./prng.ts";
import { AN_EXACT_BUDGET, anEstimate, anIsExact, anOf, anRandom, type CoreScores } from "./scores.ts";
import { CoreState, type Weights } from "./state.ts";

export interface SearchSettings {
  size: number;
  weights: Weights;
  /** Rows that must be in the core. */
  always: readonly number[];
  /** Rows that may enter the core (not `never`, with data), always included or not. */
  candidates: Int32Array;
  seed: number;
  /** When the whole call must be done (performance.now() milliseconds): the search stops early enough for the final scores. */
  deadline: number;
  maxSteps: number;
  stallSteps: number;
  /** AN is scored over at most this many accessions (a uniform sample) during the search. */
  anSample: number;
  /** Farthest-point start over at most this many distance evaluations (a random pool of candidates beyond). */
  initBudget: number;
}

export interface SearchReport {
  core: Int32Array;
  steps: number;
  improvements: number;
  seconds: number;
  initSeconds: number;
  /** Why the search stopped: "time", "steps", "no improvement", "nothing to swap". */
  stopped: string;
  /** Candidates the farthest-point start looked over (all, or a random pool). */
  initPool: number;
  /** The final core's scores: EN and EE exact; AN exact or over a sample, as `anMethod` says. */
  scores: CoreScores;
}

/** Greedy max-min: each pick is the candidate farthest from those picked (always first). Also returns the distances. */
function farthestPoint(
  g: GowerData,
  s: SearchSettings,
  rng: Random,
  deadline: number,
): { core: Int32Array; minD: Float64Array; pool: Int32Array } {
  const d = boundedDistanceFunction(g, "floor");
  const poolSize = Math.min(s.candidates.length, Math.max(2 * s.size, Math.floor(s.initBudget / s.size)));
  const pool = poolSize === s.candidates.length ? s.candidates : pickPool(s, rng, poolSize);
  const minD = new Float64Array(pool.length).fill(Infinity);
  const core = new Int32Array(s.size);
  let k = 0;
  const add = (r: number) => {
    core[k++] = r;
    for (let p = 0; p < pool.length; p++) {
      const v = d(pool[p]!, r, minD[p]!);
      if (v < minD[p]!) minD[p] = v;
    }
  };
  for (const r of s.always) add(r);
  const inCore = new Uint8Array(g.n);
  s.always.forEach((r) => (inCore[r] = 1));
  if (k === 0 && pool.length) {
    add(pool[rng.int(pool.length)]!);
    inCore[core[0]!] = 1;
  }
  while (k < s.size && performance.now() < deadline) {
    let best = -1, at = -1;
    for (let p = 0; p < pool.length; p++) if (!inCore[pool[p]!] && minD[p]! > best) (best = minD[p]!), (at = p);
    if (at < 0) break;
    inCore[pool[at]!] = 1;
    add(pool[at]!);
  }
  fillAtRandom(core, k, s.candidates, inCore, rng);
  return { core, minD, pool };
}

function pickPool(s: SearchSettings, rng: Random, size: number): Int32Array {
  const idx = sampleIndices(rng, s.candidates.length, size);
  return idx.map((i) => s.candidates[i]!);
}

/** Fills core[from..] with random candidates not yet in it. */
function fillAtRandom(core: Int32Array, from: number, candidates: Int32Array, inCore: Uint8Array, rng: Random): void {
  for (let k = from; k < core.length;) {
    const r = candidates[rng.int(candidates.length)]!;
    if (!inCore[r]) (inCore[r] = 1), (core[k++] = r);
  }
}

/** A random start: always, then random candidates. */
function randomStart(g: GowerData, s: SearchSettings, rng: Random): Int32Array {
  const core = new Int32Array(s.size);
  const inCore = new Uint8Array(g.n);
  s.always.forEach((r, i) => ((core[i] = r), (inCore[r] = 1)));
  fillAtRandom(core, s.always.length, s.candidates, inCore, rng);
  return core;
}

export function searchCore(g: GowerData, s: SearchSettings): SearchReport {
  const t0 = performance.now();
  const rng = seededRandom(s.seed);
  const diversity = s.weights.EN > 0 || s.weights.EE > 0;
  // the start may take half of the time left; a start cut short is filled at random
  const start = diversity ? farthestPoint(g, s, rng, t0 + (s.deadline - t0) / 2) : undefined;
  const core = start?.core ?? randomStart(g, s, rng);
  const items = g.n <= s.anSample ? Int32Array.from({ length: g.n }, (_, i) => i) : sampleIndices(rng, g.n, s.anSample);
  const t1 = performance.now();
  const state = new CoreState(g, core, s.weights.AN ? items : new Int32Array(0), s.weights);
  const perDistance = (performance.now() - t1) / Math.max(1, pairs(s.size) + (s.weights.AN ? items.length * s.size : 0));
  const initSeconds = (performance.now() - t0) / 1000;
  // the final scores' estimated time (at most a quarter of the bound), a tenth more, and 2% of the time left for the
  // frames the caller builds after
  const left = Math.max(0, s.deadline - performance.now());
  const reserve = Math.min(finalWork(g, s) * perDistance, 0.25 * (s.deadline - t0));
  const { state: final, ...loop } = descend(state, s, rng, s.deadline - 1.1 * reserve - 0.02 * left);
  const scores = finalScores(g, final, s, items.length, perDistance);
  return { core: final.sel, scores, ...loop, seconds: (performance.now() - t0) / 1000, initSeconds, initPool: start?.pool.length ?? 0 };
}

const pairs = (k: number) => k * (k - 1) / 2;

/** Distances the final scores take: EN and EE afresh unless the search kept both, AN unless it kept it. */
function finalWork(g: GowerData, s: SearchSettings): number {
  const entries = s.weights.EN > 0 && s.weights.EE > 0 ? 0 : pairs(s.size);
  const an = s.weights.AN ? 0 : anIsExact(g.n, s.size, s.anSample) ? g.n * s.size : s.anSample * s.size;
  return entries + an;
}

/**
 * The core's scores: EN and EE as the search kept them when it optimised both (a state updates only what its
 * objective needs), else afresh; AN as kept when optimised, else exact or over a sample (scores.ts).
 */
function finalScores(g: GowerData, final: CoreState, s: SearchSettings, sampled: number, perDistance: number): CoreScores {
  const w = s.weights;
  const entries = w.EN > 0 && w.EE > 0 ? final : new CoreState(g, final.sel, new Int32Array(0), { EN: 1, AN: 0, EE: 1 });
  const { EN, EE } = entries;
  if (!w.AN) return { EN, EE, ...anOf(g, final.sel, anRandom(s.seed), AN_EXACT_BUDGET, anSampleInTime(g, s, perDistance)) };
  const [sum, sq] = final.anMoments();
  return { EN, EE, AN: final.AN, anMethod: sampled === g.n ? { exact: true } : anEstimate(g.n, sampled, sum, sq) };
}

/**
 * The sample AN is scored over at the end: `anSample`, or fewer (at least 1,000) when the time left would not hold
 * them; `anMethod` then states the smaller sample and its wider error bound.
 */
function anSampleInTime(g: GowerData, s: SearchSettings, perDistance: number): number {
  if (anIsExact(g.n, s.size, s.anSample)) return s.anSample;
  const fits = Math.floor((s.deadline - performance.now()) / Math.max(perDistance * s.size, 1e-9));
  return Math.max(Math.min(1000, s.anSample), Math.min(s.anSample, fits));
}

interface Loop {
  steps: number;
  improvements: number;
  stopped: string;
}

/**
 * Iterated local search: a random descent until `phase` swaps in a row bring nothing, then, from the best core so
 * far, a perturbation of a few random swaps and another descent; stops on time, steps or `stallSteps` swaps without
 * a better best. Returns the best core's state.
 */
function descend(first: CoreState, s: SearchSettings, rng: Random, deadline: number): Loop & { state: CoreState } {
  let state = first;
  const removable = new Uint8Array(state.k).fill(1);
  const always = new Set(s.always);
  state.sel.forEach((r, t) => always.has(r) && (removable[t] = 0));
  const free = removable.reduce((a, b) => a + b, 0);
  if (free === 0 || s.candidates.length <= state.k) return { state, steps: 0, improvements: 0, stopped: "nothing to swap" };
  let best = Int32Array.from(state.sel), bestValue = state.value();
  const run: Loop = { steps: 0, improvements: 0, stopped: "steps" };
  const phase = Math.min(s.stallSteps, 2000 + 4 * state.k);
  let sinceBest = 0;
  for (;;) {
    const before = run.steps;
    const why = descent(state, s, rng, deadline, removable, run, phase);
    const value = state.value();
    if (value > bestValue + 1e-12) (bestValue = value), (best = Int32Array.from(state.sel)), (sinceBest = 0);
    else sinceBest += run.steps - before;
    if (why !== "phase" || sinceBest >= s.stallSteps) {
      run.stopped = why === "phase" ? "no improvement" : why;
      break;
    }
    state = new CoreState(state.g, best, state.items, state.w);
    perturb(state, s, rng, removable, Math.max(1, Math.round(free * 0.05)));
  }
  const final = state.value() >= bestValue ? state : new CoreState(state.g, best, state.items, state.w);
  return { state: final, ...run };
}

/** A random descent: first improvements only, until `phase` swaps in a row bring nothing (or time, or steps). */
function descent(
  state: CoreState,
  s: SearchSettings,
  rng: Random,
  deadline: number,
  removable: Uint8Array,
  run: Loop,
  phase: number,
): string {
  let value = state.value(), stall = 0;
  for (;;) {
    if (run.steps >= s.maxSteps) return "steps";
    if ((run.steps & 63) === 0 && performance.now() > deadline) return "time";
    if (stall >= phase) return "phase";
    run.steps++;
    const slot = s.weights.EN > 0 && rng.next() < 0.5 ? state.closestSlot(removable) : randomSlot(removable, state.k, rng);
    const a = candidate(state, s.candidates, rng);
    if (a < 0) continue;
    const v = state.evaluateSwap(slot, a);
    if (v > value + 1e-12) {
      state.commit();
      value = v;
      run.improvements++;
      stall = 0;
    } else stall++;
  }
}

/** `count` random swaps, applied whatever they do to the value. */
function perturb(state: CoreState, s: SearchSettings, rng: Random, removable: Uint8Array, count: number): void {
  for (let i = 0; i < count; i++) {
    const r = s.candidates[rng.int(s.candidates.length)]!;
    if (state.slotOf[r]! >= 0) continue;
    state.evaluateSwap(randomSlot(removable, state.k, rng), r);
    state.commit();
  }
}

function randomSlot(removable: Uint8Array, k: number, rng: Random): number {
  for (;;) {
    const t = rng.int(k);
    if (removable[t]) return t;
  }
}

/** A random candidate outside the core (-1 after 30 tries: nearly every candidate is in). */
function candidate(state: CoreState, candidates: Int32Array, rng: Random): number {
  for (let tries = 0; tries < 30; tries++) {
    const r = candidates[rng.int(candidates.length)]!;
    if (state.slotOf[r]! < 0) return r;
  }
  return -1;
}
