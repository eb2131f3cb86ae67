/**
 * The result envelope: frames travel through every internal step (download,
 * decode, cache write and read) together with their provenance and
 * diagnostics, and are joined to them only at the public edge, by publish().
 * No step can drop one of the three by forgetting to re-attach it.
 */
import type { DataFrame } from "nodejs-polars";
import { attachDiagnostics, type Diagnostics } from "./diagnostics.ts";
import { attachProvenance, type Provenance } from "./provenance.ts";

export type Frames = Record<string, DataFrame>;

export interface Result<F extends Frames> {
  frames: F;
  provenance: { [K in keyof F]: Provenance };
  diagnostics: { [K in keyof F]: Diagnostics };
}

/** The frames, each with its provenance and diagnostics attached (`provenance(df)`, `diagnostics(df)`). */
export function publish<F extends Frames>(r: Result<F>): F {
  for (const name of Object.keys(r.frames) as (keyof F)[]) {
    publishOne(r.frames[name], { provenance: r.provenance[name], diagnostics: r.diagnostics[name] });
  }
  return r.frames;
}

/**
 * One frame or object at the public edge with what is known of it attached: a file read back with its sidecar's
 * record, a table of local files, a list of descriptors with the coercions made reading it. Returns `x`.
 */
export function publishOne<T extends object>(
  x: T,
  known: { provenance?: Provenance | undefined; diagnostics?: Diagnostics | undefined },
): T {
  if (known.provenance) attachProvenance(x, known.provenance);
  if (known.diagnostics) attachDiagnostics(x, known.diagnostics);
  return x;
}

/** Diagnostics with nothing to say, for a frame read without coercions or notes. */
export const noDiagnostics = (endpoint: string): Diagnostics => ({ endpoint, coercions: [], notes: [] });
