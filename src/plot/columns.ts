/**
 * The columns a figure needs, checked before polars is asked for them: a frame without them is a GenesysInputError
 * naming the figure, the columns missing, close ones the frame has, and what to select, not polars' own
 * `not found: "DECLONGITUDE"`.
 */
import type { DataFrame } from "nodejs-polars";
import { closest } from "../kernel/closest.ts";
import { GenesysInputError } from "../kernel/errors.ts";

/**
 * Throws unless `df` has every column of `columns`; `select` says how to get them (the passports() select, or the
 * figure's option naming another column).
 * @example
 * ```ts
 * import pl from "nodejs-polars";
 * import { needColumns, selectHint } from "./columns.ts";
 * const df = pl.DataFrame({ ACCENUMB: ["G1"] });
 * needColumns(df, "countryBar()", ["ORIGCTY"], selectHint(["ORIGCTY"], "{ column }")); // throws: no column 'ORIGCTY'
 * ```
 */
export function needColumns(df: DataFrame, figure: string, columns: readonly string[], select: string): void {
  const missing = columns.filter((c) => !df.columns.includes(c));
  if (!missing.length) return;
  const near = missing.flatMap((c) => closest(c, df.columns, 1).map((k) => `'${k}' for '${c}'`));
  throw new GenesysInputError(
    `the frame has no column${missing.length > 1 ? "s" : ""} ${missing.map((c) => `'${c}'`).join(", ")}${
      near.length ? ` (did you mean ${near.join(", ")}?)` : ""
    }; ` +
      `its columns: ${df.columns.slice(0, 12).join(", ")}${df.columns.length > 12 ? ", …" : ""}`,
    { endpoint: figure, hint: select },
  );
}

/** `select: ["DECLATITUDE", "DECLONGITUDE"]` as a passports() option, for hints. */
export const selectHint = (columns: readonly string[], option: string): string =>
  `select ${columns.length > 1 ? "them" : "it"}: g.passports(filter, { select: [${
    columns.map((c) => `"${c}"`).join(", ")
  }, …] }), or name the frame's own column${columns.length > 1 ? "s" : ""} with ${option}`;
