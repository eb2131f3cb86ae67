/**
 * Colour legends drawn into a figure's SVG (so a PNG, a print or an HTML export keeps them): swatches for categories,
 * labelled class swatches for threshold, quantize and quantile scales, and a ramp with ticks for continuous scales
 * (linear, sqrt, pow, log, symlog, sequential, cyclical, diverging, dates). Observable Plot's own `Plot.legend()` ramp
 * paints its gradient on a <canvas>, which a server-side document does not have; here the gradient is an SVG
 * <linearGradient> sampled from the scale itself, and its tick labels are Plot's own axis on a scale of the same type.
 */
import * as Plot from "@observablehq/plot";
import { GenesysInputError } from "../kernel/errors.ts";
import { shortenMiddle } from "./labels.ts";

/** What `plot.scale("color")` gives back (the materialised scale). */
export interface ColourScale {
  type?: string;
  domain?: unknown[];
  range?: unknown[];
  label?: string;
  interpolate?: unknown;
  pivot?: unknown;
  exponent?: number;
  constant?: number;
  base?: number;
  apply?(value: unknown): unknown;
}

/** A legend's SVG (a <g> at 0,0) and the height it takes. */
export interface Key {
  svg: string;
  height: number;
}

const NONE: Key = { svg: "", height: 0 };
/** More categories than this make an unreadable legend; categories() lumps the rest into "other". */
const MAX_SWATCHES = 40;
/** Gradient stops along the ramp: enough that a log or diverging ramp shows no visible steps. */
const STOPS = 64;
/** The ramp's indent: room for half of its first tick label ("−1,000") left of the ramp. */
const INDENT = 16;

/** Text for SVG and HTML: &, <, > and " escaped. */
export const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
/** A number for a legend: up to 3 significant digits, thousands separated (15.060000000000002 -> 15.1, 2500 -> 2,500). */
const number = (v: unknown) =>
  typeof v === "number" ? v.toLocaleString("en", { maximumSignificantDigits: Math.max(3, String(Math.round(v)).length) }) : String(v);

/**
 * The label of each class between breaks: "< 250 mm", "250–500 mm", …, "≥ 3,000 mm" (as many labels as breaks + 1).
 * @example
 * ```ts
 * import { classLabels } from "./legend.ts";
 * classLabels([250, 500], "mm"); // ["< 250 mm", "250–500 mm", "≥ 500 mm"]
 * ```
 */
export function classLabels(breaks: readonly unknown[], unit = "", format: (v: unknown) => string = number): string[] {
  const u = unit ? ` ${unit}` : "";
  if (!breaks.length) return [];
  return [
    `< ${format(breaks[0])}${u}`,
    ...breaks.slice(1).map((b, i) => `${format(breaks[i])}–${format(b)}${u}`),
    `≥ ${format(breaks.at(-1))}${u}`,
  ];
}

/** The scale's label, bold, above its key. */
const heading = (label: string | undefined): { svg: string; height: number } =>
  label ? { svg: `<text x="0" y="11" font-weight="600">${esc(label)}</text>`, height: 17 } : { svg: "", height: 0 };

/** Swatches and labels in rows that wrap at the figure's width. */
function swatches(labels: readonly string[], colours: readonly unknown[], width: number, top = 0): Key {
  let x = 0, y = top;
  const items = labels.map((l, i) => {
    const label = shortenMiddle(l, 72);
    const w = 22 + label.length * 6.4;
    if (x > 0 && x + w > width - 20) (x = 0, y += 18);
    const item = `<rect x="${x}" y="${y}" width="12" height="12" fill="${esc(String(colours[i % colours.length]))}"/>` +
      `<text x="${x + 16}" y="${y + 10}">${esc(label)}</text>`;
    x += w + 12;
    return item;
  });
  return { svg: items.join(""), height: y + 24 };
}

/** A short stable hash of a text (the gradient's id: two figures inlined in one page must not share an id). */
function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** The x scale of a ramp: the colour scale's own type (a diverging one's underlying type) over its domain. */
function rampAxisScale(scale: ColourScale): Record<string, unknown> {
  const type = (scale.type ?? "linear").replace(/^diverging-?/, "") || "linear";
  const domain = scale.domain ?? [];
  const ends = [domain[0], domain.at(-1)];
  const extra = Object.fromEntries(
    (["exponent", "constant", "base"] as const).flatMap((k) => scale[k] === undefined ? [] : [[k, scale[k]]]),
  );
  return { type, domain: ends, ...extra };
}

/** The px a tick label takes at 11 px, with room to the next (for ticks that must not overlap). */
const labelPx = (ticks: readonly number[]) => Math.max(...ticks.map((t) => number(t).length)) * 6.6 + 12;

/**
 * Ticks of a log ramp a reader can read, "200, 500, 1,000" rather than Plot's "1k" beside unlabelled minor ticks: 1, 2
 * and 5 times a power of ten inside the domain, only the powers (or every second one…) when their labels would
 * overlap, linear ticks inside a single decade.
 */
function logTicks(domain: readonly unknown[], w: number): number[] | undefined {
  const [lo, hi] = [Number(domain[0]), Number(domain.at(-1))].sort((a, b) => a - b) as [number, number];
  if (!(lo > 0) || !Number.isFinite(hi)) return undefined;
  const within = (steps: number[]) => {
    const out: number[] = [];
    for (let p = Math.floor(Math.log10(lo)); p <= Math.ceil(Math.log10(hi)); p++) {
      for (const m of steps) if (m * 10 ** p >= lo && m * 10 ** p <= hi) out.push(Number((m * 10 ** p).toPrecision(6)));
    }
    return out;
  };
  // the narrowest gap between two ticks against the widest label
  const fits = (t: number[]) => t.every((v, i) => i === 0 || (w * Math.log10(v / t[i - 1]!)) / Math.log10(hi / lo) >= labelPx(t));
  const ticks = [[1, 2, 5], [1]].map(within).find((t) => t.length >= 2 && fits(t));
  if (ticks) return ticks;
  const powers = within([1]);
  if (powers.length < 2) return linearTicks(domain, w); // inside one decade a log scale is nearly linear
  // many decades: every second, third… power of ten
  for (let k = 2;; k++) {
    const every = powers.filter((_, i) => i % k === 0);
    if (every.length <= 2 || fits(every)) return every;
  }
}

