/**
 * Over real HTTP: passports() from a sandbox with planted duplicates (a self-test: the sandbox made them), then
 * probableDuplicates(), scored against the truth table (readPlantedDuplicates): the expected sets are its groups,
 * not anything the finder computes.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DuplicateResult, Genesys, probableDuplicates, safetyDuplication } from "../src/index.ts";
import { type PlantedDuplicate, readPlantedDuplicates } from "../src/sandbox/index.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/server.ts";
import { landraceNames, linePrefixOf, NAME_AREA, TAXON_NAME_KEYS } from "../src/sandbox/generator/names.ts";

let sb: Sandbox;
let g: Genesys;
let planted: PlantedDuplicate[];
let setOf: Map<string, { set: number; core: number }>;
let linked: { a: string; b: string; strength: string }[];
let df: DataFrame;
let res: DuplicateResult;

beforeAll(async () => {
  sb = await startSandbox({ accessions: 20_000, seed: 11, plantDuplicates: 0.04 });
  g = new Genesys({ baseUrl: sb.url, token: sb.token });
  planted = await readPlantedDuplicates(sb.db);
  df = await g.passports({});
  res = probableDuplicates(df);
  setOf = new Map(
    (res.sets.toRecords() as { UUID: string; set_id: number; core: number }[]).map((r) => [r.UUID, { set: r.set_id, core: r.core }]),
  );
  linked = (res.pairs.toRecords() as { UUID_a: string; UUID_b: string; strength: string }[])
    .filter((p) => p.strength !== "weak")
    .map((p) => ({ a: p.UUID_a, b: p.UUID_b, strength: p.strength }));
}, 180_000);
afterAll(async () => {
  await g?.close();
  await sb?.close();
});

describe("planted duplicates (sandbox self-test)", () => {
  it("the truth table has every kind of copy and near misses", () => {
    const kinds = new Set(planted.map((p) => p.kind));
    for (const k of ["origin", "donor", "othernumb", "collecting", "name", "name-number", "near-miss"]) expect(kinds).toContain(k);
    expect(planted.filter((p) => p.role === "copy").length).toBeGreaterThan(150);
  });

  it("origins bear names a genebank could hold, one per group, and copies write them as people do", () => {
    // names.ts: bred material its line designation; a landrace of a listed area a landrace name of its crop there,
    // then the place it was collected at ("Bayo de Pasto"); no invented words
    const rows = new Map(
      (df.select("UUID", "ACCENAME", "SAMPSTAT", "ORIGCTY", "CROPCODE").toRecords() as Record<string, string | number | null>[])
        .map((r) => [r.UUID as string, r]),
    );
    const origins = planted.filter((p) => p.role === "origin").map((p) => rows.get(p.uuid)!);
    expect(origins.every((r) => typeof r.ACCENAME === "string" && r.ACCENAME.length >= 3)).toBe(true);
    // (a programme's series only where it breeds: no BAT line from Tanzania, names.ts linePrefixOf)
    const lineOf = (r: Record<string, unknown>) => linePrefixOf(String(r.CROPCODE), r.ORIGCTY === null ? null : String(r.ORIGCTY));
    const bred = origins.filter((r) => Number(r.SAMPSTAT) >= 400 && Number(r.SAMPSTAT) < 600 && lineOf(r));
    const landraces = origins.filter((r) => Number(r.SAMPSTAT) >= 300 && Number(r.SAMPSTAT) < 400 && NAME_AREA[String(r.ORIGCTY)]);
    // 13 at seed 42 since generator v36 (bred origins from a country without a programme series are named by place), 10
    // since v44 (no inbred lines, 414, of crops without hybrid cultivars), 9 since v46 (EBI holds little bred material)
    expect(bred.length).toBeGreaterThanOrEqual(8);
    expect(landraces.length).toBeGreaterThan(40);
    const prefix = (r: Record<string, unknown>) => lineOf(r)!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(bred.filter((r) => !new RegExp(`^${prefix(r)}[0-9]+$`).test(String(r.ACCENAME))).map((r) => r.ACCENAME)).toEqual([]);
    const unlisted = landraces.filter((r) => {
      // the crop's names, or those of one of its taxa with a list of its own (lima and runner beans, AAB/ABB bananas)
      const area = NAME_AREA[String(r.ORIGCTY)]!, crop = String(r.CROPCODE);
      const keys = [crop, ...[...TAXON_NAME_KEYS].filter((k) => k.startsWith(`${crop}:`))];
      const names = keys.flatMap((k) => landraceNames(area, k));
      return !names.some((n) => String(r.ACCENAME).startsWith(`${n} `));
    });
    expect(unlisted.map((r) => r.ACCENAME)).toEqual([]);
    const names = origins.map((r) => `${r.CROPCODE} ${r.ACCENAME}`);
    expect(names.length - new Set(names).size).toBe(0);
    // a variant is the name with its words joined or hyphenated, in upper case, with or without accents, or with a
    // typo; it never ends on a hyphen or a space
    const copies = planted.filter((p) => p.kind === "name" || p.kind === "name-number").map((p) => String(rows.get(p.uuid)!.ACCENAME));
    expect(copies.length).toBeGreaterThan(50);
    expect(copies.filter((n) => /[- ]$/.test(n) || /^[- ]/.test(n))).toEqual([]);
  });
  const origin = () => new Map(planted.filter((p) => p.role === "origin").map((p) => [p.groupId, p]));
  const recall = (evidence: string, sameCore: boolean) => {
    const o = origin();
    const copies = planted.filter((p) => p.role === "copy" && p.evidence === evidence);
    const found = copies.filter((c) => {
      const a = setOf.get(c.uuid), b = setOf.get(o.get(c.groupId)!.uuid);
      return a !== undefined && b !== undefined && a.set === b.set && (!sameCore || a.core === b.core);
    });
    return {
      copies: copies.length,
      found: found.length,
      recall: found.length / copies.length,
      missed: copies.filter((c) => !found.includes(c)).slice(0, 3),
    };
  };

  it("deterministic links: recall >= 0.95 (copy in its origin's set and deterministic core)", () => {
    const r = recall("deterministic", true);
    expect(r.copies).toBeGreaterThan(80);
    expect(r.recall, JSON.stringify(r)).toBeGreaterThanOrEqual(0.95);
  });
  it("name-based links: recall >= 0.9 (copy in its origin's set)", () => {
    const r = recall("probable", false);
    expect(r.copies).toBeGreaterThan(50);
    expect(r.recall, JSON.stringify(r)).toBeGreaterThanOrEqual(0.9);
  });
  /** A link is right when the truth table puts both records in one group as origin or copies. */
  const rightLink = (p: { a: string; b: string }) => {
    const group = new Map(planted.map((x) => [x.uuid, x]));
    const a = group.get(p.a), b = group.get(p.b);
    return !!(a && b && a.role !== "near-miss" && b.role !== "near-miss" && a.groupId === b.groupId);
  };
  it("precision >= 0.95 over every link that joins sets (deterministic and probable), the unplanted records' too", () => {
    // a link between two unplanted records is false by construction: the generator drew them apart. Most are two landraces
    // of one country with the same rare local name at two genebanks (a 'distinctive' name): chance pairs whose number moves
    // with every redraw of origins (generator v23: 13 of 303 links, 0.957; v24, bean origins weighted: 16 of 306, 0.948;
    // v28, AAB/ABB bananas with names of their own: 19 of 309, 0.939, the three new ones banana clones of one country at ITC
    // and IITA under one cultivar name, Essong and Sukali Ndiizi, which a curator would take for duplicates; v43: a named
    // clone drawn twice is one material in the truth, as a curator takes it, so the floor is 0.95 again)
    const wrong = linked.filter((p) => !rightLink(p));
    console.log(`precision over every link: ${linked.length - wrong.length}/${linked.length}`);
    expect(linked.length).toBeGreaterThan(200);
    for (const strength of ["deterministic", "probable"]) expect(linked.filter((p) => p.strength === strength).length).toBeGreaterThan(80);
    expect(1 - wrong.length / linked.length, JSON.stringify(wrong.slice(0, 3))).toBeGreaterThanOrEqual(0.95);
  });
  it("precision >= 0.95: of the links that touch a planted record, those within its group", () => {
    const uuids = new Set(planted.map((p) => p.uuid));
    const touching = linked.filter((p) => uuids.has(p.a) || uuids.has(p.b));
    const wrong = touching.filter((p) => !rightLink(p));
    expect(touching.length).toBeGreaterThan(100);
    expect(1 - wrong.length / touching.length, JSON.stringify(wrong.slice(0, 3))).toBeGreaterThanOrEqual(0.95);
  });
  it("the sets are the truth table's groups: no set holds planted records of two groups", () => {
    const group = new Map(planted.map((p) => [p.uuid, p.groupId]));
    const groupsOfSet = new Map<number, Set<number>>();
    for (const [uuid, { set }] of setOf) {
      const gid = group.get(uuid);
      if (gid !== undefined) groupsOfSet.set(set, (groupsOfSet.get(set) ?? new Set()).add(gid));
    }
    expect(groupsOfSet.size).toBeGreaterThan(100);
    expect([...groupsOfSet.entries()].filter(([, g]) => g.size > 1).map(([set, g]) => [set, [...g]])).toEqual([]);
  });
  it("near misses (the same landrace name, numbers one digit apart) are not joined", () => {
    const near = planted.filter((p) => p.role === "near-miss");
    const groups = new Map<number, PlantedDuplicate[]>();
    for (const p of near) groups.set(p.groupId, [...(groups.get(p.groupId) ?? []), p]);
    expect(groups.size).toBeGreaterThan(20);
    const joined = [...groups.values()].filter(([a, b]) => {
      const x = setOf.get(a!.uuid), y = setOf.get(b!.uuid);
      return x !== undefined && y !== undefined && x.set === y.set;
    });
    expect(joined).toEqual([]);
  });
});

