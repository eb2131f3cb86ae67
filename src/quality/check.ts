/**
 * `checkPassports(df)`: passport data quality, locally and offline. Coordinate
 * rules run in one pass over typed arrays against the 1 km land index
 * (geometry.ts); date, code, identifier and taxon rules are polars expressions
 * over the frame. The result is one row per finding plus a summary per rule.
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, Expr } from "nodejs-polars";
import { COLLSRC_LABELS, MLSSTAT_LABELS, STORAGE_LABELS } from "../mcpd/code-lists.ts";
import { COUNTRY_NAMES, FORMER_COUNTRY_NAMES } from "../mcpd/countries.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";
import { type LandIndex, landIndex } from "./geometry.ts";
import { checkDoi } from "./doi.ts";
import { mcpdDate } from "./mcpd-date.ts";
import { RULE_BY_ID, RULES, type Severity } from "./rules.ts";

export interface CheckOptions {
  /**
   * Distance in metres within which a point outside the land of ORIGCTY (or of any country) is accepted: the map's
   * resolution is about 1 km, and borders and coasts move. Default 2,000.
   */
  toleranceMeters?: number;
  /** Widen the tolerance of a point to its COORDUNCERT (at most 25 km) when that is larger. Default true. */
  useUncertainty?: boolean;
  /** A point this close to the centroid of ORIGCTY is flagged coord-centroid. Default 1,000 m (CoordinateCleaner's default). */
  centroidMeters?: number;
  /**
   * A point farther than this from every other point of its taxon (GENUS + SPECIES) is flagged coord-outlier; taxa
   * with fewer than `outlierMinRecords` points are not tested. Default 1,000 km and 10 (CoordinateCleaner's `cc_outl`
   * method "distance").
   */
  outlierKm?: number;
  outlierMinRecords?: number;
  /**
   * Test only wild and weedy accessions (SAMPSTAT 100, 110, 120, 130, 200) for outliers, when the frame has SAMPSTAT. Default true:
   * landraces and cultivars travelled with people, and an improved line bred far from the crop's centre is not an error.
   */
  outlierWildOnly?: boolean;
  /** The day dates are checked against (date-future). Default: now. */
  today?: Date;
  /** Only these rule ids (default: every rule in RULES). */
  rules?: string[];
}

export interface QualityReport {
  /**
   * One row per finding: INSTCODE, ACCENUMB, UUID (those present in the input), `row` (0-based row of the input),
   * field, rule, severity, message, value, suggestion, the row's DECLATITUDE/DECLONGITUDE, and for coordinate
   * corrections the suggested pair (suggested_latitude, suggested_longitude).
   */
  findings: DataFrame;
  /**
   * Per rule: rule, field, severity, findings, accessions (distinct rows), checked (rows the rule could test), share of
   * checked, description.
   */
  summary: DataFrame;
  /** Rows checked. */
  rows: number;
  /** Seconds the check took, and of that loading the land map (0 once it is loaded). */
  seconds: number;
  geometrySeconds: number;
  /** Seconds per stage: geometry, coordinates, dates, codes, duplicates, dois, taxa, assembly. */
  stages: Record<string, number>;
}

const KEYS = ["INSTCODE", "ACCENUMB", "UUID"];
/** SAMPSTAT codes of wild and weedy material (MCPD v2.1). */
const WILD = new Set([100, 110, 120, 130, 200]);
const M_PER_DEG_LAT = 110_574;

