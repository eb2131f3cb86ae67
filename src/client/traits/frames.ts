/**
 * The two metadata frames of the trait workflow, and the wide frame's keys.
 *
 * datasets: uuid, title, crop, version, accessions, descriptors,
 *   observations, then id, collection and any other scalar field the
 *   datatable objects carry (e.g. description), one column each.
 * descriptors: uuid, name (the wide column), title, column_name, unit,
 *   data_type, category, crop, min_value, max_value, integer_only,
 *   description, code_list List(Struct{code, label}), datasets List(String).
 */
import pl from "nodejs-polars";
import type { DataFrame, Series } from "nodejs-polars";
import type { Datatable, Descriptor } from "../../schema/responses.ts";
import { accessionKeys, type DatasetRows } from "./long.ts";
import { GenesysInputError } from "../../kernel/errors.ts";

const KNOWN = new Set(["id", "version", "key", "title", "collection", "columns"]);
type Scalar = string | number | boolean | null | undefined;
const isScalar = (v: unknown): v is Scalar => v === null || v === undefined || ["string", "number", "boolean"].includes(typeof v);

/** A column for an extra datatable field: numbers, booleans or (mixed) text. */
function extraColumn(name: string, values: Scalar[]): Series {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.every((v) => typeof v === "number")) return pl.Series(name, values.map((v) => (v ?? null) as number | null), pl.Float64);
  if (present.every((v) => typeof v === "boolean")) return pl.Series(name, values.map((v) => (v ?? null) as boolean | null), pl.Bool);
  return pl.Series(name, values.map((v) => (v === null || v === undefined ? null : String(v))), pl.Utf8);
}

