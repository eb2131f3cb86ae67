/** Figures of FIGS results (figsModels(), bestBets()): the best bets on the map, the model's probability, the confusion matrix. */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import type { BestBetsResult } from "../figs/bestbets.ts";
import type { FigsModelsResult } from "../figs/models.ts";
import { boxPolygon, resolveExtent } from "./extent.ts";
import { climateClasses } from "./climate.ts";
import { type Figure, render } from "./figure.ts";
import { worldCountries } from "./helpers.ts";
import { CATEGORY_COLOURS, fmt, UNKNOWN_COLOUR } from "./labels.ts";
import { z } from "zod";
import { checkOptionsWith } from "../kernel/options.ts";
import { TRAIT_WORDS, traitWords, type TraitWordsOptions } from "./figs-words.ts";

const NO_VALUE = "no value";

/**
 * The most important climate column of the best model (largest permutation importance).
 * @example
 * ```ts
 * import { figsModels } from "genesys-notebook";
 * import { topVariable } from "genesys-notebook/plot";
 * declare const frame: import("nodejs-polars").DataFrame;
 * console.log(topVariable(figsModels(frame, { trait: "RWA", positive: "R" })));
 * ```
 */
export function topVariable(model: FigsModelsResult): string {
  const rows = model.importance.filter(pl.col("model").eq(pl.lit(model.best.name))).sort("importance", true);
  return String(rows.getColumn("variable").get(0));
}

const rowsOf = (df: DataFrame, cols: string[]) => df.select(...cols).toRecords() as Record<string, number | boolean | null>[];

/** A climate variable as a reader names it: "annual precipitation, bio12 (mm)", or "bio12 (mm)" without its name. */
const variableLabel = (variable: string, unit: string, name?: string) => `${name ? `${name}, ` : ""}${variable}${unit ? ` (${unit})` : ""}`;

/** The options of figsBestBetsMap(), which figsProbabilityPlot() shares. */
const VARIABLE_OPTIONS = {
  variable: z.string().optional().describe('a string: the climate column shown, e.g. variable: "bio12"'),
  variableName: z.string().optional().describe('a string: what the variable is, e.g. variableName: "annual precipitation"'),
  unit: z.string().optional().describe('a string: the variable\'s unit, e.g. unit: "mm"'),
  title: z.string().optional().describe("a string: the figure's title"),
  note: z.string().optional().describe('a string added to the subtitle, e.g. note: "self-test on generated data"'),
};
const FigsBestBetsMapOptions = z.strictObject(VARIABLE_OPTIONS);
type FigsBestBetsMapOptions = { variable?: string; variableName?: string; unit?: string; title?: string; note?: string };

/** The options of figsProbabilityPlot(). */
const FigsProbabilityOptions = z.strictObject({ ...VARIABLE_OPTIONS, ...TRAIT_WORDS });
type FigsProbabilityOptions = FigsBestBetsMapOptions & TraitWordsOptions;

/** The options of figsConfusion(). */
const FigsConfusionOptions = z.strictObject({
  title: z.string().optional().describe("a string: the figure's title"),
  note: z.string().optional().describe('a string added to the subtitle, e.g. note: "self-test on generated data"'),
  ...TRAIT_WORDS,
});
type FigsConfusionOptions = { title?: string; note?: string } & TraitWordsOptions;

/**
 * The candidate sites on a map, coloured by the most important climate variable (or `variable`), the best bets ringed;
 * `variableName` and `unit` name it in the legend ("annual precipitation, bio12 (mm)").
 * @example
 * ```ts
 * import { bestBets, figsModels } from "genesys-notebook";
 * import { figsBestBetsMap } from "genesys-notebook/plot";
 * declare const frame: import("nodejs-polars").DataFrame; // accessions with climate columns and a trait
 * const model = figsModels(frame, { trait: "RWA", positive: "R" });
 * figsBestBetsMap(bestBets(frame, { model, size: 50 }), model, { unit: "mm" }).save("out/best-bets.svg");
 * ```
 */
export function figsBestBetsMap(
  bets: BestBetsResult,
  model: FigsModelsResult,
  options: FigsBestBetsMapOptions = {},
): Figure {
  const o = checkOptionsWith("figsBestBetsMap()", FigsBestBetsMapOptions, options) ?? {};
  const { variable = topVariable(model), unit = "", title = "Best bets and the climate of the collecting sites", note = "" } = o;
  const cols = ["DECLONGITUDE", "DECLATITUDE", variable, "FIGS_BEST_BET"];
  const all = rowsOf(bets.passports.filter(pl.col("FIGS_SCORE").isNotNull().and(pl.col("DECLATITUDE").isNotNull())), cols);
  const best = all.filter((r) => r.FIGS_BEST_BET);
  const box = resolveExtent("data", all.map((r) => [Number(r.DECLONGITUDE), Number(r.DECLATITUDE)] as const), "figsBestBetsMap()");
  const label = variableLabel(variable, unit, o.variableName);
  // classes with their ranges in the legend (a continuous ramp has no legend a print or PNG keeps)
  const { labels, colours, classOf } = climateClasses(all.flatMap((r) => (r[variable] == null ? [] : [Number(r[variable])])), unit);
  const sites = all.map((r) => ({ ...r, class: r[variable] == null ? NO_VALUE : classOf(Number(r[variable])) }));
  if (sites.some((r) => r.class === NO_VALUE)) labels.push(NO_VALUE), colours.push(UNKNOWN_COLOUR);
  return render(
    {
      title,
      width: 900,
      height: 520,
      projection: box ? { type: "equal-earth", domain: boxPolygon(box) as never, inset: 10 } : "equal-earth",
      color: { type: "ordinal", domain: labels, range: colours, legend: true },
      marks: [
        Plot.geo(worldCountries() as never, { fill: "#f1f1f1", stroke: "#bbb", strokeWidth: 0.5 }),
        Plot.dot(sites, { x: "DECLONGITUDE", y: "DECLATITUDE", r: 2.5, fill: "class", stroke: "#555", strokeWidth: 0.3 }),
        Plot.dot(best, { x: "DECLONGITUDE", y: "DECLATITUDE", r: 6, stroke: "#d62728", strokeWidth: 2 }),
      ],
    },
    title,
    {
      subtitle: `${fmt(best.length)} best bets (red rings) of ${fmt(all.length)} candidate sites; colour: ${label} at the site (legend)` +
        (note ? `; ${note}` : ""),
    },
  );
}

