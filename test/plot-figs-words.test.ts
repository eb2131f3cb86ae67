/**
 * The FIGS figures name the trait as a reader does (issue 45, item 5: labels, not codes): on icardaFIGSr's septoria sites
 * (test/fixtures/figs/septoria.csv: ST_S, R or S) the confusion matrix said "k nearest neighbours: ST_S on 60 held-back
 * test sites" with classes "R" and "S"; given the trait's name and class labels, or the descriptors frame of g.traits(),
 * it says "Septoria tritici response (ST_S)" and "resistant (R)".
 */
import pl from "nodejs-polars";
import { beforeAll, describe, expect, it } from "vitest";
import { figsModels } from "../src/figs/index.ts";
import type { FigsModelsResult } from "../src/figs/models.ts";
import { figsConfusion, figsProbabilityPlot } from "../src/plot/figs.ts";
import { bestBets } from "../src/figs/index.ts";
import { GenesysInputError } from "../src/kernel/errors.ts";
import { descriptorsFrame } from "../src/client/traits/frames.ts";
import type { Descriptor } from "../src/schema/responses.ts";

/** The title's lines, joined (a long title wraps at the figure's width). */
const heading = (svg: string) =>
  [...svg.matchAll(/<text[^>]*font-size="15" font-weight="600">([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
/** Text of every <text> element, entities decoded. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replaceAll("&amp;", "&").replaceAll("&#39;", "'"));

let model: FigsModelsResult;
let frame: pl.DataFrame;
beforeAll(() => {
  frame = pl.readCSV("test/fixtures/figs/septoria.csv").withColumns(pl.col("ST_S").cast(pl.Utf8));
  model = figsModels(frame, { trait: "ST_S", positive: "R", methods: ["knn"], repeats: 1, folds: 5, tuneLength: 2 });
}, 60_000);

/** The descriptors frame g.traits() makes (its own builder): the wide column "ST_S", its title, code and terms. */
const descriptors = () =>
  descriptorsFrame(
    [{
      uuid: "d-st-s",
      title: "Septoria tritici response",
      columnName: "ST_S",
      dataType: "CODED",
      terms: [{ code: "R", title: "Resistant" }, { code: "S", title: "Susceptible" }],
    } as Descriptor],
    new Map([["d-st-s", "ST_S"]]),
  );

describe("figsConfusion: the trait and its classes by name", () => {
  it("without names, the column's code as before (nothing invented)", () => {
    const svg = figsConfusion(model).svg;
    expect(heading(svg)).toBe(`ST_S: k nearest neighbours on ${(model.best.test as { n: number }).n} held-back test sites`);
    expect(texts(svg)).toEqual(expect.arrayContaining(["R", "S"]));
  });
  it("traitName and classLabels: the title names the trait with its code, the axes the classes by label", () => {
    const svg = figsConfusion(model, { traitName: "Septoria tritici response", classLabels: { R: "resistant", S: "susceptible" } }).svg;
    const n = (model.best.test as { n: number }).n;
    expect(heading(svg)).toBe(`Septoria tritici response (ST_S): k nearest neighbours on ${n} held-back test sites`);
    expect(texts(svg)).toEqual(expect.arrayContaining(["resistant (R)", "susceptible (S)"]));
    expect(texts(svg)).not.toContain("R");
  });
  it("the descriptors frame of g.traits(): its title and its terms' labels", () => {
    const svg = figsConfusion(model, { descriptors: descriptors() }).svg;
    expect(heading(svg)).toMatch(/^Septoria tritici response \(ST_S\): k nearest neighbours on \d+ held-back test sites$/);
    expect(texts(svg)).toEqual(expect.arrayContaining(["resistant (R)", "susceptible (S)"]));
  });
  it("a misspelt option or a wrong type: a GenesysInputError naming the function and what to pass", () => {
    const call = (o: unknown) => () => figsConfusion(model, o as never);
    expect(call({ tile: "x" })).toThrow(GenesysInputError);
    expect(call({ tile: "x" })).toThrow(/figsConfusion\(\): unknown option 'tile' \(did you mean 'title'\?\)/);
    expect(call({ classLabels: ["R"] })).toThrow(/option 'classLabels' is \["R"\]; it must be a record of class code -> label/);
    expect(call({ descriptors: "t.descriptors" })).toThrow(/option 'descriptors' is "t.descriptors"; it must be the descriptors frame/);
  });
});

describe("figsProbabilityPlot: the chance of a class by its label", () => {
  it("the y axis names the trait and the class", () => {
    const bets = bestBets(frame.withColumns(pl.lit(null).cast(pl.Utf8).alias("ST_S")), { model, size: 5 });
    const svg = figsProbabilityPlot(bets, model, { variable: "bio12", unit: "mm", descriptors: descriptors() }).svg;
    expect(texts(svg).join(" ")).toContain("Septoria tritici response (ST_S): chance of resistant (R) by k nearest neighbours");
    // the climate variable by its name, with its code and unit
    const named = figsProbabilityPlot(bets, model, { variable: "bio12", variableName: "annual precipitation", unit: "mm" }).svg;
    expect(texts(named).join(" ")).toContain("annual precipitation, bio12 (mm)");
    expect(() => figsProbabilityPlot(bets, model, { varible: "bio12" } as never)).toThrow(
      /figsProbabilityPlot\(\): unknown option 'varible' \(did you mean 'variable'\?\)/,
    );
  });
});
