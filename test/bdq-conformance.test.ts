/**
 * BDQ conformance: the rows of TDWG's own test validation data (test/fixtures/bdq/, CC BY 4.0) for every BDQ test a
 * rule implements, run through checkPassports(). Each row's Darwin Core inputs become one MCPD passport row (the
 * mapping below: ISO 3166 alpha-2 to MCPD's alpha-3, DwC year/month/day to an MCPD date), and BDQ's expected `status`
 * and `result` are compared with ours: the status from the rule's prerequisites (the fields in its `needs`, the same
 * count the summary's `checked` is), the result from its findings. Agreement per test is printed; the tests listed in
 * IMPLEMENTED must agree on at least 95 % of their applicable rows, and every row that disagrees must be one of those
 * docs/quality.md lists with its reason (DISAGREE below), so neither can change unseen.
 */
import { readFileSync } from "node:fs";
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { readTable } from "../src/client/csv/table.ts";
import { type CheckOptions, checkPassports } from "../src/index.ts";
import { BDQ, type BdqTest } from "../src/quality/bdq.ts";
import { alpha3Of } from "../src/quality/centres.ts";
import { meetsNeeds, RULE_BY_ID, RULES } from "../src/quality/rules.ts";

async function* once(b: Uint8Array) {
  yield b;
}
const file = "test/fixtures/bdq/TG2_test_validation_data.implemented.csv";
const { df: data } = await readTable(once(readFileSync(file)), { endpoint: file, contentType: "text/csv" });
type Row = Record<string, string | null>;
const rows = data.toRecords() as Row[];

/** A DwC number as the typed passport frame would hold it: a number, or null when empty or not a number. */
const num = (v: string | null | undefined) => (v == null || v.trim() === "" || !Number.isFinite(Number(v)) ? null : Number(v));
/** A DwC integer field: its digits padded to `n`, or null when empty or not an integer. */
const int = (v: string | null | undefined, n: number) => (v != null && /^\s*\d+\s*$/.test(v) ? v.trim().padStart(n, "0") : null);
/** ISO alpha-2 to alpha-3 where it is one; anything else passes verbatim (it is then judged as an MCPD code). */
const country = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : alpha3Of(v.trim()) ?? v.trim());

interface Adapter {
  /** The MCPD row a BDQ row becomes. */
  row: (r: Row) => Record<string, string | number | null>;
  /** The rules whose findings answer the test (the first one's needs are the prerequisites). */
  rules: string[];
  kind: "validation" | "issue" | "amendment";
  /** The test's parameters at BDQ's defaults, where ours differ. */
  options?: CheckOptions;
}

const coords = (r: Row) => ({ DECLATITUDE: num(r["dwc:decimalLatitude"]), DECLONGITUDE: num(r["dwc:decimalLongitude"]) });
const ADAPTERS = new Map<BdqTest, Adapter>([
  [BDQ.zero, { row: coords, rules: ["coord-zero"], kind: "validation" }],
  [BDQ.latitudeRange, { row: (r) => ({ DECLATITUDE: num(r["dwc:decimalLatitude"]) }), rules: ["coord-lat-range"], kind: "validation" }],
  [BDQ.longitudeRange, { row: (r) => ({ DECLONGITUDE: num(r["dwc:decimalLongitude"]) }), rules: ["coord-lon-range"], kind: "validation" }],
  [BDQ.countryConsistent, {
    row: (r) => ({ ...coords(r), ORIGCTY: country(r["dwc:countryCode"]) }),
    rules: ["coord-country", "coord-swapped", "coord-sign"],
    kind: "validation",
  }],
  [BDQ.terrestrialMarine, { row: coords, rules: ["coord-sea"], kind: "validation" }],
  [BDQ.centreOfCountry, {
    row: (r) => ({ ...coords(r), ORIGCTY: country(r["dwc:countryCode"]) }),
    rules: ["coord-centroid"],
    kind: "issue",
    // bdqval:spatialBufferInMeters default = 5000
    options: { centroidMeters: 5_000 },
  }],
  [BDQ.transposed, {
    row: (r) => ({ ...coords(r), ORIGCTY: country(r["dwc:countryCode"]) }),
    rules: ["coord-swapped", "coord-sign"],
    kind: "amendment",
  }],
  [BDQ.countryCode, { row: (r) => ({ ORIGCTY: country(r["dwc:countryCode"]) }), rules: ["country-unknown"], kind: "validation" }],
  // an MCPD date needs a year and, for a day, a month: 2000 (a leap year) and 01 (31 days) stand in for the missing
  // ones, the most permissive values, as BDQ's own test leaves them unconstrained
  [BDQ.dayInRange, {
    row: (r) => {
      const d = int(r["dwc:day"], 2);
      return { ACQDATE: d && `${int(r["dwc:year"], 4) ?? "2000"}${int(r["dwc:month"], 2) ?? "01"}${d}` };
    },
    rules: ["date-invalid"],
    kind: "validation",
  }],
  [BDQ.monthStandard, {
    row: (r) => {
      const m = r["dwc:month"];
      return { ACQDATE: m == null || m.trim() === "" ? null : `2000${int(m, 2) ?? m.trim()}--` };
    },
    rules: ["date-invalid"],
    kind: "validation",
  }],
  [BDQ.yearInRange, {
    row: (r) => ({ ACQDATE: int(r["dwc:year"], 4) && `${int(r["dwc:year"], 4)}----` }),
    rules: ["date-future", "date-invalid"],
    kind: "validation",
  }],
]);

/** Tests whose applicable rows must agree at least 95 % (docs/quality.md lists the others with their reasons). */
const IMPLEMENTED = [BDQ.zero, BDQ.latitudeRange, BDQ.longitudeRange, BDQ.centreOfCountry, BDQ.dayInRange, BDQ.yearInRange];

