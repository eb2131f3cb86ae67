/**
 * Colour legends drawn into the figure's SVG for every kind of colour scale: a ramp with ticks and the scale's label for
 * continuous scales, labelled class swatches for threshold, quantize and quantile scales, and a GenesysInputError (not
 * a silently missing legend) where a requested legend cannot be drawn. Before, render() dropped the legend of every
 * continuous scale and labelled a threshold scale's colours with its breaks, one off.
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { GenesysInputError } from "../src/kernel/errors.ts";
import { render } from "../src/plot/figure.ts";
import { sharedMaterialMatrix } from "../src/plot/duplicates.ts";
import { classLabels } from "../src/plot/legend.ts";

const data = Array.from({ length: 40 }, (_, i) => ({ x: i % 8, y: Math.floor(i / 8), v: 1 + i * 37.3 }));
const draw = (color: Record<string, unknown>) =>
  render({ width: 500, height: 200, color, marks: [Plot.cell(data, { x: "x", y: "y", fill: "v" })] });
/** Text of every <text> element, entities decoded. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
/** The ramp's gradient stops' colours, in order. */
const stops = (svg: string) => [...svg.matchAll(/<stop offset="[\d.]+" stop-color="([^"]+)"\/>/g)].map((m) => m[1]!);
/** Class swatches: fill and label. */
const swatches = (svg: string) =>
  [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="12" height="12" fill="([^"]+)"\/><text[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    fill: m[1]!,
    label: m[2]!.replaceAll("&lt;", "<"),
  }));

describe("render(): continuous colour scales get a ramp in the SVG", () => {
  const continuous: Record<string, Record<string, unknown>> = {
    linear: { type: "linear" },
    sqrt: { type: "sqrt" },
    pow: { type: "pow", exponent: 2 },
    log: { type: "log" },
    symlog: { type: "symlog" },
    sequential: { type: "sequential", scheme: "viridis" },
    cyclical: { type: "cyclical" },
    diverging: { type: "diverging", pivot: 700 },
    "diverging-log": { type: "diverging-log", pivot: 100 },
  };
  for (const [name, color] of Object.entries(continuous)) {
    it(`${name}: a gradient sampled from the scale, tick labels and the label with its unit`, () => {
      const svg = draw({ ...color, label: "Rainfall (mm)", legend: true }).svg;
      expect(svg).toMatch(/<linearGradient id="genesys-ramp-[a-z0-9]+"/);
      expect(svg).toMatch(/<rect x="16" y="\d+" width="\d+" height="12" fill="url\(#genesys-ramp-[a-z0-9]+\)"\/>/);
      expect(stops(svg).length).toBe(65);
      expect(new Set(stops(svg)).size).toBeGreaterThan(10);
      expect(texts(svg)).toContain("Rainfall (mm)");
      // numbers under the ramp (Plot's own axis of the same scale type: 1,000 or 1k)
      expect(texts(svg).filter((t) => /^[−-]?[\d,.]+k?$/.test(t)).length).toBeGreaterThanOrEqual(2);
    });
  }

  it("the ramp's ends are the scale's colours at its domain's ends; drawn without being asked, not when legend: false", () => {
    const svg = draw({ type: "linear", range: ["#f2f6fb", "#4269d0"] }).svg;
    expect(stops(svg)[0]).toBe("rgb(242, 246, 251)");
    expect(stops(svg).at(-1)).toBe("rgb(66, 105, 208)");
    expect(draw({ type: "linear", legend: false }).svg).not.toContain("linearGradient");
  });

  it("a log ramp reads 200, 500, 1,000 (1, 2 and 5 times a power of ten), not Plot's 1k beside unlabelled ticks", () => {
    const t = texts(draw({ type: "log", domain: [150, 1500], label: "bio12 (mm)" }).svg);
    expect(t).toEqual(expect.arrayContaining(["200", "500", "1,000"]));
    // over four decades only the powers of ten, which fit
    expect(texts(draw({ type: "log", label: "bio12 (mm)" }).svg)).toEqual(expect.arrayContaining(["1", "10", "100", "1,000"]));
    expect(t).not.toContain("1k");
  });

  it("tick labels never overlap: wide numbers get fewer ticks, many decades every other power of ten", () => {
    const ticks = (color: Record<string, unknown>) => {
      const svg = render({
        color: { label: "v", ...color },
        marks: [Plot.dot([{ x: 1, v: color.lo }, { x: 2, v: color.hi }], { x: "x", fill: "v" })],
      })
        .svg;
      return texts(svg.slice(svg.indexOf("genesys-ramp"))).slice(0);
    };
    expect(ticks({ lo: 1e6, hi: 3.5e6 })).toEqual(["1,000,000", "2,000,000", "3,000,000"]);
    expect(ticks({ type: "log", lo: 1, hi: 3.5e10 })).toEqual(["1", "10,000", "100,000,000"]);
    expect(ticks({ type: "log", lo: 150, hi: 190 })).toEqual(["150", "160", "170", "180", "190"]);
  });

  it("no values (all missing): no ramp", () => {
    expect(render({ color: { type: "linear" }, marks: [Plot.dot([{ x: 1, v: null }], { x: "x", fill: "v" })] }).svg).not.toContain(
      "genesys-ramp",
    );
  });

  it("two different ramps have different gradient ids (two SVGs inlined in one page do not share one)", () => {
    const id = (svg: string) => /id="(genesys-ramp-[a-z0-9]+)"/.exec(svg)![1];
    expect(id(draw({ scheme: "viridis" }).svg)).not.toBe(id(draw({ scheme: "reds" }).svg));
    expect(id(draw({ scheme: "viridis" }).svg)).toBe(id(draw({ scheme: "viridis" }).svg));
  });

  it("survives export: the PNG is rendered from the SVG that holds the ramp, taller by the legend", () => {
    const f = draw({ scheme: "viridis", label: "bio1 (°C)" });
    const without = draw({ scheme: "viridis", legend: false });
    expect(f.size.height).toBeGreaterThan(without.size.height + 40);
    expect(f.png(1).readUInt32BE(20)).toBe(f.size.height); // IHDR height
  });
});

