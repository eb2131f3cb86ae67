/**
 * Ready-made genebank plots. Each takes a DataFrame and column names and
 * returns a Figure (inline in Deno Jupyter, `.save("x.svg")` from scripts).
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { feature } from "topojson-client";
import { createRequire } from "node:module";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { readingCountryName } from "./country-names.ts";
import { type Figure, render } from "./figure.ts";
import { needColumns, selectHint } from "./columns.ts";
import { boxPolygon, inBox, type MapExtent, resolveExtent } from "./extent.ts";
import { type Categories, categories, CATEGORY_COLOURS, datasetNames, fmt, paddedDomain, plural, type Units, withUnit } from "./labels.ts";
import { z } from "zod";
import { isFrame } from "../kernel/analysis.ts";
import { checkOptionsWith } from "../kernel/options.ts";
import { instituteKey, InstituteNames } from "./institutes.ts";

export { SAMPSTAT_LABELS };

const records = (df: DataFrame, cols: string[]) => df.select(...cols).toRecords() as Record<string, unknown>[];

/**
 * Points drawn at most by the maps and scatters: above this a seeded random sample is drawn (the
 * same sample on every run) and the subtitle says how many of how many, so a figure over a
 * million accessions stays fast to render and small to share.
 */
export const MAX_POINTS = 20_000;

/** The rows to draw, and the subtitle saying so when they are a sample. */
function capPoints(df: DataFrame, max = MAX_POINTS): { df: DataFrame; subtitle?: string } {
  if (df.height <= max) return { df };
  const n = (x: number) => x.toLocaleString("en");
  return {
    df: df.sample({ n: max, seed: 42 }),
    subtitle: `${n(max)} of ${n(df.height)} points drawn (a random sample; the frame holds all)`,
  };
}

/** A List column (the wide trait frame's default) as plain values: every value, or the row's mean. */
function flat(df: DataFrame, col: string, how: "explode" | "mean"): DataFrame {
  if (df.schema[col]?.variant !== "List") return df;
  return how === "explode" ? df.explode(col) : df.withColumns(pl.col(col).lst.mean().alias(col));
}

/** Points of the grey groups ("other", "unknown") first, so the coloured ones are drawn over them. */
function underneath<T extends { _colour?: string }>(data: T[], scale: Categories | undefined): T[] {
  if (!scale) return data;
  const rank = new Map(scale.domain.map((d, i) => [d, i]));
  return data.sort((a, b) => (rank.get(b._colour!) ?? 0) - (rank.get(a._colour!) ?? 0));
}

function counts(df: DataFrame, col: string): { key: string; n: number }[] {
  const g = df.select(pl.col(col).cast(pl.Utf8).alias("key")).filter(pl.col("key").isNotNull())
    .groupBy("key").agg(pl.len().alias("n")).sort(["n", "key"], [true, false]);
  return g.toRecords().map((r) => ({ key: String(r.key), n: Number(r.n) }));
}

/** "1,034 accessions; 12 without ORIGCTY; top 20 of 45 shown". */
function barSubtitle(total: number, shown: { n: number }[], all: { n: number }[], column: string, what: string): string {
  const missing = total - all.reduce((s, d) => s + d.n, 0);
  return [
    `${fmt(total)} accessions`,
    missing ? `${fmt(missing)} without ${column}` : "",
    shown.length < all.length ? `top ${shown.length} of ${all.length} ${what} shown` : "",
  ].filter(Boolean).join("; ");
}

/** Horizontal bars of accession counts, longest first, each labelled with its count. */
function countBars(data: { key: string; n: number }[], title: string, subtitle: string, fill: string): Figure {
  const longest = Math.max(0, ...data.map((d) => d.key.length));
  return render(
    {
      title,
      marginLeft: Math.min(320, 16 + longest * 6.4),
      marginRight: 50,
      height: Math.max(120, 22 * data.length + 40),
      x: { label: "accessions", grid: true },
      y: { label: null, domain: data.map((d) => d.key) },
      marks: [
        Plot.barX(data, { x: "n", y: "key", fill }),
        Plot.text(data, { x: "n", y: "key", text: (d: { n: number }) => fmt(d.n), textAnchor: "start", dx: 4, fontSize: 10 }),
        Plot.ruleX([0]),
      ],
    },
    title,
    { subtitle },
  );
}

