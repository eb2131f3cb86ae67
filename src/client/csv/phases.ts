/**
 * Where an export's time goes, phase by phase, summed over every body read
 * in this process (milliseconds of wall time on the event loop, except
 * `parse`, which is the time from a block's hand-over to polars until its
 * typed frame is ready, on polars' threads, overlapping the others). Read by
 * the benchmark (`npm run bench` prints the breakdown); a few timer calls per
 * 64 KB chunk, so always on.
 */
export interface Phases {
  /** Waiting for the next chunk of the body (the network, or the server). */
  receive: number;
  /** UTF-8 validation of the chunks. */
  utf8: number;
  /** The record scanner: field counts and record ends. */
  scan: number;
  /** Appending chunks to block files and cutting them. */
  cut: number;
  /** Rewriting irregular blocks (escaped or lazy quotes) as RFC 4180. */
  rewrite: number;
  /** Polars reading and typing a block (overlaps the phases above). */
  parse: number;
  /** Waiting on the event loop for a parse to finish (the pipeline's back-pressure). */
  waitParse: number;
  /** Stacking blocks and the whole-frame checks (unify dtypes, instants, dates, Categorical merge). */
  assemble: number;
  blocks: number;
  bytes: number;
}

export const phases: Phases = {
  receive: 0,
  utf8: 0,
  scan: 0,
  cut: 0,
  rewrite: 0,
  parse: 0,
  waitParse: 0,
  assemble: 0,
  blocks: 0,
  bytes: 0,
};

/** Adds the time since `t0` (performance.now()) to a phase; returns now. */
export function lap(phase: Exclude<keyof Phases, "blocks" | "bytes">, t0: number): number {
  const now = performance.now();
  phases[phase] += now - t0;
  return now;
}

export function resetPhases(): void {
  for (const k of Object.keys(phases) as (keyof Phases)[]) phases[k] = 0;
}
