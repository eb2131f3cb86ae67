/**
 * The one driver of the duplicate finder, over any record source (source.ts: a frame in memory, a Parquet folder on
 * disk). Memory holds one part, one group of units and what the result keeps, never the whole source (a unit is a
 * block, or one country of a block of more than `maxBlockRecords` records: units.ts; docs/duplicates.md says what the
 * split costs), as PGRdup bounds its one engine by a chunk size:
 * 1. one pass over the parts: each record's block (its GENUS) and country, and its deterministic keys hashed into typed
 *    arrays (key-pass.ts), whose sorted copies give the records that take part in a deterministic link, across blocks;
 * 2. deterministicLinks() on those records only; the pairs across units leave at once;
 * 3. the units, packed in groups of about `GROUP_ROWS` records, one read of the parts per group; in each unit
 *    probableLinks(), seeded with the unit's deterministic pairs, then scored; weak pairs leave as polars frames, pairs
 *    that join sets stay for one union-find over the source's row numbers (sets.ts).
 * The stages are generators: a `yield` is a moment where dropped polars frames may be freed. `runSync()` drives them at
 * once (a frame: `probableDuplicates(df)` stays synchronous); `runAsync()` lets the event loop turn at each (a folder:
 * polars frames dropped from JavaScript are freed by finalizers that run only then).
 */
import pl from "nodejs-polars";
import type { CoercionLog } from "../kernel/diagnostics.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { NativeMemory } from "../kernel/native-memory.ts";
import { deterministicLinks } from "./deterministic.ts";
import { FoundPairs } from "./found.ts";
import { gatherRecords, gatherRows, type Parts, type Step } from "./gather.ts";
import { pushTo } from "./group.ts";
import { DeterministicKeys } from "./key-pass.ts";
import type { DuplicateOptions } from "./options.ts";
import { type Pair, pairScore, PairStore } from "./pairs.ts";
import { type CommonKeyword, probableLinks } from "./probable.ts";
import { DUPLICATE_COLUMNS, readRecords, type Records, value } from "./records.ts";
import type { RecordSource } from "./source.ts";
import { type ScoredPair, type SetInfo, strengthOf } from "./sets.ts";
import { BlockUnits } from "./units.ts";
import type { ReviewEntry } from "./review.ts";
import type { DataFrame } from "nodejs-polars";

/** The default review list: one pair per ten records, at most this many (more than a curator reads; memory stays small). */
const REVIEW_MAX = 10_000;
/** Records read per read of the parts: units are packed into groups of about this many (a larger unit is one group). */
const GROUP_ROWS = 250_000;
/** The columns deterministic keys are made of (key-pass.ts), and ORIGCTY (to split large blocks: units.ts). */
const KEY_COLUMNS = ["DOI", "INSTCODE", "ACCENUMB", "DONORCODE", "DONORNUMB", "OTHERNUMB", "COLLCODE", "COLLNUMB", "GENUS", "ORIGCTY"];

/** What a run found, before it is published as a DuplicateResult. */
export interface Findings {
  rows: number;
  blocks: number;
  info: SetInfo;
  /** The set members' records (`sets` frame) and the pairs that join sets. */
  members: Records;
  memberAt: (row: number) => number;
  joining: ScoredPair[];
  pairs: DataFrame;
  /** The weak pairs kept for review, best first (review.ts). */
  review: ReviewEntry[];
  counts: Record<ScoredPair["strength"], number>;
  common: CommonKeyword[];
}

/** The columns the finder reads besides DUPLICATE_COLUMNS: the block column, the name and number fields. */
export function extraColumns(o: DuplicateOptions): string[] {
  return [...new Set([...(o.blockBy ? [o.blockBy] : []), ...o.nameFields, ...o.numberFields])];
}

/** The block a record's probable links are sought in: its `blockBy` value in upper case ("" when none). */
export function blockKey(r: Records, o: DuplicateOptions, row: number): string {
  return o.blockBy ? value(r, o.blockBy, row).toUpperCase() : "";
}

/** Every pair of the store scored (halved when both records give a country of origin and they differ). */
export function scorePairs(r: Records, pairs: PairStore, o: DuplicateOptions): ScoredPair[] {
  const scored: ScoredPair[] = [];
  for (const p of pairs.pairs.values()) {
    const ca = value(r, "ORIGCTY", p.a), cb = value(r, "ORIGCTY", p.b);
    const score = pairScore(p, ca !== "" && cb !== "" && ca.toUpperCase() !== cb.toUpperCase());
    scored.push({ ...p, score, strength: strengthOf(p, score, o, r), set: 0 });
  }
  return scored;
}

