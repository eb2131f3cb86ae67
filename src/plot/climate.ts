/**
 * Climate figures: the collecting sites over a climate layer (its unit on the legend), and accessions in climate space
 * (two layers, coloured by biological status or another column). Counts in the subtitles, and "generated climate
 * (sandbox)" there whenever the layers say they are generated data.
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { climateLayersOf } from "../climate/sites.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { needColumns } from "./columns.ts";
import { type Figure, render } from "./figure.ts";
import { categories, CATEGORY_COLOURS, fmt } from "./labels.ts";
import { classLabels } from "./legend.ts";

const GENERATED = "generated climate (sandbox)";
const WET = ["#8c510a", "#bf812d", "#dfc27d", "#c7eae5", "#80cdc1", "#35978f", "#01665e"];
const WARM = ["#313695", "#4575b4", "#91bfdb", "#e0f3f8", "#fee090", "#fc8d59", "#d73027"];

/** The one-row description of a layer (name, meaning, unit, generated) from a frame climateAtSites/climateLayerGrid made. */
function describe(df: DataFrame, name: string): { label: string; unit: string; generated: boolean } {
  const layers = climateLayersOf(df);
  const row = layers?.filter(pl.col("name").eq(pl.lit(name))).toRecords()[0] as Record<string, unknown> | undefined;
  const unit = (row?.unit as string | null) ?? "";
  const meaning = (row?.meaning as string | null) ?? name;
  return { label: `${name}: ${meaning}${unit ? ` (${unit})` : ""}`, unit, generated: row?.generated === true };
}

/**
 * A value rounded to a number a reader would write on a legend: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 or 8 times a power of
 * ten (52 -> 50, 380 -> 400, 0.73 -> 0.75).
 * @example
 * ```ts
 * import { niceNumber } from "genesys-notebook/plot";
 * niceNumber(380); // 400
 * ```
 */
export function niceNumber(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const p = 10 ** Math.floor(Math.log10(Math.abs(v)));
  const m = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10].reduce((
    a,
    b,
  ) => (Math.abs(b * p - Math.abs(v)) < Math.abs(a * p - Math.abs(v)) ? b : a));
  return Math.sign(v) * Number((m * p).toPrecision(3));
}

/**
 * Class breaks for a layer's map: the six inner 7-quantiles, each rounded to a nice number (niceNumber), and the caller's
 * thresholds (the value the question tests, e.g. 500 mm, is always a break). A rounded break that would leave a class
 * of under 5% of the cells (75–78 mm) gives way to its neighbour or to a threshold; at most six breaks (seven classes).
 * `breaks` replaces the quantiles (taken as given, with the thresholds).
 * @example
 * ```ts
 * import { classBreaks } from "genesys-notebook/plot";
 * classBreaks([10, 40, 52, 75, 78, 98, 150, 380, 900, 2400], { thresholds: [500] }); // rounded breaks and 500
 * ```
 */
