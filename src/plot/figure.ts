/**
 * Observable Plot outside the browser: a server-side DOM (linkedom) to render
 * into, and a Figure that displays inline in Deno Jupyter and saves as SVG.
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export function plotDocument(): Document {
  return parseHTML("<!DOCTYPE html><html><head></head><body></body></html>").document as unknown as Document;
}

export class Figure {
  constructor(readonly svg: string, readonly title?: string) {}

  /** Number of elements matching a tag (e.g. "rect", "circle"), for checks. */
  count(tag: string): number {
    return (this.svg.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length;
  }

  toString(): string {
    return this.svg;
  }

  /** Writes the SVG file (creating folders), returns the path. */
  save(path: string): string {
    mkdirSync(dirname(path), { recursive: true });
    const xml = this.svg.startsWith("<svg") && !this.svg.includes("xmlns=")
      ? this.svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"')
      : this.svg;
    writeFileSync(path, xml);
    return path;
  }

  /**
   * The SVG both as image/svg+xml and inline in text/html: nbconvert 6 (Debian's)
   * passes image/svg+xml through its HTML cleaner, which strips every SVG
   * element, so a notebook shared as HTML would show empty figures; text/html
   * is kept as is and takes precedence in nbconvert and JupyterLab.
   */
  [Symbol.for("Jupyter.display")](): Record<string, string> {
    return {
      "text/html": `<div class="genesys-figure">${this.svg}</div>`,
      "image/svg+xml": this.svg,
      "text/plain": `Figure${this.title ? `: ${this.title}` : ""}`,
    };
  }
}

/**
 * Plot.plot with a server-side document; the result is an SVG string in a Figure.
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { render } from "genesys-notebook/plot";
 * const figure = render({ marks: [Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] }, "One point");
 * figure.save("out/point.svg");
 * ```
 */
export function render(options: Plot.PlotOptions, title?: string): Figure {
  const node = Plot.plot({ ...options, document: plotDocument() }) as unknown as Element;
  // with a title or legend Plot wraps the chart in <figure>; keep the chart's own (largest) SVG
  const svgs = node.tagName?.toLowerCase() === "svg" ? [node] : [...node.querySelectorAll("svg")];
  const svg = svgs.map((s) => s.outerHTML).sort((a, b) => b.length - a.length)[0] ?? node.outerHTML;
  return new Figure(svg.includes("xmlns=") ? svg : svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"'), title);
}