/** Every disagreeing row, by LineNumber, as docs/quality.md lists them with the reason. */
const DISAGREE: Record<string, number[]> = {
  // a point at sea 48 km off Veracruz: BDQ's authority includes Exclusive Economic Zones, collecting sites are on land
  VALIDATION_COORDINATESCOUNTRYCODE_CONSISTENT: [274],
  // BDQ asks whether the taxon is marine; every accession of a genebank is a plant of land or fresh water, so the rule
  // needs only the coordinates (282, 283, 285, 287, 289, 293: BDQ has no taxon status to go on) and cannot tell a
  // marine species in a lake (292)
  VALIDATION_COORDINATESTERRESTRIALMARINE_CONSISTENT: [282, 283, 285, 287, 289, 292, 293],
  // latitude "x": the typed passport frame holds no number there (the client reports the coercion), so the rule has no input
  AMENDMENT_COORDINATES_TRANSPOSED: [315],
  // ORIGCTY is ISO 3166-1 alpha-3 in MCPD: "GRL" is right there; "XZ" (high seas) and "ZZ" (user-defined) are no country
  VALIDATION_COUNTRYCODE_STANDARD: [6, 7, 12],
  // MCPD v2.1 writes an unknown month as 00: month "0" is an unknown month, not an error
  VALIDATION_MONTH_STANDARD: [1018],
};

/** Rows that test an unreachable external service (a `bdqval:` parameter set to an invalid URL): a local map has none. */
const external = (r: Row) => r["Response.status"] === "EXTERNAL_PREREQUISITES_NOT_MET";

interface Outcome {
  line: number;
  expected: string;
  got: string;
}

function run(a: Adapter, mine: Row[]): Outcome[] {
  const mapped = mine.map(a.row);
  const cols = [...new Set(mapped.flatMap((m) => Object.keys(m)))];
  const df = pl.DataFrame({
    ACCENUMB: mine.map((r) => r.LineNumber),
    ...Object.fromEntries(
      cols.map((
        c,
      ) => [c, pl.Series(c, mapped.map((m) => m[c] ?? null), c.startsWith("DEC") ? pl.Float64 : pl.Utf8)]),
    ),
  });
  const report = checkPassports(df, { ...a.options, rules: a.rules, today: new Date() });
  const f = report.findings.toRecords() as Record<string, unknown>[];
  const first = RULE_BY_ID.get(a.rules[0]!)!;
  return mine.map((r, i) => {
    const hits = f.filter((x) => x.row === i);
    const ready = meetsNeeds(first, (c) => mapped[i]![c] != null);
    let got: string;
    if (!ready) got = "INTERNAL_PREREQUISITES_NOT_MET";
    else if (a.kind === "validation") got = `RUN_HAS_RESULT ${hits.length ? "NOT_COMPLIANT" : "COMPLIANT"}`;
    else if (a.kind === "issue") got = `RUN_HAS_RESULT ${hits.length ? "POTENTIAL_ISSUE" : "NOT_ISSUE"}`;
    else {
      const h = hits.find((x) => x.suggested_latitude != null);
      got = h ? `AMENDED ${h.suggested_latitude} ${h.suggested_longitude}` : "NOT_AMENDED";
    }
    let expected = `${r["Response.status"]}`;
    if (expected === "RUN_HAS_RESULT") expected += ` ${r["Response.result"]}`;
    if (expected === "AMENDED") {
      const v = JSON.parse(r["Response.result"]!) as Record<string, string>;
      expected += ` ${Number(v["dwc:decimalLatitude"])} ${Number(v["dwc:decimalLongitude"])}`;
    }
    return { line: Number(r.LineNumber), expected, got };
  });
}

describe("BDQ conformance (TG2 test validation data)", () => {
  const results = [...ADAPTERS].map(([test, a]) => {
    const mine = rows.filter((r) => r.GUID === test.guid);
    const applicable = mine.filter((r) => !external(r));
    const outcomes = run(a, applicable);
    const agree = outcomes.filter((o) => o.expected === o.got).length;
    return { test, rows: mine.length, external: mine.length - applicable.length, outcomes, agree };
  });

  it("has rows for every test a rule maps to, and every rule's BDQ test is adapted here", () => {
    const mapped = new Set(RULES.flatMap((r) => r.bdq));
    for (const t of mapped) expect(ADAPTERS.has(t), t.label).toBe(true);
    for (const r of results) expect(r.rows, r.test.label).toBeGreaterThan(0);
  });

  it("agrees on at least 95 % of the applicable rows of every implemented test", () => {
    console.log(
      results.map((r) =>
        `${r.test.label.padEnd(52)} ${r.agree}/${r.outcomes.length} (${(100 * r.agree / r.outcomes.length).toFixed(1)} %)` +
        (r.external ? `, ${r.external} external-service row${r.external > 1 ? "s" : ""} not applicable` : "") +
        r.outcomes.filter((o) => o.expected !== o.got).map((o) => `\n    line ${o.line}: BDQ ${o.expected}, ours ${o.got}`).join("")
      ).join("\n"),
    );
    for (const r of results.filter((x) => IMPLEMENTED.includes(x.test))) {
      expect(r.agree / r.outcomes.length, r.test.label).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("disagrees only on the rows docs/quality.md lists", () => {
    const got = Object.fromEntries(
      results.map((r) => [r.test.label, r.outcomes.filter((o) => o.expected !== o.got).map((o) => o.line)]).filter(([, l]) =>
        (l as number[]).length
      ),
    );
    expect(got).toEqual(DISAGREE);
  });
});