/**
 * Accessions per country of origin (horizontal bars, top N, each with its count), each country by its name (ISO 3166
 * codes are shown as their names, with or without `decode: true`; the common short name where ISO's is a formal one,
 * readingCountryName); the subtitle gives the total and how many have no
 * country.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { countryBar } from "genesys-notebook/plot";
 * countryBar(df, { top: 10 }).save("out/countries.svg");
 * ```
 */
export function countryBar(df: DataFrame, { column = "ORIGCTY", top = 20, title = "Accessions by country of origin" } = {}): Figure {
  needColumns(df, "countryBar()", [column], selectHint([column], "{ column }"));
  // names, not codes: "Mexico", not MEX; "Tanzania", not ISO's "Tanzania, United Republic of" (country-names.json);
  // a value that is no code stays as it is
  const named = counts(df, column).map((d) => ({ key: readingCountryName(d.key), n: d.n }));
  const all = named.sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shown = all.slice(0, top);
  return countBars(shown, title, barSubtitle(df.height, shown, all, column, "countries"), CATEGORY_COLOURS[0]!);
}

/**
 * Accessions per biological status, with MCPD SAMPSTAT labels and codes instead of bare codes, each with its count.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { sampstatBar } from "genesys-notebook/plot";
 * sampstatBar(df).save("out/sampstat.svg");
 * ```
 */
export function sampstatBar(df: DataFrame, { column = "SAMPSTAT", title = "Accessions by biological status" } = {}): Figure {
  needColumns(df, "sampstatBar()", [column], selectHint([column], "{ column }"));
  const all = counts(df, column);
  const data = all.map((d) => ({ key: `${SAMPSTAT_LABELS.get(Number(d.key)) ?? "code"} (${Number(d.key)})`, n: d.n }));
  return countBars(data, title, barSubtitle(df.height, data, all, column, "statuses"), CATEGORY_COLOURS[4]!);
}

/**
 * Acquisitions per year, from an MCPD YYYYMMDD column (partial dates count by their year); the subtitle says how many
 * accessions have a year.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { acquisitionTimeline } from "genesys-notebook/plot";
 * acquisitionTimeline(df).save("out/acquisitions.svg");
 * ```
 */
export function acquisitionTimeline(df: DataFrame, { column = "ACQDATE", title = "Acquisitions per year" } = {}): Figure {
  needColumns(df, "acquisitionTimeline()", [column], selectHint([column], "{ column }"));
  const years = df.select(pl.col(column).str.slice(0, 4).cast(pl.Int32, false).alias("year")).filter(pl.col("year").isNotNull())
    .groupBy("year").agg(pl.len().alias("n")).sort("year");
  const data = years.toRecords().map((r) => ({ year: Number(r.year), n: Number(r.n) }));
  const dated = data.reduce((s, d) => s + d.n, 0);
  return render(
    {
      title,
      x: { label: "year of acquisition", tickFormat: "d" },
      y: { label: "accessions", grid: true },
      marks: [
        Plot.rectY(data, { x1: "year", x2: (d: { year: number }) => d.year + 1, y: "n", fill: CATEGORY_COLOURS[1]! }),
        Plot.ruleY([0]),
      ],
    },
    title,
    { subtitle: `${fmt(dated)} of ${fmt(df.height)} accessions with an acquisition year (${column})` },
  );
}

