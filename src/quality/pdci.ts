/**
 * `passportCompleteness(df)`: the Passport Data Completeness Index (PDCI) Genesys shows for every accession, computed
 * locally from the MCPD columns, with the fields that would raise it, per accession and per institute.
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr } from "nodejs-polars";
import { z } from "zod";
import { attachDiagnostics, CoercionLog } from "../kernel/diagnostics.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { attachProvenance, provenance } from "../kernel/provenance.ts";
import { gains, given, groupIndex, maxPoints, presence, sampstatNumber, scorePoints, variants } from "./pdci-score.ts";
import { itemId, PDCI_GROUPS, PDCI_ITEMS } from "./pdci-weights.ts";

export { PDCI_ITEMS };

const WHERE = "passportCompleteness()";

/** The options of `passportCompleteness()`. */
export const CompletenessOptions = z.strictObject({
  /**
   * What to do when the frame lacks a column the PDCI scores: `"error"` (the default) throws a GenesysInputError naming
   * them; `"empty"` scores them as empty, so the PDCI is a lower bound (`absent` lists them).
   */
  missing: z.enum(["error", "empty"]).optional(),
});
export type CompletenessOptions = z.infer<typeof CompletenessOptions>;

export interface PassportCompleteness {
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

const KEYS = ["INSTCODE", "ACCENUMB", "DOI", "UUID"];
const two = (e: Expr) => e.round(2);

function checkInput(df: DataFrame, options: CompletenessOptions): string[] {
  if (!df || typeof df !== "object" || !Array.isArray((df as { columns?: unknown }).columns)) {
    throw new GenesysInputError("expects a polars DataFrame of passports (MCPD columns), e.g. from g.passports()", { endpoint: WHERE });
  }
  const r = CompletenessOptions.safeParse(options);
  if (!r.success) {
    throw new GenesysInputError(`bad options ${JSON.stringify(options)}: ${r.error.issues.map((i) => i.message).join("; ")}`, {
      endpoint: WHERE,
      hint: 'the options are { missing: "error" | "empty" }',
    });
  }
  const columns = new Set(df.columns);
  const absent = PDCI_ITEMS.filter((x) => !x.optional).flatMap((x) => x.fields).filter((f) => !columns.has(f));
  if (absent.length && (options.missing ?? "error") === "error") {
    const needed = PDCI_ITEMS.filter((x) => !x.optional).flatMap((x) => x.fields);
    throw new GenesysInputError(`the frame lacks ${absent.join(", ")}, which the PDCI scores`, {
      endpoint: WHERE,
      code: "GENESYS_PDCI_COLUMNS",
      hint: `download them too: g.passports(filter, { select: [${needed.map((f) => `"${f}"`).join(", ")}] }) ` +
        `(or no select: every field), or pass { missing: "empty" } to score them as empty (the PDCI is then a lower bound)`,
    });
  }
  return absent;
}

/** `raise`: the items with a gain as `FIELD +0.40`, largest gain first (ties in the paper's order); null when none. */
function raiseText(gain: Map<string, number>, offered: (id: string) => boolean): string | null {
  const order = PDCI_ITEMS.map(itemId);
  const list = [...gain].filter(([id, g]) => g > 0 && offered(id)).sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]));
  return list.length ? list.map(([id, g]) => `${id} +${(g / 100).toFixed(2)}`).join("; ") : null;
}

/** Attaches the source's provenance, marked as derived by this function. */
function derived(out: DataFrame, source: DataFrame, kind: string): DataFrame {
  const p = provenance(source);
  if (p) attachProvenance(out, { ...p, kind, rows: out.height, options: { ...p.options, derivedBy: WHERE } });
  return out;
}

