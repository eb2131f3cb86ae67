/**
 * `passportCompleteness(df)`: the Passport Data Completeness Index (PDCI) Genesys shows for every accession, computed
 * locally from the MCPD columns, with the fields that would raise it, per accession and per institute.
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr } from "nodejs-polars";
import { z } from "zod";
import { type AnalysisContext, defineAnalysis } from "../kernel/analysis.ts";
import { gains, given, groupIndex, maxPoints, presence, sampstatNumber, scorePoints, type Variants, variants } from "./pdci-score.ts";
import { itemId, PDCI_GROUPS, PDCI_ITEMS } from "./pdci-weights.ts";

export { PDCI_ITEMS };

/** The options of `passportCompleteness()`. */
export const PassportCompletenessOptionsSchema = z.strictObject({
  /**
   * What to do when the frame lacks a column the PDCI scores: `"error"` (the default) throws a GenesysInputError naming
   * them; `"empty"` scores them as empty, so the PDCI is a lower bound (`absent` lists them).
   */
  missing: z.enum(["error", "empty"]).optional().describe(
    '"error" (the default: a frame without every field the PDCI scores is an error) or "empty" (score them as empty)',
  ),
});
/** The options of `passportCompleteness()` (inferred from PassportCompletenessOptionsSchema). */
export type PassportCompletenessOptions = z.input<typeof PassportCompletenessOptionsSchema>;
/** @deprecated the earlier names of the schema and its type: PassportCompletenessOptionsSchema, PassportCompletenessOptions. */
export const CompletenessOptions = PassportCompletenessOptionsSchema;
/** @deprecated use PassportCompletenessOptions. */
export type CompletenessOptions = PassportCompletenessOptions;

export interface PassportCompletenessResult {
  /**
   * One row per accession, in the input's order: INSTCODE, ACCENUMB, DOI, UUID (those the frame has), SAMPSTAT,
   * `group` (wild, landrace, breeding, cultivar, other: the weights used), `PDCI` (computed here, 0-10), `PDCI_max` (the
   * most the group can score: 10, or 8.5 for other), and when the frame carries the service's score: `PDCI_genesys` and
   * `PDCI_difference` (PDCI - PDCI_genesys). `raise`: the empty fields that would raise the PDCI, each with what it
   * alone would add, most first (`ACCENAME +0.50; COLLNUMB +0.40`); null when none would.
   */
  accessions: DataFrame;
  /**
   * One row per INSTCODE: accessions, PDCI_mean, PDCI_median, PDCI_min, PDCI_max; with the service's score,
   * PDCI_genesys_mean, equal, differ.
   */
  institutes: DataFrame;
  /**
   * One row per INSTCODE and field that would raise some accession's PDCI, most first: `accessions` (how many it would
   * raise), `share` (% of the institute's accessions), `adds_mean` (what the institute's mean PDCI would gain if they
   * were filled), `adds_max` (the most it adds to one accession).
   */
  fields: DataFrame;
  rows: number;
  /** Columns the frame lacks, scored as empty (`missing: "empty"`). */
  absent: string[];
  /** When the frame carries the service's PDCI: rows with both scores, how many are equal (to 0.005), how many differ. */
  comparison?: { rows: number; equal: number; differ: number };
}

/** @deprecated use PassportCompletenessResult. */
export type PassportCompleteness = PassportCompletenessResult;

const KEYS = ["INSTCODE", "ACCENUMB", "DOI", "UUID"];
const two = (e: Expr) => e.round(2);
/** The fields the PDCI scores that every frame should have (the optional items' fields aside). */
const NEEDED = [...new Set(PDCI_ITEMS.filter((x) => !x.optional).flatMap((x) => x.fields))];

/** `raise`: the items with a gain as `FIELD +0.40`, largest gain first (ties in the paper's order); null when none. */
function raiseText(gain: Map<string, number>, offered: (id: string) => boolean): string | null {
  const order = PDCI_ITEMS.map(itemId);
  const list = [...gain].filter(([id, g]) => g > 0 && offered(id)).sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]));
  return list.length ? list.map(([id, g]) => `${id} +${(g / 100).toFixed(2)}`).join("; ") : null;
}

/** Notes the absent columns and the SAMPSTAT values that are not numbers (scored with the weights of 'other'). */
function noteInput(df: DataFrame, types: Variants, absent: string[], ctx: AnalysisContext): void {
  for (const c of absent) ctx.log.note(`${c} is not in the frame: scored as empty (the PDCI is a lower bound)`);
  if (!types.has("SAMPSTAT")) return;
  const odd = df.select(given(types, "SAMPSTAT").and(sampstatNumber(types).isNull()).alias("odd"), pl.col("SAMPSTAT").cast(pl.Utf8))
    .filter(pl.col("odd"));
  if (odd.height) {
    const examples = [...new Set(odd.getColumn("SAMPSTAT").toArray() as string[])].slice(0, 5);
    ctx.log.add("SAMPSTAT", "not a number: scored with the weights of 'other' (SAMPSTAT's own points counted)", odd.height, examples);
  }
}