let land: unknown;
let borders: unknown;
function worldLand(): unknown {
  if (!land) {
    const require = createRequire(import.meta.url);
    const topo = require("world-atlas/land-110m.json");
    land = feature(topo, topo.objects.land);
  }
  return land;
}
/** Countries at 1:50 million, for zoomed maps (borders, so a reader sees which country a site is in). */
export function worldCountries(): unknown {
  if (!borders) {
    const topo = createRequire(import.meta.url)("world-atlas/countries-50m.json");
    borders = feature(topo, topo.objects.countries);
  }
  return borders;
}

/**
 * Collecting sites as points over land outlines (equal-earth projection); the subtitle says how many accessions have
 * coordinates. `color` colours by a column (distinct hues for the most frequent values, the rest "other", missing
 * values grey as "unknown", counts in the legend). `extent` sets what the map shows: by default (`"auto"`) the data's
 * own extent when it covers a small part of the world (a continent or less), else the world; `"data"`, `"world"`,
 * ISO 3166 alpha-3 codes (`["PER", "BOL"]`), a box `[west, south, east, north]`, or a region (`"Andes"`, REGIONS).
 * A zoomed map draws country borders; sites outside the extent are counted in the subtitle. Coloured by INSTCODE,
 * `names` (what `await g.instituteNames(codes)` returns) adds a key under the map naming the institutes the legend shows.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { collectingSitesMap } from "genesys-notebook/plot";
 * collectingSitesMap(df, { title: "Bean collecting sites", extent: "Andes" }).save("out/sites.svg");
 * ```
 */
export function collectingSitesMap(df: DataFrame, options: SitesMapOptions = {}): Figure {
  const { lon = "DECLONGITUDE", lat = "DECLATITUDE", color, title = "Collecting sites", extent, width = 900, names } =
    checkOptionsWith("collectingSitesMap()", SitesMapOptions, options) ?? {};
  const cols = [lon, lat, ...(color ? [color] : [])];
  needColumns(df, "collectingSitesMap()", cols, selectHint(cols, color ? "{ lon, lat, color }" : "{ lon, lat }"));
  const located = df.select(...cols).filter(pl.col(lon).isNotNull().and(pl.col(lat).isNotNull()));
  const drawn = capPoints(located);
  const scale = color ? categories(located.getColumn(color).toArray()) : undefined;
  const all = records(drawn.df, cols);
  const box = resolveExtent(extent, all.map((r) => [Number(r[lon]), Number(r[lat])] as const), "collectingSitesMap()");
  const shown = box ? all.filter((r) => inBox(box, Number(r[lon]), Number(r[lat]))) : all;
  const data = underneath(shown.map((r) => ({ ...r, _colour: scale?.label(r[color!]) })), scale);
  const georeferenced = `${fmt(located.height)} of ${fmt(df.height)} accessions with coordinates`;
  const outside = all.length - shown.length ? `${fmt(all.length - shown.length)} outside the map's extent` : "";
  // a zoomed map: the box fitted, its shape from the box (degrees of longitude shrink with latitude); a tall box
  // (the Andes) gets a narrower figure rather than empty sea on both sides
  const ratio = box ? (box[3] - box[1]) / ((box[2] - box[0]) * Math.cos(((box[1] + box[3]) / 2) * Math.PI / 180)) : 0;
  // never narrower than its title (15 px bold: up to 10 px a character)
  const w = box && width * ratio > 800 ? Math.max(480, Math.round(800 / ratio), Math.ceil(title.length * 10) + 12) : width;
  const height = box ? Math.round(Math.min(1000, Math.max(320, w * ratio))) : undefined;
  return render(
    {
      title,
      projection: box ? { type: "equal-earth", domain: boxPolygon(box) as never, inset: 10 } : "equal-earth",
      width: w,
      ...(height ? { height } : {}),
      color: scale ? { domain: scale.domain, range: scale.range, legend: true } : undefined,
      marks: box
        ? [
          Plot.frame({ fill: "#f5f9fc", stroke: "#ccc" }),
          Plot.geo(worldCountries() as never, { fill: "#eee", stroke: "#aaa", strokeWidth: 0.6, clip: "frame" }),
          Plot.dot(data, {
            x: lon,
            y: lat,
            r: 3,
            fill: scale ? "_colour" : CATEGORY_COLOURS[2]!,
            fillOpacity: 0.8,
            stroke: "white",
            strokeWidth: 0.4,
          }),
        ]
        : [
          Plot.sphere({ stroke: "#ccc" }),
          Plot.geo(worldLand() as never, { fill: "#eee", stroke: "#bbb" }),
          Plot.dot(data, { x: lon, y: lat, r: 2, fill: scale ? "_colour" : CATEGORY_COLOURS[2]!, fillOpacity: 0.75 }),
        ],
    },
    title,
    {
      subtitle: [georeferenced, outside, drawn.subtitle].filter(Boolean).join("; "),
      ...(names && scale ? { notes: instituteKey(ownHues(located.getColumn(color!).toArray(), scale), names) } : {}),
    },
  );
}