/**
 * The Passport Data Completeness Index (PDCI, 0-10; van Hintum et al. 2011, doi:10.1017/S1479262111000682) of each
 * accession, computed from its MCPD fields with the weights of its SAMPSTAT group, as Genesys scores it, and the
 * fields that would raise it: per accession (`accessions`), per institute (`institutes`) and per institute and field
 * (`fields`). When the frame has the service's `PDCI` column, both scores are side by side. Vectorised: about a
 * second for a million rows. See docs/pdci.md for the weights and where they were checked against Genesys's scores.
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
export function passportCompleteness(df: DataFrame, options: CompletenessOptions = {}): PassportCompleteness {
  const absent = checkInput(df, options);
  const types = variants(df);
  const log = new CoercionLog();
  for (const c of absent) log.note(`${c} is not in the frame: scored as empty (the PDCI is a lower bound)`);
  if (types.has("SAMPSTAT")) {
    const odd = df.select(given(types, "SAMPSTAT").and(sampstatNumber(types).isNull()).alias("odd"), pl.col("SAMPSTAT").cast(pl.Utf8))
      .filter(pl.col("odd"));
    if (odd.height) {
      const examples = [...new Set(odd.getColumn("SAMPSTAT").toArray() as string[])].slice(0, 5);
      log.add("SAMPSTAT", "not a number: scored with the weights of 'other' (SAMPSTAT's own points counted)", odd.height, examples);
    }
  }

  // Rows with the same SAMPSTAT group and the same items given score alike: each row gets a key (a bit per item and the
  // group above them), and score, gains and `raise` are computed once per distinct key, then joined back.
  const ids = PDCI_ITEMS.map(itemId);
  const given0 = presence(types);
  const bits = ids.length;
  const int = (n: number) => pl.lit(n).cast(pl.Int64);
  const key = ids.map((id, i) => given0[id]!.cast(pl.Int64).mul(int(2 ** i)))
    .reduce((a, b) => a.add(b), groupIndex(types).cast(pl.Int64).mul(int(2 ** bits)));
  const inst = types.has("INSTCODE") ? "INSTCODE" : "__inst";
  const compare = types.has("PDCI");
  const keys = KEYS.filter((k) => types.has(k));
  const work = df.select(
    ...keys.map((k) => pl.col(k)),
    ...(types.has("SAMPSTAT") ? [pl.col("SAMPSTAT")] : []),
    ...(compare ? [pl.col("PDCI").cast(pl.Float64, false).alias("PDCI_genesys")] : []),
    ...(inst === "__inst" ? [pl.lit(null).cast(pl.Utf8).alias("__inst")] : []),
    key.alias("__key"),
  );
  // one row per distinct key: its group and items decoded from the bits, scored in plain numbers
  const distinct = (work.select(pl.col("__key").cast(pl.Float64)).unique().getColumn("__key").toArray() as number[]).sort((x, y) => x - y);
  // an optional item the frame lacks (DUPLINSTNAME: Genesys does not export it) is not offered as a way to raise the PDCI
  const offered = (id: string) => !PDCI_ITEMS.some((x) => itemId(x) === id && x.optional && x.fields.some((f) => !types.has(f)));
  const pat = { key: [] as number[], group: [] as string[], points: [] as number[], max: [] as number[], raise: [] as (string | null)[] };
  const long = { key: [] as number[], field: [] as string[], gain: [] as number[] };
  for (const k of distinct) {
    const group = PDCI_GROUPS[Math.floor(k / 2 ** bits)] ?? "other";
    const givenItems = new Set(ids.filter((_, i) => Math.floor(k / 2 ** i) % 2 === 1));
    const g = gains(givenItems, group);
    pat.key.push(k);
    pat.group.push(group);
    pat.points.push(scorePoints(givenItems, group));
    pat.max.push(maxPoints(group) / 100);
    pat.raise.push(raiseText(g, offered));
    for (const [id, v] of g) {
      if (v > 0 && offered(id)) long.key.push(k), long.field.push(id), long.gain.push(v);
    }
  }
  const patterns = pl.DataFrame([
    pl.Series("__key", pat.key, pl.Float64).cast(pl.Int64),
    pl.Series("group", pat.group, pl.Utf8),
    pl.Series("PDCI", pat.points.map((x) => x / 100), pl.Float64),
    pl.Series("PDCI_max", pat.max, pl.Float64),
    pl.Series("raise", pat.raise, pl.Utf8),
  ]);
  const gainsLong = pl.DataFrame([
    pl.Series("__key", long.key, pl.Float64).cast(pl.Int64),
    pl.Series("field", long.field, pl.Utf8),
    pl.Series("__gain", long.gain, pl.Float64),
  ]);

  const accessions = work.join(patterns.select("__key", "group", "PDCI", "PDCI_max", "raise"), {
    on: "__key",
    how: "left",
    maintainOrder: "left",
  }).select(
    ...keys.map((k) => pl.col(k)),
    ...(types.has("SAMPSTAT") ? [pl.col("SAMPSTAT")] : []),
    pl.col("group"),
    pl.col("PDCI"),
    pl.col("PDCI_max"),
    ...(compare ? [pl.col("PDCI_genesys"), two(pl.col("PDCI").sub(pl.col("PDCI_genesys"))).alias("PDCI_difference")] : []),
    pl.col("raise"),
  );

  const pdci = pl.col("PDCI");
  const institutes = accessions.withColumns(...(inst === "__inst" ? [pl.lit(null).cast(pl.Utf8).alias("__inst")] : []))
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

  // per institute and field: rows counted per key, weighted by the key's gains (a long table of the gains above 0)
  const perKey = work.groupBy([inst, "__key"]).agg(pl.len().cast(pl.Float64).alias("__n"));
  const totals = perKey.groupBy(inst).agg(pl.col("__n").sum().alias("__total"));
  const fields = perKey.join(gainsLong, { on: "__key", how: "inner" })
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

  let comparison: PassportCompleteness["comparison"];
  if (compare) {
    const both = accessions.filter(pl.col("PDCI_genesys").isNotNull());
    const equal = both.filter(pl.col("PDCI_difference").abs().lt(0.005)).height;
    comparison = { rows: both.height, equal, differ: both.height - equal };
    log.note(`PDCI computed here equals the frame's PDCI (the service's) on ${equal} of ${both.height} rows`);
  }
  attachDiagnostics(accessions, log.toDiagnostics(WHERE));
  return {
    accessions: derived(accessions, df, "passports.pdci"),
    institutes: derived(institutes, df, "passports.pdci.institutes"),
    fields: derived(fields, df, "passports.pdci.fields"),
    rows: df.height,
    absent,
    ...(comparison ? { comparison } : {}),
  };
}
