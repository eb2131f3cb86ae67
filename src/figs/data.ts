/**
 * From a frame to the arrays the models read: the climate columns (named, or found by their WorldClim names), the
 * trait as classes or numbers, the evaluated accessions grouped by collecting site (a site's class is its accessions'
 * most frequent one, and a site whose classes tie is left out; its number is their mean), and each of the four input
 * errors FIGS can meet, with what to do.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import type { AnalysisContext } from "../kernel/analysis.ts";
import { closest } from "../kernel/options.ts";
import type { Task } from "./learners.ts";
import { groupSites, type SiteGroups } from "./sites.ts";

/** WorldClim's layer names (climateAtSites() spells them so), with an optional prefix such as "wc_". */
export const CLIMATE_NAME = /^(?:[a-z]+_)?(bio_?\d{1,2}|(tmin|tmax|tavg|prec|srad|wind|vapr)_?\d{1,2}|elev)$/i;
const NUMERIC = /^(U?Int(8|16|32|64)|Float(32|64))$/;

export function climateColumns(frame: DataFrame, given: readonly string[] | undefined, ctx: AnalysisContext): string[] {
  if (given) {
    for (const c of given) {
      if (frame.columns.includes(c)) continue;
      const near = closest(c, frame.columns, 1);
      ctx.fail(
        `the frame has no climate column "${c}"${near.length ? ` (did you mean "${near[0]}"?)` : ""}`,
        "name columns the frame has, or add the climate of the collecting sites first: climateAtSites(frame, rasters)",
      );
    }
    return [...given];
  }
  const found = frame.columns.filter((c) => CLIMATE_NAME.test(c) && NUMERIC.test(String(frame.getColumn(c).dtype.variant)));
  if (found.length) return found;
  return ctx.fail(
    "the frame has no climate column (bio1 to bio19, tmin_01…, named as WorldClim names them)",
    'add the climate of the collecting sites first: climateAtSites(frame, rasters), or name your columns: climate: ["aridity", …]',
  );
}

/** A column's values as numbers (null where missing or not finite). */
export function numbers(frame: DataFrame, column: string): (number | null)[] {
  return (frame.getColumn(column).cast(pl.Float64).toArray() as (number | null)[]).map((v) => (v != null && Number.isFinite(v) ? v : null));
}

export interface TraitValues {
  task: Task;
  /** The classes, sorted (a class trait). */
  classes: string[];
  /** Per row: the class index or the number; null where unevaluated. */
  y: (number | null)[];
}

export function traitValues(frame: DataFrame, trait: string, kind: "auto" | "class" | "number", ctx: AnalysisContext): TraitValues {
  const col = frame.getColumn(trait), numeric = NUMERIC.test(String(col.dtype.variant));
  if (kind === "number" || (kind === "auto" && numeric)) {
    if (!numeric) ctx.fail(`trait "${trait}" holds ${col.dtype.variant}, not numbers`, `use kind: "class" for a class trait`);
    return { task: { kind: "number" }, classes: [], y: numbers(frame, trait) };
  }
  const text = (col.cast(pl.Utf8).toArray() as (string | null)[]).map((v) => (v == null || v.trim() === "" ? null : v.trim()));
  const classes = [...new Set(text.filter((v): v is string => v !== null))].sort();
  const y = text.map((v) => (v === null ? null : classes.indexOf(v)));
  return { task: { kind: "class", classes: classes.length }, classes, y };
}

export interface Evaluated {
  sites: SiteGroups;
  /** The sites trained and tested on: their first rows, aligned with `x` and `y` (tied sites left out). */
  firsts: number[];
  /** Per site in `firsts`: its climate row and its trait value. */
  x: number[][];
  y: number[];
  /** Sites left out because their accessions tie between classes: their rows. */
  tied: number[][];
  /** Per site of several accessions (by its first row): what it counts as, in words ("R (2 of 3)", "tied …: left out"). */
  merged: Map<number, string>;
  /** Evaluated rows left out because a climate value is missing. */
  incomplete: number[];
}

/**
 * A site's value: for a class, the class most of its accessions have, or null when two classes tie for the most (the
 * site is left out: giving it to one class, e.g. the first in sort order, would inflate that class at merged sites);
 * for a number, the mean. With the value, the site in words for the merge report.
 */
function siteValue(members: readonly number[], t: TraitValues): { value: number | null; text: string } {
  const v = members.map((r) => t.y[r]!);
  if (t.task.kind === "number") {
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    return { value: mean, text: `mean ${Number(mean.toPrecision(6))} of ${v.length}` };
  }
  const n = new Array<number>(t.task.classes).fill(0);
  for (const c of v) n[c]!++;
  const top = Math.max(...n), most = n.flatMap((k, c) => (k === top ? [c] : []));
  if (most.length === 1) return { value: most[0]!, text: `${t.classes[most[0]!]} (${top} of ${v.length})` };
  const each = n.flatMap((k, c) => (k ? [`${k} ${t.classes[c]}`] : [])).join(", ");
  return { value: null, text: `tied (${each}): left out` };
}

/** The evaluated rows with complete climate, grouped by site; a site whose classes tie is left out (`tied`). */
export function evaluatedSites(
  climate: (number | null)[][],
  t: TraitValues,
  coords: { lat?: (number | null)[]; lon?: (number | null)[]; merge: boolean },
): Evaluated {
  const rows: number[] = [], incomplete: number[] = [];
  t.y.forEach((v, r) => {
    if (v === null) return;
    (climate.every((c) => c[r] !== null) ? rows : incomplete).push(r);
  });
  const sites = groupSites(rows, coords.lat, coords.lon, coords.merge, t.y.length);
  const e: Evaluated = { sites, firsts: [], x: [], y: [], tied: [], merged: new Map(), incomplete };
  for (const r of sites.firsts) {
    const members = sites.members.get(r)!, { value, text } = siteValue(members, t);
    if (members.length > 1) e.merged.set(r, text);
    if (value === null) {
      e.tied.push(members);
      continue;
    }
    e.firsts.push(r);
    e.x.push(climate.map((c) => c[r]!));
    e.y.push(value);
  }
  return e;
}
