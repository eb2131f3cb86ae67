/**
 * `checkPassports(df)`: passport data quality, locally and offline. The runner of the rule table (rules.ts): point rules
 * in one pass over typed arrays against the 1 km land index (geometry.ts), value and tuple rules on distinct values
 * joined back to the rows, expression and frame rules as polars. It counts, per rule, the rows the rule could test, and
 * gives each finding BDQ's response (bdq.ts). The result is one row per finding plus a summary per rule.
 */
import pl from "nodejs-polars";
import { z } from "zod";
import { defineAnalysis } from "../kernel/analysis.ts";
import { closest } from "../kernel/options.ts";
import type { DataFrame, DataType, Expr } from "nodejs-polars";
import type { CountryCentres } from "./centres.ts";
import { type LandIndex, landIndex } from "./geometry.ts";
import { Point } from "./point.ts";
import { type Check, type FrameContext, type Hit, meetsNeeds, perField, type Rule, RULE_BY_ID, RULES, type RunContext } from "./rules.ts";

/** The options of checkPassports(); every one optional, described by what it accepts (the messages quote it). */
export const CheckOptionsSchema = z.strictObject({
  toleranceMeters: z.number().min(0).optional().describe(
    "a distance in metres within which a point outside the land of ORIGCTY (or of any country) is accepted: the map's " +
      "resolution is about 1 km, and borders and coasts move (default 2,000)",
  ),
  useUncertainty: z.boolean().optional().describe(
    "true or false: widen the tolerance of a point to its COORDUNCERT (at most 25 km) when that is larger (default true)",
  ),
  centroidMeters: z.number().min(0).optional().describe(
    "a distance in metres: a point this close to a centre of ORIGCTY (centres.ts) is flagged coord-centroid, at most a " +
      "hundredth of the square root of the country's area (default 2,000 m; CoordinateCleaner's cc_cen buffer is 1,000 m, " +
      "BDQ's bdqval:spatialBufferInMeters 5,000 m: recall and precision of each in docs/quality.md)",
  ),
  outlierKm: z.number().positive().optional().describe(
    "a distance in km: a point farther than this from every other point of its taxon (GENUS + SPECIES) is flagged " +
      'coord-outlier (default 1,000, CoordinateCleaner\'s cc_outl method "distance")',
  ),
  outlierMinRecords: z.number().int().min(2).optional().describe(
    "a whole number: taxa with fewer points are not tested for outliers (default 10)",
  ),
  outlierWildOnly: z.boolean().optional().describe(
    "true or false: test only wild and weedy accessions (SAMPSTAT 100-200) for outliers, when the frame has SAMPSTAT " +
      "(default true: landraces and cultivars travelled with people)",
  ),
  today: z.date().optional().describe("a Date: the day dates are checked against (date-future; default now)"),
  rules: z.array(z.string()).optional().describe('an array of rule ids, e.g. ["coord-centroid", "date-future"] (default every rule)'),
});

/** The options of checkPassports() (inferred from CheckOptionsSchema). */
export type CheckOptions = z.input<typeof CheckOptionsSchema>;

export interface QualityReport {
  /**
   * One row per finding: INSTCODE, ACCENUMB, UUID (those present in the input), `row` (0-based row of the input),
   * field, rule, severity, message (BDQ's comment), value, suggestion, BDQ's `bdq` test label, `status` and `result`,
   * the row's DECLATITUDE/DECLONGITUDE, and for coordinate corrections the suggested pair (suggested_latitude,
   * suggested_longitude).
   */
  findings: DataFrame;
  /**
   * Per rule: rule, field, severity, bdq, findings, accessions (distinct rows), checked (rows the rule could test), share
   * of checked, description.
   */
  summary: DataFrame;
  /** Rows checked. */
  rows: number;
  /** Seconds the check took, and of that loading the land map (0 once it is loaded). */
  seconds: number;
  geometrySeconds: number;
  /** Seconds per stage: geometry, points, values, tuples, frames, assembly. */
  stages: Record<string, number>;
}

const KEYS = ["INSTCODE", "ACCENUMB", "UUID"];
const has = (df: DataFrame, c: string) => df.columns.includes(c);
const str = (c: string) => pl.col(c).cast(pl.Utf8);
const of = (rules: Rule[], kind: Check["kind"]) => rules.filter((r) => r.check.kind === kind);

