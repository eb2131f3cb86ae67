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
import { pushTo } from "./group.ts";
import { codeList, compactKey, normaliseDoi, otherNumbers } from "./keywords.ts";
import type { PairStore } from "./pairs.ts";
import { type Records, value } from "./records.ts";

const acc = (code: string, number: string) => `${code.toUpperCase()}\u0001${compactKey(number)}`;

/** What a deterministic key says of its record: a DOI, the accession it holds, one it cites, a collecting number. */
export type KeyKind = "doi" | "held" | "cited" | "collecting";

/**
 * Each deterministic key of record `i`, normalised: the DOI; INSTCODE + ACCENUMB held; DONORCODE + DONORNUMB and each
 * OTHERNUMB item `INSTCODE:number` cited (with the field, and the code and number as the record writes them); each
 * COLLCODE with COLLNUMB and GENUS. The one statement of the key rules, for deterministicLinks() and for the dataset
 * route's pass over the parts (key-pass.ts).
 */
export function eachKey(
  r: Records,
  i: number,
  on: (kind: KeyKind, key: string, field: string, code: string, number: string) => void,
): void {
  const d = normaliseDoi(value(r, "DOI", i));
  if (d) on("doi", d, "DOI", "", d);
  const code = value(r, "INSTCODE", i), num = value(r, "ACCENUMB", i);
  if (code && num) on("held", acc(code, num), "INSTCODE+ACCENUMB", code, num);
  const dc = value(r, "DONORCODE", i), dn = value(r, "DONORNUMB", i);
  if (dc && dn && compactKey(dn)) on("cited", acc(dc, dn), "DONORCODE+DONORNUMB", dc, dn);
  for (const o of otherNumbers(value(r, "OTHERNUMB", i))) {
    if (o.instCode && compactKey(o.number)) on("cited", acc(o.instCode, o.number), "OTHERNUMB", o.instCode, o.number);
  }
  const cn = compactKey(value(r, "COLLNUMB", i));
  if (!cn) return;
  const genus = value(r, "GENUS", i).toUpperCase();
  for (const c of codeList(value(r, "COLLCODE", i))) on("collecting", `${c}\u0001${cn}\u0001${genus}`, "COLLCODE+COLLNUMB", c, cn);
}

/** Adds every deterministic link of the records to `pairs`. */
export function deterministicLinks(r: Records, pairs: PairStore): void {
  const dois = new Map<string, number[]>();
  const held = new Map<string, number[]>();
  const cited = new Map<string, { row: number; field: string; text: string }[]>();
  const collected = new Map<string, number[]>();
  for (let i = 0; i < r.rows; i++) {
    eachKey(r, i, (kind, key, field, code, number) => {
      if (kind === "doi") pushTo(dois, key, i);
      else if (kind === "held") pushTo(held, key, i);
      else if (kind === "collecting") pushTo(collected, key, i);
      else pushTo(cited, key, { row: i, field, text: field === "OTHERNUMB" ? `${code}:${number}` : `${code} ${number}` });
    });
  }
  // the same DOI
  for (const [doi, rows] of dois) {
    for (let x = 0; x < rows.length; x++) {
      for (let y = x + 1; y < rows.length; y++) {
        pairs.add(rows[x]!, rows[y]!, { kind: "doi", fieldA: "DOI", fieldB: "DOI", valueA: doi, valueB: doi, weight: 1 });
      }
    }
  }
  // accessions cited by DONORCODE + DONORNUMB or OTHERNUMB, and held
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
