/**
 * `probableDuplicatesInDataset(dir, options)`: the finder over a Parquet dataset folder written by
 * `g.passportsToParquet()`, for catalogues larger than memory, with the same result as `probableDuplicates(df)` on the
 * same passports. Memory holds one part, one group of units, and what the result keeps, never the whole dataset
 * (a unit is a block, or one country of a block of more than `maxBlockRecords` records: dataset-units.ts;
 * docs/duplicates.md says what the split costs):
 * 1. one pass over the parts: each record's block (its GENUS) and country, and its deterministic keys hashed into typed
 *    arrays (dataset-keys.ts), whose sorted copies give the records that take part in a deterministic link, across blocks;
 * 2. deterministicLinks() on those records only; the pairs across units leave at once;
 * 3. the units, packed in groups of about `GROUP_ROWS` records, one scan of the parts per group; in each unit the
 *    finder's own probableLinks(), seeded with the unit's deterministic pairs, then scored; weak pairs leave as
 *    polars frames, pairs that join sets stay for one union-find over the dataset's row numbers (sets.ts).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { GenesysInputError } from "../kernel/errors.ts";
import { NativeMemory } from "../runtime/native-memory.ts";
import { openPassportDataset, readPart } from "./dataset-folder.ts";
import { gatherRecords, gatherRows, type Parts, settle } from "./dataset-records.ts";
import { pushTo } from "./group.ts";
import { DeterministicKeys } from "./dataset-keys.ts";
import { BlockUnits } from "./dataset-units.ts";
import { deterministicLinks } from "./deterministic.ts";
import { blockKey, columnNotes, type DuplicateResult, extraColumns, finishResult, scorePairs } from "./find.ts";
import { pairsFrame, setsFrame } from "./frames.ts";
import { type DuplicateOptions, type DuplicateOptionsInput, parseDuplicateOptions } from "./options.ts";
import { type Pair, PairStore } from "./pairs.ts";
import { type CommonKeyword, probableLinks } from "./probable.ts";
import { DUPLICATE_COLUMNS, readRecords, type Records, value } from "./records.ts";
import { type DatasetOptionsInput, parseDatasetOptions } from "./dataset-options.ts";
import { buildSets, type ScoredPair, type SetInfo } from "./sets.ts";

const FN = "probableDuplicatesInDataset()";
/** Records read per scan of the parts: units are packed into groups of about this many (a larger unit is one group). */
const GROUP_ROWS = 250_000;

/**
 * Probable duplicates and cross-genebank links in a passport dataset folder (see docs/duplicates.md): the same sets,
 * pairs and summary as `probableDuplicates(df)` on the dataset's rows, in bounded memory. `row` numbers the records
 * across the dataset's parts in the manifest's order (as `pl.scanParquet()` over `r.files` reads them).
 * @example
 * ```ts
 * import { Genesys, probableDuplicatesInDataset } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * await g.passportsToParquet({}, "out/all-passports");
 * const options = { weakPairs: false };
 * const { sets, pairs, summary } = await probableDuplicatesInDataset("out/all-passports", options, { maxBlockRecords: 300_000 });
 * console.log(summary.toRecords(), sets.height, pairs.height);
 * ```
 */
