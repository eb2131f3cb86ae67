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
import { attachDiagnostics, CoercionLog, diagnostics } from "../../kernel/diagnostics.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import { attachProvenance, joinedProvenance, type Provenance, provenance } from "../../kernel/provenance.ts";
import type { TraitsResult } from "./workflow.ts";

export interface JoinTraitsOptions {
  /** "left" (default): every trait row, passport columns empty where the passport frame lacks the accession; "inner": rows with one. */
  how?: "left" | "inner";
}

const FN = "joinTraits()";
const ROW = "__joinTraits_row", MATCHED = "__joinTraits_matched", TRAIT = "__joinTraits_t_";

const isResult = (x: unknown): x is TraitsResult =>
  !!x && typeof x === "object" && ["wide", "long", "datasets", "descriptors"].every((k) => k in (x as object));

/** The provenance of a frame joined from `parts` (kind "joined", their records in `sources`). */
function joinedFrom(parts: (Provenance | undefined)[], rows: number, how: string): Provenance | undefined {
  const sources = parts.filter((p): p is Provenance => !!p);
  return sources.length ? { ...joinedProvenance(sources, how), rows } : undefined;
}

/**
 * One row per row of the trait frame (`traits.wide` by default, or `traits.long`), passport columns first.
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
  const how = opts.how ?? "left";
  if (how !== "left" && how !== "inner") {
    throw new GenesysInputError(`${FN}: how is ${JSON.stringify(how)}; it must be "left" or "inner"`, { endpoint: FN });
  }
  const t = isResult(traits) ? traits.wide : traits;
  const on = ["UUID"].every((c) => passports.columns.includes(c) && t.columns.includes(c))
    ? ["UUID"]
    : ["INSTCODE", "ACCENUMB"].every((c) => passports.columns.includes(c) && t.columns.includes(c))
    ? ["INSTCODE", "ACCENUMB"]
    : undefined;
  if (!on) {
    throw new GenesysInputError(`${FN}: the frames share no accession key (UUID, or INSTCODE and ACCENUMB)`, {
      endpoint: FN,
      hint: `select UUID in passports(): g.passports(filter, { select: ["INSTCODE", "ACCENUMB", "UUID", …] })`,
    });
  }
  const keyed = passports.select(...on.map((c) => pl.col(c).cast(pl.Utf8)));
  if (keyed.unique().height !== keyed.height) {
    throw new GenesysInputError(`${FN}: the passport frame has more than one row for an accession (${on.join(" + ")})`, {
      endpoint: FN,
      hint: 'join with one passport row per accession, e.g. passports.unique({ subset: ["UUID"] })',
    });
  }
  const shared = t.columns.filter((c) => passports.columns.includes(c) && !on.includes(c));
  const left = t.withColumns(
    ...on.map((c) => pl.col(c).cast(pl.Utf8)),
    pl.Series(ROW, Uint32Array.from({ length: t.height }, (_, i) => i)),
  ).rename(Object.fromEntries(shared.map((c) => [c, TRAIT + c])));
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
  const traitColumns = t.columns.filter((c) => !passports.columns.includes(c) && c !== "dataset");
  const ordered = [...passports.columns, ...traitColumns, ...(t.columns.includes("dataset") ? ["dataset"] : [])];
  const result = out.select(...ordered);

  const log = new CoercionLog();
  if (unmatched) {
    log.note(
      `${unmatched.toLocaleString("en")} of ${t.height.toLocaleString("en")} trait rows have no row in the passport frame ` +
        (how === "inner" ? 'and were left out (how: "inner")' : "(their passport columns are empty)") +
        "; fetch the passports with the filter of the traits() call to have them all",
    );
  }
  const parts = [provenance(passports), provenance(t)];
  if (parts.some((p) => !p)) log.note(`${FN}: provenance unknown for the ${parts[0] ? "trait" : "passport"} frame, so it is not cited`);
  const ds = [diagnostics(passports), diagnostics(t)];
  attachDiagnostics(result, {
    endpoint: FN,
    coercions: ds.flatMap((d) => d?.coercions ?? []),
    notes: [...ds.flatMap((d) => d?.notes ?? []), ...log.notes],
  });
  const p = joinedFrom(parts, result.height, how);
  return p ? attachProvenance(result, p) : result;
}
