/**
 * Figures of a core collection (coreCollection() or clusteredCore() results): the core against the whole collection
 * in the first two principal components and on the map, with counts, and the coverage of a category (countries by
 * name, biological status by label) in the core against the collection.
 */
import * as Plot from "@observablehq/plot";
import pl, { type DataFrame } from "nodejs-polars";
import { principalComponents } from "../core-collection/clustered.ts";
import { readingCountryName } from "./country-names.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { type Figure, render } from "./figure.ts";
import { collectingSitesMap } from "./helpers.ts";
import { CATEGORY_COLOURS, fmt } from "./labels.ts";
import type { MapExtent } from "./extent.ts";

/** What the figures read of a result: the flagged frame and the columns the core was chosen on. */
export interface CoreResultLike {
  frame: DataFrame;
  options: { columns?: string[]; ordinal?: string[] };
}

const GREY = "#c8c8c8";

function groupLabels(frame: DataFrame): { inCore: boolean[]; core: string; rest: string } {
  const inCore = frame.getColumn("core").toArray() as boolean[];
  const k = inCore.filter(Boolean).length;
  return { inCore, core: `core (${fmt(k)})`, rest: `rest of the collection (${fmt(inCore.length - k)})` };
}

/**
 * The core (coloured) over the whole collection (grey) in the first two principal components of the columns it was
 * chosen on, with the variance each component explains.
 * @example
 * ```ts
 * import { coreCollection, Genesys } from "genesys-notebook";
 * import { corePcaScatter } from "genesys-notebook/plot";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = coreCollection(passports, { size: 100, columns: ["ELEVATION", "DECLATITUDE", "SAMPSTAT"] });
 * corePcaScatter(r).save("out/core-pca.svg");
 * ```
 */
export function corePcaScatter(result: CoreResultLike, { title = "The core in the collection's principal components" } = {}): Figure {
  const { frame, options } = result;
  const pc = principalComponents(frame, options.columns ?? [], options.ordinal ?? [], 2);
  const { inCore, core, rest } = groupLabels(frame);
  const data = inCore.map((c, i) => ({ PC1: pc.scores[0]![i]!, PC2: pc.scores[1]?.[i] ?? 0, group: c ? core : rest }));
  data.sort((a, b) => (a.group === core ? 1 : 0) - (b.group === core ? 1 : 0));
  const pct = (v: number | undefined) => `${((v ?? 0) * 100).toFixed(0)}%`;
  return render(
    {
      title,
      x: { label: `PC1 (${pct(pc.explained[0])} of the variance)` },
      y: { label: `PC2 (${pct(pc.explained[1])})` },
      color: { domain: [rest, core], range: [GREY, CATEGORY_COLOURS[1]!], legend: true },
      marks: [Plot.dot(data, { x: "PC1", y: "PC2", fill: "group", r: (d: { group: string }) => (d.group === core ? 3 : 1.5) })],
    },
    title,
    { subtitle: `${core} of ${fmt(inCore.length)} accessions; components of ${(options.columns ?? []).length} columns` },
  );
}

/**
 * The core's collecting sites (coloured) over the collection's (grey) on the map, with counts.
 * @example
 * ```ts
 * import { coreCollection, Genesys } from "genesys-notebook";
 * import { coreMap } from "genesys-notebook/plot";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = coreCollection(passports, { size: 100, columns: ["ELEVATION", "DECLATITUDE", "SAMPSTAT"] });
 * coreMap(r).save("out/core-map.svg");
 * ```
 */
export function coreMap(
  result: CoreResultLike,
  { title = "Collecting sites: the core and the rest", extent }: { title?: string; extent?: MapExtent } = {},
): Figure {
  // plain labels: the map's legend adds the count of accessions with coordinates to each
  const inCore = result.frame.getColumn("core").toArray() as boolean[];
  const df = result.frame.withColumn(pl.Series("in", inCore.map((c) => (c ? "core" : "rest of the collection"))));
  return collectingSitesMap(df.sort("core"), { color: "in", title, ...(extent ? { extent } : {}) });
}

/** A category's display name: countries by name, biological status by label. */
function nameOf(column: string, v: unknown): string {
  if (v == null) return "(not given)";
  if (column === "ORIGCTY") return readingCountryName(String(v));
  if (column === "SAMPSTAT") return `${SAMPSTAT_LABELS.get(Number(v)) ?? "code"} (${Number(v)})`;
  return String(v);
}

/**
 * Coverage of a category column: each category's share of the collection (grey) and of the core (coloured), with the
 * counts, and how many of the collection's categories the core holds. Countries are named, SAMPSTAT labelled.
 * @example
 * ```ts
 * import { coreCollection, Genesys } from "genesys-notebook";
 * import { coreCoverage } from "genesys-notebook/plot";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = coreCollection(passports, { size: 100, columns: ["ORIGCTY", "SAMPSTAT", "ELEVATION"] });
 * coreCoverage(r, "ORIGCTY").save("out/core-countries.svg");
 * ```
 */
export function coreCoverage(result: CoreResultLike, column: string, { top = 15, title }: { top?: number; title?: string } = {}): Figure {
  const values = result.frame.getColumn(column).toArray() as unknown[];
  const inCore = result.frame.getColumn("core").toArray() as boolean[];
  const all = new Map<string, { n: number; k: number }>();
  values.forEach((v, i) => {
    const key = nameOf(column, v), c = all.get(key) ?? { n: 0, k: 0 };
    c.n++;
    if (inCore[i]) c.k++;
    all.set(key, c);
  });
  const N = values.length, K = inCore.filter(Boolean).length;
  const rows = [...all].sort((a, b) => b[1].n - a[1].n).slice(0, top);
  const data = rows.flatMap(([key, c]) => [
    { key, who: "collection", share: c.n / N, label: fmt(c.n) },
    { key, who: "core", share: c.k / K, label: fmt(c.k) },
  ]);
  const given = [...all].filter(([key]) => key !== "(not given)");
  const covered = given.filter(([, c]) => c.k > 0).length;
  const what = column === "ORIGCTY" ? "countries of origin" : column === "SAMPSTAT" ? "biological statuses" : `values of ${column}`;
  const heading = title ?? `Coverage of ${what}: the core against the collection`;
  const longest = Math.max(0, ...rows.map(([k]) => k.length));
  return render(
    {
      title: heading,
      marginLeft: Math.min(320, 16 + longest * 6.4),
      marginRight: 60,
      height: Math.max(140, 30 * rows.length + 60),
      x: { label: "share of accessions (%)", percent: true, grid: true },
      y: { axis: null, domain: ["collection", "core"] },
      fy: { label: null, domain: rows.map(([k]) => k), padding: 0.15 },
      color: { domain: ["collection", "core"], range: [GREY, CATEGORY_COLOURS[1]!], legend: true },
      marks: [
        Plot.barX(data, { x: "share", y: "who", fy: "key", fill: "who" }),
        Plot.text(data, { x: "share", y: "who", fy: "key", text: "label", textAnchor: "start", dx: 4, fontSize: 9 }),
        Plot.ruleX([0]),
      ],
    },
    heading,
    {
      subtitle: `the core (${fmt(K)}) holds ${fmt(covered)} of the ${fmt(given.length)} ${what} of the collection (${
        fmt(N)
      }); bars: share of each`,
    },
  );
}