export async function probableDuplicatesInDataset(
  dir: string,
  options?: DuplicateOptionsInput,
  datasetOptions?: DatasetOptionsInput,
): Promise<DuplicateResult> {
  const started = performance.now();
  const o = parseDuplicateOptions(options);
  const d = parseDatasetOptions(datasetOptions);
  const ds = openPassportDataset(dir, FN);
  const extra = extraColumns(o);
  const wanted = [...new Set([...DUPLICATE_COLUMNS, ...extra])];
  const columns = wanted.filter((c) => ds.columns.includes(c));
  const notes = columnNotes(o, wanted.filter((c) => !ds.columns.includes(c)), FN, "dataset");
  const memory = new NativeMemory();

  // 1. blocks (and countries, to split the largest) and deterministic keys, part by part
  const counted = new BlockUnits(ds.rows);
  const partRows: number[] = [];
  const keys = new DeterministicKeys();
  let offset = 0;
  const keyColumns = columns.filter((c) => KEY_COLUMNS.includes(c) || c === o.blockBy);
  for (const f of ds.files) {
    const r = readRecords(readPart(f, keyColumns), extra);
    if (offset + r.rows > ds.rows) break;
    for (let i = 0; i < r.rows; i++) counted.add(offset + i, blockKey(r, o, i), value(r, "ORIGCTY", i).toUpperCase());
    keys.add(r, offset);
    partRows.push(r.rows);
    offset += r.rows;
    await settle(memory);
  }
  if (offset !== ds.rows || partRows.length !== ds.files.length) {
    throw new GenesysInputError(`the parts of '${ds.dir}' do not hold the ${ds.rows} rows its manifest counts`, {
      endpoint: FN,
      hint: "export the dataset again with g.passportsToParquet()",
    });
  }
  await settle(memory);
  const names = counted.names;
  if (o.blockBy && counted.unblocked !== undefined) {
    notes.push(`${counted.unblocked} records without ${o.blockBy} were compared with each other only`);
  }
  const { units, unitOf, split } = counted.plan(d.maxBlockRecords);
  const parts: Parts = { ds, columns, partRows, unitOf, memory };

  // 2. deterministic links among the records that share a key
  const found = new FoundPairs(o.weakPairs);
  const seeds = await deterministicSeeds(parts, keys.candidates(ds.rows), o, extra, found);
  await settle(memory);

  // 3. probable links unit by unit (a block, or a country of a split block), units read in groups
  const common: CommonKeyword[] = [];
  for (const group of groups(units.map((u) => u.records))) {
    const inGroup = new Set(group);
    const gathered = await gatherRecords(parts, (row) => (inGroup.has(unitOf[row]!) ? unitOf[row]! : -1), extra);
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
      await settle(memory);
    }
  }
  if (split.length) {
    notes.push(
      `blocks of more than ${d.maxBlockRecords.toLocaleString("en")} records were split by ORIGCTY (records without one together): ` +
        `${split.join(", ")}; probable links between records of different countries or with none in them were not sought there`,
    );
  }

  // sets over the dataset's rows; the members' columns read once more
  const { info, joining, pairs } = found.finish(ds.rows);
  const members = [...new Set(info.members.flat())].sort((x, y) => x - y);
  const memberRecords = await gatherRows(parts, members, extra);
  const sets = setsFrame(memberRecords.r, info, joining, (row) => indexOf(memberRecords.ids, row));
  return finishResult({
    fn: FN,
    o,
    rows: ds.rows,
    blocks: counted.blockSizes.length,
    info,
    sets,
    pairs,
    counts: found.counts,
    common,
    notes,
    source: ds.provenance,
    started,
  });
}

/**
 * Deterministic links among the candidate records: those across units go to `found`; those within a unit are
 * returned by unit, to seed its pairs (so that a pair's evidence comes in the order probableDuplicates() gives it).
 */
async function deterministicSeeds(
  parts: Parts,
  candidates: number[],
  o: DuplicateOptions,
  extra: string[],
  found: FoundPairs,
): Promise<Map<number, Pair[]>> {
  const sub = (await gatherRows(parts, candidates, extra)).r;
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

/** The columns deterministic keys are made of (dataset-keys.ts), and ORIGCTY (to split large blocks: dataset-units.ts). */
const KEY_COLUMNS = ["DOI", "INSTCODE", "ACCENUMB", "DONORCODE", "DONORNUMB", "OTHERNUMB", "COLLCODE", "COLLNUMB", "GENUS", "ORIGCTY"];

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

const NO_EVIDENCE: Pair["evidence"] = [];

/**
 * The pairs found so far: as pairs frames with the dataset's row numbers (polars memory), and, for the pairs that
 * join sets, their rows, strength and score only (what the union-find and the sets frame need).
 */
class FoundPairs {
  readonly counts = { deterministic: 0, probable: 0, weak: 0 };
  #frames: DataFrame[] = [];
  #a: number[] = [];
  #b: number[] = [];
  #strength: ScoredPair["strength"][] = [];
  #score: number[] = [];
  constructor(private readonly weakPairs: boolean) {}

  /** Pairs of the records `r`, whose rows in the dataset are `ids`. */
  add(r: Records, scored: ScoredPair[], ids: number[]): void {
    const kept = scored.filter((p) => p.strength !== "weak" || this.weakPairs).sort((x, y) => x.a - y.a || x.b - y.b);
    for (const p of kept) {
      this.counts[p.strength]++;
      if (p.strength === "weak") continue;
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

  /** The sets (one union-find over the dataset's rows), the pairs that join them, and the pairs frame. */
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