/**
 * Histogram of a numeric trait (every value of a List column), optionally coloured by a group column; the axis carries
 * the unit (`units`: the descriptors frame of g.traits(), or a record), the subtitle the number of values.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitHistogram } from "genesys-notebook/plot";
 * const { wide, descriptors } = await g.traits({ crop: ["beans"] });
 * traitHistogram(wide, "Seed iron content", { units: descriptors }).save("out/fe.svg");
 * ```
 */
export function traitHistogram(
  frame: DataFrame,
  trait: string,
  { group, units, title = `Distribution of ${trait}` }: { group?: string; units?: Units; title?: string } = {},
): Figure {
  needColumns(frame, "traitHistogram()", [trait, ...(group ? [group] : [])], TRAIT_HINT);
  const df = flat(frame, trait, "explode").filter(pl.col(trait).isNotNull());
  const scale = group ? categories(df.getColumn(group).toArray(), { max: 6 }) : undefined;
  const data = records(df, [trait, ...(group ? [group] : [])]).map((r) => ({ ...r, _colour: scale?.label(r[group!]) }));
  return render(
    {
      title,
      y: { grid: true, label: "values" },
      x: { label: withUnit(trait, units) },
      color: scale ? { domain: scale.domain, range: scale.range, legend: true } : undefined,
      marks: [
        Plot.rectY(
          data,
          Plot.binX<Plot.RectYOptions>({ y: "count" }, {
            x: trait,
            fill: scale ? "_colour" : CATEGORY_COLOURS[0]!,
            ...(scale ? { mixBlendMode: "multiply", fillOpacity: 0.6 } : {}),
          }),
        ),
        Plot.ruleY([0]),
      ],
    },
    title,
    { subtitle: `n = ${fmt(data.length)} values` },
  );
}

/** The values of a colour column that have a hue of their own (not "other", not "unknown"), in the legend's order. */
function ownHues(values: readonly unknown[], scale: Categories): string[] {
  const own = [...new Set(values.filter((v) => v !== null && v !== undefined && v !== "").map(String))]
    .filter((v) => scale.label(v).startsWith(`${v} (`));
  return own.sort((a, b) => scale.domain.indexOf(scale.label(a)) - scale.domain.indexOf(scale.label(b)));
}

const UnitsOption = z.union([z.custom<DataFrame>(isFrame), z.record(z.string(), z.string().nullable())]).optional().describe(
  'the descriptors frame of g.traits() (t.descriptors) or a record of units, e.g. units: { "Seed iron content": "mg/kg" }',
);
const NamesOption = InstituteNames.optional().describe(
  "a Map of value -> name for the group or colour column, as `await g.instituteNames(codes)` returns for INSTCODE " +
    '(or a record { COL003: "…" })',
);
const TitleOption = z.string().optional().describe("a string: the figure's title");

