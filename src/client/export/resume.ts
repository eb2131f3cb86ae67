/**
 * Resuming passports() from the pages a cut run of the same query left in the cache: a wrapper around the export's
 * block iterator (the export itself never touches the cache). Whether the stored pages may be used is the one rule of
 * every export kept on disk (parts/resume.ts `refuse`, the Parquet sink's too).
 */
import type { DataFrame } from "nodejs-polars";
import { stackBlocks } from "../csv/typing.ts";
import { CoercionLog } from "../../kernel/diagnostics.ts";
import type { PageBlock } from "./pages.ts";
import type { Kinds } from "../csv/typing.ts";
import { refuse, refused, type ResumeCheck, resumedNote, type StoredPages } from "../../parts/resume.ts";

/** Where the complete pages of one export are kept in the cache (the entry's pages). */
export interface PageStore {
  read(): StoredPages | undefined;
  write(page: number, df: DataFrame, header: string[], context: Record<string, unknown>): void;
  drop(): void;
}

/**
 * The export's blocks (passports() with the cache), starting after the stored pages when they still hold; every full
 * page (`pageSize` rows, so another may follow) is stored as it completes. The notes on resuming are on the first block.
 */
export async function* resumable(
  store: PageStore | undefined,
  check: ResumeCheck & { context: { pageSize: number }; kindsOf: (header: string[]) => Kinds },
  run: (startPage: number, rowsBefore: number) => AsyncIterable<PageBlock>,
): AsyncGenerator<PageBlock> {
  const notes = new CoercionLog();
  let stored = store?.read();
  const why = stored && (await refuse(stored.kept, check));
  if (why) {
    notes.note(refused(why));
    store!.drop();
    stored = undefined;
  }
  let start = 0, before = 0;
  if (stored?.frames.length) {
    const { frames, header, createdAt } = stored;
    notes.note(resumedNote(frames.length, frames.reduce((n, f) => n + f.height, 0), createdAt));
    const kinds = check.kindsOf(header);
    for (const df of frames) {
      before += df.height;
      yield {
        page: start++,
        df,
        header,
        kinds,
        last: true,
        rows: before,
        bytes: 0,
        pageRows: df.height,
        log: notes,
        resumedAt: frames.length,
      };
    }
  }
  const resumedAt = stored ? start : undefined;
  let page: DataFrame[] = [];
  // the notes go with the first block (a refusal's when nothing was resumed)
  let pending = !stored && notes.notes.length ? notes : undefined;
  for await (const b of run(start, before)) {
    if (pending) b.log.merge(pending);
    pending = undefined;
    page.push(b.df);
    yield resumedAt === undefined ? b : { ...b, resumedAt };
    if (!b.last) continue;
    const rows = page.reduce((n, f) => n + f.height, 0);
    if (store && rows === check.context.pageSize) store.write(b.page, stackBlocks(page), b.header, check.context);
    page = [];
  }
}
