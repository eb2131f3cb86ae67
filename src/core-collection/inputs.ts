/**
 * coreCollection()'s input checks: the columns named exist, the size fits, `always` and `never` name accessions of
 * the frame, do not overlap and fit in the core. Each failure is a GenesysInputError that says what to type instead.
 */
import type { DataFrame } from "nodejs-polars";
import { GenesysInputError } from "../kernel/errors.ts";
import { closest } from "../kernel/closest.ts";

export const WHERE = "coreCollection()";

const fail = (message: string, hint: string): never => {
  throw new GenesysInputError(message, { endpoint: WHERE, hint });
};

/** Every named column exists (coreScores(); coreCollection() has defineAnalysis check it); ordinal ones are among `columns`. */
export function checkColumns(df: DataFrame, columns: readonly string[], ordinal: readonly string[]): void {
  for (const c of columns) {
    if (df.columns.includes(c)) continue;
    const near = closest(c, df.columns, 1);
    fail(
      `the frame has no column '${c}'`,
      near.length ? `did you mean '${near[0]}'? ` : `the frame's columns: ${df.columns.slice(0, 12).join(", ")}`,
    );
  }
  checkOrdinal(columns, ordinal);
}

/** Ordinal columns are among `columns`. */
export function checkOrdinal(columns: readonly string[], ordinal: readonly string[]): void {
  const stray = ordinal.filter((c) => !columns.includes(c));
  if (stray.length) {
    fail(
      `ordinal column${stray.length > 1 ? "s" : ""} ${stray.map((c) => `'${c}'`).join(", ")} not in columns`,
      `add ${stray.map((c) => `'${c}'`).join(", ")} to columns, or drop it from ordinal`,
    );
  }
}

/** The core's size as a count. */
export function coreSize(size: number, n: number): number {
  const k = size < 1 ? Math.round(size * n) : size;
  if (size >= 1 && !Number.isInteger(size)) {
    fail(`size ${size} is neither a whole count nor a fraction below 1`, `use a count like ${Math.round(size)} or a fraction like 0.1`);
  }
  if (k > n) fail(`size ${k} is larger than the collection (${n} accessions)`, `use a size of at most ${n}, or a fraction like 0.1`);
  if (k < 1) {
    fail(`size ${size} of ${n} accessions is an empty core`, `use a larger fraction (at least ${(1 / n).toPrecision(2)}) or a count`);
  }
  return k;
}

/** The id column: the option, else DOI, else ACCENUMB (only needed when ids are given as text). */
function idColumn(df: DataFrame, id: string | undefined, needed: boolean): string | undefined {
  if (id !== undefined) {
    if (!df.columns.includes(id)) fail(`the id column '${id}' is not in the frame`, `name one of: ${df.columns.slice(0, 12).join(", ")}`);
    return id;
  }
  const found = ["DOI", "ACCENUMB"].find((c) => df.columns.includes(c));
  if (!found && needed) {
    fail(
      "always/never name accessions by text but the frame has no DOI or ACCENUMB column",
      "set id: '<column>' to the column that holds these names, or give row numbers",
    );
  }
  return found;
}

/** Row numbers of `always` and `never`, checked: known, no overlap, always fits in `size`. */
export function resolveRows(
  df: DataFrame,
  o: { always: (string | number)[]; never: (string | number)[]; id?: string },
  size: number,
): { always: number[]; never: number[] } {
  const n = df.shape.height;
  const text = [...o.always, ...o.never].some((v) => typeof v === "string");
  const col = idColumn(df, o.id, text);
  const rowOf = new Map<string, number>();
  if (text && col) {
    (df.getColumn(col).toArray() as unknown[]).forEach((v, i) => v != null && !rowOf.has(String(v)) && rowOf.set(String(v), i));
  }
  const rows = (list: (string | number)[], name: string) => [
    ...new Set(list.map((v) => {
      const r = typeof v === "number" ? v : rowOf.get(v);
      if (r === undefined || r >= n) {
        fail(
          `${name} names ${JSON.stringify(v)}, which is not ${typeof v === "number" ? `a row (the frame has ${n})` : `in column ${col}`}`,
          `check the ${typeof v === "number" ? "row number" : "id"}, or drop it from ${name}`,
        );
      }
      return r!;
    })),
  ];
  const always = rows(o.always, "always"), never = rows(o.never, "never");
  const both = always.filter((r) => never.includes(r));
  if (both.length) {
    fail(
      `${both.length} accession${both.length > 1 ? "s are" : " is"} in both always and never (row ${both.slice(0, 5).join(", ")})`,
      "remove them from one of the two lists",
    );
  }
  if (always.length > size) {
    fail(
      `always holds ${always.length} accessions, more than the core's size ${size}`,
      `raise size to at least ${always.length}, or shorten always`,
    );
  }
  return { always, never };
}

/** size and columns are given. */
export function required(o: { size?: number; columns?: string[] }): { size: number; columns: string[] } {
  if (o.size === undefined) fail("size is required", "give a count or a fraction, e.g. { size: 0.1, columns: [...] }");
  if (o.columns === undefined) fail("columns is required", 'name the columns the distance uses, e.g. columns: ["ORIGCTY", "ELEVATION"]');
  return { size: o.size!, columns: o.columns! };
}

/** No usable column: all of them empty or constant. */
export function noUsableColumn(dropped: { column: string; why: string }[]): never {
  return fail(
    `no usable column: ${dropped.map((d) => `${d.column} (${d.why})`).join(", ")}`,
    "add columns whose values differ between accessions (traits, passport categories, climate at the collecting site)",
  );
}

/** Fewer accessions can enter the core than its size. */
export function tooFewCandidates(size: number, candidates: number, without: number, never: number): never {
  return fail(
    `size ${size} is larger than the ${candidates} accessions that can enter the core ` +
      `(${without} without data in the columns, ${never} in never)`,
    `use a size of at most ${candidates}`,
  );
}
