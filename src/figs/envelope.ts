/**
 * `climateEnvelope(frame, { where })`: FIGS's filtering route. The accessions whose collecting sites lie inside a
 * climate envelope the user states (`{ bio12: { below: 400 }, bio5: { above: 35 } }`), optionally of some biological
 * statuses only (landraces, wild material), one accession per collecting site (the others at that site are named in
 * FIGS_MERGED), ranked by their distance to the envelope's centre: each variable scaled by its half-width, so 0 is the
 * centre and 1 the edge of one bound. A one-sided bound is closed by the most extreme site inside it.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { type AnalysisContext, defineAnalysis } from "../kernel/analysis.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { numbers } from "./data.ts";
import { groupSites } from "./sites.ts";

const Bound = z.strictObject({
  /** Strictly above this value. */
  above: z.number().optional(),
  /** Strictly below this value. */
  below: z.number().optional(),
});

/** What the statuses mean in SAMPSTAT codes (MCPD v2.1): wild is 100 to 199, weedy 200, landrace 300. */
const STATUS: Record<string, (code: number) => boolean> = {
  wild: (c) => c >= 100 && c < 200,
  weedy: (c) => c >= 200 && c < 300,
  landrace: (c) => c >= 300 && c < 400,
  breeding: (c) => c >= 400 && c < 500,
  cultivar: (c) => c >= 500 && c < 600,
};

export const ClimateEnvelopeOptionsSchema = z.strictObject({
  /** The envelope: per climate column, a lower bound (above), an upper bound (below) or both. */
  where: z.record(z.string(), Bound).optional().describe("an object of bounds by column, e.g. { bio12: { below: 400 } }"),
  /** Only these biological statuses (SAMPSTAT), by name or code. */
  status: z.array(z.union([z.enum(["wild", "weedy", "landrace", "breeding", "cultivar"]), z.number().int()])).optional()
    .describe('an array of "wild", "weedy", "landrace", "breeding", "cultivar" or SAMPSTAT codes'),
  /** One accession per collecting site (equal coordinates to 4 decimals). */
  mergeSites: z.boolean().default(true),
  latitude: z.string().default("DECLATITUDE"),
  longitude: z.string().default("DECLONGITUDE"),
});
export type ClimateEnvelopeOptions = z.input<typeof ClimateEnvelopeOptionsSchema>;
type Parsed = z.output<typeof ClimateEnvelopeOptionsSchema>;

/** Each row's SAMPSTAT code, whether the frame holds codes or decode()'s labels. */
function statusCodes(frame: DataFrame): (number | null)[] {
  const col = frame.getColumn("SAMPSTAT");
  if (/Int|Float/.test(String(col.dtype.variant))) return numbers(frame, "SAMPSTAT");
  const byLabel = new Map([...SAMPSTAT_LABELS].map(([code, label]) => [label.toLowerCase(), code]));
  return (col.cast(pl.Utf8).toArray() as (string | null)[]).map((
    v,
  ) => (v == null ? null : byLabel.get(v.toLowerCase()) ?? (Number(v) || null)));
}

function statusOk(frame: DataFrame, o: Parsed, ctx: AnalysisContext): (r: number) => boolean {
  if (!o.status) return () => true;
  if (!frame.columns.includes("SAMPSTAT")) ctx.fail("status: needs the SAMPSTAT column", "select SAMPSTAT with the passports");
  const codes = statusCodes(frame);
  const tests = o.status.map((s) => (typeof s === "number" ? (c: number) => c === s : STATUS[s]!));
  return (r) => codes[r] != null && tests.some((t) => t(codes[r]!));
}

/** The envelope's inside rows, and each variable's centre and half-width. */
function inside(frame: DataFrame, o: Parsed, ctx: AnalysisContext) {
  const where = Object.entries(o.where!);
  const cols = where.map(([c]) => numbers(frame, c));
  const ok = statusOk(frame, o, ctx);
  const rows = Array.from({ length: frame.height }, (_, r) => r).filter((r) =>
    ok(r) && where.every(([, b], j) =>
      cols[j]![r] != null && (b.above === undefined || cols[j]![r]! > b.above) &&
      (b.below === undefined || cols[j]![r]! < b.below)
    )
  );
  const scale = where.map(([, b], j) => {
    const v = rows.map((r) => cols[j]![r]!);
    const lo = b.above ?? Math.min(...v), hi = b.below ?? Math.max(...v);
    return { centre: (lo + hi) / 2, half: (hi - lo) / 2 || 1 };
  });
  return { rows, cols, scale };
}