/** Collects findings as columns. */
class Sink {
  row: number[] = [];
  field: string[] = [];
  rule: string[] = [];
  message: string[] = [];
  value: (string | null)[] = [];
  suggestion: (string | null)[] = [];
  sLat: (number | null)[] = [];
  sLon: (number | null)[] = [];
  add(
    row: number,
    rule: string,
    field: string,
    message: string,
    value: string | null,
    suggestion: string | null = null,
    s?: [number, number],
  ) {
    this.row.push(row);
    this.rule.push(rule);
    this.field.push(field);
    this.message.push(message);
    this.value.push(value);
    this.suggestion.push(suggestion);
    this.sLat.push(s ? s[0] : null);
    this.sLon.push(s ? s[1] : null);
  }
  frame(): DataFrame {
    return pl.DataFrame([
      pl.Series("row", this.row, pl.UInt32),
      pl.Series("field", this.field, pl.Utf8),
      pl.Series("rule", this.rule, pl.Utf8),
      pl.Series("message", this.message, pl.Utf8),
      pl.Series("value", this.value, pl.Utf8),
      pl.Series("suggestion", this.suggestion, pl.Utf8),
      pl.Series("suggested_latitude", this.sLat, pl.Float64),
      pl.Series("suggested_longitude", this.sLon, pl.Float64),
    ]);
  }
}

/** Decimal places of a coordinate as written (0 to 7). */
function decimals(v: number): number {
  let x = Math.abs(v);
  for (let d = 0; d < 7; d++) {
    if (Math.abs(x - Math.round(x)) < 1e-6) return d;
    x *= 10;
  }
  return 7;
}

type Slip = [string, string, (y: number, x: number) => number, (y: number, x: number) => number];
/** Slips of hand between a point and its record: rule, description, corrected latitude and longitude. */
const SLIPS: Slip[] = [
  ["coord-swapped", "latitude and longitude swapped", (_y, x) => x, (y) => y],
  ["coord-sign", "latitude's sign lost", (y) => -y, (_y, x) => x],
  ["coord-sign", "longitude's sign lost", (y) => y, (_y, x) => -x],
  ["coord-sign", "both signs lost", (y) => -y, (_y, x) => -x],
  ["coord-swapped", "swapped, and the sign of the latitude lost", (_y, x) => -x, (y) => y],
  ["coord-swapped", "swapped, and the sign of the longitude lost", (_y, x) => x, (y) => -y],
];

const fmt = (lat: number, lon: number) => `${+lat.toFixed(6)}, ${+lon.toFixed(6)}`;

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const has = (df: DataFrame, c: string) => df.columns.includes(c);
const str = (c: string) => pl.col(c).cast(pl.Utf8);