/** The columns of a part of the findings, in order. */
const SCHEMA: [string, DataType][] = [
  ["row", pl.UInt32],
  ["field", pl.Utf8],
  ["rule", pl.Utf8],
  ["message", pl.Utf8],
  ["value", pl.Utf8],
  ["suggestion", pl.Utf8],
  ["suggested_latitude", pl.Float64],
  ["suggested_longitude", pl.Float64],
];

/** Findings of the point rules, gathered as columns. */
class Sink {
  cols = { row: [] as number[], field: [] as string[], rule: [] as string[], message: [] as string[], value: [] as string[] };
  suggestion: (string | null)[] = [];
  sLat: (number | null)[] = [];
  sLon: (number | null)[] = [];
  add(row: number, rule: Rule, hit: Hit, value: string) {
    this.cols.row.push(row);
    this.cols.field.push(rule.fields[0]!);
    this.cols.rule.push(rule.id);
    this.cols.message.push(hit.message);
    this.cols.value.push(hit.value ?? value);
    this.suggestion.push(hit.suggestion ?? null);
    this.sLat.push(hit.to ? hit.to[0] : null);
    this.sLon.push(hit.to ? hit.to[1] : null);
  }
  frame(): DataFrame {
    const c = this.cols;
    return pl.DataFrame([
      pl.Series("row", c.row, pl.UInt32),
      pl.Series("field", c.field, pl.Utf8),
      pl.Series("rule", c.rule, pl.Utf8),
      pl.Series("message", c.message, pl.Utf8),
      pl.Series("value", c.value, pl.Utf8),
      pl.Series("suggestion", this.suggestion, pl.Utf8),
      pl.Series("suggested_latitude", this.sLat, pl.Float64),
      pl.Series("suggested_longitude", this.sLon, pl.Float64),
    ]);
  }
}

/** A part of the findings in SCHEMA's columns (absent ones null). */
function conform(p: DataFrame): DataFrame {
  return p.select(...SCHEMA.map(([c, dt]) => (has(p, c) ? pl.col(c).cast(dt) : pl.lit(null).cast(dt).alias(c))));
}

/** Hits on distinct values as a lookup frame: the key columns, then rule, message, value, suggestion. */
function lookup(keys: string[], hits: [string[], Rule, Hit][]): DataFrame {
  return pl.DataFrame([
    ...keys.map((k, j) => pl.Series(k, hits.map((h) => h[0][j]!), pl.Utf8)),
    pl.Series("rule", hits.map((h) => h[1].id), pl.Utf8),
    pl.Series("message", hits.map((h) => h[2].message), pl.Utf8),
    pl.Series("_value", hits.map((h) => h[2].value ?? null), pl.Utf8),
    pl.Series("suggestion", hits.map((h) => h[2].suggestion ?? null), pl.Utf8),
  ]);
}

/**
 * Checks passport data quality locally: coordinates against the 1 km land map, ORIGCTY and the centres of countries,
 * MCPD dates, code lists and their consistency, country codes, duplicate accession numbers, DOIs and taxon names (the
 * rules of `RULES`). Columns it needs but the frame lacks are skipped (the summary's `checked` says how many rows each
 * rule could test).
 * @example
 * ```ts
 * import { checkPassports, Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ institute: { code: ["COL003"] } });
 * const { findings, summary } = checkPassports(df);
 * console.log(summary.toString());
 * findings.writeCSV("findings.csv");
 * ```
 */
export function checkPassports(df: DataFrame, options?: CheckOptions): QualityReport {
  return check(df, options);
}

const check = defineAnalysis({
  name: "checkPassports()",
  kind: "quality",
  options: CheckOptionsSchema,
  run: (df, options, ctx) => {
    for (const id of options.rules ?? []) {
      if (RULE_BY_ID.has(id)) continue;
      const near = closest(id, RULES.map((x) => x.id), 1);
      ctx.fail(
        `unknown rule '${id}'${near.length ? ` (did you mean '${near[0]}'?)` : ""}`,
        `rules are ${RULES.map((x) => x.id).join(", ")}`,
      );
    }
    return runChecks(df, options);
  },
});

