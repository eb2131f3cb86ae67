/**
 * `safetyDuplication(df, duplicates?)`: safety duplication per institute, from MCPD DUPLSITE and, when given, the
 * sets of `probableDuplicates()`. Counts only; every one is reproduced by a polars group-by in the tests.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { defineAnalysis } from "../kernel/analysis.ts";
import type { DuplicateResult } from "./find.ts";
import { codeList, INSTCODE_PATTERN } from "./keywords.ts";
import { readRecords, value } from "./records.ts";

/**
 * One row per INSTCODE: `accessions`; `with_duplsite` (DUPLSITE given); `duplsite_self` (a DUPLSITE code equal to
 * INSTCODE: the genebank names itself); `duplsite_not_instcode` (a DUPLSITE code that is not a WIEWS institute code,
 * e.g. "Svalbard"); `with_duplicate_elsewhere` (in a set of `duplicates` with a record of another institute: the
 * material is held elsewhere too); `duplicate_elsewhere_without_duplsite` (of those, how many do not name a DUPLSITE).
 * @example
 * ```ts
 * import { Genesys, probableDuplicates, safetyDuplication } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * console.log(safetyDuplication(df, probableDuplicates(df)).toString());
 * ```
 */
export function safetyDuplication(df: DataFrame, duplicates?: DuplicateResult): DataFrame {
  return declared(df, {}, duplicates);
}

/** safetyDuplication() has no options: an options object given is checked (and refused when it names any). */
export const SafetyOptionsSchema = z.strictObject({});

const declared = defineAnalysis({
  name: "safetyDuplication()",
  kind: "duplicates.safety",
  options: SafetyOptionsSchema,
  columns: [{ name: "INSTCODE" }],
  selectHint: () => "select INSTCODE and DUPLSITE",
  run: (df, _o, _context, duplicates?: DuplicateResult) => safetyCounts(df, duplicates),
});

function safetyCounts(df: DataFrame, duplicates: DuplicateResult | undefined): DataFrame {
  const r = readRecords(df);
  const elsewhere = new Set<number>();
  if (duplicates) {
    const s = duplicates.sets.select("set_id", "INSTCODE", "row").toRecords() as { set_id: number; INSTCODE: string | null; row: number }[];
    const insts = new Map<number, Set<string>>();
    for (const m of s) {
      const l = insts.get(m.set_id) ?? new Set<string>();
      l.add(m.INSTCODE ?? "");
      insts.set(m.set_id, l);
    }
    for (const m of s) if (insts.get(m.set_id)!.size > 1) elsewhere.add(m.row);
  }
  type Counts = { n: number; dupl: number; self: number; notCode: number; elsewhere: number; elsewhereNoDupl: number };
  const by = new Map<string, Counts>();
  for (let i = 0; i < r.rows; i++) {
    const inst = value(r, "INSTCODE", i);
    let c = by.get(inst);
    if (!c) by.set(inst, c = { n: 0, dupl: 0, self: 0, notCode: 0, elsewhere: 0, elsewhereNoDupl: 0 });
    const codes = codeList(value(r, "DUPLSITE", i));
    c.n++;
    if (codes.length) c.dupl++;
    if (codes.includes(inst.toUpperCase())) c.self++;
    if (codes.some((x) => !INSTCODE_PATTERN.test(x))) c.notCode++;
    if (elsewhere.has(i)) {
      c.elsewhere++;
      if (!codes.length) c.elsewhereNoDupl++;
    }
  }
  const keys = [...by.keys()].sort();
  const col = (name: string, f: (c: Counts) => number) => pl.Series(name, keys.map((k) => f(by.get(k)!)), pl.UInt32);
  const out = pl.DataFrame([
    pl.Series("INSTCODE", keys.map((k) => k || null), pl.Utf8),
    col("accessions", (c) => c.n),
    col("with_duplsite", (c) => c.dupl),
    col("duplsite_self", (c) => c.self),
    col("duplsite_not_instcode", (c) => c.notCode),
    ...(duplicates
      ? [col("with_duplicate_elsewhere", (c) => c.elsewhere), col("duplicate_elsewhere_without_duplsite", (c) => c.elsewhereNoDupl)]
      : []),
  ]);
  return out;
}
