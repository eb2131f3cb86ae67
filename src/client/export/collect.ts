/** passports(): an export's blocks collected into one typed frame. */
import type { DataFrame } from "nodejs-polars";
import { lap } from "../csv/phases.ts";
import { assembleFrame, type Kinds } from "../csv/typing.ts";
import type { CoercionLog } from "../core/diagnostics.ts";
import type { Progress } from "../core/progress.ts";
import type { PageBlock } from "./pages.ts";
import type { ExportPlan } from "./query.ts";

/**
 * Collects an export into one frame: blocks stacked by column name (pages whose headers differ are aligned, each
 * difference noted), typed once over the whole, cut to `limit`.
 */
export async function collectPassports(
  blocks: AsyncIterable<PageBlock>,
  plan: ExportPlan,
  log: CoercionLog,
  onProgress?: (p: Progress) => void,
): Promise<DataFrame> {
  const frames: DataFrame[] = [];
  let header: string[] | undefined;
  const kinds: Kinds = {};
  let rowsBefore = 0, bytesBefore = 0, rows = 0;
  for await (const b of blocks) {
    if (!header) header = b.header;
    else if (b.rows === b.df.height && b.header.join("\t") !== header.join("\t")) noteDrift(header, b, log);
    Object.assign(kinds, b.kinds);
    if (b.df.height) frames.push(b.df);
    rows = rowsBefore + b.rows;
    const label = b.resumedAt === undefined ? {} : { label: `resumed at page ${b.resumedAt}` };
    onProgress?.({ rows, bytes: bytesBefore + b.bytes, page: b.page, total: plan.limit, ...label });
    if (b.last) {
      rowsBefore += b.rows;
      bytesBefore += b.bytes;
    }
  }
  const names = header ?? plan.columns.map((c) => c.header);
  const t0 = performance.now();
  let df = assembleFrame(frames, names, header ? kinds : plan.kindsOf(names), plan.parseDates, log);
  lap("assemble", t0);
  if (plan.limit !== undefined && df.height > plan.limit) df = df.head(plan.limit);
  return df;
}

/** A page whose header differs from the first page's: its columns are aligned by name (typing.ts); say how. */
function noteDrift(first: string[], b: PageBlock, log: CoercionLog): void {
  const missing = first.filter((c) => !b.header.includes(c));
  const extra = b.header.filter((c) => !first.includes(c));
  if (missing.length) log.note(`page ${b.page} has no column ${missing.join(", ")}: its rows are null there`);
  if (extra.length) log.note(`page ${b.page} adds column ${extra.join(", ")}: rows of earlier pages are null there`);
  if (!missing.length && !extra.length) log.note(`page ${b.page} lists the columns in another order: they were aligned by name`);
}
