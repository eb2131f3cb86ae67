/**
 * passports()' blocks kept for the one frame, their Categorical columns gathered into one chunk each while the blocks
 * arrive (collect.ts).
 *
 * A frame's Categorical columns end as one chunk each (one dictionary per column, which Arrow IPC needs: typing.ts
 * unifyCategoricals). Rechunking them once every block is in copies every code (4 bytes a row and column: 97 MB for
 * 1,000,000 passports' 25 coded columns) while the blocks' own chunks are still held, at the end of the download, when
 * memory is highest: nodejs-polars frees a frame's memory only when V8 collects its wrapper, and a download's wrappers
 * outlive it. Here each block's codes are appended to one growing chunk per column as the block arrives, and the
 * block's own Categorical columns are replaced in place by stand-ins (another column of the same block, zero-copy),
 * which frees their codes at once: the blocks parsed next reuse that memory (bench/README.md, issue 31).
 *
 * The frames handed to `add` are spent (their Categorical columns are stand-ins): nothing else may read them afterwards
 * (a cached export stores its pages from its blocks: it gathers nothing). Blocks whose columns differ from the first
 * block's (pages with other headers) are kept whole, and the frames come back as blocks, their codes sliced from the
 * gathered chunks (zero-copy), for the general path.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";

/** A block kept: its columns in order, its frame (without the gathered columns), its rows in the gathered chunks. */
interface Kept {
  columns: string[];
  df: DataFrame;
  /** First row of this block in the gathered codes, when its Categorical columns were gathered. */
  at?: number;
}

export class GatheredBlocks {
  #blocks: Kept[] = [];
  /** The Categorical columns gathered (those of the first block), and their chunks so far. */
  #names: string[] | undefined;
  #codes: DataFrame | undefined;
  #rows = 0;
  /** False once a block's columns differed from the first one's: later blocks are kept whole. */
  #gathering: boolean;

  /** `gather` false: every block is kept whole (its frame is read elsewhere too: pages stored for resuming). */
  constructor(gather = true) {
    this.#gathering = gather;
  }

  /** Keeps a block (with rows). Its Categorical columns are copied into the gathered chunks and freed in the block. */
  add(df: DataFrame): void {
    const columns = df.columns;
    const dtypes = df.dtypes;
    const cats = columns.filter((_, i) => dtypes[i]!.equals(pl.Categorical));
    this.#names ??= cats;
    const first = this.#blocks[0]?.columns ?? columns;
    const same = columns.length === first.length && columns.every((c, i) => c === first[i]) &&
      cats.length === this.#names.length && cats.every((c, i) => c === this.#names![i]);
    // a block of Categorical columns alone has no column to stand in for them: kept whole (it is small)
    const standIn = columns.find((c) => !cats.includes(c));
    if (!this.#gathering || !same || !cats.length || standIn === undefined) {
      this.#gathering = false;
      this.#blocks.push({ columns, df });
      return;
    }
    const part = df.select(...cats);
    if (this.#codes) this.#codes.extend(part);
    else this.#codes = part.rechunk();
    // the block's codes are now referenced by `df` and `part` only: both get stand-ins, which frees them
    const anchor = df.getColumn(standIn);
    cats.forEach((c, i) => {
      part.replaceAtIdx(i, anchor.alias(c));
      df.replaceAtIdx(columns.indexOf(c), anchor.alias(c));
    });
    this.#blocks.push({ columns, df: df.select(...columns.filter((c) => !cats.includes(c))), at: this.#rows });
    this.#rows += df.height;
  }

  /**
   * The blocks as one frame, when every block was gathered: the other columns stacked (`stack`, typing.ts stackBlocks)
   * and the gathered chunks put back in the blocks' column order. Otherwise undefined: use `frames()`.
   */
  stacked(stack: (frames: DataFrame[]) => DataFrame): DataFrame | undefined {
    if (!this.#gathering || !this.#codes || !this.#blocks.length) return undefined;
    const rest = stack(this.#blocks.map((b) => b.df));
    if (rest.height !== this.#codes.height) return undefined;
    // the blocks' order, less what stacking left out (a number's text as sent, kept only until the blocks are unified)
    const both = pl.concat([rest, this.#codes], { how: "horizontal" });
    const kept = new Set(both.columns);
    return both.select(...this.#blocks[0]!.columns.filter((c) => kept.has(c)));
  }

  /** The blocks as they came (each in its own column order), gathered codes sliced back in without copying. */
  frames(): DataFrame[] {
    return this.#blocks.map((b) => {
      if (b.at === undefined) return b.df;
      return pl.concat([b.df, this.#codes!.slice(b.at, b.df.height)], { how: "horizontal" }).select(...b.columns);
    });
  }
}
