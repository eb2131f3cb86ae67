/**
 * passports(): the export of one query, resumably, into one typed frame with its diagnostics: the pages a cut run of
 * the same query left in the cache first (resume.ts), then the rest from the service (pages.ts), collected
 * (collect.ts), decoded when asked, and an empty result explained. The facade (genesys.ts) serves it from the cache or
 * runs it, and publishes the frame.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { ENDPOINTS } from "../../schema/endpoints.ts";
import { decode } from "../../mcpd/decode.ts";
import { type Diagnostics, summarize } from "../../kernel/diagnostics.ts";
import type { Progress } from "../../kernel/progress.ts";
import type { Transport } from "../core/transport.ts";
import { collectPassports } from "./collect.ts";
import { exportBlocks, fetchRows, reported } from "./pages.ts";
import type { PassportQuery } from "./query.ts";
import { type PageStore, resumable } from "./resume.ts";
import type { StoredPages } from "../../parts/resume.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;

/** What an export asks of the rest of the client (the facade's look-ups): the export room imports nothing above it. */
export interface Lookups {
  /** WIEWS codes to institute names (decode); unknown codes are absent. */
  instituteNames(codes: string[]): Promise<Map<string, string>>;
  /** Why a filter matches nothing: which of its values the server does not know. */
  emptyNotes(): Promise<string[]>;
}

/** How one download runs: where its complete pages are kept (cache mode "on"), for how long they may be resumed. */
export interface Download {
  store?: PageStore;
  ttlMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

/** Label columns after coded MCPD columns, and INSTCODE_name from the institutes look-up. */
export async function decodePassports(df: DataFrame, names: (codes: string[]) => Promise<Map<string, string>>): Promise<DataFrame> {
  const codes = df.columns.includes("INSTCODE") ? (df.getColumn("INSTCODE").cast(pl.Utf8).unique().dropNulls().toArray() as string[]) : [];
  return decode(df, { institutes: codes.length ? await names(codes) : undefined });
}

/** The query's export as one frame, with its diagnostics (the fold of its blocks', and the empty result's notes). */
export async function downloadPassports(
  t: Transport,
  query: PassportQuery,
  d: Download,
  lookups: Lookups,
): Promise<{ df: DataFrame; diagnostics: Diagnostics }> {
  const { plan } = query;
  const check = {
    ttlMs: d.ttlMs,
    context: query.pagesContext,
    kindsOf: plan.kindsOf,
    row: (i: number) => fetchRows(t, query, i, 1, d.signal),
  };
  const blocks = resumable(d.store, check, (startPage, rowsBefore) => exportBlocks(t, query, { startPage, rowsBefore, signal: d.signal }));
  // (stored pages are stacked from the blocks' frames after the consumer has seen them: those frames are not spent)
  const collected = await collectPassports(reported(blocks, d.onProgress, plan.limit), plan, !d.store);
  // decoded inside the download, so a cached (or offline) result never asks for institute names again
  const df = query.decode ? await decodePassports(collected.df, lookups.instituteNames) : collected.df;
  if (df.height === 0) { for (const n of await lookups.emptyNotes()) collected.log.note(n); }
  return { df, diagnostics: collected.log.toDiagnostics(ENDPOINT) };
}

/** Where a cache keeps the complete pages of an entry's unfinished export (cache/store.ts). */
export interface PagesOf {
  readPages(id: string): StoredPages | undefined;
  writePage(id: string, page: number, df: DataFrame, header: string[], context: Record<string, unknown>): unknown;
  dropPages(id: string): void;
}

/**
 * passports()' download as the cache runs it (cache/cached.ts): the entry's pages are resumed and kept in mode "on"
 * (`resume`), never otherwise.
 */
export function passportsDownload(t: Transport, query: PassportQuery, cache: PagesOf, d: Download, lookups: Lookups) {
  return async ({ entryId, resume, ttlMs }: { entryId: string | undefined; resume: boolean; ttlMs: number }) => {
    const store: PageStore | undefined = entryId && resume
      ? {
        read: () => cache.readPages(entryId),
        write: (page, df, header, context) => cache.writePage(entryId, page, df, header, context),
        drop: () => cache.dropPages(entryId),
      }
      : undefined;
    const { df, diagnostics } = await downloadPassports(t, query, { ...d, store, ttlMs }, lookups);
    return { frames: { df }, diagnostics: { df: diagnostics } };
  };
}

/**
 * Tells `onDiagnostics` (default: one line on stderr) about a result's coercions and notes, whether it was downloaded
 * just now or served from the cache. The default line names the coercions, and the notes of a result without rows.
 */
export function notify(d: Diagnostics, rows: number, onDiagnostics?: (d: Diagnostics) => void): void {
  if (!d.coercions.length && !d.notes.length) return;
  if (onDiagnostics) return onDiagnostics(d);
  if (d.coercions.length) console.warn(summarize(d));
  const sentences = d.notes.map((n) => (/[.?!]$/.test(n) ? n : `${n}.`));
  if (rows === 0 && d.notes.length) console.warn(`${d.endpoint}: 0 rows. ${sentences.join(" ")} (Also in diagnostics(df).notes.)`);
}
