/**
 * Trait values next to passports and decoded labels, one row per trait row: `joinTraits(passports, traits)`.
 *
 * The frames share the accession's keys (INSTCODE, ACCENUMB, DOI, UUID): they are joined on `UUID` (or on INSTCODE +
 * ACCENUMB when a frame has no UUID) and each shared column appears once, so there is no `_right` column. A shared
 * column holds the passport's value, or the trait frame's where the passport frame has no row for the accession (a
 * present value is never dropped). The result cites both: its provenance lists the passport query and the trait query
 * with its trials (`citation(joined)`), and its diagnostics say how many trait rows found no passport.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { type AnalysisContext, defineAnalysis } from "../../kernel/analysis.ts";
import { diagnostics } from "../../kernel/diagnostics.ts";
import { provenance, rowCount } from "../../kernel/provenance.ts";
import type { TraitsResult } from "./workflow.ts";

/** The options of `joinTraits()`. */
export const JoinTraitsOptionsSchema = z.strictObject({
  how: z.enum(["left", "inner"]).default("left").describe(
    '"left" (the default: every trait row, passport columns empty where the passport frame lacks the accession) or ' +
      '"inner" (only the trait rows with a passport)',
  ),
});
/** The options of `joinTraits()` (inferred from JoinTraitsOptionsSchema). */
export type JoinTraitsOptions = z.input<typeof JoinTraitsOptionsSchema>;

const ROW = "__joinTraits_row", MATCHED = "__joinTraits_matched", TRAIT = "__joinTraits_t_";

const isResult = (x: unknown): x is TraitsResult =>
  !!x && typeof x === "object" && ["wide", "long", "datasets", "descriptors"].every((k) => k in (x as object));

/** The key the frames are joined on: UUID, else INSTCODE + ACCENUMB; one passport row per key. */
function joinKey(passports: DataFrame, t: DataFrame, ctx: AnalysisContext): string[] {
  const both = (cols: string[]) => cols.every((c) => passports.columns.includes(c) && t.columns.includes(c));
  const on = both(["UUID"]) ? ["UUID"] : both(["INSTCODE", "ACCENUMB"]) ? ["INSTCODE", "ACCENUMB"] : undefined;
  if (!on) {
    ctx.fail(
      "the frames share no accession key (UUID, or INSTCODE and ACCENUMB)",
      `select UUID in passports(): g.passports(filter, { select: ["INSTCODE", "ACCENUMB", "UUID", …] })`,
    );
  }
  const keyed = passports.select(...on.map((c) => pl.col(c).cast(pl.Utf8)));
  if (keyed.unique().height !== keyed.height) {
    ctx.fail(
      `the passport frame has more than one row for an accession (${on.join(" + ")})`,
      'join with one passport row per accession, e.g. passports.unique({ subset: ["UUID"] })',
    );
  }
  return on;
}

/** Says how many trait rows found no passport, and carries the inputs' own coercions and notes over. */
function noteJoin(passports: DataFrame, t: DataFrame, unmatched: number, how: string, ctx: AnalysisContext): void {
  for (const d of [diagnostics(passports), diagnostics(t)]) {
    for (const c of d?.coercions ?? []) ctx.log.add(c.column, c.what, c.count, c.examples);
    for (const n of d?.notes ?? []) ctx.log.note(n);
  }
  if (unmatched) {
    ctx.log.note(
      `${unmatched.toLocaleString("en")} of ${rowCount(t).toLocaleString("en")} trait rows have no row in the passport frame ` +
        (how === "inner" ? 'and were left out (how: "inner")' : "(their passport columns are empty)") +
        "; fetch the passports with the filter of the traits() call to have them all",
    );
  }
  const known = [provenance(passports), provenance(t)];
  if (known.some(Boolean) && !known.every(Boolean)) {
    ctx.log.note(`joinTraits(): provenance unknown for the ${known[0] ? "trait" : "passport"} frame, so it is not cited`);
  }
}

function join(passports: DataFrame, how: "left" | "inner", ctx: AnalysisContext, traits: TraitsResult | DataFrame): DataFrame {
  const t = isResult(traits) ? traits.wide : traits;
  ctx.cite(t);
  const on = joinKey(passports, t, ctx);
  const shared = t.columns.filter((c) => passports.columns.includes(c) && !on.includes(c));
  const left = t.withRowIndex(ROW).withColumns(...on.map((c) => pl.col(c).cast(pl.Utf8))).rename(
    Object.fromEntries(shared.map((c) => [c, TRAIT + c])),
  );
  const right = passports.withColumns(...on.map((c) => pl.col(c).cast(pl.Utf8)), pl.lit(true).alias(MATCHED));
  let out = left.join(right, { on, how: "left" }).sort(ROW);
  // a shared column: the passport's value, else the trait frame's
  out = out.withColumns(
    ...shared.map((c) =>
      pl.when(pl.col(c).isNotNull()).then(pl.col(c)).otherwise(pl.col(TRAIT + c).cast(passports.getColumn(c).dtype)).alias(c)
    ),
    // keys keep the passport frame's type (a Categorical INSTCODE stays one)
    ...on.map((c) => pl.col(c).cast(passports.getColumn(c).dtype)),
  );
  const unmatched = out.getColumn(MATCHED).nullCount();
  if (how === "inner") out = out.filter(pl.col(MATCHED).isNotNull());
  noteJoin(passports, t, unmatched, how, ctx);
  const traitColumns = t.columns.filter((c) => !passports.columns.includes(c) && c !== "dataset");
  return out.select(...passports.columns, ...traitColumns, ...(t.columns.includes("dataset") ? ["dataset"] : []));
}

const declared = defineAnalysis({
  name: "joinTraits()",
  kind: "joined",
  input: "passports (from g.passports()) as the first argument",
  options: JoinTraitsOptionsSchema,
  run: (passports, o, ctx, traits: TraitsResult | DataFrame) => join(passports, o.how, ctx, traits),
});

/**
 * One row per row of the trait frame (`traits.wide` by default, or `traits.long`), passport columns first. Declared
 * with defineAnalysis(): its provenance (kind `joined`) cites both frames (`sources`) and the step (`derivation`).
 * @example
 * ```ts
 * import { Genesys, joinTraits, citation } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const beans = { crop: ["beans"], countryOfOrigin: { code3: ["PER", "BOL"] } };
 * const joined = joinTraits(await g.passports(beans, { decode: true }), await g.traits(beans, { aggregate: "mean" }));
 * console.log(citation(joined).text);
 * ```
 */
export function joinTraits(passports: DataFrame, traits: TraitsResult | DataFrame, opts: JoinTraitsOptions = {}): DataFrame {
  return declared(passports, opts, traits);
}