export function classBreaks(
  values: readonly number[],
  { thresholds = [], breaks }: { thresholds?: number[]; breaks?: number[] } = {},
): number[] {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (breaks) return [...new Set([...breaks, ...thresholds])].sort((a, b) => a - b);
  const below = (x: number) => {
    let [lo, hi] = [0, sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The share of cells between two breaks. */
  const share = (a: number, b: number) => Math.abs(below(a) - below(b)) / Math.max(1, sorted.length);
  const quantiles = [1, 2, 3, 4, 5, 6].map((k) => niceNumber(sorted[Math.floor((k / 7) * (sorted.length - 1))] ?? 0));
  const kept: number[] = [];
  for (const b of [...new Set(quantiles)].sort((a, b) => a - b)) {
    if (![...thresholds, ...kept].some((t) => share(t, b) < 0.05 || t === b)) kept.push(b);
  }
  // room for the thresholds: the break sharing the fewest cells with a threshold goes first
  const closeness = (b: number) => Math.min(...thresholds.map((t) => share(t, b)));
  while (kept.length + thresholds.length > 6 && kept.length) {
    kept.splice(kept.indexOf(kept.reduce((a, b) => closeness(b) < closeness(a) ? b : a)), 1);
  }
  return [...new Set([...kept, ...thresholds])].sort((a, b) => a - b);
}

/** Classes between breaks, labelled with the unit: "< 250 mm", "250–500 mm", …, "≥ 3,000 mm". */
function classes(
  values: number[],
  unit: string,
  opts: { thresholds?: number[]; breaks?: number[] },
): { breaks: number[]; labels: string[] } {
  const breaks = classBreaks(values, opts);
  const labels = classLabels(breaks, unit, (v) => fmt(v as number));
  return { breaks, labels };
}

/**
 * Labelled classes of a climate variable's values and their colours (dry brown to wet teal for millimetres, cold blue to
 * warm red otherwise; fewer classes take evenly spaced colours of the seven, the ramp's ends always used), and the
 * label of any value: what climateSitesMap() and figsBestBetsMap() draw, with an ordinal legend a print keeps.
 */
export function climateClasses(
  values: number[],
  unit: string,
  opts: { thresholds?: number[]; breaks?: number[] } = {},
): { breaks: number[]; labels: string[]; colours: string[]; classOf: (v: number) => string } {
  const { breaks, labels } = classes(values, unit, opts);
  const ramp = unit === "mm" ? WET : WARM;
  const colours = labels.map((_, i) => ramp[labels.length === 1 ? 0 : Math.round((i * (ramp.length - 1)) / (labels.length - 1))]!);
  return { breaks, labels, colours, classOf: (v: number) => labels[breaks.filter((b) => v >= b).length]! };
}

type Strip = { properties: { cls: string } };
interface Cell {
  lon: number;
  lat: number;
  value: number;
}
/** Neighbouring cells of one row in one class, joined into one strip (a map of 1° cells: thousands of shapes, not 20,000). */
function runs(cells: Cell[], step: number, cls: (v: number) => string): { lat: number; west: number; east: number; cls: string }[] {
  const out: { lat: number; west: number; east: number; cls: string }[] = [];
  for (const c of cells) {
    const k = cls(c.value);
    const last = out.at(-1);
    // strips no wider than 90°: a ring around the whole globe (Antarctica's rows) is no shape d3-geo can fill
    const joins = last && last.lat === c.lat && last.cls === k && Math.abs(c.lon - step / 2 - last.east) < 1e-9;
    if (joins && c.lon + step / 2 - last.west <= 90) last.east = c.lon + step / 2;
    else out.push({ lat: c.lat, west: c.lon - step / 2, east: c.lon + step / 2, cls: k });
  }
  return out;
}

/**
 * A strip's outline, clockwise (west→north→east→south) as d3-geo wants an exterior ring (counter-clockwise would be the
 * rest of the sphere), with a point at every cell edge along its north and south sides: d3-geo joins two points by a
 * great circle, so a strip given by its four corners bulges poleward and leaves a curved white gap to the next row.
 * @example
 * ```ts
 * import { stripRing } from "genesys-notebook/plot";
 * stripRing(0, 3, 10.5, 1); // [[0, 10], [0, 11], [1, 11], [2, 11], [3, 11], [3, 10], [2, 10], [1, 10], [0, 10]]
 * ```
 */
export function stripRing(west: number, east: number, lat: number, step: number): [number, number][] {
  const [south, north] = [lat - step / 2, lat + step / 2];
  const lons: number[] = [];
  for (let x = west; x < east - 1e-9; x += step) lons.push(Number(x.toFixed(9)));
  lons.push(east);
  return [[west, south], ...lons.map((x) => [x, north] as [number, number]), ...lons.reverse().map((x) => [x, south] as [number, number])];
}

/**
 * The collecting sites over a climate layer: the layer's cells in classes (the legend in its unit), the sites on top.
 * `grid` is climateLayerGrid()'s frame; `sites` any frame with coordinates. The class breaks are rounded quantiles
 * (classBreaks) and include `threshold` (the value the question tests, e.g. 500 mm: one number or several); `breaks`
 * gives them all instead.
 * @example
 * ```ts
 * import { climateLayerGrid, Genesys, sandboxClimate } from "genesys-notebook";
 * import { climateSitesMap } from "genesys-notebook/plot";
 * const g = Genesys.fromEnv();
 * const sites = await g.passports({ crop: ["beans"] });
 * const figure = climateSitesMap(sites, await climateLayerGrid(await sandboxClimate(), "bio12"), { layer: "bio12" });
 * figure.save("out/bio12.svg");
 * ```
 */
export function climateSitesMap(
  sites: DataFrame,
  grid: DataFrame,
  { layer, lon = "DECLONGITUDE", lat = "DECLATITUDE", title, step = 1, width = 900, threshold, breaks: given }: {
    layer: string;
    threshold?: number | number[];
    breaks?: number[];
    lon?: string;
    lat?: string;
    title?: string;
    step?: number;
    width?: number;
  },
): Figure {
  needColumns(sites, "climateSitesMap()", [lon, lat], `climateSitesMap(sites, grid, { layer, lon: "…", lat: "…" })`);
  const d = describe(grid, layer);
  const values = grid.getColumn("value").toArray() as number[];
  const thresholds = threshold === undefined ? [] : [threshold].flat();
  const { labels, colours, classOf: cls } = climateClasses(values, d.unit, { thresholds, breaks: given });
  const cells = runs(grid.sort(["lat", "lon"], [true, false]).toRecords() as unknown as Cell[], step, cls).map((r) => ({
    type: "Feature" as const,
    properties: { cls: r.cls },
    geometry: { type: "Polygon" as const, coordinates: [stripRing(r.west, r.east, r.lat, step)] },
  }));
  const located = sites.select(lon, lat).filter(pl.col(lon).isNotNull().and(pl.col(lat).isNotNull()));
  const t = title ?? `Collecting sites over ${d.label}`;
  return render(
    {
      projection: "equal-earth",
      width,
      color: { type: "ordinal", domain: labels, range: colours, legend: true },
      marks: [
        Plot.sphere({ stroke: "#ccc", fill: "#f5f9fc" }),
        // outlined in their own colour, so that neighbouring strips leave no hairline between them
        Plot.geo(cells, { fill: (f: Strip) => f.properties.cls, stroke: (f: Strip) => f.properties.cls, strokeWidth: 0.6 }),
        Plot.dot(located.toRecords(), { x: lon, y: lat, r: 2, fill: "black", stroke: "white", strokeWidth: 0.5 }),
      ],
    },
    t,
    {
      subtitle: [
        `${fmt(located.height)} of ${fmt(sites.height)} accessions with coordinates`,
        `${layer} in ${d.unit || "its units"} on ${step}° cells`,
        d.generated ? GENERATED : "",
      ].filter(Boolean).join("; "),
    },
  );
}

/**
 * Accessions in climate space: one climate column against another (e.g. bio1 against bio12), coloured by biological
 * status (SAMPSTAT, named) or another column; units from the frame's layers (climateLayersOf()).
 * @example
 * ```ts
 * import { climateAtSites, Genesys, sandboxClimate } from "genesys-notebook";
 * import { climateSpace } from "genesys-notebook/plot";
 * const g = Genesys.fromEnv();
 * const df = await climateAtSites(await g.passports({ crop: ["beans"] }), await sandboxClimate(), { layers: ["bio1", "bio12"] });
 * climateSpace(df, { x: "bio1", y: "bio12" }).save("out/climate-space.svg");
 * ```
 */
export function climateSpace(
  df: DataFrame,
  { x = "bio1", y = "bio12", color = "SAMPSTAT", title }: { x?: string; y?: string; color?: string; title?: string } = {},
): Figure {
  const cols = [x, y, ...(df.columns.includes(color) ? [color] : [])];
  needColumns(df, "climateSpace()", [x, y], `climateAtSites(df, source, { layers: ["${x}", "${y}"] }) first`);
  const both = df.select(...cols).filter(pl.col(x).isNotNull().and(pl.col(y).isNotNull()));
  const name = (v: unknown) => color === "SAMPSTAT" && v !== null ? SAMPSTAT_LABELS.get(Number(v)) ?? String(v) : v;
  const rows = (both.toRecords() as Record<string, unknown>[]).map((r) => ({ ...r, _c: cols.length > 2 ? name(r[color]) : null }));
  const scale = cols.length > 2 ? categories(rows.map((r) => r._c)) : undefined;
  const data = rows.map((r) => ({ ...r, _colour: scale?.label(r._c) }));
  const dx = describe(df, x);
  const dy = describe(df, y);
  return render(
    {
      grid: true,
      width: 760,
      x: { label: dx.label },
      y: { label: dy.label },
      color: scale ? { domain: scale.domain, range: scale.range, legend: true } : undefined,
      marks: [Plot.dot(data, { x, y, r: 2.5, fill: scale ? "_colour" : CATEGORY_COLOURS[0]!, fillOpacity: 0.75 })],
    },
    title ?? "Accessions in climate space",
    {
      subtitle: [
        `${fmt(both.height)} of ${fmt(df.height)} accessions with both values`,
        scale ? `coloured by ${color === "SAMPSTAT" ? "biological status" : color}` : "",
        dx.generated || dy.generated ? GENERATED : "",
      ].filter(Boolean).join("; "),
    },
  );
}