/** The options of traitBox(). */
const TraitBoxOptions = z.strictObject({
  units: UnitsOption,
  title: TitleOption,
  minN: z.number().int().positive().optional().describe("a whole number: fewest values a group is drawn as a box for"),
  names: NamesOption,
});
type TraitBoxOptions = z.input<typeof TraitBoxOptions>;

/** The options of traitScatter(). */
const TraitScatterOptions = z.strictObject({
  color: z.string().optional().describe('a string: the column the points are coloured by, e.g. color: "INSTCODE"'),
  units: UnitsOption,
  datasets: z.custom<DataFrame>(isFrame).optional().describe("the datasets frame of g.traits() (t.datasets), to name the trial"),
  title: TitleOption,
  names: NamesOption,
});
type TraitScatterOptions = z.input<typeof TraitScatterOptions>;

/** The options of collectingSitesMap(). */
const SitesMapOptions = z.strictObject({
  lon: z.string().optional().describe('a string: the longitude column, e.g. lon: "DECLONGITUDE"'),
  lat: z.string().optional().describe('a string: the latitude column, e.g. lat: "DECLATITUDE"'),
  color: z.string().optional().describe('a string: the column the sites are coloured by, e.g. color: "ORIGCTY_name"'),
  title: TitleOption,
  // checked by resolveExtent(), whose messages name the regions and the box's form
  extent: z.custom<MapExtent>().optional(),
  width: z.number().positive().optional().describe("a number of pixels, e.g. width: 900"),
  names: NamesOption,
});
type SitesMapOptions = z.input<typeof SitesMapOptions>;

/** What a trait figure's columns are: trait columns of the wide frame, and passport columns joined to it. */
const TRAIT_HINT = "a trait is a column of the wide frame of g.traits() (named by its descriptor title, t.descriptors lists them); " +
  "a group or colour column is another column of that frame (INSTCODE…) or one joined to it from g.passports()";

/** Fewest values a box plot draws a box for (traitBox `minN`); a smaller group is drawn as its points. */
export const MIN_BOX_N = 5;

/**
 * Box plot of a numeric trait (every value of a List column) per group, each group labelled with its number of values
 * (n); the axis carries the unit (`units`: the descriptors frame of g.traits(), or a record). Rows without a group are
 * the "unknown" group. A group with fewer than `minN` values (default MIN_BOX_N, 5) is drawn as its points, labelled
 * "points only", and counted in the subtitle. Groups of biological status (SAMPSTAT codes, their labels, or words such as
 * "wild", "landrace", "improved cultivar") are ordered by domestication, wild at the top; other groups by median, highest
 * first. The value axis holds every point with a margin, so no point is drawn on a group's label. Groups of institute codes
 * (INSTCODE) are named in a key under the chart with `names` (what `await g.instituteNames(codes)` returns).
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitBox } from "genesys-notebook/plot";
 * const { wide, descriptors } = await g.traits({ crop: ["beans"] });
 * traitBox(wide, "Seed zinc content", "INSTCODE", { units: descriptors }).save("out/zn.svg");
 * ```
 */
