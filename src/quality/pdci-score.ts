/**
 * The PDCI of a passport frame: which items each row gives (`presence`, polars expressions over the frame), and the
 * score and what filling one empty item alone would add (`scorePoints`, `gains`) for one set of given items, in
 * integer points. A frame has few distinct sets (an institute documents its accessions alike), so these run once per
 * set, not per row (pdci.ts).
 */
import pl from "nodejs-polars";
import type { DataFrame, DataType, Expr } from "nodejs-polars";
import { itemId, PDCI_ITEMS, type PdciGroup, type PdciItem, pointsFor } from "./pdci-weights.ts";

const BY_ID: ReadonlyMap<string, PdciItem> = new Map(PDCI_ITEMS.map((x) => [itemId(x), x]));

/** The column of the group index (0 wild … 4 other, PDCI_GROUPS' order) the expressions read. */
export const GROUP = "__pdci_group";

/** SAMPSTAT as a number (text such as "300" too; anything else null). */
export const sampstatNumber = (types: Variants): Expr =>
  types.has("SAMPSTAT") ? pl.col("SAMPSTAT").cast(pl.Utf8).str.strip().cast(pl.Float64, false) : pl.lit(null).cast(pl.Float64);

/** The group index of each row, from SAMPSTAT's hundreds (see `pdciGroup`). */
export function groupIndex(types: Variants): Expr {
  const h = sampstatNumber(types).div(100).floor();
  return pl.when(h.eq(1).or(h.eq(2))).then(pl.lit(0))
    .when(h.eq(3)).then(pl.lit(1))
    .when(h.eq(4)).then(pl.lit(2))
    .when(h.eq(5)).then(pl.lit(3))
    .otherwise(pl.lit(4)).cast(pl.UInt8);
}

/** Values MCPD uses for "not known" that the PDCI does not count as given: SPECIES `sp.`. */
const NOT_GIVEN: Record<string, string> = { SPECIES: "sp." };

/** Column name -> dtype variant, read once (a frame's schema is rebuilt at each access). */
export type Variants = ReadonlyMap<string, string>;
export const variants = (df: DataFrame): Variants => new Map(Object.entries(df.schema).map(([k, v]) => [k, (v as DataType).variant]));

/** Whether a column holds a value in each row: text not blank, numbers not null or NaN, lists not empty. */
export function given(types: Variants, column: string): Expr {
  const dt = types.get(column);
  if (dt === undefined) return pl.lit(false);
  const c = pl.col(column);
  if (dt === "Float32" || dt === "Float64") return c.isNotNull().and(c.isNotNan());
  if (dt === "List") return c.lst.lengths().gt(0).fillNull(false);
  if (dt === "String" || dt === "Utf8" || dt === "Categorical" || dt === "Enum") {
    const text = c.cast(pl.Utf8);
    // a character that is not white space: no copy of the strings (strip() would make one per value)
    const ok = text.str.contains(pl.lit("\\S"));
    const empty = NOT_GIVEN[column];
    return (empty ? ok.and(text.str.contains(pl.lit(`(?i)^\\s*${empty.replace(".", "\\.")}\\s*$`)).not()) : ok).fillNull(false);
  }
  return c.isNotNull();
}

/** Presence of every item: all of its fields given. */
export function presence(types: Variants): Record<string, Expr> {
  return Object.fromEntries(
    PDCI_ITEMS.map((x) => [itemId(x), x.fields.map((f) => given(types, f)).reduce((a, b) => a.and(b))]),
  );
}

/** Which items are given, by id: one accession, or one pattern of accessions. */
export type Given = ReadonlySet<string>;

/** Whether an item scores: given, what it needs scores, and the first choice of its pair is empty. */
function counts(id: string, given: Given): boolean {
  const x = BY_ID.get(id)!;
  return given.has(id) && (!x.needs || counts(x.needs, given)) && !(x.insteadOf && given.has(x.insteadOf));
}

/** The points an item scores. */
function term(x: PdciItem, given: Given, group: PdciGroup): number {
  if (!counts(itemId(x), given)) return 0;
  return pointsFor(x.beside && x.beside.items.some((b) => given.has(b)) ? x.beside.points : x.points, group);
}

/** The score in points (0-1,000): the PDCI times 100. */
export const scorePoints = (given: Given, group: PdciGroup): number => PDCI_ITEMS.reduce((sum, x) => sum + term(x, given, group), 0);

/**
 * What filling each empty item alone would add, in points (0 when it adds nothing for the group: a wild accession's
 * ACCENAME): the score with it given minus the score without it.
 */
export function gains(given: Given, group: PdciGroup): Map<string, number> {
  const base = scorePoints(given, group);
  const out = new Map<string, number>();
  for (const x of PDCI_ITEMS) {
    const id = itemId(x);
    if (!given.has(id)) out.set(id, scorePoints(new Set([...given, id]), group) - base);
  }
  return out;
}

/** The most an accession of a group can score (every item given: pairs score their first choice): 1,000 points, 850 for "other". */
export function maxPoints(group: PdciGroup): number {
  return PDCI_ITEMS.filter((x) => !x.insteadOf && !x.optional)
    .reduce((sum, x) => sum + pointsFor(x.beside ? x.beside.points : x.points, group), 0);
}