function run(frame: DataFrame, o: Parsed, ctx: AnalysisContext): DataFrame {
  if (!o.where || !Object.keys(o.where).length) {
    ctx.fail("no envelope given", "state it: where: { bio12: { below: 400 }, bio5: { above: 35 } }");
  }
  const stated = Object.entries(o.where!);
  for (const [c, b] of stated) {
    if (b.above === undefined && b.below === undefined) {
      ctx.fail(`the bound of "${c}" is empty`, `give above, below or both: ${c}: { below: 400 }`);
    }
  }
  const { rows, cols, scale } = inside(frame, o, ctx);
  if (!rows.length) {
    const text = stated.map(([c, b], j) => {
      const v = cols[j]!.filter((x): x is number => x !== null);
      return `${c} ${
        [b.above === undefined ? "" : `> ${b.above}`, b.below === undefined ? "" : `< ${b.below}`].filter(Boolean).join(" and ")
      } (the sites range ${Math.min(...v)} to ${Math.max(...v)})`;
    });
    ctx.fail(
      `no collecting site falls in the envelope ${text.join(", ")}${o.status ? ` with status ${o.status.join(", ")}` : ""}`,
      "widen a bound to overlap the sites' range, or drop a condition",
    );
  }
  const coords = (c: string) => (frame.columns.includes(c) ? numbers(frame, c) : undefined);
  const sites = groupSites(rows, coords(o.latitude), coords(o.longitude), o.mergeSites, frame.height);
  const distance = (r: number) => Math.sqrt(scale.reduce((s, { centre, half }, j) => s + ((cols[j]![r]! - centre) / half) ** 2, 0));
  const key = accessionKey(frame);
  const ranked = sites.firsts.map((r) => ({ r, d: distance(r) })).sort((a, b) => a.d - b.d || a.r - b.r);
  const merged = sites.firsts.reduce((n, r) => n + sites.members.get(r)!.length - 1, 0);
  if (merged) ctx.log.note(`${merged} accessions merged into another collected at the same site (listed in FIGS_MERGED)`);
  return withRanks(frame, ranked.map((x) => x.r), {
    FIGS_DISTANCE: ranked.map((x) => x.d),
    FIGS_MERGED: ranked.map((x) => sites.members.get(x.r)!.slice(1).map(key).join(", ")),
  });
}

/** `frame` with FIGS_RANK (1, 2… for the rows `order`, null elsewhere) and the given columns (one value per ranked row). */
export function withRankColumns(
  frame: DataFrame,
  order: readonly number[],
  extra: Record<string, (number | string | boolean | null)[]>,
): DataFrame {
  const at = new Map(order.map((r, i) => [r, i]));
  const spread = <T>(xs: readonly T[]) => Array.from({ length: frame.height }, (_, r) => (at.has(r) ? xs[at.get(r)!]! : null));
  return frame.withColumns(
    // cast, not typed at construction: under Deno, nodejs-polars 0.25 turns the nulls of a typed Int32 Series into 0
    pl.Series("FIGS_RANK", spread(order.map((_, i) => i + 1))).cast(pl.Int32),
    ...Object.entries(extra).map(([name, xs]) => pl.Series(name, spread(xs))),
  );
}

/** The rows `order` of `frame` in that order, with FIGS_RANK and the given columns. */
export const withRanks = (frame: DataFrame, order: readonly number[], extra: Record<string, (number | string | boolean | null)[]>) =>
  withRankColumns(frame, order, extra).filter(pl.col("FIGS_RANK").isNotNull()).sort("FIGS_RANK");

/** A row's accession key for messages and lists: the DOI, else INSTCODE ACCENUMB, else "row N". */
export function accessionKey(frame: DataFrame): (r: number) => string {
  const col = (c: string) => (frame.columns.includes(c) ? (frame.getColumn(c).cast(pl.Utf8).toArray() as (string | null)[]) : undefined);
  const doi = col("DOI"), inst = col("INSTCODE"), acc = col("ACCENUMB");
  return (r) => doi?.[r] || (inst?.[r] && acc?.[r] ? `${inst[r]} ${acc[r]}` : `row ${r}`);
}

/**
 * The accessions collected inside a stated climate envelope, one per site, nearest the envelope's centre first.
 * @example
 * ```ts
 * import { climateEnvelope } from "genesys-notebook";
 * import pl from "nodejs-polars";
 * const sites = pl.DataFrame({ ACCENUMB: ["A1", "A2", "A3"], SAMPSTAT: [300, 300, 500], bio12: [250, 390, 300], bio5: [38, 36, 40] });
 * const dry = climateEnvelope(sites, { where: { bio12: { below: 400 }, bio5: { above: 35 } }, status: ["landrace", "wild"] });
 * console.log(dry.select("ACCENUMB", "FIGS_RANK", "FIGS_DISTANCE").toString());
 * ```
 */
export const climateEnvelope = defineAnalysis({
  name: "climateEnvelope()",
  kind: "figs.envelope",
  input: "accessions with the climate of their collecting sites (climateAtSites())",
  options: ClimateEnvelopeOptionsSchema,
  columns: (o) => Object.keys(o.where ?? {}).map((name) => ({ name, type: "numeric" as const })),
  run,
});