/**
 * Checks passport data quality locally: coordinates against the 1 km land map and ORIGCTY, MCPD dates, code lists,
 * country codes, duplicate accession numbers, DOIs and taxon names. Columns it needs but the frame lacks are skipped
 * (the summary's `checked` says how many rows each rule could test).
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
export function checkPassports(df: DataFrame, options: CheckOptions = {}): QualityReport {
  const started = performance.now();
  const enabled = new Set(options.rules ?? RULES.map((x) => x.id));
  for (const id of enabled) {
    if (!RULE_BY_ID.has(id)) throw new RangeError(`unknown rule '${id}'; rules are ${RULES.map((x) => x.id).join(", ")}`);
  }
  const sink = new Sink();
  const checked = new Map<string, number>();
  const parts: DataFrame[] = [];
  let geometrySeconds = 0;
  const stages: Record<string, number> = {};
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = (now - mark) / 1000;
    mark = now;
  };

  if (has(df, "DECLATITUDE") && has(df, "DECLONGITUDE")) {
    const t = performance.now();
    const land = landIndex();
    geometrySeconds = (performance.now() - t) / 1000;
    stage("geometry");
    coordinates(df, land, options, enabled, sink, checked);
    stage("coordinates");
  }
  if (has(df, "ACQDATE") || has(df, "COLLDATE")) parts.push(...dates(df, options.today ?? new Date(), enabled, checked));
  stage("dates");
  parts.push(...codes(df, enabled, checked));
  stage("codes");
  if (has(df, "INSTCODE") && has(df, "ACCENUMB") && enabled.has("accenumb-duplicate")) parts.push(duplicates(df, checked));
  stage("duplicates");
  if (has(df, "DOI")) parts.push(...dois(df, enabled, checked));
  stage("dois");
  if (has(df, "GENUS") && has(df, "SPECIES") && has(df, "GRIN_NAME") && enabled.has("taxon-grin")) parts.push(taxa(df, checked));
  stage("taxa");

  const schema = sink.frame().schema;
  const all = [
    sink.frame(),
    ...parts.map((p) =>
      p.select(
        ...(Object.entries(schema) as [string, DataType][]).map((
          [c, dt],
        ) => (has(p, c) ? pl.col(c).cast(dt) : pl.lit(null).cast(dt).alias(c))),
      )
    ),
  ];
  let findings = pl.concat(all, { how: "vertical" });
  const sev = pl.DataFrame([
    pl.Series("rule", RULES.map((x) => x.id), pl.Utf8),
    pl.Series("severity", RULES.map((x) => x.severity), pl.Utf8),
    pl.Series("_order", RULES.map((_, i) => i), pl.UInt32),
  ]);
  const keyCols = [...KEYS, "DECLATITUDE", "DECLONGITUDE"].filter((c) => has(df, c));
  const keys = df.select(...keyCols).withRowIndex("row").join(findings.select("row").unique(), { on: "row", how: "semi" })
    .select("row", ...keyCols.map((c) => (c.startsWith("DEC") ? pl.col(c).cast(pl.Float64) : str(c))));
  findings = findings.join(sev, { on: "rule", how: "left" }).join(keys.withColumns(pl.col("row").cast(pl.UInt32)), {
    on: "row",
    how: "left",
  })
    .sort(["row", "_order"]).drop("_order");
  const order = [...keyCols.filter((c) => KEYS.includes(c)), "row", "field", "rule", "severity", "message", "value", "suggestion"];
  const geo = keyCols.filter((c) => c.startsWith("DEC"));
  findings = findings.select(...order, ...geo, "suggested_latitude", "suggested_longitude");
  const summary = summarise(findings, checked, enabled);
  stage("assembly");
  return { findings, summary, rows: df.height, seconds: (performance.now() - started) / 1000, geometrySeconds, stages };
}

function summarise(findings: DataFrame, checked: Map<string, number>, enabled: Set<string>): DataFrame {
  const counts = findings.groupBy("rule").agg(pl.len().alias("findings"), pl.col("row").nUnique().alias("accessions"));
  const got = new Map<string, [number, number]>(
    counts.toRecords().map((r) => [String(r.rule), [Number(r.findings), Number(r.accessions)]]),
  );
  const rules = RULES.filter((x) => enabled.has(x.id));
  return pl.DataFrame([
    pl.Series("rule", rules.map((x) => x.id), pl.Utf8),
    pl.Series("field", rules.map((x) => x.field), pl.Utf8),
    pl.Series("severity", rules.map((x) => x.severity), pl.Utf8),
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

/** The coordinate rules, in one pass over the rows that have both coordinates. */
function coordinates(df: DataFrame, land: LandIndex, o: CheckOptions, on: Set<string>, sink: Sink, checked: Map<string, number>) {
  const tolerance = o.toleranceMeters ?? 2_000;
  const useUnc = o.useUncertainty ?? true;
  const centroidM = o.centroidMeters ?? 1_000;
  const cols: Expr[] = [
    pl.col("row"),
    pl.col("DECLATITUDE").cast(pl.Float64).alias("lat"),
    pl.col("DECLONGITUDE").cast(pl.Float64).alias("lon"),
  ];
  // ORIGCTY as an index into the land map (-1: none, unknown or not on the map)
  let ctyCodes: string[] = [];
  if (has(df, "ORIGCTY")) {
    ctyCodes = df.select(str("ORIGCTY").alias("c")).getColumn("c").unique().dropNulls().toArray() as string[];
    cols.push(
      str("ORIGCTY").replaceStrict(ctyCodes, ctyCodes.map((c) => land.countryIndex(c.trim().toUpperCase())), -1, pl.Int32).fillNull(-1)
        .alias("cty"),
    );
  }
  if (has(df, "COORDUNCERT")) cols.push(pl.col("COORDUNCERT").cast(pl.Float64).fillNull(NaN).alias("unc"));
  const taxon = has(df, "GENUS") && has(df, "SPECIES");
  if (taxon) cols.push(pl.concatString([str("GENUS"), str("SPECIES")], " ").alias("taxon"));
  const wildOnly = (o.outlierWildOnly ?? true) && has(df, "SAMPSTAT");
  if (wildOnly) cols.push(pl.col("SAMPSTAT").cast(pl.Int32, false).fillNull(-1).alias("samp"));
  const needed = ["DECLATITUDE", "DECLONGITUDE", "ORIGCTY", "COORDUNCERT", "GENUS", "SPECIES", "SAMPSTAT"].filter((c) => has(df, c));
  const g = df.select(...needed).withRowIndex("row").filter(pl.col("DECLATITUDE").isNotNull().and(pl.col("DECLONGITUDE").isNotNull()))
    .select(...cols);
  const n = g.height;
  const row = g.getColumn("row").toTypedArray() as Uint32Array;
  const lat = g.getColumn("lat").toTypedArray() as Float64Array;
  const lon = g.getColumn("lon").toTypedArray() as Float64Array;
  const cty = has(g, "cty") ? (g.getColumn("cty").toTypedArray() as Int32Array) : new Int32Array(n).fill(-1);
  const unc = has(g, "unc") ? (g.getColumn("unc").toTypedArray() as Float64Array) : new Float64Array(n).fill(NaN);
  for (const id of ["coord-zero", "coord-range", "coord-sea", "coord-equal", "coord-rounded"]) checked.set(id, n);
  let withCountry = 0, withUnc = 0;
  const centroids = new Map<number, [number, number] | undefined>();
  /** rows left out of the outlier test: those with a location finding (and cultivated material, see outlierWildOnly) */
  const located = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const y = lat[i]!, x = lon[i]!, c = cty[i]!, r = row[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(x)) continue;
    if (c >= 0) withCountry++;
    if (y === 0 && x === 0) {
      if (on.has("coord-zero")) {
        sink.add(r, "coord-zero", "DECLATITUDE", "latitude and longitude are 0/0 (a missing georeference)", fmt(y, x));
      }
      located[i] = 1;
      continue;
    }
    const code = c >= 0 ? land.codes[c]! : "";
    /** The usual slips, tried in turn: the first that puts the point in ORIGCTY is reported with the corrected pair. */
    const fix = () => {
      if (c < 0) return false;
      for (let k = 0; k < SLIPS.length; k++) {
        const [rule, what, fy, fx] = SLIPS[k]!;
        const cy = fy(y, x), cx = fx(y, x);
        if (Math.abs(cy) <= 90 && Math.abs(cx) <= 180 && on.has(rule) && land.inCountry(cx, cy, c)) {
          sink.add(r, rule, "DECLATITUDE", `${what}: the corrected point lies in ${code}`, fmt(y, x), fmt(cy, cx), [cy, cx]);
          return true;
        }
      }
      return false;
    };
    if (Math.abs(y) > 90 || Math.abs(x) > 180) {
      located[i] = 1;
      if (!fix() && on.has("coord-range")) {
        sink.add(r, "coord-range", "DECLATITUDE", "latitude beyond ±90 or longitude beyond ±180", fmt(y, x));
      }
      continue;
    }
    if (y === x && on.has("coord-equal")) sink.add(r, "coord-equal", "DECLATITUDE", "latitude equals longitude", fmt(y, x));
    const d = Math.max(decimals(y), decimals(x));
    if (d === 0) {
      if (on.has("coord-rounded")) {
        sink.add(r, "coord-rounded", "DECLATITUDE", "both coordinates are whole degrees (up to 78 km off)", fmt(y, x));
      }
    } else if (Number.isFinite(unc[i]!)) {
      withUnc++;
      // half a unit in the last decimal place, in metres of latitude
      const resolution = (M_PER_DEG_LAT * 10 ** -d) / 2;
      if (resolution > unc[i]! && on.has("coord-precision")) {
        sink.add(
          r,
          "coord-precision",
          "COORDUNCERT",
          `coordinates given to ${d} decimal${d > 1 ? "s" : ""} (±${Math.round(resolution)} m) but COORDUNCERT says ${unc[i]} m`,
          String(unc[i]),
        );
      }
    }
    const tol = useUnc && Number.isFinite(unc[i]!) ? Math.max(tolerance, Math.min(unc[i]!, 25_000)) : tolerance;
    if (c >= 0) {
      if (land.inCountry(x, y, c) || land.distanceTo(x, y, c, tol) < tol) {
        if (on.has("coord-centroid")) {
          if (!centroids.has(c)) centroids.set(c, land.centroid(code));
          const cc = centroids.get(c);
          if (cc && haversineKm(y, x, cc[1], cc[0]) * 1000 <= centroidM) {
            sink.add(r, "coord-centroid", "DECLATITUDE", `the point is at the centroid of ${code}`, fmt(y, x));
          }
        }
        continue;
      }
      located[i] = 1;
      if (fix()) continue;
    }
    const at = land.countryAt(x, y);
    if (at >= 0) {
      if (c >= 0) {
        located[i] = 1;
        if (on.has("coord-country")) {
          sink.add(r, "coord-country", "DECLATITUDE", `the point is in ${land.codes[at]}, not in ${code}`, fmt(y, x));
        }
      }
    } else if (land.distanceTo(x, y, -1, tol) >= tol) {
      located[i] = 1;
      if (on.has("coord-sea")) {
        sink.add(r, "coord-sea", "DECLATITUDE", `the point is at sea, more than ${Math.round(tol)} m from land`, fmt(y, x));
      }
    } else if (c >= 0) {
      located[i] = 1;
      if (on.has("coord-country")) {
        sink.add(r, "coord-country", "DECLATITUDE", `the point is off a coast, not within ${Math.round(tol)} m of ${code}`, fmt(y, x));
      }
    }
  }
  for (const id of ["coord-swapped", "coord-sign", "coord-country", "coord-centroid"]) checked.set(id, withCountry);
  checked.set("coord-precision", withUnc);
  if (taxon && on.has("coord-outlier")) {
    const tax = g.getColumn("taxon").toArray() as (string | null)[];
    if (wildOnly) {
      const samp = g.getColumn("samp").toTypedArray() as Int32Array;
      // MCPD's wild and weedy codes only: an invalid code (e.g. 150) says nothing about the material
      for (let i = 0; i < n; i++) if (!WILD.has(samp[i]!)) located[i] = 1;
    }
    checked.set("coord-outlier", outliers(tax, lat, lon, row, located, o.outlierKm ?? 1000, o.outlierMinRecords ?? 10, sink));
  }
}

