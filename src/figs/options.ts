/** The options of the FIGS analyses, as zod schemas (the single source of their shapes and types). */
import { z } from "zod";
import { METHODS } from "./learners.ts";

export const FigsModelsOptionsSchema = z.strictObject({
  /** The trait column: a class (text, or numbers with `kind: "class"`) or a number. Rows where it is null are unevaluated. */
  trait: z.string().optional().describe('the name of the trait column, e.g. "resistance"'),
  /** "auto": text is a class, numbers are numbers. */
  kind: z.enum(["auto", "class", "number"]).default("auto").describe('"auto", "class" or "number"'),
  /** The wanted class (resistant, tolerant…); default the first in alphabetical order, as caret. */
  positive: z.string().optional().describe("one of the trait's classes, as text"),
  /** The climate columns; default every numeric column named as a WorldClim layer (bio1…bio19, tmin_01…, elev). */
  climate: z.array(z.string()).min(1).optional().describe("an array of climate column names"),
  methods: z.array(z.enum(METHODS as ["rf", "knn"])).min(1).default(["rf", "knn"]).describe('an array of "rf", "knn"'),
  /** The share of evaluated sites trained on (stratified); the rest is the held-back test set. */
  trainFraction: z.number().gt(0).lt(1).default(0.7).describe("a number between 0 and 1, e.g. 0.7"),
  /** Row numbers (0-based) of the frame to train on, e.g. a split written by R; replaces trainFraction's split. */
  training: z.array(z.number().int().nonnegative()).optional().describe("an array of 0-based row numbers"),
  folds: z.number().int().min(2).default(10).describe("a whole number of folds, 2 or more"),
  repeats: z.number().int().min(1).default(10).describe("a whole number of repeats, 1 or more"),
  /** Up- or down-sampling of the classes inside every fold (unbalanced classes). */
  sampling: z.enum(["none", "up", "down"]).default("none").describe('"none", "up" or "down"'),
  /** Candidates in each method's first tuning grid (caret's tuneLength). */
  tuneLength: z.number().int().min(1).max(20).default(10).describe("a whole number from 1 to 20"),
  /** Trees per random forest (R's randomForest: 500). */
  trees: z.number().int().min(10).default(500).describe("a whole number of trees, 10 or more"),
  /** Fixed tuning parameters per method instead of tuning by cross-validation, e.g. { rf: { mtry: 19 }, knn: { k: 7 } }. */
  tune: z.record(z.string(), z.record(z.string(), z.number())).optional()
    .describe("an object of parameters by method, e.g. { rf: { mtry: 19 }, knn: { k: 7 } }"),
  seed: z.number().int().default(1234).describe("a whole number"),
  /** Count accessions collected at one site (equal coordinates) once. */
  mergeSites: z.boolean().default(true).describe("true or false"),
  latitude: z.string().default("DECLATITUDE"),
  longitude: z.string().default("DECLONGITUDE"),
});
export type FigsModelsOptions = z.input<typeof FigsModelsOptionsSchema>;
