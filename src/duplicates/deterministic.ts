/**
 * Deterministic links, which need no guessing (MCPD v2.1):
 * - `doi`: the same DOI;
 * - `donor`: DONORCODE + DONORNUMB of one record are INSTCODE + ACCENUMB of another (the donor's accession);
 * - `othernumb`: an OTHERNUMB item `INSTCODE:number` is INSTCODE + ACCENUMB of another record;
 * - `same-source`: two records cite the same accession of a third institute (DONORCODE + DONORNUMB or an OTHERNUMB
 *   item), which the frame does not hold: both are copies of it;
 * - `collecting`: the same COLLCODE (one of its codes) and COLLNUMB, in the same genus, with the same COLLDATE when
 *   both have one.
 * Numbers are compared as compactKey() leaves them (case, spaces, punctuation and leading zeros aside: `G 4680` =
 * `g4680` = `G04680`). Every lookup is a hash join: the work grows with the records, not with their square.
 */
import { codeList, compactKey, normaliseDoi, otherNumbers } from "./keywords.ts";
import type { PairStore } from "./pairs.ts";
import { type Records, value } from "./records.ts";

const acc = (code: string, number: string) => `${code.toUpperCase()}\u0001${compactKey(number)}`;

function push<K>(m: Map<K, number[]>, k: K, row: number): void {
  const l = m.get(k);
  if (l) l.push(row);
  else m.set(k, [row]);
}

/** Adds every deterministic link of the records to `pairs`. */
export function deterministicLinks(r: Records, pairs: PairStore): void {
  const n = r.rows;
  // the same DOI
  const dois = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const d = normaliseDoi(value(r, "DOI", i));
    if (d) push(dois, d, i);
  }
  for (const [doi, rows] of dois) {
    for (let x = 0; x < rows.length; x++) {
      for (let y = x + 1; y < rows.length; y++) {
        pairs.add(rows[x]!, rows[y]!, { kind: "doi", fieldA: "DOI", fieldB: "DOI", valueA: doi, valueB: doi, weight: 1 });
      }
    }
  }
  // accessions held, and accessions cited by DONORCODE + DONORNUMB or OTHERNUMB
  const held = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const code = value(r, "INSTCODE", i);
    const num = value(r, "ACCENUMB", i);
    if (code && num) push(held, acc(code, num), i);
  }
  const cited = new Map<string, { row: number; field: string; text: string }[]>();
  const cite = (key: string, row: number, field: string, text: string) => {
    const l = cited.get(key);
    if (l) l.push({ row, field, text });
    else cited.set(key, [{ row, field, text }]);
  };
  for (let i = 0; i < n; i++) {
    const dc = value(r, "DONORCODE", i);
    const dn = value(r, "DONORNUMB", i);
    if (dc && dn && compactKey(dn)) cite(acc(dc, dn), i, "DONORCODE+DONORNUMB", `${dc} ${dn}`);
    for (const o of otherNumbers(value(r, "OTHERNUMB", i))) {
      if (o.instCode && compactKey(o.number)) cite(acc(o.instCode, o.number), i, "OTHERNUMB", `${o.instCode}:${o.number}`);
    }
  }
  for (const [key, refs] of cited) {
    const targets = held.get(key);
    if (targets) {
      for (const t of targets) {
        const tv = `${value(r, "INSTCODE", t)} ${value(r, "ACCENUMB", t)}`;
        for (const c of refs) {
          pairs.add(c.row, t, {
            kind: c.field === "OTHERNUMB" ? "othernumb" : "donor",
            fieldA: c.field,
            fieldB: "INSTCODE+ACCENUMB",
            valueA: c.text,
            valueB: tv,
            weight: 1,
          });
        }
      }
    } else {
      for (let x = 0; x < refs.length; x++) {
        for (let y = x + 1; y < refs.length; y++) {
          const p = refs[x]!, q = refs[y]!;
          pairs.add(p.row, q.row, { kind: "same-source", fieldA: p.field, fieldB: q.field, valueA: p.text, valueB: q.text, weight: 1 });
        }
      }
    }
  }
  // the same collecting number of the same collector, in the same genus, on the same day when both say
  const collected = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const num = compactKey(value(r, "COLLNUMB", i));
    if (!num) continue;
    for (const code of codeList(value(r, "COLLCODE", i))) {
      push(collected, `${code}\u0001${num}\u0001${value(r, "GENUS", i).toUpperCase()}`, i);
    }
  }
  for (const rows of collected.values()) {
    for (let x = 0; x < rows.length; x++) {
      for (let y = x + 1; y < rows.length; y++) {
        const a = rows[x]!, b = rows[y]!;
        const da = value(r, "COLLDATE", a), db = value(r, "COLLDATE", b);
        if (da && db && da !== db) continue;
        pairs.add(a, b, {
          kind: "collecting",
          fieldA: "COLLCODE+COLLNUMB",
          fieldB: "COLLCODE+COLLNUMB",
          valueA: `${value(r, "COLLCODE", a)} ${value(r, "COLLNUMB", a)}`,
          valueB: `${value(r, "COLLCODE", b)} ${value(r, "COLLNUMB", b)}`,
          weight: 1,
        });
      }
    }
  }
}
