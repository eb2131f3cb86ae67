/**
 * A finder's sets and pairs scored against the sandbox's truth table of planted duplicates (readPlantedDuplicates),
 * with the rules of test/duplicates-sandbox.test.ts: the expected sets are the truth table's groups (origin and
 * copies), never anything the finder computes. A self-test: the sandbox planted what is scored.
 */
import type { DataFrame } from "nodejs-polars";
import type { PlantedDuplicate } from "../src/sandbox/index.ts";

export interface PlantedScore {
  /** Copies whose evidence is deterministic found in their origin's set and deterministic core. */
  deterministic: { copies: number; found: number };
  /** Copies whose evidence is a name or number found in their origin's set. */
  nameBased: { copies: number; found: number };
  /** Links that join sets (deterministic and probable), and those within one planted group. */
  links: { all: number; right: number; touchingPlanted: number; rightTouchingPlanted: number };
  /** Near-miss groups, and those whose two records ended in one set. */
  nearMisses: { groups: number; joined: number };
}

/** `sets` with UUID, set_id, core; `pairs` with UUID_a, UUID_b, strength (the finder's frames). */
export function scorePlanted(planted: PlantedDuplicate[], sets: DataFrame, pairs: DataFrame): PlantedScore {
  const setOf = new Map(
    (sets.select("UUID", "set_id", "core").toRecords() as { UUID: string; set_id: number; core: number }[])
      .map((r) => [r.UUID, { set: r.set_id, core: r.core }]),
  );
  const byUuid = new Map(planted.map((p) => [p.uuid, p]));
  const origin = new Map(planted.filter((p) => p.role === "origin").map((p) => [p.groupId, p.uuid]));
  const found = (evidence: string, sameCore: boolean) => {
    const copies = planted.filter((p) => p.role === "copy" && p.evidence === evidence);
    const n = copies.filter((c) => {
      const a = setOf.get(c.uuid), b = setOf.get(origin.get(c.groupId) ?? "");
      return a !== undefined && b !== undefined && a.set === b.set && (!sameCore || a.core === b.core);
    }).length;
    return { copies: copies.length, found: n };
  };
  const links = (pairs.select("UUID_a", "UUID_b", "strength").toRecords() as { UUID_a: string; UUID_b: string; strength: string }[])
    .filter((p) => p.strength !== "weak");
  const right = (a?: PlantedDuplicate, b?: PlantedDuplicate) =>
    !!(a && b && a.role !== "near-miss" && b.role !== "near-miss" && a.groupId === b.groupId);
  const touching = links.filter((p) => byUuid.has(p.UUID_a) || byUuid.has(p.UUID_b));
  const near = new Map<number, string[]>();
  for (const p of planted) if (p.role === "near-miss") near.set(p.groupId, [...(near.get(p.groupId) ?? []), p.uuid]);
  const joined = [...near.values()].filter(([a, b]) => {
    const x = setOf.get(a!), y = setOf.get(b!);
    return x !== undefined && y !== undefined && x.set === y.set;
  });
  return {
    deterministic: found("deterministic", true),
    nameBased: found("probable", false),
    links: {
      all: links.length,
      right: links.filter((p) => right(byUuid.get(p.UUID_a), byUuid.get(p.UUID_b))).length,
      touchingPlanted: touching.length,
      rightTouchingPlanted: touching.filter((p) => right(byUuid.get(p.UUID_a), byUuid.get(p.UUID_b))).length,
    },
    nearMisses: { groups: near.size, joined: joined.length },
  };
}

/** One line a reader takes in: recall, precision, near misses, labelled as a self-test. */
export function describeScore(s: PlantedScore): string {
  const r = (x: { copies: number; found: number }) => `${(x.found / x.copies).toFixed(3)} (${x.found}/${x.copies})`;
  const p = (right: number, all: number) => `${(right / all).toFixed(3)} (${right}/${all})`;
  return `self-test against the planted truth table: deterministic recall ${r(s.deterministic)}, name-based recall ${r(s.nameBased)}, ` +
    `precision over every joining link ${p(s.links.right, s.links.all)}, over links touching a planted record ` +
    `${p(s.links.rightTouchingPlanted, s.links.touchingPlanted)}, near misses joined ${s.nearMisses.joined}/${s.nearMisses.groups}`;
}
