/**
 * Trials by name: the `trial` column of the trait frames (the dataset's title, so a user's table never shows a dataset
 * UUID alone) and the trials a trait frame's provenance cites (title, version and DOI where the service gives one).
 *
 * A title two datasets of one request share gets its version, "Bean iron screening (v2)", and when that does not
 * separate them either, the first 8 characters of the UUID.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import type { Datatable } from "../../schema/responses.ts";
import type { Trial } from "../../kernel/provenance.ts";
import type { Frames, Result } from "../../kernel/result.ts";

/** Dataset UUID (canonical) -> the name shown in the `trial` column. */
export function trialNames(tables: readonly Datatable[]): Map<string, string> {
  const byTitle = new Map<string, Datatable[]>();
  for (const t of tables) byTitle.set(t.title, [...(byTitle.get(t.title) ?? []), t]);
  const out = new Map<string, string>();
  for (const [title, group] of byTitle) {
    const versions = group.map((t) => `${title} (v${t.version ?? "?"})`);
    const distinct = new Set(versions).size === group.length;
    group.forEach((t, i) => out.set(t.key, group.length === 1 ? title : distinct ? versions[i]! : `${title} [${t.key.slice(0, 8)}]`));
  }
  return out;
}

/** The trials of a `datasets` frame with observations (uuid, title, version, and doi/DOI when the datatables carry one), by title. */
export function trialsOf(datasets: DataFrame): Trial[] {
  const doi = ["doi", "DOI"].find((c) => datasets.columns.includes(c));
  // a traits() result cites the trials its values come from, not every trial the filter has
  const used = datasets.columns.includes("observations") ? datasets.filter(pl.col("observations").gt(0)) : datasets;
  const rows = used.select(
    "uuid",
    "title",
    "version",
    ...(doi ? [pl.col(doi).cast(pl.Utf8).alias("doi")] : []),
  ).toRecords() as { uuid: string; title: string; version: number | bigint | null; doi?: string | null }[];
  return rows.map((r) => ({
    uuid: r.uuid,
    title: r.title,
    ...(r.version === null || r.version === undefined ? {} : { version: Number(r.version) }),
    ...(r.doi ? { doi: r.doi } : {}),
  })).sort((a, b) => a.title.localeCompare(b.title, "en") || (a.version ?? 0) - (b.version ?? 0));
}

/**
 * The result with the trials of its `datasets` frame in the provenance of every frame (fresh or from the cache), before
 * publish() attaches it: the trials are part of the record, not added to an attached one afterwards.
 */
export function citeTrials<F extends Frames>(r: Result<F>, datasets: keyof F): Result<F> {
  const trials = trialsOf(r.frames[datasets]);
  const cited = Object.fromEntries(Object.entries(r.provenance).map(([k, p]) => [k, { ...p, trials }]));
  return { ...r, provenance: cited as Result<F>["provenance"] };
}