/**
 * Rows with the same SAMPSTAT group and the same items given score alike: each row gets a key (a bit per item and the
 * group above them). `work` holds the keys (and the columns the result keeps); `patterns` the score, maximum and
 * `raise` of each distinct key, computed once in plain numbers; `gainsLong` each key's gains above 0, by field.
 */
function scorePatterns(df: DataFrame, types: Variants, inst: string) {
  const ids = PDCI_ITEMS.map(itemId);
  const given0 = presence(types);
  const bits = ids.length;
  const int = (n: number) => pl.lit(n).cast(pl.Int64);
  const key = ids.map((id, i) => given0[id]!.cast(pl.Int64).mul(int(2 ** i)))
    .reduce((a, b) => a.add(b), groupIndex(types).cast(pl.Int64).mul(int(2 ** bits)));
  const work = df.select(
    ...KEYS.filter((k) => types.has(k)).map((k) => pl.col(k)),
    ...(types.has("SAMPSTAT") ? [pl.col("SAMPSTAT")] : []),
    ...(types.has("PDCI") ? [pl.col("PDCI").cast(pl.Float64, false).alias("PDCI_genesys")] : []),
    ...(inst === "__inst" ? [pl.lit(null).cast(pl.Utf8).alias("__inst")] : []),
    key.alias("__key"),
  );
  const distinct = (work.select(pl.col("__key").cast(pl.Float64)).unique().getColumn("__key").toArray() as number[]).sort((x, y) => x - y);
  // an optional item the frame lacks (DUPLINSTNAME: Genesys does not export it) is not offered as a way to raise the PDCI
  const offered = (id: string) => !PDCI_ITEMS.some((x) => itemId(x) === id && x.optional && x.fields.some((f) => !types.has(f)));
  const pat = { key: [] as number[], group: [] as string[], points: [] as number[], max: [] as number[], raise: [] as (string | null)[] };
  const long = { key: [] as number[], field: [] as string[], gain: [] as number[] };
  for (const k of distinct) {
    const group = PDCI_GROUPS[Math.floor(k / 2 ** bits)] ?? "other";
    const givenItems = new Set(ids.filter((_, i) => Math.floor(k / 2 ** i) % 2 === 1));
    const g = gains(givenItems, group);
    pat.key.push(k), pat.group.push(group), pat.points.push(scorePoints(givenItems, group) / 100);
    pat.max.push(maxPoints(group) / 100), pat.raise.push(raiseText(g, offered));
    for (const [id, v] of g) if (v > 0 && offered(id)) long.key.push(k), long.field.push(id), long.gain.push(v);
  }
  const keyed = (k: number[]) => pl.Series("__key", k, pl.Float64).cast(pl.Int64);
  const patterns = pl.DataFrame([
    keyed(pat.key),
    pl.Series("group", pat.group, pl.Utf8),
    pl.Series("PDCI", pat.points, pl.Float64),
    pl.Series("PDCI_max", pat.max, pl.Float64),
    pl.Series("raise", pat.raise, pl.Utf8),
  ]);
  const gainsLong = pl.DataFrame([keyed(long.key), pl.Series("field", long.field, pl.Utf8), pl.Series("__gain", long.gain, pl.Float64)]);
  return { work, patterns, gainsLong };
}

/** One row per INSTCODE: accessions, mean, median, min and max PDCI, and with the service's score its mean and agreement. */
function perInstitute(accessions: DataFrame, inst: string, compare: boolean): DataFrame {
  const pdci = pl.col("PDCI");
  return accessions.withColumns(...(inst === "__inst" ? [pl.lit(null).cast(pl.Utf8).alias("__inst")] : []))
    .groupBy(inst).agg(
      pl.len().cast(pl.UInt32).alias("accessions"),
      two(pdci.mean()).alias("PDCI_mean"),
      two(pdci.median()).alias("PDCI_median"),
      pdci.min().alias("PDCI_min"),
      pdci.max().alias("PDCI_max"),
      ...(compare
        ? [
          two(pl.col("PDCI_genesys").mean()).alias("PDCI_genesys_mean"),
          pl.col("PDCI_difference").abs().lt(0.005).sum().cast(pl.UInt32).alias("equal"),
          pl.col("PDCI_difference").abs().gtEq(0.005).sum().cast(pl.UInt32).alias("differ"),
        ]
        : []),
    ).sort(inst).rename({ [inst]: "INSTCODE" });
}

