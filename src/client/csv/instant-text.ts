/**
 * An instant column's text, spared while an export is held in blocks.
 *
 * A block keeps the text of an ISO 8601 instant column beside its parsed values until the whole frame is checked
 * (typing.ts finishFrame: when any value is not an instant the column stays text, its parsed values in `_datetime`).
 * When every value of a block is a whole-second UTC instant (`2026-08-03T16:08:11Z`, as Genesys writes LASTMODIFIED),
 * its text is exactly its parsed value formatted again, so the block keeps the parsed values alone, under both names
 * (zero-copy), and the text is freed as soon as the block is parsed: at 1,000,000 passports 39 MB that were held to
 * the end of the download (bench/README.md, issue 31). Where another block keeps its text, the spared blocks get theirs
 * back from the parsed values before the blocks are unified (`restoreText`): the same characters, by construction.
 */
import pl from "nodejs-polars";
import type { DataFrame, Expr } from "nodejs-polars";
import type { Kinds } from "./typing.ts";

/** Temporary column holding a parsed instant until the whole frame is checked (typing.ts finishFrame). */
export const parsedName = (name: string) => `${name}\u0001parsed`;
const PARSED = parsedName("");
/** Temporary column: whether the block's text of an instant column is its parsed values written whole-second. */
const wholeName = (name: string) => `${name}\u0001whole`;
const WHOLE_SECONDS = "%Y-%m-%dT%H:%M:%SZ";
/**
 * Texts that a parsed value written with WHOLE_SECONDS gives back unchanged: every field its fixed width, no fraction,
 * no leap second (a parsed 23:59:60 is written as the next second). Only texts that also parsed count.
 */
const WHOLE_SECOND_TEXT = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$";

const instants = (header: readonly string[], kinds: Kinds) => header.filter((h) => kinds[h] === "instant");

type NativeFrame = { dropInPlace?: (name: string) => unknown };
const nativeOf = (df: DataFrame) => (df as unknown as { inner?: () => NativeFrame }).inner?.();
/**
 * nodejs-polars' native in-place drop, not in its public API (pinned by the package's version; test/instant-text.test.ts
 * fails when an upgrade removes it). The public `drop` and `select` give a new frame, and the old one keeps every
 * column it had (the text the block just freed, and the block's Categorical columns collect.ts frees) until V8
 * collects it. Without it, no text is spared.
 */
export const nativeDropInPlace: boolean = typeof nativeOf(pl.DataFrame({ x: [1] }))?.dropInPlace === "function";

/**
 * A block's checks, evaluated with its typing (typing.ts blockExprs): for each instant column, whether each text has
 * the whole-second shape (null where the text is null). By pattern, on the text alone: a check on the parsed values
 * would be a second step of the block's query, which polars' streaming engine runs holding the whole block at once.
 */
export function wholeSecondChecks(header: readonly string[], kinds: Kinds): Expr[] {
  if (!nativeDropInPlace) return [];
  return instants(header, kinds).map((name) => pl.col(name).str.contains(WHOLE_SECOND_TEXT).alias(wholeName(name)));
}

/**
 * A block just parsed (no other frame holds its columns): each instant column whose every text has the whole-second
 * shape and parsed (as many parsed values as texts) gets its parsed values in place of its text, which frees the text;
 * the checks are dropped in place. The same frame is returned.
 */
export function spareText(df: DataFrame, header: readonly string[], kinds: Kinds): DataFrame {
  const names = instants(header, kinds).filter((n) => df.columns.includes(wholeName(n)));
  if (!names.length) return df;
  const columns = df.columns;
  for (const n of names) {
    const shaped = df.getColumn(wholeName(n));
    // (nodejs-polars types a Bool series' all() as a number; it is a boolean)
    const whole = shaped.all(true) === (true as unknown) && df.getColumn(parsedName(n)).nullCount() === shaped.nullCount();
    if (df.height && whole) df.replaceAtIdx(columns.indexOf(n), df.getColumn(parsedName(n)).alias(n));
  }
  for (const n of names) nativeOf(df)!.dropInPlace!(wholeName(n));
  return df;
}

/** A block's instant column `name` whose text was spared: its parsed values stand under its name. */
const spared = (columns: string[], dtypes: string[], name: string) => {
  const i = columns.indexOf(name);
  return i >= 0 && columns.includes(parsedName(name)) && dtypes[i] !== "String";
};
const isText = (columns: string[], dtypes: string[], name: string) => {
  const i = columns.indexOf(name);
  return i >= 0 && dtypes[i] === "String";
};

/** Blocks about to be stacked: where some block kept an instant column's text, the spared blocks get theirs back. */
export function restoreText(frames: DataFrame[]): DataFrame[] {
  if (frames.length < 2) return frames;
  const schemas = frames.map((f) => ({ columns: f.columns, dtypes: f.dtypes.map((t) => t.variant as string) }));
  const names = new Set(schemas.flatMap((s) => s.columns.filter((c) => c.endsWith(PARSED)).map((c) => c.slice(0, -PARSED.length))));
  const mixed = [...names].filter((n) =>
    schemas.some((s) => isText(s.columns, s.dtypes, n)) && schemas.some((s) => spared(s.columns, s.dtypes, n))
  );
  if (!mixed.length) return frames;
  return frames.map((f, k) => {
    const back = mixed.filter((n) => spared(schemas[k]!.columns, schemas[k]!.dtypes, n));
    return back.length ? f.withColumns(...back.map((n) => pl.col(parsedName(n)).dt.strftime(WHOLE_SECONDS).alias(n))) : f;
  });
}

/** Whether a frame's instant column `name` is spared (typing.ts finishFrame then keeps the parsed values). */
export function isSpared(df: DataFrame, name: string): boolean {
  return spared(df.columns, df.dtypes.map((t) => t.variant as string), name);
}
