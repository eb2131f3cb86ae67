/** passportBatches(): the export as typed frames, one per block. */
import type { DataFrame } from "nodejs-polars";
import { assembleFrame } from "../csv/typing.ts";
import { CoercionLog } from "../core/diagnostics.ts";
import type { Progress } from "../core/progress.ts";
import type { Transport } from "../core/transport.ts";
import { exportBlocks } from "./pages.ts";
import type { ExportPlan } from "./query.ts";

/**
 * The export as typed frames, one per block (a few MB to 32 MB of CSV each), finished and checked on their own, for
 * exports too large to hold at once. `limit` is honoured. Stopping early (`break`) cancels the download and removes
 * its block files.
 */
export async function* passportFrames(
  t: Transport,
  filter: unknown,
  plan: ExportPlan,
  signal?: AbortSignal,
  onProgress?: (p: Progress) => void,
): AsyncGenerator<{ df: DataFrame; log: CoercionLog }> {
  let emitted = 0, rowsBefore = 0, bytesBefore = 0;
  for await (const b of exportBlocks(t, filter, plan, new CoercionLog(), { signal })) {
    onProgress?.({ rows: rowsBefore + b.rows, bytes: bytesBefore + b.bytes, page: b.page, total: plan.limit });
    if (b.last) (rowsBefore += b.rows, bytesBefore += b.bytes);
    const log = new CoercionLog().merge(b.log);
    let df = assembleFrame([b.df], b.header, b.kinds, plan.parseDates, log);
    if (plan.limit !== undefined) df = df.head(Math.max(0, plan.limit - emitted));
    emitted += df.height;
    if (df.height) yield { df, log };
    if (plan.limit !== undefined && emitted >= plan.limit) return;
  }
}