/** Per institute and field: rows counted per key, weighted by the key's gains (the long table of the gains above 0). */
function perField(work: DataFrame, gainsLong: DataFrame, inst: string): DataFrame {
  const perKey = work.groupBy([inst, "__key"]).agg(pl.len().cast(pl.Float64).alias("__n"));
  const totals = perKey.groupBy(inst).agg(pl.col("__n").sum().alias("__total"));
  return perKey.join(gainsLong, { on: "__key", how: "inner" })
    .groupBy([inst, "field"]).agg(
      pl.col("__n").sum().alias("__c"),
      pl.col("__n").mul(pl.col("__gain")).sum().alias("__s"),
      pl.col("__gain").max().alias("__m"),
    )
    .join(totals, { on: inst, how: "left" })
    .select(
      pl.col(inst).cast(pl.Utf8).alias("INSTCODE"),
      pl.col("field"),
      pl.col("__c").cast(pl.UInt32).alias("accessions"),
      two(pl.col("__c").div(pl.col("__total")).mul(100)).alias("share"),
      two(pl.col("__s").div(pl.col("__total")).div(100)).alias("adds_mean"),
      pl.col("__m").div(100).alias("adds_max"),
    ).sort(["INSTCODE", "adds_mean", "field"], [false, true, false]);
}

function completeness(df: DataFrame, ctx: AnalysisContext): PassportCompletenessResult {
  const types = variants(df);
  const absent = NEEDED.filter((f) => !types.has(f));
  noteInput(df, types, absent, ctx);
  const inst = types.has("INSTCODE") ? "INSTCODE" : "__inst";
  const compare = types.has("PDCI");
  const { work, patterns, gainsLong } = scorePatterns(df, types, inst);
  const accessions = work.join(patterns, { on: "__key", how: "left", maintainOrder: "left" }).select(
    ...KEYS.filter((k) => types.has(k)).map((k) => pl.col(k)),
    ...(types.has("SAMPSTAT") ? [pl.col("SAMPSTAT")] : []),
    pl.col("group"),
    pl.col("PDCI"),
    pl.col("PDCI_max"),
    ...(compare ? [pl.col("PDCI_genesys"), two(pl.col("PDCI").sub(pl.col("PDCI_genesys"))).alias("PDCI_difference")] : []),
    pl.col("raise"),
  );
  let comparison: PassportCompletenessResult["comparison"];
  if (compare) {
    const both = accessions.filter(pl.col("PDCI_genesys").isNotNull());
    const equal = both.filter(pl.col("PDCI_difference").abs().lt(0.005)).height;
    comparison = { rows: both.height, equal, differ: both.height - equal };
    ctx.log.note(`PDCI computed here equals the frame's PDCI (the service's) on ${equal} of ${both.height} rows`);
  }
  return {
    accessions,
    institutes: perInstitute(accessions, inst, compare),
    fields: perField(work, gainsLong, inst),
    rows: df.height,
    absent,
    ...(comparison ? { comparison } : {}),
  };
}

/**
 * The Passport Data Completeness Index (PDCI, 0-10; van Hintum et al. 2011, doi:10.1017/S1479262111000682) of each
 * accession, computed from its MCPD fields with the weights of its SAMPSTAT group, as Genesys scores it, and the
 * fields that would raise it: per accession (`accessions`), per institute (`institutes`) and per institute and field
 * (`fields`). When the frame has the service's `PDCI` column, both scores are side by side. Vectorised: about a
 * second for a million rows. See docs/pdci.md for the weights and where they were checked against Genesys's scores.
 * Declared with defineAnalysis(): provenance kinds `passports.pdci.accessions`, `.institutes`, `.fields`.
 * @throws GenesysInputError naming the columns the frame lacks (select them, or pass `{ missing: "empty" }`).
 * @example
 * ```ts
 * import { Genesys, passportCompleteness } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ institute: { code: ["COL003"] } });
 * const { accessions, institutes, fields } = passportCompleteness(df);
 * console.log(accessions.select("ACCENUMB", "PDCI", "raise").head(5).toString());
 * // G4680  8.35  SUBTAXA +0.40; COLLNUMB +0.40; … (OTHERNUMB +0.35 when it has none)
 * console.log(institutes.toString(), fields.head(5).toString());
 * ```
 */
export const passportCompleteness = defineAnalysis({
  name: "passportCompleteness()",
  kind: "passports.pdci",
  options: PassportCompletenessOptionsSchema,
  columns: (o) => ((o.missing ?? "error") === "error" ? NEEDED.map((name) => ({ name })) : []),
  // the frame's columns are MCPD fields of their own: ACCENUMB is not a misspelt ACCENAME
  suggestColumns: false,
  selectHint: () =>
    `download them too: g.passports(filter, { select: [${NEEDED.map((f) => `"${f}"`).join(", ")}] }) (or no select: ` +
    `every field), or pass { missing: "empty" } to score them as empty (the PDCI is then a lower bound)`,
  run: (df, _options, ctx) => completeness(df, ctx),
});