function mostCommon(values: (string | null | undefined)[]): string | null {
  const n = new Map<string, number>();
  for (const v of values) if (v) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** With `long` and `keys` (a traits() request), also accessions and observations counted for its filter. */
export function datasetsFrame(
  tables: readonly Datatable[],
  meta: ReadonlyMap<string, Descriptor>,
  long?: DataFrame,
  keys?: DataFrame,
): DataFrame {
  const count = (df: DataFrame, alias: string) => df.groupBy("dataset").agg(pl.len().cast(pl.UInt32).alias(alias));
  const extras = [...new Set(tables.flatMap((t) => Object.keys(t)))].filter((k) =>
    !KNOWN.has(k) && tables.every((t) => isScalar((t as Record<string, unknown>)[k]))
  );
  const base = pl.DataFrame([
    pl.Series("uuid", tables.map((t) => t.key), pl.Utf8),
    pl.Series("title", tables.map((t) => t.title), pl.Utf8),
    pl.Series(
      "crop",
      tables.map((t) => {
        const own = (t as Record<string, unknown>).crop;
        return typeof own === "string" ? own : mostCommon(Object.keys(t.columns).map((u) => meta.get(u)?.crop));
      }),
      pl.Utf8,
    ),
    pl.Series("version", tables.map((t) => t.version ?? null), pl.Int64),
    pl.Series("descriptors", tables.map((t) => Object.keys(t.columns).length), pl.UInt32),
    pl.Series("id", tables.map((t) => t.id), pl.Utf8),
    pl.Series("collection", tables.map((t) => t.collection), pl.Utf8),
    ...extras.filter((k) => k !== "crop").map((k) => extraColumn(k, tables.map((t) => (t as Record<string, Scalar>)[k]))),
  ]);
  if (!long || !keys) {
    const first = ["uuid", "title", "crop", "version", "descriptors"];
    return base.select(...first, ...base.columns.filter((c) => !first.includes(c)));
  }
  const withCounts = base
    .join(count(keys, "accessions").rename({ dataset: "uuid" }), { on: "uuid", how: "left" })
    .join(count(long, "observations").rename({ dataset: "uuid" }), { on: "uuid", how: "left" })
    .withColumns(pl.col("accessions").fillNull(pl.lit(0).cast(pl.UInt32)), pl.col("observations").fillNull(pl.lit(0).cast(pl.UInt32)));
  const first = ["uuid", "title", "crop", "version", "accessions", "descriptors", "observations"];
  return withCounts.select(...first, ...withCounts.columns.filter((c) => !first.includes(c)));
}

/** A List(String) column; an empty one too (polars cannot build an empty List series from an empty array). */
const stringLists = (name: string, values: string[][]): Series =>
  values.length ? pl.Series(name, values, pl.List(pl.Utf8)) : pl.Series(name, [["-"]], pl.List(pl.Utf8)).slice(0, 0);

/**
 * Throws unless the server described every descriptor asked for: an unknown UUID is named, with where UUIDs come from
 * (the server answers an unknown descriptor with nothing, not an error).
 */
export function checkDescribed(asked: readonly string[], list: readonly Descriptor[], endpoint: string): void {
  const known = new Set(list.map((d) => d.uuid.toLowerCase()));
  const unknown = asked.filter((u) => !known.has(u));
  if (!unknown.length) return;
  throw new GenesysInputError(
    `descriptor${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `'${u}'`).join(", ")} unknown to this server`,
    {
      endpoint,
      hint: "descriptor UUIDs are the keys of a dataset's columns (g.api.datatables(); t.descriptors of g.traits() lists them " +
        "with their titles); g.traits(filter, { descriptors: [...] }) takes titles too",
    },
  );
}

export function descriptorsFrame(
  list: readonly Descriptor[],
  names: ReadonlyMap<string, string>,
  datasetsOf: ReadonlyMap<string, string[]> = new Map(),
): DataFrame {
  const col = <T>(f: (d: Descriptor) => T) => list.map(f);
  const base = pl.DataFrame([
    pl.Series("uuid", col((d) => d.uuid), pl.Utf8),
    pl.Series("name", col((d) => names.get(d.uuid) ?? d.title), pl.Utf8),
    pl.Series("title", col((d) => d.title), pl.Utf8),
    pl.Series("column_name", col((d) => d.columnName ?? null), pl.Utf8),
    pl.Series("unit", col((d) => d.uom ?? null), pl.Utf8),
    pl.Series("data_type", col((d) => d.dataType), pl.Utf8).cast(pl.Categorical),
    pl.Series("category", col((d) => d.category ?? null), pl.Utf8).cast(pl.Categorical),
    pl.Series("crop", col((d) => d.crop ?? null), pl.Utf8),
    pl.Series("min_value", col((d) => d.minValue ?? null), pl.Float64),
    pl.Series("max_value", col((d) => d.maxValue ?? null), pl.Float64),
    pl.Series("integer_only", col((d) => d.integerOnly ?? null), pl.Bool),
    pl.Series("description", col((d) => d.description ?? null), pl.Utf8),
    stringLists("datasets", col((d) => datasetsOf.get(d.uuid) ?? [])),
  ]);
  // code lists: one (code, label) struct per term, in the order the server lists them
  const terms = list.flatMap((d) => (d.terms ?? []).map((t) => [d.uuid, t.code, t.title ?? null] as const));
  const codes = pl.DataFrame([
    pl.Series("uuid", terms.map((t) => t[0]), pl.Utf8),
    pl.Series("code", terms.map((t) => t[1]), pl.Utf8),
    pl.Series("label", terms.map((t) => t[2]), pl.Utf8),
  ]).groupBy("uuid").agg(pl.struct([pl.col("code"), pl.col("label")]).alias("code_list"));
  const out = base.join(codes, { on: "uuid", how: "left" });
  return out.select(...base.columns.filter((c) => c !== "datasets"), "code_list", "datasets");
}

/** One row per accession and dataset, in the order received: the accession's keys, the dataset UUID and its trial name. */
export function wideKeys(parts: readonly DatasetRows[]): DataFrame {
  const k = {
    INSTCODE: [] as (string | null)[],
    ACCENUMB: [] as (string | null)[],
    DOI: [] as (string | null)[],
    UUID: [] as string[],
    dataset: [] as string[],
    trial: [] as string[],
  };
  for (const { dataset, trial, rows } of parts) {
    for (const r of rows) {
      const a = accessionKeys(r);
      k.INSTCODE.push(a.INSTCODE);
      k.ACCENUMB.push(a.ACCENUMB);
      k.DOI.push(a.DOI);
      k.UUID.push(a.UUID);
      k.dataset.push(dataset);
      k.trial.push(trial);
    }
  }
  return pl.DataFrame([
    pl.Series("INSTCODE", k.INSTCODE, pl.Utf8).cast(pl.Categorical),
    pl.Series("ACCENUMB", k.ACCENUMB, pl.Utf8),
    pl.Series("DOI", k.DOI, pl.Utf8),
    pl.Series("UUID", k.UUID, pl.Utf8),
    pl.Series("dataset", k.dataset, pl.Utf8),
    pl.Series("trial", k.trial, pl.Utf8),
  ]);
}