export function traitBox(frame: DataFrame, trait: string, group: string, options: TraitBoxOptions = {}): Figure {
  const { units, title = `${trait} by ${group}`, minN = MIN_BOX_N, names } = checkOptionsWith("traitBox()", TraitBoxOptions, options) ?? {};
  needColumns(frame, "traitBox()", [trait, group], TRAIT_HINT);
  const df = flat(frame, trait, "explode").filter(pl.col(trait).isNotNull());
  const raw = records(df, [trait, group]);
  const n = new Map<string, number>();
  for (const r of raw) {
    const k = r[group] === null || r[group] === undefined ? "unknown" : String(r[group]);
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  // a group under minN values is drawn as its points, and says so: a box over 3 values would overstate them
  const label = (k: string) => `${k} (n = ${fmt(n.get(k)!)}${n.get(k)! < minN ? ", points only" : ""})`;
  const data = raw.map((r) => ({
    value: Number(r[trait]),
    group: label(r[group] === null || r[group] === undefined ? "unknown" : String(r[group])),
  }));
  const order = boxOrder([...n.keys()], (k) => data.filter((d) => d.group === label(k)).map((d) => d.value)).map(label);
  // drawn group by group, values ascending: the same values give the same SVG whatever their row order
  const rank = new Map(order.map((k, i) => [k, i]));
  data.sort((a, b) => rank.get(a.group)! - rank.get(b.group)! || a.value - b.value);
  const small = new Set([...n].filter(([, c]) => c < minN).map(([k]) => label(k)));
  const longest = Math.max(0, ...order.map((k) => k.length));
  const marginLeft = Math.min(340, 20 + longest * 6.4);
  return render(
    {
      title,
      marginLeft,
      width: Math.max(640, marginLeft + 460),
      height: 60 + 44 * order.length,
      x: { grid: true, label: withUnit(trait, units), domain: paddedDomain(data.map((d) => d.value)) },
      y: { label: null, domain: order },
      marks: [
        Plot.boxX(data.filter((d) => !small.has(d.group)), { x: "value", y: "group", fill: "#dde6f0", stroke: "#333" }),
        Plot.dot(data.filter((d) => small.has(d.group)), { x: "value", y: "group", r: 3, fill: "#333" }),
      ],
    },
    title,
    {
      subtitle: `${fmt(data.length)} values in ${plural(order.length, "group")} (${group})${
        small.size ? `; ${plural(small.size, "group")} under n = ${minN} drawn as points, without a box` : ""
      }`,
      ...(names ? { notes: instituteKey([...n.keys()].filter((k) => k !== "unknown").sort(), names) } : {}),
    },
  );
}

/**
 * Where a group of biological status stands in domestication: wild 1, weedy 2, landrace 3, breeding material 4,
 * cultivar 5, other 6 (an MCPD SAMPSTAT code, its label, or words such as "improved cultivar"); undefined for a group
 * that is no status.
 * @example
 * ```ts
 * import { domesticationRank } from "genesys-notebook/plot";
 * ["improved cultivar", "wild", "landrace"].sort((a, b) => domesticationRank(a)! - domesticationRank(b)!); // wild, landrace, …
 * ```
 */
export function domesticationRank(group: string): number | undefined {
  const code = /^\d{3}$/.test(group.trim()) ? Number(group) : [...SAMPSTAT_LABELS].find(([, l]) => l === group)?.[0];
  const g = code === undefined ? group.toLowerCase() : "";
  if (code !== undefined) return code >= 999 ? 6 : Math.min(5, Math.max(1, Math.floor(code / 100)));
  const words: [RegExp, number][] = [
    [/\bwild\b/, 1],
    [/\bweedy\b/, 2],
    [/landrace|traditional/, 3],
    [/breed|research|\bline\b|hybrid|population|mutant|stock/, 4],
    [/cultivar|improved|variety/, 5],
    [/^other\b/, 6],
  ];
  return words.find(([re]) => re.test(g))?.[1];
}

/**
 * The order of a box plot's groups, top to bottom: by domestication (wild → weedy → landrace → breeding material →
 * cultivar) when every group is a biological status, else by median, highest first; "unknown" last either way.
 */
function boxOrder(groups: string[], values: (k: string) => number[]): string[] {
  const known = groups.filter((k) => k !== "unknown");
  const rank = new Map(known.map((k) => [k, domesticationRank(k)]));
  const byStatus = known.length > 1 && [...rank.values()].every((r) => r !== undefined);
  const median = new Map(known.map((k) => {
    const v = values(k).sort((a, b) => a - b);
    return [k, v[Math.floor(v.length / 2)]!];
  }));
  const sorted = known.sort((a, b) =>
    (byStatus ? rank.get(a)! - rank.get(b)! : median.get(b)! - median.get(a)!) || (a < b ? -1 : a > b ? 1 : 0)
  );
  return groups.includes("unknown") ? [...sorted, "unknown"] : sorted;
}

/**
 * Trait vs trait scatter (List columns averaged per row), optionally coloured by a (passport) column: distinct hues for
 * the most frequent values, the rest "other", missing values grey as "unknown", counts in the legend. Axes carry units
 * (`units`: the descriptors frame of g.traits(), or a record); the subtitle says how many rows have both values: on a
 * traits frame, how many accession means and from which trial (`datasets`: the datasets frame of g.traits(), to name it);
 * coloured by country, countries by the name a reader uses (readingCountryName); coloured by INSTCODE, `names` (what
 * `await g.instituteNames(codes)` returns) adds a key under the chart naming the institutes the legend shows.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * import { traitScatter } from "genesys-notebook/plot";
 * const { wide, descriptors } = await g.traits({ crop: ["beans"] }, { aggregate: "mean" });
 * traitScatter(wide, "Seed iron content", "Seed zinc content", { color: "INSTCODE", units: descriptors }).save("out/fe-zn.svg");
 * ```
 */
export function traitScatter(frame: DataFrame, x: string, y: string, options: TraitScatterOptions = {}): Figure {
  const { color, units, datasets, title = `${y} vs ${x}`, names } = checkOptionsWith("traitScatter()", TraitScatterOptions, options) ?? {};
  needColumns(frame, "traitScatter()", [x, y, ...(color ? [color] : [])], TRAIT_HINT);
  const df = flat(flat(frame, x, "mean"), y, "mean");
  const cols = [x, y, ...(color ? [color] : [])];
  const withBoth = df.filter(pl.col(x).isNotNull().and(pl.col(y).isNotNull()));
  const both = withBoth.select(...cols);
  const drawn = capPoints(both);
  const country = color === "ORIGCTY_name";
  const colourOf = (v: unknown) => (country && v !== null && v !== undefined ? readingCountryName(String(v)) : v);
  const scale = color ? categories(both.getColumn(color).toArray().map(colourOf)) : undefined;
  const data = underneath(records(drawn.df, cols).map((r) => ({ ...r, _colour: scale?.label(colourOf(r[color!])) })), scale);
  return render(
    {
      title,
      grid: true,
      // every point inside the axes with a margin: none drawn on an axis or cut at the frame's edge
      x: { label: withUnit(x, units), domain: paddedDomain(both.getColumn(x).toArray().map(Number)) },
      y: { label: withUnit(y, units), domain: paddedDomain(both.getColumn(y).toArray().map(Number)) },
      color: scale ? { domain: scale.domain, range: scale.range, legend: true } : undefined,
      marks: [Plot.dot(data, { x, y, fill: scale ? "_colour" : CATEGORY_COLOURS[0]!, r: 2.5, fillOpacity: 0.8 })],
    },
    title,
    {
      subtitle: [scatterCount(frame, withBoth, datasets), drawn.subtitle].filter(Boolean).join("; "),
      ...(names && scale ? { notes: instituteKey(ownHues(both.getColumn(color!).toArray().map(colourOf), scale), names) } : {}),
    },
  );
}

/**
 * What a scatter's points are: on a traits frame (a `dataset` column) accession means, with the trial they come from
 * ("297 accession means with both values (CIAT bean iron screening)"), not "297 of 1,520 rows" of the wide frame (whose
 * other rows are other trials' means); on any other frame, rows.
 */
function scatterCount(frame: DataFrame, withBoth: DataFrame, datasets?: DataFrame): string {
  if (!frame.columns.includes("dataset")) return `${fmt(withBoth.height)} of ${fmt(frame.height)} rows with both values`;
  const ids = [...new Set(withBoth.getColumn("dataset").toArray().map(String))];
  const names = datasetNames(datasets);
  const from = ids.length === 1 && names.has(ids[0]!) ? names.get(ids[0]!)! : plural(ids.length, "dataset");
  return `${plural(withBoth.height, "accession mean")} with both values (${from})`;
}