/**
 * CoordinateCleaner's `cc_outl` (method "distance"): a point farther than `km` from every other point of its taxon.
 * Points are binned in 1-degree cells; a point with another point of its taxon in its own or a neighbouring cell is
 * not an outlier (at most 333 km away), and only the others are measured against the taxon's points, stopping at the
 * first one nearer than `km`.
 */
function outliers(
  tax: (string | null)[],
  lat: Float64Array,
  lon: Float64Array,
  row: Uint32Array,
  skip: Uint8Array,
  km: number,
  min: number,
  sink: Sink,
): number {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < tax.length; i++) {
    const t = tax[i];
    if (t == null || skip[i] || !Number.isFinite(lat[i]!) || !Number.isFinite(lon[i]!)) continue;
    let a = groups.get(t);
    if (!a) groups.set(t, a = []);
    a.push(i);
  }
  let tested = 0;
  const cell = (i: number) => (Math.floor(lat[i]!) + 90) * 400 + (Math.floor(lon[i]!) + 180);
  for (const [t, idx] of groups) {
    if (idx.length < min) continue;
    tested += idx.length;
    const cells = new Map<number, number>();
    for (const i of idx) cells.set(cell(i), (cells.get(cell(i)) ?? 0) + 1);
    for (const i of idx) {
      const c = cell(i);
      let near = (cells.get(c) ?? 0) > 1;
      for (let dy = -1; dy <= 1 && !near; dy++) {
        for (let dx = -1; dx <= 1 && !near; dx++) if ((dx || dy) && cells.has(c + dy * 400 + dx)) near = true;
      }
      if (near) continue;
      let nearest = Infinity;
      for (const j of idx) {
        if (j === i) continue;
        const d = haversineKm(lat[i]!, lon[i]!, lat[j]!, lon[j]!);
        if (d < nearest) nearest = d;
        if (nearest <= km) break;
      }
      if (nearest > km) {
        sink.add(
          row[i]!,
          "coord-outlier",
          "DECLATITUDE",
          `${Math.round(nearest)} km from the nearest other ${t} accession (threshold ${km} km)`,
          fmt(lat[i]!, lon[i]!),
        );
      }
    }
  }
  return tested;
}

