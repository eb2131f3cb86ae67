/**
 * The map of a data-quality report: flagged collecting sites over country
 * borders, coloured by rule, with an arrow from each point to its suggested
 * correction where the check found one (swapped or sign-lost coordinates).
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { feature } from "topojson-client";
import { createRequire } from "node:module";
import { type Figure, render } from "./figure.ts";

let countries: unknown;
function worldCountries(): unknown {
  if (!countries) {
    const topo = createRequire(import.meta.url)("world-atlas/countries-50m.json");
    countries = feature(topo, topo.objects.countries);
  }
  return countries;
}

export interface FindingsMapOptions {
  /** Rules drawn (default: every coordinate rule, `coord-*`). */
  rules?: string[];
  title?: string;
  /** Fit the map to the flagged points and their corrections (default), or show the whole world. */
  extent?: "data" | "world";
  /** Most points drawn; above it a seeded random sample (the subtitle says so). Default 20,000. */
  maxPoints?: number;
  width?: number;
}

/**
 * Findings of `checkPassports()` on a map: one dot per flagged accession at its recorded coordinates, coloured by rule,
 * and an arrow to the suggested coordinates where there is one.
 * @example
 * ```ts
 * import { checkPassports, Genesys } from "genesys-notebook";
 * import { findingsMap } from "genesys-notebook/plot";
 * const g = Genesys.fromEnv();
 * const { findings } = checkPassports(await g.passports({ institute: { code: ["COL003"] } }));
 * findingsMap(findings, { title: "CIAT: coordinates to check" }).save("out/findings.svg");
 * ```
 */
export function findingsMap(findings: DataFrame, options: FindingsMapOptions = {}): Figure {
  const title = options.title ?? "Coordinate findings";
  const max = options.maxPoints ?? 20_000;
  for (const c of ["rule", "DECLATITUDE", "DECLONGITUDE"]) {
    if (!findings.columns.includes(c)) throw new TypeError(`findingsMap: the frame has no ${c} column (pass checkPassports(df).findings)`);
  }
  const wanted = options.rules ? pl.col("rule").isIn(options.rules) : pl.col("rule").str.startsWith("coord-");
  let pts = findings.filter(wanted.and(pl.col("DECLATITUDE").isNotNull()).and(pl.col("DECLONGITUDE").isNotNull()));
  const total = pts.height;
  if (total > max) pts = pts.sample({ n: max, seed: 42 });
  const hasSuggestion = findings.columns.includes("suggested_latitude");
  const cols = ["rule", "DECLATITUDE", "DECLONGITUDE", ...(hasSuggestion ? ["suggested_latitude", "suggested_longitude"] : [])];
  const data = pts.select(...cols).toRecords() as {
    rule: string;
    DECLATITUDE: number;
    DECLONGITUDE: number;
    suggested_latitude?: number | null;
    suggested_longitude?: number | null;
  }[];
  // points outside the globe (coord-range) cannot be projected
  const drawable = data.filter((d) => Math.abs(d.DECLATITUDE) <= 90 && Math.abs(d.DECLONGITUDE) <= 180);
  const arrows = drawable.filter((d) => d.suggested_latitude != null && d.suggested_longitude != null);
  const n = (x: number) => x.toLocaleString("en");
  const subtitle = [
    total > max ? `${n(max)} of ${n(total)} findings drawn (a random sample)` : `${n(total)} findings`,
    arrows.length ? `${n(arrows.length)} arrows to a suggested correction` : "",
    drawable.length < data.length ? `${n(data.length - drawable.length)} off the globe not drawn` : "",
  ].filter(Boolean).join("; ");
  const coords = [
    ...drawable.map((d) => [d.DECLONGITUDE, d.DECLATITUDE]),
    ...arrows.map((d) => [d.suggested_longitude!, d.suggested_latitude!]),
  ];
  const fit = (options.extent ?? "data") === "data" && coords.length > 0;
  const projection = fit
    ? { type: "equal-earth" as const, domain: { type: "MultiPoint", coordinates: coords }, inset: 30 }
    : { type: "equal-earth" as const };
  const order = [...new Set(drawable.map((d) => d.rule))].sort();
  return render(
    {
      projection: projection as Plot.ProjectionOptions,
      width: options.width ?? 900,
      color: { legend: true, domain: order, scheme: "tableau10" },
      marks: [
        Plot.sphere({ stroke: "#ccc", fill: "#f5f9fc" }),
        Plot.geo(worldCountries() as never, { fill: "#eee", stroke: "#aaa", strokeWidth: 0.5 }),
        Plot.arrow(arrows, {
          x1: "DECLONGITUDE",
          y1: "DECLATITUDE",
          x2: "suggested_longitude",
          y2: "suggested_latitude",
          stroke: "rule",
          strokeOpacity: 0.7,
          bend: true,
          headLength: 6,
        }),
        Plot.dot(drawable, { x: "DECLONGITUDE", y: "DECLATITUDE", r: 3, fill: "rule", stroke: "white", strokeWidth: 0.5 }),
      ],
    },
    title,
    { subtitle },
  );
}