describe("render(): threshold, quantize and quantile scales get labelled class swatches", () => {
  it("threshold: one swatch per class, each colour with its own range (before, colours were named by their upper break)", () => {
    const svg = draw({ type: "threshold", domain: [250, 500, 1000], range: ["#a", "#b", "#c", "#d"], label: "bio12 (mm)" }).svg;
    expect(swatches(svg)).toEqual([
      { fill: "#a", label: "< 250" },
      { fill: "#b", label: "250–500" },
      { fill: "#c", label: "500–1,000" },
      { fill: "#d", label: "≥ 1,000" },
    ]);
    expect(texts(svg)).toContain("bio12 (mm)");
  });

  it("quantize and quantile: classes at the computed breaks, rounded for reading", () => {
    const quantile = swatches(draw({ type: "quantile", n: 5, label: "Rainfall (mm)" }).svg);
    expect(quantile.map((s) => s.label)).toEqual(["< 292", "292–583", "583–874", "874–1,165", "≥ 1,165"]);
    const quantize = swatches(draw({ type: "quantize", n: 4 }).svg);
    expect(quantize.map((s) => s.label)).toEqual(["< 500", "500–1,000", "≥ 1,000"]); // nice breaks, as d3 makes them
    expect(quantize[0]!.label).toMatch(/^< [\d,]+$/);
  });

  it("classLabels: the unit on every class", () => {
    expect(classLabels([250, 500], "mm")).toEqual(["< 250 mm", "250–500 mm", "≥ 500 mm"]);
    expect(classLabels([15.060000000000002, 29.12])).toEqual(["< 15.1", "15.1–29.1", "≥ 29.1"]);
  });
});

describe("render(): a requested legend that cannot be drawn is an error, not a gap", () => {
  const fail = (call: () => unknown): GenesysInputError => {
    try {
      call();
    } catch (e) {
      return e as GenesysInputError;
    }
    throw new Error("no error");
  };
  it("literal colours (an identity scale) have no values to name", () => {
    const e = fail(() =>
      render({ color: { type: "identity", legend: true }, marks: [Plot.dot([{ x: 1, c: "red" }], { x: "x", fill: "c" })] })
    );
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toMatch(/^render\(\): a colour legend was asked for, but the colours are given literally/);
    expect(e.hint).toContain("legend: true");
  });
  it("more than 40 categories point to categories()", () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ x: i, k: `k${i}` }));
    const e = fail(() => render({ color: { legend: true }, marks: [Plot.dot(many, { x: "x", fill: "k" })] }));
    expect(e.message).toContain("render(): a colour legend of 45 categories was asked for; at most 40 can be read");
    expect(e.hint).toContain("categories(df, column)");
  });
  it("a symbol or opacity legend would be HTML outside the SVG", () => {
    const e = fail(() => render({ symbol: { legend: true }, marks: [Plot.dot([{ x: 1, s: "a" }], { x: "x", symbol: "s" })] }));
    expect(e.message).toContain("render(): draws the colour legend into the figure, not a symbol legend");
    expect(e.hint).toContain("symbol: { legend: false }");
  });
});

describe("a helper's continuous colour: sharedMaterialMatrix", () => {
  it("the count's ramp under the matrix, with its label and numbers", () => {
    const sets = pl.DataFrame({
      set_id: [1, 1, 2, 2, 3, 3, 4, 4, 4],
      INSTCODE: ["COL003", "USA022", "COL003", "USA022", "DEU146", "COL003", "ESP004", "USA022", "COL003"],
    });
    const svg = sharedMaterialMatrix(sets).svg;
    expect(svg).toContain("genesys-ramp-");
    expect(texts(svg)).toContain("Sets of duplicates both institutes hold (count)");
    expect(stops(svg)[0]).toBe("rgb(242, 246, 251)");
    // counts from zero (the palest cell is not read as none), in whole numbers
    expect(texts(svg)).toEqual(expect.arrayContaining(["0", "1", "2", "3"]));
    expect(texts(svg)).not.toContain("0.5");
  });
});