/**
 * The model's probability of the wanted class (or predicted value) of every candidate against one climate variable. The
 * axes name the trait and its class as figsConfusion() does (`descriptors`, `traitName`, `classLabels`), and the variable
 * with `variableName` and `unit`.
 * @example
 * ```ts
 * import { bestBets, figsModels } from "genesys-notebook";
 * import { figsProbabilityPlot } from "genesys-notebook/plot";
 * declare const frame: import("nodejs-polars").DataFrame;
 * const model = figsModels(frame, { trait: "RWA", positive: "R" });
 * figsProbabilityPlot(bestBets(frame, { model, size: 50 }), model, { unit: "mm" }).save("out/probability.svg");
 * ```
 */
export function figsProbabilityPlot(
  bets: BestBetsResult,
  model: FigsModelsResult,
  options: FigsProbabilityOptions = {},
): Figure {
  const o = checkOptionsWith("figsProbabilityPlot()", FigsProbabilityOptions, options) ?? {};
  const { variable = topVariable(model), unit = "", title = "Predicted chance against the most important variable", note = "" } = o;
  const all = rowsOf(bets.passports.filter(pl.col("FIGS_SCORE").isNotNull()), [variable, "FIGS_SCORE", "FIGS_BEST_BET"]);
  const w = traitWords(model, o);
  const y = model.kind === "class" ? `${w.name}: chance of ${w.cls(model.positive!)} by ${model.best.name}` : `predicted ${w.name}`;
  return render(
    {
      title,
      width: 760,
      height: 420,
      x: { label: variableLabel(variable, unit, o.variableName) },
      y: { label: y, ...(model.kind === "class" ? { domain: [0, 1] } : {}), grid: true },
      marks: [
        Plot.dot(all.filter((r) => !r.FIGS_BEST_BET), { x: variable, y: "FIGS_SCORE", r: 2, fill: "#999", fillOpacity: 0.6 }),
        Plot.dot(all.filter((r) => r.FIGS_BEST_BET), { x: variable, y: "FIGS_SCORE", r: 3.5, fill: "#d62728" }),
      ],
    },
    title,
    {
      subtitle: `${fmt(all.length)} unevaluated accessions, best bets in red; ${note || model.verdict.split(":")[0]}`,
    },
  );
}

/**
 * The best model's confusion matrix on the held-back test sites: counts, observed down, predicted across. The trait is
 * named by its descriptor's title with its code ("Russian wheat aphid resistance (RWA)") and the classes by their labels
 * ("resistant (R)") when given the descriptors frame of g.traits() (`descriptors: t.descriptors`), or `traitName` and
 * `classLabels` for data from elsewhere; without them, the column's name and codes.
 * @example
 * ```ts
 * import { figsModels, Genesys } from "genesys-notebook";
 * import { figsConfusion } from "genesys-notebook/plot";
 * declare const frame: import("nodejs-polars").DataFrame;
 * const t = await Genesys.fromEnv().traits({ crop: ["wheat"] });
 * figsConfusion(figsModels(frame, { trait: "RWA", positive: "R" }), { descriptors: t.descriptors }).save("out/confusion.svg");
 * ```
 */
export function figsConfusion(model: FigsModelsResult, options: FigsConfusionOptions = {}): Figure {
  const o = checkOptionsWith("figsConfusion()", FigsConfusionOptions, options) ?? {};
  const w = traitWords(model, o);
  const m = model.confusion ?? [];
  const data = m.flatMap((row, i) => row.map((n, p) => ({ observed: w.cls(model.classes[i]!), predicted: w.cls(model.classes[p]!), n })));
  const t = model.best.test as { accuracy?: number; kappa?: number; noInformationRate?: number; n: number };
  const heading = o.title || `${w.name}: ${model.best.name} on ${fmt(t.n)} held-back test sites`;
  const longest = Math.max(0, ...model.classes.map((c) => w.cls(c).length));
  return render(
    {
      title: heading,
      width: 680,
      height: 360,
      marginRight: 200,
      // the observed classes by their labels ("susceptible (S)") beside the rows, in full
      marginLeft: Math.max(90, 24 + longest * 7),
      padding: 0,
      x: { label: "predicted", axis: "top" },
      y: { label: "observed" },
      color: { type: "linear", zero: true, range: ["#f2f6fb", CATEGORY_COLOURS[0]!], label: "Test sites (count)" },
      marks: [
        Plot.cell(data, { x: "predicted", y: "observed", fill: "n", inset: 0.5 }),
        Plot.text(data, { x: "predicted", y: "observed", text: (d: { n: number }) => fmt(d.n), fill: "black", fontSize: 16 }),
      ],
    },
    heading,
    {
      subtitle: `accuracy ${t.accuracy?.toFixed(2)} (always the largest class: ${t.noInformationRate?.toFixed(2)}), ` +
        `Kappa ${t.kappa?.toFixed(2)}${o.note ? `; ${o.note}` : ""}`,
    },
  );
}