/** A frame of findings from a boolean expression over the frame (with a `row` column). */
function where(df: DataFrame, cond: Expr, rule: string, field: string, message: string, value: Expr, suggestion?: Expr): DataFrame {
  return df.filter(cond).select(
    pl.col("row").cast(pl.UInt32),
    pl.lit(field).alias("field"),
    pl.lit(rule).alias("rule"),
    pl.lit(message).alias("message"),
    value.cast(pl.Utf8).alias("value"),
    (suggestion ?? pl.lit(null)).cast(pl.Utf8).alias("suggestion"),
  );
}

/** Date rules, on the distinct values (tens of thousands at most) joined back to the rows. */
function dates(df: DataFrame, today: Date, on: Set<string>, checked: Map<string, number>): DataFrame[] {
  const out: DataFrame[] = [];
  const todayInt = today.getUTCFullYear() * 10_000 + (today.getUTCMonth() + 1) * 100 + today.getUTCDate();
  const cols = ["ACQDATE", "COLLDATE"].filter((c) => has(df, c));
  let w = df.select(...cols.map((c) => str(c))).withRowIndex("row");
  let nValid = 0;
  for (const c of cols) {
    const values = w.getColumn(c).unique().dropNulls().toArray() as string[];
    const ranges = values.map(mcpdDate);
    const lookup = pl.DataFrame([
      pl.Series(c, values, pl.Utf8),
      pl.Series(`${c}_ok`, ranges.map((x) => x.ok), pl.Bool),
      pl.Series(`${c}_e`, ranges.map((x) => (x.ok ? x.earliest : null)), pl.Int32),
      pl.Series(`${c}_l`, ranges.map((x) => (x.ok ? x.latest : null)), pl.Int32),
    ]);
    w = w.join(lookup, { on: c, how: "left" });
    nValid += df.height - df.getColumn(c).nullCount();
    if (on.has("date-invalid")) {
      const bad = values.flatMap((v, i) => (ranges[i]!.ok ? [] : [[v, `${c} is not a valid MCPD date: ${ranges[i]!.reason}`]]));
      const reasons = pl.DataFrame([pl.Series(c, bad.map((b) => b[0]), pl.Utf8), pl.Series("message", bad.map((b) => b[1]), pl.Utf8)]);
      out.push(
        w.join(reasons, { on: c, how: "inner" }).select(
          pl.col("row").cast(pl.UInt32),
          pl.lit(c).alias("field"),
          pl.lit("date-invalid").alias("rule"),
          pl.col("message"),
          pl.col(c).alias("value"),
          pl.lit(null).cast(pl.Utf8).alias("suggestion"),
        ),
      );
    }
    if (on.has("date-future")) {
      out.push(where(w, pl.col(`${c}_e`).gt(todayInt), "date-future", c, `${c} is after the day of the check`, pl.col(c)));
    }
  }
  checked.set("date-invalid", nValid);
  checked.set("date-future", nValid);
  if (cols.length === 2) {
    const both = pl.col("ACQDATE_ok").and(pl.col("COLLDATE_ok"));
    checked.set("date-order", w.filter(both).height);
    if (on.has("date-order")) {
      out.push(where(
        w,
        both.and(pl.col("COLLDATE_e").gt(pl.col("ACQDATE_l"))),
        "date-order",
        "COLLDATE",
        "COLLDATE is after ACQDATE: material cannot be acquired before it was collected",
        pl.concatString([pl.col("COLLDATE"), pl.lit(" > "), pl.col("ACQDATE")], ""),
      ));
    }
  } else checked.set("date-order", 0);
  return out;
}

