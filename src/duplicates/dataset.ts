/**
 * `probableDuplicatesInDataset(dir, options)`: the finder over a Parquet dataset folder written by
 * `g.passportsToParquet()`, for catalogues larger than memory, with the same result as `probableDuplicates(df)` on the
 * same passports. Memory holds one part, one group of blocks, and what the result keeps, never the whole dataset:
 * 1. one pass over the parts: each record's block (its GENUS) and its deterministic keys (dataset-keys.ts), as polars
 *    frames; joins on them give the records that take part in a deterministic link, across blocks;
 * 2. deterministicLinks() on those records only;
 * 3. the blocks, packed in groups of about `GROUP_ROWS` records, one scan of the parts per group; in each block the
 *    finder's own probableLinks(), seeded with the block's deterministic pairs, then scored; weak pairs leave as
 *    polars frames, pairs that join sets stay for one union-find over the dataset's row numbers (sets.ts).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { GenesysInputError } from "../client/core/errors.ts";
import { NativeMemory } from "../runtime/native-memory.ts";
import { openPassportDataset, type PassportDataset, readPart } from "./dataset-folder.ts";
import { DeterministicKeys } from "./dataset-keys.ts";
import { deterministicLinks } from "./deterministic.ts";
import { blockKey, columnNotes, type DuplicateResult, extraColumns, finishResult, scorePairs } from "./find.ts";
import { pairsFrame, setsFrame } from "./frames.ts";
import { type DuplicateOptionsInput, parseDuplicateOptions } from "./options.ts";
import { type Pair, PairStore } from "./pairs.ts";
import { type CommonKeyword, probableLinks } from "./probable.ts";
import { DUPLICATE_COLUMNS, readRecords, type Records } from "./records.ts";
import { buildSets, type ScoredPair } from "./sets.ts";

const FN = "probableDuplicatesInDataset()";
/** Records read per scan of the parts: blocks are packed into groups of about this many (a larger block is one group). */
const GROUP_ROWS = 250_000;
/** Columns the sets and pairs frames show of a record. */
const SHOWN = ["INSTCODE", "ACCENUMB", "DOI", "UUID", "GENUS", "ACCENAME"];

/**
 * Probable duplicates and cross-genebank links in a passport dataset folder (see docs/duplicates.md): the same sets,
 * pairs and summary as `probableDuplicates(df)` on the dataset's rows, in bounded memory. `row` numbers the records
 * across the dataset's parts in the manifest's order (as `pl.scanParquet()` over `r.files` reads them).
 * @example
 * ```ts
 * import { Genesys, probableDuplicatesInDataset } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * await g.passportsToParquet({}, "out/all-passports");
 * const { sets, pairs, summary } = probableDuplicatesInDataset("out/all-passports", { weakPairs: false });
 * console.log(summary.toRecords(), sets.height, pairs.height);
 * ```
 */
