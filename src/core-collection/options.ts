/** The options of `coreCollection()`: one zod schema, the single source of truth; the types are inferred from it. */
import { z } from "zod";

const weight = z.number().min(0);
const ids = z.array(z.union([z.string().min(1), z.number().int().min(0)]));

export const CoreCollectionOptionsSchema = z.strictObject({
  /** The core's size: a count (an integer ≥ 1) or a fraction of the collection (0 < size < 1). Required. */
  size: z.number().positive().optional().describe("a count (an integer >= 1) or a fraction of the collection (0 < size < 1), e.g. 0.1"),
  /**
   * The columns the distance uses. Numbers are numeric (range-scaled), text and categorical columns nominal, booleans
   * asymmetric binary; list ordinal ones in `ordinal` too. Missing values are allowed. Required.
   */
  columns: z.array(z.string().min(1)).min(1).optional().describe('an array of column names, e.g. ["ELEVATION", "ORIGCTY"]'),
  /** Columns of `columns` to treat as ordinal: ranked among their distinct values (numbers by value, text A→Z). */
  ordinal: z.array(z.string().min(1)).default([]).describe("an array of column names that are also in columns"),
  /**
   * What the core maximises: "EN" (mean distance from each entry to the nearest other entry: diversity, the default),
   * "AN" (mean distance from each accession to the nearest entry, minimised: representativeness), "EE" (mean distance
   * between entries), or weights, e.g. { EN: 0.7, AN: 0.3 }: maximises w.EN·EN + w.EE·EE − w.AN·AN.
   */
  objective: z.union([z.enum(["EN", "AN", "EE"]), z.strictObject({ EN: weight.optional(), AN: weight.optional(), EE: weight.optional() })])
    .default("EN")
    .describe('"EN", "AN", "EE" or weights like { EN: 0.7, AN: 0.3 }'),
  /** Accessions that must be in the core: values of the `id` column, or row numbers (0-based). */
  always: ids.default([]).describe("an array of ids (values of the id column) or row numbers"),
  /** Accessions that must stay out of the core: values of the `id` column, or row numbers (0-based). */
  never: ids.default([]).describe("an array of ids (values of the id column) or row numbers"),
  /** The column `always` and `never` name accessions by; default DOI, else ACCENUMB, whichever the frame has. */
  id: z.string().min(1).optional().describe('a column name, e.g. "DOI"'),
  /** Seed of the search's own pseudo-random numbers: the same seed gives the same core on any machine. Default 1. */
  seed: z.number().int().default(1).describe("an integer"),
  /**
   * The call's time bound in seconds: reading the columns, the start, the search and the final scores all fit in it
   * (the search stops early enough for the final scores, whose time it estimates from the start's). Default 60.
   */
  maxSeconds: z.number().positive().default(60).describe("a number of seconds > 0"),
  /** Stop after this many swaps tried. Default: no limit. */
  maxSteps: z.number().int().positive().optional().describe("an integer > 0"),
  /** Stop after this many swaps without a better core. Default 100,000. */
  maxStepsWithoutImprovement: z.number().int().positive().default(100_000).describe("an integer > 0"),
  /**
   * AN is scored over at most this many accessions (a uniform random sample) during the search and in the result when
   * the collection is larger; the result states the sample's standard error and a 95% bound. Default 10,000.
   */
  anSample: z.number().int().min(100).default(10_000).describe("an integer >= 100"),
});

export type CoreCollectionOptions = z.input<typeof CoreCollectionOptionsSchema>;
export type CoreCollectionOptionsParsed = z.output<typeof CoreCollectionOptionsSchema>;

/** The objective as weights. */
export function weightsOf(objective: CoreCollectionOptionsParsed["objective"]): { EN: number; AN: number; EE: number } {
  if (typeof objective === "string") return { EN: 0, AN: 0, EE: 0, [objective]: 1 };
  return { EN: objective.EN ?? 0, AN: objective.AN ?? 0, EE: objective.EE ?? 0 };
}