function runChecks(df: DataFrame, options: CheckOptions): QualityReport {
  const started = performance.now();
  const wanted = new Set(options.rules ?? RULES.map((x) => x.id));
  const rules = RULES.filter((r) => wanted.has(r.id));
  const runnable = rules.filter((r) => meetsNeeds(r, (c) => has(df, c)));
  const today = options.today ?? new Date();
  const ctx: RunContext = { today: today.getUTCFullYear() * 10_000 + (today.getUTCMonth() + 1) * 100 + today.getUTCDate() };
  const parts: DataFrame[] = [];
  const stages: Record<string, number> = {};
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = (now - mark) / 1000;
    mark = now;
  };

  let geometrySeconds = 0;
  const located = new Set<number>();
  const points = of(runnable, "point");
  if (points.length) {
    const t = performance.now();
    const land = landIndex();
    geometrySeconds = (performance.now() - t) / 1000;
    stage("geometry");
    parts.push(runPoints(df, land, points, options, located));
  }
  stage("points");
  parts.push(...runExprs(df, of(runnable, "expr")), ...runValues(df, of(runnable, "value"), ctx));
  stage("values");
  parts.push(...of(runnable, "tuple").map((r) => runTuple(df, r)));
  stage("tuples");
  const frameCtx: FrameContext = {
    located,
    options: {
      outlierKm: options.outlierKm ?? 1000,
      outlierMinRecords: options.outlierMinRecords ?? 10,
      outlierWildOnly: options.outlierWildOnly ?? true,
    },
  };
  for (const r of of(runnable, "frame")) {
    if (r.check.kind !== "frame") continue;
    parts.push(r.check.run(df, frameCtx).withColumns(pl.lit(r.fields[0]!).alias("field"), pl.lit(r.id).alias("rule")));
  }
  stage("frames");

  const findings = assemble(df, pl.concat(parts.map(conform), { how: "vertical" }));
  const summary = summarise(findings, checked(df, rules, runnable), rules);
  stage("assembly");
  return { findings, summary, rows: df.height, seconds: (performance.now() - started) / 1000, geometrySeconds, stages };
}

/**
 * Rows each rule could test (BDQ: the others are INTERNAL_PREREQUISITES_NOT_MET): every field in `needs` present; for
 * rules that test each field on its own, any of them. Counted here, in one pass, for every rule.
 */
function checked(df: DataFrame, rules: Rule[], runnable: Rule[]): Map<string, number> {
  const run = new Set(runnable);
  const exprs = rules.filter((r) => run.has(r)).map((r) => {
    const cols = (perField(r) ? r.fields : r.needs).filter((c) => has(df, c)).map((c) => pl.col(c).isNotNull());
    const all = cols.reduce((a, b) => (perField(r) ? a.or(b) : a.and(b)));
    return all.cast(pl.UInt32).sum().alias(r.id);
  });
  const counts = exprs.length ? (df.select(...exprs).toRecords()[0] as Record<string, number>) : {};
  return new Map(rules.map((r) => [r.id, Number(counts[r.id] ?? 0)]));
}