describe("safety duplication per institute", () => {
  it("counts that a polars group-by reproduces", () => {
    const mine = safetyDuplication(df, res);
    const base = df.select(pl.col("INSTCODE").cast(pl.Utf8), pl.col("DUPLSITE").cast(pl.Utf8)).withRowIndex("row");
    const count = (f: DataFrame, name: string) => f.unique({ subset: ["row"] }).groupBy("INSTCODE").agg(pl.col("row").count().alias(name));
    const exploded = base.withColumns(pl.col("DUPLSITE").str.split(";")).explode("DUPLSITE");
    const multi = res.sets.groupBy("set_id").agg(pl.col("INSTCODE").nUnique().alias("n")).filter(pl.col("n").gt(1));
    const elsewhere = res.sets.join(multi, { on: "set_id" }).select(pl.col("row").cast(pl.UInt32))
      .join(base.withColumns(pl.col("row").cast(pl.UInt32)), { on: "row" });
    const viaPolars = base.groupBy("INSTCODE")
      .agg(pl.col("row").count().alias("accessions"), pl.col("DUPLSITE").isNotNull().sum().alias("with_duplsite"))
      .join(count(exploded.filter(pl.col("DUPLSITE").eq(pl.col("INSTCODE"))), "duplsite_self"), { on: "INSTCODE", how: "left" })
      .join(count(exploded.filter(pl.col("DUPLSITE").str.contains("^[A-Z]{3}[0-9]{3,}$").not()), "duplsite_not_instcode"), {
        on: "INSTCODE",
        how: "left",
      })
      .join(count(elsewhere, "with_duplicate_elsewhere"), { on: "INSTCODE", how: "left" })
      .join(count(elsewhere.filter(pl.col("DUPLSITE").isNull()), "duplicate_elsewhere_without_duplsite"), { on: "INSTCODE", how: "left" })
      .fillNull(0).sort("INSTCODE");
    const cast = (f: DataFrame) => f.select(...f.columns.map((c) => (c === "INSTCODE" ? pl.col(c) : pl.col(c).cast(pl.Int64))));
    expect(mine.height).toBeGreaterThan(10);
    expect(cast(mine).toRecords()).toEqual(cast(viaPolars.select(...mine.columns)).toRecords());
    expect((mine.getColumn("with_duplicate_elsewhere").toArray() as number[]).some((x) => x > 0)).toBe(true);
  });
});
