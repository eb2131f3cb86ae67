/**
 * Observable Plot outside the browser: a server-side DOM (linkedom) to render
 * into, and a Figure: one self-contained SVG (title, subtitle and colour
 * legend drawn into it, so nothing lives in HTML around it), a PNG rendered
 * from it with resvg, inline display in Deno Jupyter, and files.
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname } from "node:path";
import { GenesysInputError } from "../kernel/errors.ts";
import { colourLegend, type ColourScale, esc } from "./legend.ts";

export function plotDocument(): Document {
  return parseHTML("<!DOCTYPE html><html><head></head><body></body></html>").document as unknown as Document;
}

type Resvg = new (svg: string, opts: object) => { render(): { asPng(): Buffer; width: number; height: number } };
let resvg: Resvg | undefined;
/** @resvg/resvg-js, loaded on the first PNG (a native module, like polars'). */
function Resvg(): Resvg {
  return resvg ??= (createRequire(import.meta.url)("@resvg/resvg-js") as { Resvg: Resvg }).Resvg;
}

export class Figure {
  private pngCache = new Map<number, Buffer>();
  constructor(readonly svg: string, readonly title?: string) {}

  /** Number of elements matching a tag (e.g. "rect", "circle"), for checks. */
  count(tag: string): number {
    return (this.svg.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length;
  }

  /** Width and height in CSS pixels. */
  get size(): { width: number; height: number } {
    const root = /^<svg[^>]*>/.exec(this.svg)?.[0] ?? "";
    const num = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1]);
    return { width: num("width") || 640, height: num("height") || 400 };
  }

  toString(): string {
    return this.svg;
  }

  /** The figure as PNG, `scale` device pixels per CSS pixel (2: sharp on high-DPI screens and in print at 150 dpi). */
  png(scale = 2): Buffer {
    let out = this.pngCache.get(scale);
    if (!out) {
      const Ctor = Resvg();
      out = new Ctor(this.svg, {
        fitTo: { mode: "zoom", value: scale },
        background: "white",
        font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
      }).render().asPng();
      this.pngCache.set(scale, out);
    }
    return out;
  }

  /** Writes the figure as SVG, or as PNG when the path ends in .png (creating folders); returns the path. */
  save(path: string, { scale = 2 }: { scale?: number } = {}): string {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, extname(path).toLowerCase() === ".png" ? this.png(scale) : this.svg);
    return path;
  }

  /** Writes the PNG (see png()); returns the path. */
  savePNG(path: string, scale = 2): string {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.png(scale));
    return path;
  }

  /**
   * A PNG at twice the resolution, shown at its CSS size, as text/html (an <img>) and image/png,
   * with the SVG as image/svg+xml. HTML exports and viewers that sanitise SVG (nbconvert's
   * HTML export strips SVG elements; GitHub, VS Code, untrusted JupyterLab sanitise) keep the
   * image; front ends that prefer vectors take the SVG.
   */
  [Symbol.for("Jupyter.display")](): Record<string, string> {
    const png = this.png(2).toString("base64");
    const { width } = this.size;
    return {
      "text/html": `<img class="genesys-figure" width="${width}" alt="${esc(this.title ?? "figure")}" src="data:image/png;base64,${png}">`,
      "image/png": png,
      "image/svg+xml": this.svg,
      "text/plain": `Figure${this.title ? `: ${this.title}` : ""}`,
    };
  }
}

export interface RenderOptions {
  /** Drawn at the top of the SVG. */
  title?: string;
  /** Under the title, e.g. "20,000 of 145,564 points drawn (random sample)". */
  subtitle?: string;
  /**
   * Lines under the chart and its legend, each wrapped at the figure's width: a key of the codes on an axis
   * ("COL003: Centro Internacional de Agricultura Tropical"), a source. Drawn into the SVG, so a PNG or a print keeps them.
   */
  notes?: string[];
}

/** The average width of a character of the 15 px bold title, generous (DejaVu Sans Bold, resvg's default, is wide). */
const TITLE_CHAR_PX = 9.4;
/** The height of a line of the title. */
const TITLE_LINE_PX = 20;
/** The average width of a character of the 12 px subtitle (system-ui), generous so that a line never runs past the edge. */
const SUBTITLE_CHAR_PX = 6.6;

/** Words in lines of at most `max` characters, a longer word alone on its line ("27 best bets of 272" at 14: "27 best bets", "of 272"). */
function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The height of a line of notes (11 px text). */
const NOTE_LINE_PX = 15;
/** The average width of a character of the 11 px notes, generous as the subtitle's. */
const NOTE_CHAR_PX = 6.1;
/** An indent for a note's continued lines, so that each note reads as one item. */
const NOTE_INDENT_PX = 14;

/** Notes as lines that fit `width`: every word kept, a note's second and later lines indented. */
function noteLines(notes: string[], width: number): { text: string; indent: number }[] {
  return notes.flatMap((note) =>
    wrapWords(note, Math.floor((width - 8 - NOTE_INDENT_PX) / NOTE_CHAR_PX)).map((text, i) => ({ text, indent: i ? NOTE_INDENT_PX : 0 }))
  );
}

