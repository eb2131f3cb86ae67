/**
 * passportBatches(): the export as typed frames, one per block (a few MB to 32 MB of CSV each), yielded while the
 * download goes on, each with its own diagnostics and, with `decode`, its label columns and institute names.
 */
import type { DataFrame } from "nodejs-polars";
import { ENDPOINTS } from "../../schema/endpoints.ts";
import { assembleFrame } from "../csv/typing.ts";
import { CoercionLog, type Diagnostics } from "../../kernel/diagnostics.ts";
import { exportBlocks, type PageBlock, reported } from "./pages.ts";
import { decodePassports, type Download, type Lookups } from "./passports.ts";
import type { ExportPlan, PassportQuery } from "./query.ts";
import type { Transport } from "../core/transport.ts";

const ENDPOINT = ENDPOINTS.acnQuery.label;

/**
 * The export's blocks finished and checked one by one. Each frame's log holds its block's coercions and every note
 * about it (the body's header renames and blank lines, the page's column differences). The blocks are already cut to
 * `limit`; blocks without rows give no frame.
 */
async function* passportFrames(blocks: AsyncIterable<PageBlock>, plan: ExportPlan): AsyncGenerator<{ df: DataFrame; log: CoercionLog }> {
  for await (const b of blocks) {
    if (!b.df.height) continue;
    const log = new CoercionLog().merge(b.log);
    yield { df: assembleFrame([b.df], b.header, b.kinds, plan.parseDates, log), log };
  }
}

/** Institute names asked once per code over all batches. */
function namesOnce(lookups: Lookups): (codes: string[]) => Promise<Map<string, string>> {
  const known = new Map<string, string>();
  const asked = new Set<string>();
  return async (codes) => {
    const fresh = codes.filter((c) => !asked.has(c));
    for (const c of fresh) asked.add(c);
    if (fresh.length) { for (const [k, v] of await lookups.instituteNames(fresh)) known.set(k, v); }
    return known;
  };
}

/** The query's export, batch by batch, each with its diagnostics. Stopping early (`break`) cancels the download. */
export async function* passportBatches(
  t: Transport,
  query: PassportQuery,
  d: Omit<Download, "store" | "ttlMs">,
  lookups: Lookups,
): AsyncGenerator<{ df: DataFrame; diagnostics: Diagnostics }> {
  const names = namesOnce(lookups);
  const blocks = reported(exportBlocks(t, query, { signal: d.signal }), d.onProgress, query.plan.limit);
  for await (const { df, log } of passportFrames(blocks, query.plan)) {
    yield { df: query.decode ? await decodePassports(df, names) : df, diagnostics: log.toDiagnostics(ENDPOINT) };
  }
}