/** Code-list checks on the distinct values only (few), then the rows that hold a bad one. */
function codes(df: DataFrame, on: Set<string>, checked: Map<string, number>): DataFrame[] {
  const out: DataFrame[] = [];
  const num = (m: ReadonlyMap<number, string>) => (v: string) => /^\s*\d+(\.0+)?\s*$/.test(v) && m.has(Number(v));
  const lists: [string, (v: string) => boolean][] = [
    ["SAMPSTAT", num(SAMPSTAT_LABELS)],
    ["COLLSRC", num(COLLSRC_LABELS)],
    ["STORAGE", (v) => v.split(";").every((x) => num(STORAGE_LABELS)(x))],
    ["MLSSTAT", (v) => MLSSTAT_LABELS.has(v.trim().toLowerCase())],
  ];
  let nCodes = 0;
  for (const [c, ok] of lists) {
    if (!has(df, c) || !on.has("code-invalid")) continue;
    const values = df.select(str(c).alias("v")).getColumn("v").unique().dropNulls().toArray() as string[];
    const bad = values.filter((v) => !ok(v));
    nCodes += df.height - df.getColumn(c).nullCount();
    if (bad.length) {
      const w = df.select(str(c)).withRowIndex("row");
      out.push(where(w, pl.col(c).isIn(bad), "code-invalid", c, `${c} is not a code of the MCPD v2.1 list`, pl.col(c)));
    }
  }
  checked.set("code-invalid", nCodes);
  if (has(df, "ORIGCTY")) {
    const values = df.select(str("ORIGCTY").alias("v")).getColumn("v").unique().dropNulls().toArray() as string[];
    const former = values.filter((v) => FORMER_COUNTRY_NAMES.has(v.trim().toUpperCase()));
    const unknown = values.filter((v) => !COUNTRY_NAMES.has(v.trim().toUpperCase()) && !FORMER_COUNTRY_NAMES.has(v.trim().toUpperCase()));
    const n = df.height - df.getColumn("ORIGCTY").nullCount();
    checked.set("country-former", n);
    checked.set("country-unknown", n);
    const base = df.select(str("ORIGCTY")).withRowIndex("row");
    if (former.length && on.has("country-former")) {
      out.push(
        where(
          base,
          str("ORIGCTY").isIn(former),
          "country-former",
          "ORIGCTY",
          "a former country (ISO 3166-3); right only for material collected before it changed",
          str("ORIGCTY"),
        ),
      );
    }
    if (unknown.length && on.has("country-unknown")) {
      out.push(
        where(base, str("ORIGCTY").isIn(unknown), "country-unknown", "ORIGCTY", "not an ISO 3166-1 alpha-3 country code", str("ORIGCTY")),
      );
    }
  }
  return out;
}

