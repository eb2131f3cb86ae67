/**
 * Where a CSV export's time goes, as named events (node:diagnostics_channel, as undici instruments its requests):
 *
 *   genesys-notebook:csv.phase   { phase, ms }   time spent in one phase (below), once per step
 *   genesys-notebook:csv.block   { bytes }       a block cut from the body and handed to polars
 *
 * Phases: `receive` (waiting for the body's next chunk), `utf8` (validation), `scan` (the record scanner), `cut`
 * (appending to block files and cutting them), `rewrite` (irregular blocks rewritten as RFC 4180), `parse` (a block's
 * hand-over to polars until its typed frame is ready, on polars' threads, overlapping the others), `waitParse` (the
 * event loop waiting for a parse: the pipeline's back-pressure), `assemble` (stacking blocks and the whole-frame
 * checks). Nothing is timed, not even the clock read, while no one subscribes: the benchmark does (bench/case.ts).
 */
import diagnostics_channel from "node:diagnostics_channel";

export type Phase = "receive" | "utf8" | "scan" | "cut" | "rewrite" | "parse" | "waitParse" | "assemble";
export interface PhaseEvent {
  phase: Phase;
  ms: number;
}
export interface BlockEvent {
  bytes: number;
}

export const PHASE_CHANNEL = "genesys-notebook:csv.phase";
export const BLOCK_CHANNEL = "genesys-notebook:csv.block";
const phases = diagnostics_channel.channel(PHASE_CHANNEL);
const blocks = diagnostics_channel.channel(BLOCK_CHANNEL);

/** A start time for lap(): the clock when someone listens, else 0 (and no clock read). */
export const clock = (): number => (phases.hasSubscribers ? performance.now() : 0);

/** Publishes the time since `t0` (from clock() or lap()) as `phase`; returns the next start time. */
export function lap(phase: Phase, t0: number): number {
  if (!phases.hasSubscribers) return 0;
  const now = performance.now();
  // a subscriber that came in the middle of a step has no start time for it
  if (t0 > 0) phases.publish({ phase, ms: now - t0 } satisfies PhaseEvent);
  return now;
}

/** `f()`, timed as `phase` when someone listens. */
export function timed<T>(phase: Phase, f: () => T): T {
  if (!phases.hasSubscribers) return f();
  const t0 = performance.now();
  try {
    return f();
  } finally {
    lap(phase, t0);
  }
}

/** A block of `bytes` was cut and handed to polars. */
export function blockCut(bytes: number): void {
  if (blocks.hasSubscribers) blocks.publish({ bytes } satisfies BlockEvent);
}