export function probableDuplicatesInDataset(dir: string, options?: DuplicateOptionsInput): DuplicateResult {
  const started = performance.now();
  const o = parseDuplicateOptions(options);
  const ds = openPassportDataset(dir, FN);
  const extra = extraColumns(o);
  const wanted = [...new Set([...DUPLICATE_COLUMNS, ...extra])];
  const columns = wanted.filter((c) => ds.columns.includes(c));
  const notes = columnNotes(o, wanted.filter((c) => !ds.columns.includes(c)), FN, "dataset");
  const memory = new NativeMemory();

  // 1. blocks and deterministic keys, part by part
  const blockOf = new Int32Array(ds.rows);
  const blockIds = new Map<string, number>();
  const blockSizes: number[] = [];
  const partRows: number[] = [];
  const keys = new DeterministicKeys();
  let offset = 0;
  for (const f of ds.files) {
    const r = readRecords(readPart(f, columns), extra);
    if (offset + r.rows > ds.rows) break;
    for (let i = 0; i < r.rows; i++) {
      const b = blockKey(r, o, i);
      let id = blockIds.get(b);
      if (id === undefined) {
        blockIds.set(b, id = blockSizes.length);
        blockSizes.push(0);
      }
      blockOf[offset + i] = id;
      blockSizes[id]!++;
    }
    keys.add(r, offset);
    partRows.push(r.rows);
    offset += r.rows;
    memory.release();
  }
  if (offset !== ds.rows || partRows.length !== ds.files.length) {
    throw new GenesysInputError(`the parts of '${ds.dir}' do not hold the ${ds.rows} rows its manifest counts`, {
      endpoint: FN,
      hint: "export the dataset again with g.passportsToParquet()",
    });
  }
  const names = [...blockIds.keys()];
  const noBlock = blockIds.get("");
  if (o.blockBy && noBlock !== undefined) {
    notes.push(`${blockSizes[noBlock]} records without ${o.blockBy} were compared with each other only`);
  }
  const parts: Parts = { ds, columns, partRows, blockOf };

  // 2. deterministic links among the records that have a shared key
  const candidates = keys.candidates();
  const isCandidate = new Uint8Array(ds.rows);
  for (const c of candidates) isCandidate[c] = 1;
  const sub = readRecords(candidates.length ? readGroup(parts, (row) => isCandidate[row] === 1) : pl.DataFrame({}), extra);
  const detStore = new PairStore(sub.rows);
  deterministicLinks(sub, detStore);
  const kept = sparseRecords(ds.rows);
  const joining: ScoredPair[] = [];
  const seeds = new Map<number, Pair[]>();
  for (const p of scorePairs(sub, detStore, o)) {
    const a = candidates[p.a]!, b = candidates[p.b]!;
    if (blockOf[a] === blockOf[b]) {
      const l = seeds.get(blockOf[a]!);
      const seed = { a, b, evidence: p.evidence };
      if (l) l.push(seed);
      else seeds.set(blockOf[a]!, [seed]);
    } else {
      keep(sub, p.a, kept, a);
      keep(sub, p.b, kept, b);
      joining.push({ ...p, a, b });
    }
  }

  // 3. probable links block by block, blocks read in groups
  const common: CommonKeyword[] = [];
  const weak: DataFrame[] = [];
  const counts = { deterministic: joining.length, probable: 0, weak: 0 };
  for (const group of groups(blockSizes)) {
    const inGroup = new Set(group);
    const groupDf = readGroup(parts, (row) => inGroup.has(blockOf[row]!));
    for (const b of group) {
      const blockDf = groupDf.filter(pl.col(BLOCK).eq(pl.lit(b)));
      const r = readRecords(blockDf, extra);
      const ids = blockDf.getColumn(ROW).toArray() as number[];
      const store = new PairStore(r.rows);
      for (const s of seeds.get(b) ?? []) {
        const la = indexOf(ids, s.a), lb = indexOf(ids, s.b);
        for (const e of s.evidence) store.add(la, lb, e);
      }
      common.push(...probableLinks(r, ids.map((_, i) => i), names[b] || "(none)", o, store));
      const weakHere: ScoredPair[] = [];
      for (const p of scorePairs(r, store, o)) {
        counts[p.strength]++;
        if (p.strength === "weak") {
          if (o.weakPairs) weakHere.push(p);
          continue;
        }
        keep(r, p.a, kept, ids[p.a]!);
        keep(r, p.b, kept, ids[p.b]!);
        joining.push({ ...p, a: ids[p.a]!, b: ids[p.b]! });
      }
      if (weakHere.length) weak.push(globalRows(pairsFrame(r, weakHere.sort((x, y) => x.a - y.a || x.b - y.b)), ids));
      memory.release();
    }
  }
  if (!o.weakPairs) counts.weak = 0;

  joining.sort((x, y) => x.a - y.a || x.b - y.b);
  const info = buildSets(ds.rows, joining);
  const setId = (a: number, b: number) => (info.setOf[a] === info.setOf[b] ? info.setOf[a]! : 0);
  const weakDfs = weak.map((df) => {
    const a = df.getColumn("row_a").toArray() as number[], b = df.getColumn("row_b").toArray() as number[];
    return df.withColumns(pl.Series("set_id", a.map((x, i) => setId(x, b[i]!)), pl.UInt32));
  });
  const pairs = pl.concat([pairsFrame(kept, joining), ...weakDfs]).sort(["row_a", "row_b"]);
  return finishResult({
    fn: FN,
    o,
    rows: ds.rows,
    blocks: blockSizes.length,
    info,
    sets: setsFrame(kept, info, joining),
    pairs,
    counts,
    common,
    notes,
    source: ds.provenance,
    started,
  });
}

const ROW = "__row", BLOCK = "__block";

/** The dataset's parts, the columns read of them, their rows, and each row's block. */
interface Parts {
  ds: PassportDataset;
  columns: string[];
  partRows: number[];
  blockOf: Int32Array;
}

/** The records whose row passes `take`, from every part, with their dataset row (ROW) and block (BLOCK) as columns. */
function readGroup(p: Parts, take: (row: number) => boolean): DataFrame {
  const frames: DataFrame[] = [];
  let offset = 0;
  p.ds.files.forEach((f, k) => {
    const n = p.partRows[k]!;
    const mask: boolean[] = new Array(n);
    let any = false;
    for (let i = 0; i < n; i++) any = (mask[i] = take(offset + i)) || any;
    if (any) {
      const rows = Array.from({ length: n }, (_, i) => offset + i);
      const df = readPart(f, p.columns).withColumns(
        pl.Series(ROW, rows, pl.UInt32),
        pl.Series(BLOCK, Array.from(p.blockOf.subarray(offset, offset + n)), pl.Int32),
      );
      frames.push(df.filter(pl.Series("take", mask)));
    }
    offset += n;
  });
  return pl.concat(frames);
}

/** Packs the blocks, in order, into groups of about GROUP_ROWS records. */
function groups(sizes: number[]): number[][] {
  const out: number[][] = [];
  let current: number[] = [], rows = 0;
  sizes.forEach((n, b) => {
    if (current.length && rows + n > GROUP_ROWS) {
      out.push(current);
      current = [];
      rows = 0;
    }
    current.push(b);
    rows += n;
  });
  if (current.length) out.push(current);
  return out;
}

/** Position of `row` in the ascending `rows`. */
function indexOf(rows: number[], row: number): number {
  let lo = 0, hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]! < row) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Records numbered by dataset row that hold only the rows kept (those in pairs that join sets). */
function sparseRecords(rows: number): Records {
  return { rows, missing: [], columns: new Map(SHOWN.map((c) => [c, []])) };
}

function keep(from: Records, i: number, into: Records, row: number): void {
  for (const c of SHOWN) into.columns.get(c)![row] = from.columns.get(c)?.[i] ?? null;
}

/** A block's pairs frame with the dataset's row numbers for the block's. */
function globalRows(df: DataFrame, ids: number[]): DataFrame {
  const map = (c: string) => pl.Series(c, (df.getColumn(c).toArray() as number[]).map((i) => ids[i]!), pl.UInt32);
  return df.withColumns(map("row_a"), map("row_b"));
}