function duplicates(df: DataFrame, checked: Map<string, number>): DataFrame {
  const base = df.withRowIndex("row").select("row", str("INSTCODE").alias("i"), str("ACCENUMB").alias("a")).filter(pl.col("a").isNotNull());
  checked.set("accenumb-duplicate", base.height);
  const n = pl.len().over("i", "a");
  return base.withColumns(n.alias("n")).filter(pl.col("n").gt(1)).select(
    pl.col("row").cast(pl.UInt32),
    pl.lit("ACCENUMB").alias("field"),
    pl.lit("accenumb-duplicate").alias("rule"),
    pl.concatString([pl.lit("ACCENUMB occurs "), pl.col("n").cast(pl.Utf8), pl.lit(" times in "), pl.col("i")], "").alias("message"),
    pl.col("a").alias("value"),
    pl.lit(null).cast(pl.Utf8).alias("suggestion"),
  );
}

/** DOI rules on the distinct values (one per accession at most), joined back to the rows: see doi.ts. */
function dois(df: DataFrame, on: Set<string>, checked: Map<string, number>): DataFrame[] {
  const base = df.select(str("DOI")).withRowIndex("row");
  const n = df.height - df.getColumn("DOI").nullCount();
  for (const id of ["doi-url", "doi-list", "doi-malformed", "doi-check"]) checked.set(id, n);
  const values = base.getColumn("DOI").unique().dropNulls().toArray() as string[];
  const rule = { url: "doi-url", list: "doi-list", malformed: "doi-malformed", check: "doi-check" } as const;
  const hits: [string, string, string, string | null][] = [];
  for (const v of values) {
    const d = checkDoi(v);
    if (d.kind === "ok" || !on.has(rule[d.kind])) continue;
    const suggestion = d.kind === "url" ? d.bare : d.kind === "malformed" ? d.suggestion ?? null : null;
    hits.push([v, rule[d.kind], d.message, suggestion]);
  }
  if (!hits.length) return [];
  const lookup = pl.DataFrame([
    pl.Series("DOI", hits.map((h) => h[0]), pl.Utf8),
    pl.Series("rule", hits.map((h) => h[1]), pl.Utf8),
    pl.Series("message", hits.map((h) => h[2]), pl.Utf8),
    pl.Series("suggestion", hits.map((h) => h[3]), pl.Utf8),
  ]);
  return [
    base.join(lookup, { on: "DOI", how: "inner" }).select(
      pl.col("row").cast(pl.UInt32),
      pl.lit("DOI").alias("field"),
      "rule",
      "message",
      pl.col("DOI").alias("value"),
      "suggestion",
    ),
  ];
}

