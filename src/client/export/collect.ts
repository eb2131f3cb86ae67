/** passports(): an export's blocks collected into one typed frame, its diagnostics the fold of theirs. */
import type { DataFrame } from "nodejs-polars";
import { assembleFrame, type Kinds, stackBlocks } from "../csv/typing.ts";
import { CoercionLog } from "../../kernel/diagnostics.ts";
import { timed } from "../csv/events.ts";
import { GatheredBlocks } from "./categoricals.ts";
import type { PageBlock } from "./pages.ts";
import type { ExportPlan } from "./query.ts";

/**
 * Collects an export into one frame: blocks stacked by column name (pages whose headers differ are aligned, each
 * difference noted at the source: pages.ts), typed once over the whole. The blocks are already cut to `limit`. Unless
 * the blocks' frames are read elsewhere too (`spend` false: pages stored for resuming), their Categorical columns are
 * gathered into one chunk each as they arrive, which spends the frames (categoricals.ts).
 */
export async function collectPassports(
  blocks: AsyncIterable<PageBlock>,
  plan: ExportPlan,
  spend = true,
): Promise<{ df: DataFrame; log: CoercionLog }> {
  const log = new CoercionLog();
  const gathered = new GatheredBlocks(spend);
  let header: string[] | undefined;
  const kinds: Kinds = {};
  for await (const b of blocks) {
    header ??= b.header;
    Object.assign(kinds, b.kinds);
    log.merge(b.log);
    if (b.df.height) gathered.add(b.df);
  }
  const names = header ?? plan.columns.map((c) => c.header);
  const df = timed("assemble", () => {
    const one = gathered.stacked(stackBlocks);
    return assembleFrame(one ? [one] : gathered.frames(), names, header ? kinds : plan.kindsOf(names), plan.parseDates, log);
  });
  return { df, log };
}