/** The point rules, in table order, in one pass over the rows that have both coordinates. */
function runPoints(df: DataFrame, land: LandIndex, rules: Rule[], o: CheckOptions, located: Set<number>): DataFrame {
  const cols: Expr[] = [
    pl.col("row"),
    pl.col("DECLATITUDE").cast(pl.Float64).alias("lat"),
    pl.col("DECLONGITUDE").cast(pl.Float64).alias("lon"),
  ];
  if (has(df, "ORIGCTY")) {
    // ORIGCTY as an index into the land map (-1: none, unknown or not on the map)
    const codes = df.select(str("ORIGCTY").alias("c")).getColumn("c").unique().dropNulls().toArray() as string[];
    cols.push(
      str("ORIGCTY").replaceStrict(codes, codes.map((c) => land.countryIndex(c.trim().toUpperCase())), -1, pl.Int32).fillNull(-1)
        .alias("cty"),
    );
  }
  if (has(df, "COORDUNCERT")) cols.push(pl.col("COORDUNCERT").cast(pl.Float64).fillNull(Number.NaN).alias("unc"));
  const g = df.withRowIndex("row").select(...cols).filter(pl.col("lat").isNotNull().and(pl.col("lon").isNotNull()));
  const n = g.height;
  const row = g.getColumn("row").toTypedArray() as Uint32Array;
  const lat = g.getColumn("lat").toTypedArray() as Float64Array;
  const lon = g.getColumn("lon").toTypedArray() as Float64Array;
  const cty = has(g, "cty") ? (g.getColumn("cty").toTypedArray() as Int32Array) : new Int32Array(n).fill(-1);
  const unc = has(g, "unc") ? (g.getColumn("unc").toTypedArray() as Float64Array) : new Float64Array(n).fill(NaN);
  const options = {
    toleranceMeters: o.toleranceMeters ?? 2_000,
    useUncertainty: o.useUncertainty ?? true,
    centroidMeters: o.centroidMeters ?? 2_000,
  };
  const p = new Point(land, options, new Map() as CountryCentres);
  const tests = rules.map((r) => [r, r.check.kind === "point" ? r.check : undefined] as const);
  const sink = new Sink();
  for (let i = 0; i < n; i++) {
    const y = lat[i]!, x = lon[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(x)) continue;
    p.set(y, x, unc[i]!, cty[i]!);
    for (const [r, check] of tests) {
      const hit = check!.test(p);
      if (!hit) continue;
      sink.add(row[i]!, r, hit, `${+y.toFixed(6)}, ${+x.toFixed(6)}`);
      if (check!.exclusive) {
        located.add(row[i]!);
        break;
      }
    }
  }
  return sink.frame();
}

function runExprs(df: DataFrame, rules: Rule[]): DataFrame[] {
  const base = df.withRowIndex("row");
  return rules.flatMap((r) =>
    r.check.kind !== "expr"
      ? []
      : r.fields.filter((f) => has(df, f)).map((f) =>
        base.filter((r.check as Extract<Check, { kind: "expr" }>).when(f)).select(
          pl.col("row"),
          pl.lit(f).alias("field"),
          pl.lit(r.id).alias("rule"),
          pl.lit((r.check as Extract<Check, { kind: "expr" }>).message(f)).alias("message"),
          str(f).alias("value"),
        )
      )
  );
}

/** Value rules, field by field: each field's distinct values once, every rule of that field on each. */
function runValues(df: DataFrame, rules: Rule[], ctx: RunContext): DataFrame[] {
  const fields = [...new Set(rules.flatMap((r) => r.fields.filter((f) => has(df, f))))];
  return fields.flatMap((f) => {
    const mine = rules.filter((r) => r.fields.includes(f));
    const values = df.select(str(f).alias("v")).getColumn("v").unique().dropNulls().toArray() as string[];
    const hits: [string[], Rule, Hit][] = [];
    for (const v of values) {
      for (const r of mine) {
        const hit = r.check.kind === "value" ? r.check.test(v, f, ctx) : undefined;
        if (hit) hits.push([[v], r, hit]);
      }
    }
    if (!hits.length) return [];
    return [
      df.select(str(f)).withRowIndex("row").join(lookup([f], hits), { on: f, how: "inner" }).select(
        pl.col("row"),
        pl.lit(f).alias("field"),
        "rule",
        "message",
        pl.col("_value").fillNull(pl.col(f)).alias("value"),
        "suggestion",
      ),
    ];
  });
}

/** A tuple rule on the distinct combinations of its fields, reported on the first. */
function runTuple(df: DataFrame, r: Rule): DataFrame {
  if (r.check.kind !== "tuple") throw new TypeError(`${r.id} is not a tuple rule`);
  const keys = [...r.fields];
  const base = df.withRowIndex("row").select("row", ...keys.map((k) => str(k)))
    .filter(keys.map((k) => pl.col(k).isNotNull()).reduce((a, b) => a.and(b)));
  const combos = base.select(...keys).unique().rows() as string[][];
  const hits: [string[], Rule, Hit][] = [];
  for (const c of combos) {
    const hit = r.check.test(c);
    if (hit) hits.push([c, r, hit]);
  }
  if (!hits.length) return base.head(0).select("row");
  return base.join(lookup(keys, hits), { on: keys, how: "inner" }).select(
    pl.col("row"),
    pl.lit(keys[0]!).alias("field"),
    "rule",
    "message",
    pl.col("_value").fillNull(pl.col(keys[0]!)).alias("value"),
    "suggestion",
  );
}

