/**
 * The pairs the finder has found so far: as pairs frames with the source's row numbers (polars memory), and, for the
 * pairs that join sets, their rows, strength and score only (what the union-find and the sets frame need).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { pairsFrame } from "./frames.ts";
import { ReviewList } from "./review.ts";
import type { Pair } from "./pairs.ts";
import type { Records } from "./records.ts";
import { buildSets, type ScoredPair, type SetInfo } from "./sets.ts";

const NO_EVIDENCE: Pair["evidence"] = [];

export class FoundPairs {
  readonly counts = { deterministic: 0, probable: 0, weak: 0 };
  #frames: DataFrame[] = [];
  #a: number[] = [];
  #b: number[] = [];
  #strength: ScoredPair["strength"][] = [];
  #score: number[] = [];
  /** The best weak pairs, for the review list. */
  readonly review: ReviewList;
  constructor(private readonly weakPairs: boolean, reviewLimit: number) {
    this.review = new ReviewList(reviewLimit);
  }

  /** Pairs of the records `r`, whose rows in the source are `ids`. */
  add(r: Records, scored: ScoredPair[], ids: number[]): void {
    const weak = scored.filter((p) => p.strength === "weak");
    this.counts.weak += weak.length;
    this.review.add(r, weak, ids);
    const kept = scored.filter((p) => p.strength !== "weak" || this.weakPairs).sort((x, y) => x.a - y.a || x.b - y.b);
    for (const p of kept) {
      if (p.strength === "weak") continue;
      this.counts[p.strength]++;
      this.#a.push(ids[p.a]!);
      this.#b.push(ids[p.b]!);
      this.#strength.push(p.strength);
      this.#score.push(p.score);
    }
    if (!kept.length) return;
    const df = pairsFrame(r, kept);
    const global = (c: string) => pl.Series(c, (df.getColumn(c).toArray() as number[]).map((i) => ids[i]!), pl.UInt32);
    this.#frames.push(df.withColumns(global("row_a"), global("row_b")));
  }

  /** The sets (one union-find over the source's rows), the pairs that join them, and the pairs frame. */
  finish(rows: number): { info: SetInfo; joining: ScoredPair[]; pairs: DataFrame } {
    const joining: ScoredPair[] = this.#a.map((a, i) => ({
      a,
      b: this.#b[i]!,
      evidence: NO_EVIDENCE,
      score: this.#score[i]!,
      strength: this.#strength[i]!,
      set: 0,
    }));
    joining.sort((x, y) => x.a - y.a || x.b - y.b);
    const info = buildSets(rows, joining);
    const setOf = info.setOf;
    const frames = this.#frames.map((df) => {
      const a = df.getColumn("row_a").toArray() as number[], b = df.getColumn("row_b").toArray() as number[];
      return df.withColumns(pl.Series("set_id", a.map((x, i) => (setOf[x] === setOf[b[i]!] ? setOf[x]! : 0)), pl.UInt32));
    });
    this.#frames = [];
    const pairs = frames.length ? pl.concat(frames).sort(["row_a", "row_b"]) : pairsFrame({ rows: 0, missing: [], columns: new Map() }, []);
    return { info, joining, pairs };
  }
}