/** GENUS and SPECIES against the first two words of GRIN_NAME, on the distinct combinations (few). */
function taxa(df: DataFrame, checked: Map<string, number>): DataFrame {
  const base = df.withRowIndex("row").select("row", str("GENUS").alias("g"), str("SPECIES").alias("s"), str("GRIN_NAME").alias("n"))
    .filter(pl.col("g").isNotNull().and(pl.col("s").isNotNull()).and(pl.col("n").isNotNull()));
  checked.set("taxon-grin", base.height);
  const combos = base.select("g", "s", "n").unique().toRecords() as { g: string; s: string; n: string }[];
  const bad = combos.flatMap((c) => {
    const words = c.n.trim().split(/\s+/).filter((w) => w !== "×" && w.toLowerCase() !== "x");
    const same = words[0]?.toLowerCase() === c.g.trim().toLowerCase() && words[1]?.toLowerCase() === c.s.trim().toLowerCase();
    return same ? [] : [{ ...c, want: words.slice(0, 2).join(" ") }];
  });
  const lookup = pl.DataFrame([
    pl.Series("g", bad.map((b) => b.g), pl.Utf8),
    pl.Series("s", bad.map((b) => b.s), pl.Utf8),
    pl.Series("n", bad.map((b) => b.n), pl.Utf8),
    pl.Series("want", bad.map((b) => b.want), pl.Utf8),
  ]);
  return base.join(lookup, { on: ["g", "s", "n"], how: "inner" }).select(
    pl.col("row").cast(pl.UInt32),
    pl.lit("GENUS").alias("field"),
    pl.lit("taxon-grin").alias("rule"),
    pl.concatString([pl.lit("GENUS SPECIES differ from GRIN_NAME '"), pl.col("n"), pl.lit("'")], "").alias("message"),
    pl.concatString([pl.col("g"), pl.col("s")], " ").alias("value"),
    pl.col("want").alias("suggestion"),
  );
}

export type { Severity };