/** The finder over a source, as steps; notes go to `log`. `fn` names the function in messages. */
export function* findDuplicates(source: RecordSource, o: DuplicateOptions, log: CoercionLog, fn: string): Step<Findings> {
  const extra = extraColumns(o);
  const wanted = [...new Set([...DUPLICATE_COLUMNS, ...extra])];
  const columns = wanted.filter((c) => source.columns.includes(c));
  noteMissing(o, wanted.filter((c) => !source.columns.includes(c)), source.what, log);
  const keyColumns = columns.filter((c) => KEY_COLUMNS.includes(c) || c === o.blockBy);
  const { counted, keys } = yield* keyPass(source, o, keyColumns, extra, fn);
  if (o.blockBy && counted.unblocked !== undefined) {
    log.note(`${counted.unblocked} records without ${o.blockBy} were compared with each other only`);
  }
  const { units, unitOf, split } = counted.plan(o.maxBlockRecords);
  const parts: Parts = { source, columns, unitOf };
  const limit = o.reviewPairs === "all" ? Infinity : o.reviewPairs ?? Math.min(REVIEW_MAX, Math.floor(source.rows / 10));
  const found = new FoundPairs(o.weakPairs, limit);
  const seeds = yield* deterministicSeeds(parts, keys.candidates(source.rows), o, extra, found);
  yield;
  const common = yield* probableUnits(parts, units, counted.names, seeds, o, extra, found);
  if (split.length) {
    log.note(
      `blocks of more than ${o.maxBlockRecords.toLocaleString("en")} records were split by ORIGCTY (records without one together): ` +
        `${split.join(", ")}; probable links between records of different countries or with none in them were not sought there`,
    );
  }
  // sets over the source's rows; the members' columns read once more
  const { info, joining, pairs } = found.finish(source.rows);
  const review = found.review.finish();
  const shown = new Set([...info.members.flat(), ...review.flatMap((e) => [e.a, e.b])]);
  const members = yield* gatherRows(parts, [...shown].sort((x, y) => x - y), extra);
  const memberAt = (row: number) => indexOf(members.ids, row);
  const blocks = counted.blockSizes.length;
  return { rows: source.rows, blocks, info, members: members.r, memberAt, joining, pairs, review, counts: found.counts, common };
}

/** Notes the columns the finder would use that the source lacks. */
function noteMissing(o: DuplicateOptions, missing: string[], what: string, log: CoercionLog): void {
  const used = [...o.nameFields, ...o.numberFields, "INSTCODE", "DOI", "DONORCODE", "COLLCODE"];
  const absent = missing.filter((c) => used.includes(c));
  if (absent.length) log.note(`columns not in the ${what}, so not used: ${absent.join(", ")}`);
}

/** 1. Blocks (and countries, to split the largest) and deterministic keys, part by part. */
function* keyPass(source: RecordSource, o: DuplicateOptions, keyColumns: string[], extra: string[], fn: string) {
  const counted = new BlockUnits(source.rows);
  const keys = new DeterministicKeys();
  let offset = 0;
  for (const [k, n] of source.partRows.entries()) {
    const r = readRecords(source.part(k, keyColumns), extra);
    if (r.rows !== n) {
      throw new GenesysInputError(`the parts of the ${source.what} do not hold the ${source.rows} rows its manifest counts`, {
        endpoint: fn,
        hint: "export the dataset again with g.passportsToParquet()",
      });
    }
    for (let i = 0; i < r.rows; i++) counted.add(offset + i, blockKey(r, o, i), value(r, "ORIGCTY", i).toUpperCase());
    keys.add(r, offset);
    offset += r.rows;
    yield;
  }
  return { counted, keys };
}

/**
 * 2. Deterministic links among the candidate records: those across units go to `found`; those within a unit are
 * returned by unit, to seed its pairs (so that a pair's evidence comes in the order the unit's own links give it).
 */
function* deterministicSeeds(parts: Parts, candidates: number[], o: DuplicateOptions, extra: string[], found: FoundPairs) {
  const sub = (yield* gatherRows(parts, candidates, extra)).r;
  const store = new PairStore(sub.rows);
  deterministicLinks(sub, store);
  const seeds = new Map<number, Pair[]>();
  const cross: ScoredPair[] = [];
  const unitOf = parts.unitOf;
  for (const p of scorePairs(sub, store, o)) {
    const a = candidates[p.a]!, b = candidates[p.b]!;
    if (unitOf[a] !== unitOf[b]) cross.push(p);
    else pushTo(seeds, unitOf[a]!, { a, b, evidence: p.evidence });
  }
  found.add(sub, cross, candidates);
  return seeds;
}

/** 3. Probable links unit by unit (a block, or a country of a split block), units read in groups. */
function* probableUnits(
  parts: Parts,
  units: { block: number; records: number }[],
  names: string[],
  seeds: Map<number, Pair[]>,
  o: DuplicateOptions,
  extra: string[],
  found: FoundPairs,
): Step<CommonKeyword[]> {
  const common: CommonKeyword[] = [];
  const unitOf = parts.unitOf;
  for (const group of groups(units.map((u) => u.records))) {
    const inGroup = new Set(group);
    const gathered = yield* gatherRecords(parts, (row) => (inGroup.has(unitOf[row]!) ? unitOf[row]! : -1), extra);
    for (const u of group) {
      const { r, ids } = gathered.get(u) ?? { r: readRecords(pl.DataFrame({}), extra), ids: [] };
      gathered.delete(u);
      const store = new PairStore(r.rows);
      for (const s of seeds.get(u) ?? []) {
        const la = indexOf(ids, s.a), lb = indexOf(ids, s.b);
        for (const e of s.evidence) store.add(la, lb, e);
      }
      seeds.delete(u);
      common.push(...probableLinks(r, Array.from({ length: r.rows }, (_, i) => i), names[units[u]!.block] || "(none)", o, store));
      found.add(r, scorePairs(r, store, o), ids);
      yield;
    }
  }
  return common;
}

/** Packs the units, in order, into groups of about GROUP_ROWS records. */
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

/** Drives the steps at once. */
export function runSync<T>(steps: Step<T>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** Drives the steps, letting the event loop turn at each (after a major collection when native memory grew). */
export async function runAsync<T>(steps: Step<T>): Promise<T> {
  const memory = new NativeMemory();
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    memory.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