/** Findings with the rule's severity and BDQ response, the accession keys, sorted by row and rule order. */
function assemble(df: DataFrame, findings: DataFrame): DataFrame {
  const meta = pl.DataFrame([
    pl.Series("rule", RULES.map((x) => x.id), pl.Utf8),
    pl.Series("severity", RULES.map((x) => x.severity), pl.Utf8),
    pl.Series("bdq", RULES.map((x) => x.bdq[0]?.label ?? null), pl.Utf8),
    pl.Series("_order", RULES.map((_, i) => i), pl.UInt32),
  ]);
  const keyCols = [...KEYS, "DECLATITUDE", "DECLONGITUDE"].filter((c) => has(df, c));
  const keys = df.select(...keyCols).withRowIndex("row").join(findings.select("row").unique(), { on: "row", how: "semi" })
    .select(pl.col("row").cast(pl.UInt32), ...keyCols.map((c) => (c.startsWith("DEC") ? pl.col(c).cast(pl.Float64) : str(c))));
  const amendment = pl.col("bdq").str.startsWith("AMENDMENT_");
  const amended = pl.col("suggested_latitude").isNotNull();
  const status = pl.when(amendment.and(amended)).then(pl.lit("AMENDED")).when(amendment).then(pl.lit("NOT_AMENDED"))
    .otherwise(pl.lit("RUN_HAS_RESULT"));
  const result = pl.when(amendment.and(amended)).then(
    pl.concatString([
      pl.lit('{"dwc:decimalLatitude":"'),
      pl.col("suggested_latitude").cast(pl.Utf8),
      pl.lit('","dwc:decimalLongitude":"'),
      pl.col("suggested_longitude").cast(pl.Utf8),
      pl.lit('"}'),
    ], ""),
  ).when(amendment).then(pl.lit(null).cast(pl.Utf8))
    .when(pl.col("bdq").str.startsWith("ISSUE_")).then(pl.lit("POTENTIAL_ISSUE")).otherwise(pl.lit("NOT_COMPLIANT"));
  const order = [...keyCols.filter((c) => KEYS.includes(c)), "row", "field", "rule", "severity", "message", "value", "suggestion"];
  return findings.join(meta, { on: "rule", how: "left" }).join(keys, { on: "row", how: "left" })
    .withColumns(status.alias("status"), result.alias("result"))
    .sort(["row", "_order"])
    .select(
      ...order,
      "bdq",
      "status",
      "result",
      ...keyCols.filter((c) => c.startsWith("DEC")),
      "suggested_latitude",
      "suggested_longitude",
    );
}

function summarise(findings: DataFrame, checked: Map<string, number>, rules: Rule[]): DataFrame {
  const counts = findings.groupBy("rule").agg(pl.len().alias("findings"), pl.col("row").nUnique().alias("accessions"));
  const got = new Map<string, [number, number]>(
    counts.toRecords().map((r) => [String(r.rule), [Number(r.findings), Number(r.accessions)]]),
  );
  return pl.DataFrame([
    pl.Series("rule", rules.map((x) => x.id), pl.Utf8),
    pl.Series("field", rules.map((x) => x.fields.join(", ")), pl.Utf8),
    pl.Series("severity", rules.map((x) => x.severity), pl.Utf8),
    pl.Series("bdq", rules.map((x) => x.bdq.map((b) => b.label).join(", ") || null), pl.Utf8),
    pl.Series("findings", rules.map((x) => got.get(x.id)?.[0] ?? 0), pl.UInt32),
    pl.Series("accessions", rules.map((x) => got.get(x.id)?.[1] ?? 0), pl.UInt32),
    pl.Series("checked", rules.map((x) => checked.get(x.id) ?? 0), pl.UInt32),
    pl.Series(
      "share",
      rules.map((x) => {
        const c = checked.get(x.id) ?? 0;
        return c ? Number(((got.get(x.id)?.[1] ?? 0) / c).toPrecision(3)) : null;
      }),
      pl.Float64,
    ),
    pl.Series("description", rules.map((x) => x.description), pl.Utf8),
  ]);
}