/** Plot's symbol and opacity legends would be HTML outside the SVG, lost on export: refused rather than dropped. */
function refuseOtherLegends(options: Plot.PlotOptions): void {
  for (const name of ["symbol", "opacity", "r"] as const) {
    if ((options[name] as { legend?: unknown } | undefined)?.legend) {
      throw new GenesysInputError(`draws the colour legend into the figure, not a ${name} legend (it would be lost on export)`, {
        endpoint: "render()",
        hint: `set ${name}: { legend: false } and carry the distinction in colour (color: { legend: true }) or in the subtitle`,
      });
    }
  }
}

/** Plot leaves the colour scale's label out of plot.scale("color"): the caller's `color.label` (its unit with it). */
const withLabel = (scale: ColourScale | undefined, label: string | null | undefined): ColourScale | undefined =>
  scale && label ? { ...scale, label } : scale;

/**
 * Plot.plot with a server-side document; the result is one SVG in a Figure, with the title,
 * subtitle and colour legend drawn into it: swatches for categories (when `color: { legend: true }`), labelled
 * classes for threshold, quantize and quantile scales and a ramp with ticks for continuous scales (both unless
 * `color: { legend: false }`: colour there carries a value), the scale's label (with its unit) above them.
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { render } from "genesys-notebook/plot";
 * const figure = render({ marks: [Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] }, "One point");
 * figure.save("out/point.svg");
 * figure.save("out/point.png");
 * ```
 */
export function render(options: Plot.PlotOptions, title?: string, extra: RenderOptions = {}): Figure {
  const { title: _t, subtitle: _s, caption: _c, ...rest } = options as Plot.PlotOptions & {
    title?: unknown;
    subtitle?: unknown;
    caption?: unknown;
  };
  const { legend: legendOption, label } = (options.color ?? {}) as { legend?: unknown; label?: string | null };
  refuseOtherLegends(options);
  const document = plotDocument();
  // Plot's own legends are HTML beside the SVG (and its ramp needs a canvas): the legend is drawn into the SVG below
  const plotOptions = { ...rest, ...(options.color ? { color: { ...(options.color as object), legend: false } } : {}), document };
  const node = Plot.plot(plotOptions) as unknown as Element & { scale(name: string): ColourScale | undefined };
  const chart = (node.tagName?.toLowerCase() === "svg" ? node : node.querySelector("svg")!) as Element;
  const width = Number(chart.getAttribute("width")) || 640;
  const height = Number(chart.getAttribute("height")) || 400;
  const heading = title ?? extra.title;
  // a long subtitle wraps at the figure's width (a PNG, a print or a screenshot keeps only what is inside it)
  const sub = extra.subtitle ? wrapWords(extra.subtitle, Math.floor((width - 8) / SUBTITLE_CHAR_PX)) : [];
  // so does a long title, at its larger, bold characters
  const head = heading ? wrapWords(heading, Math.floor((width - 8) / TITLE_CHAR_PX)) : [];
  const titleEnd = head.length ? 26 + TITLE_LINE_PX * (head.length - 1) : 0;
  const top = titleEnd + sub.length * 16 + (sub.length ? 2 : 0) + (heading || sub.length ? 6 : 0);
  const key = legendOption === false ? { svg: "", height: 0 } : colourLegend(
    withLabel(node.scale("color"), label),
    !!legendOption,
    width,
    document,
  );
  chart.setAttribute("y", String(top));
  chart.removeAttribute("xmlns");
  const below = top + height + (key.height ? key.height + 8 : 0);
  const notes = noteLines(extra.notes ?? [], width);
  const total = below + (notes.length ? 8 + notes.length * NOTE_LINE_PX : 0);
  const parts = [
    ...head.map((line, i) => `<text x="4" y="${18 + TITLE_LINE_PX * i}" font-size="15" font-weight="600">${esc(line)}</text>`),
    ...sub.map((line, i) => `<text x="4" y="${(heading ? titleEnd + 14 : 14) + 16 * i}" font-size="12" fill="#555">${esc(line)}</text>`),
    chart.outerHTML,
    key.svg ? `<g transform="translate(4 ${top + height + 8})" font-size="11" font-family="system-ui, sans-serif">${key.svg}</g>` : "",
    ...notes.map(({ text, indent }, i) =>
      `<text x="${4 + indent}" y="${below + 8 + NOTE_LINE_PX * i + 11}" font-size="11" fill="#333">${esc(text)}</text>`
    ),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" ` +
    `font-family="system-ui, sans-serif" style="background: white; color: black">${parts.join("")}</svg>`;
  return new Figure(stableIds(svg), heading);
}

/**
 * Plot numbers the ids it makes (clip paths, gradients: `plot-clip-7`) with a counter over the whole process, so the same
 * figure drawn twice differed; they are renumbered in order of appearance within the figure, references included.
 */
export function stableIds(svg: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="(plot-[a-z-]*?)(\d+)"/g)) {
    if (!ids.has(m[1]! + m[2]!)) ids.set(m[1]! + m[2]!, `${m[1]}${ids.size + 1}`);
  }
  if (!ids.size) return svg;
  return svg.replace(
    /(id="|url\(#|href="#)(plot-[a-z-]*?\d+)(?=[")])/g,
    (all, lead: string, id: string) => ids.has(id) ? lead + ids.get(id) : all,
  );
}