/**
 * Ticks of a linear (or pow, symlog, diverging) ramp: at 1, 2 or 5 times a power of ten, at most one per 64 px and as
 * far apart as their labels are wide (1,000,000 takes more room than 5), whole numbers when the domain's ends are
 * (counts read 0, 1, 2, 3, not 0.0, 0.5, 1.0).
 */
function linearTicks(domain: readonly unknown[], w: number): number[] | undefined {
  const [lo, hi] = [Number(domain[0]), Number(domain.at(-1))].sort((a, b) => a - b) as [number, number];
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return undefined;
  const raw = (hi - lo) / Math.max(2, Math.floor(w / 64));
  let p = 10 ** Math.floor(Math.log10(raw));
  for (let i = 0;; i++) {
    const step = Math.max([1, 2, 5][i % 3]! * p, Number.isInteger(lo) && Number.isInteger(hi) ? 1 : 0);
    if (i % 3 === 2) p *= 10;
    if (step < raw) continue;
    const out: number[] = [];
    for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) out.push(Number((k * step).toPrecision(12)));
    if (out.length <= 2 || (w * step) / (hi - lo) >= labelPx(out)) return out;
  }
}

/** A continuous colour ramp: a gradient bar sampled from the scale, Plot's axis of the same scale type under it. */
function ramp(scale: ColourScale, document: Document, width: number): Key {
  const w = Math.max(120, Math.min(320, width - 40 - INDENT));
  const x = Plot.scale({ x: { ...rampAxisScale(scale), range: [0, w] } }) as { invert(px: number): unknown };
  const stops = Array.from({ length: STOPS + 1 }, (_, i) => {
    const colour = String(scale.apply!(x.invert((i / STOPS) * w)));
    return `<stop offset="${(i / STOPS).toFixed(4)}" stop-color="${esc(colour)}"/>`;
  }).join("");
  const id = `genesys-ramp-${hash(stops)}`;
  const type = rampAxisScale(scale).type;
  const ticks = type === "log"
    ? { ticks: logTicks(scale.domain ?? [], w), tickFormat: number }
    : type === "utc" || type === "time"
    ? { ticks: Math.max(2, Math.floor(w / 80)) }
    : { ticks: linearTicks(scale.domain ?? [], w), tickFormat: number };
  const axis = Plot.plot({
    document,
    width: w + 40,
    height: 24,
    marginTop: 0,
    marginBottom: 24,
    marginLeft: 20,
    marginRight: 20,
    style: { background: "none" },
    x: { ...rampAxisScale(scale), label: null },
    marks: [Plot.axisX({ tickSize: 5, fontSize: 11, ...ticks } as Plot.AxisXOptions)],
  } as Plot.PlotOptions) as unknown as Element;
  const top = heading(scale.label);
  const bar = `<defs><linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops}</linearGradient></defs>` +
    `<rect x="${INDENT}" y="${top.height}" width="${w}" height="12" fill="url(#${id})"/>`;
  axis.setAttribute("x", String(INDENT - 20));
  axis.setAttribute("y", String(top.height + 12));
  axis.removeAttribute("xmlns");
  return { svg: top.svg + bar + axis.outerHTML, height: top.height + 12 + 24 + 8 };
}

const legendError = (what: string, hint: string) => new GenesysInputError(what, { endpoint: "render()", hint });

/**
 * The colour legend a figure draws under its chart: `requested` when the caller asked for one (`legend: true`); a
 * continuous or class scale gets one unless asked not to (colour carries a value a reader must be able to read), a
 * categorical one only when asked. A requested legend that cannot be drawn is a GenesysInputError, never dropped.
 */
export function colourLegend(scale: ColourScale | undefined, requested: boolean, width: number, document: Document): Key {
  if (!scale) return NONE;
  const domain = scale.domain ?? [];
  const range = scale.range ?? [];
  if (typeof scale.interpolate === "function" && typeof scale.apply === "function") {
    // no values (all missing): nothing to key
    return domain.length >= 2 && domain.every((d) => Number.isFinite(Number(d))) ? ramp(scale, document, width) : NONE;
  }
  if (scale.type === "threshold") {
    if (!domain.length || range.length !== domain.length + 1) return NONE;
    const top = heading(scale.label);
    const key = swatches(classLabels(domain), range, width, top.height);
    return { svg: top.svg + key.svg, height: key.height };
  }
  if (!requested) return NONE;
  if (scale.type === "identity") {
    throw legendError(
      "a colour legend was asked for, but the colours are given literally (an identity scale): there are no values to name",
      "fill with the values themselves and give color: { domain: [...values], range: [...colours], legend: true }",
    );
  }
  if (domain.length > MAX_SWATCHES) {
    throw legendError(
      `a colour legend of ${domain.length} categories was asked for; at most ${MAX_SWATCHES} can be read`,
      "lump the rarer values into one group with categories(df, column) (labels with counts, the rest 'other'), " +
        "or set color: { legend: false } and name the categories elsewhere",
    );
  }
  return domain.length && range.length ? swatches(domain.map(String), range, width) : NONE;
}
