/**
 * Institutes named on a figure: the WIEWS codes stay on the axis (short), and a key drawn into the figure under the
 * chart names each one, from the names the caller already has (`await g.instituteNames(codes)`: a Map code -> name).
 * The plot room does not call the client: the caller passes the names.
 */
import { z } from "zod";

/** The names of institutes by WIEWS code: a Map, as `g.instituteNames(codes)` returns, or a plain record. */
export const InstituteNames = z.union([z.map(z.string(), z.string()), z.record(z.string(), z.string())]);
/** What an option of institute names accepts, in words (the messages of a wrong value say it). */
export const INSTITUTE_NAMES_ACCEPTED =
  'a Map of WIEWS code -> institute name, as `await g.instituteNames(codes)` returns (or a record { COL003: "…" })';
export type InstituteNames = z.infer<typeof InstituteNames>;

/** The row of institutes without a code ("(none)") as the matrix draws it. */
export const NO_INSTCODE = "(none)";

/**
 * The key of the codes drawn on a figure, one line per code, in the order given: "COL003: Centro Internacional de
 * Agricultura Tropical"; a code the names lack says so rather than being left out.
 * @example
 * ```ts
 * import { instituteKey } from "./institutes.ts";
 * instituteKey(["COL003", "XYZ001"], new Map([["COL003", "Centro Internacional de Agricultura Tropical"]]));
 * // ["COL003: Centro Internacional de Agricultura Tropical", "XYZ001: no name found (not in the names given)"]
 * ```
 */
export function instituteKey(codes: readonly string[], names: InstituteNames): string[] {
  const nameOf = (code: string) => names instanceof Map ? names.get(code) : names[code];
  return codes.map((code) =>
    code === NO_INSTCODE
      ? `${code}: records without an institute code (INSTCODE)`
      : `${code}: ${nameOf(code)?.trim() || "no name found (not in the names given)"}`
  );
}
