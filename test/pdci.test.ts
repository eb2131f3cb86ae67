/**
 * passportCompleteness(): the PDCI computed locally against Genesys's own scores on genuine rows (CIAT's table from the
 * live API, served over loopback and read by passports()), and against the weights table of van Hintum et al. (2011)
 * on rows written by hand, where each expected score is the sum of the paper's points for the fields given.
 */
import pl from "nodejs-polars";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { diagnostics, Genesys, GenesysInputError, PASSPORT_FIELDS, passportCompleteness, PDCI_ITEMS, provenance } from "../src/index.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const CIAT = readFileSync(new URL("./fixtures/pdci/ciat-accessions.csv", import.meta.url));

/** The genuine rows as passports() reads them from an /acn/query export. */
async function ciatPassports() {
  const srv = await scriptedServer((req) => {
    const p = Number(new URL(req.url ?? "/", "http://x").searchParams.get("p") ?? 0);
    return {
      status: 200,
      headers: { "content-type": "text/csv;charset=UTF-8" },
      body: p === 0 ? CIAT : CIAT.subarray(0, CIAT.indexOf(10) + 1),
    };
  });
  const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
  try {
    // select the MCPD columns the table has, as a client asking for them would (passports() checks the export against its select)
    const header = CIAT.subarray(0, CIAT.indexOf(10)).toString().split(",");
    const select = PASSPORT_FIELDS.map((f) => f.mcpd).filter((m) => header.includes(m));
    return await g.passports({ crop: ["beans"] }, { select, onDiagnostics: () => undefined });
  } finally {
    await g.close();
    await srv.close();
  }
}

describe("passportCompleteness() on genuine Genesys rows (CIAT, Aug 2026)", { timeout: 300_000 }, () => {
  let df: pl.DataFrame;
  let r: ReturnType<typeof passportCompleteness>;
  beforeAll(async () => {
    df = await ciatPassports();
    r = passportCompleteness(df, { missing: "empty" });
  }, 300_000);

  it("refuses a frame without every field the PDCI scores, naming them and what to select", () => {
    // CIAT's table has no OTHERNUMB column
    expect(() => passportCompleteness(df)).toThrow(GenesysInputError);
    try {
      passportCompleteness(df);
    } catch (e) {
      const err = e as GenesysInputError;
      expect(err.endpoint).toBe("passportCompleteness()");
      expect(err.code).toBe("GENESYS_MISSING_COLUMNS");
      expect(err.message).toMatch(/^passportCompleteness\(\): the frame has no column "OTHERNUMB"\n/);
      expect(err.message).toMatch(/select: \["GENUS", .*"OTHERNUMB"/);
      expect(err.message).toMatch(/missing: "empty"/);
    }
  });

  it("equals Genesys's score on every row whose fields are all in the table; the one other row lacks exactly OTHERNUMB's 0.35", () => {
    expect(r.absent).toEqual(["OTHERNUMB"]);
    const rows = r.accessions.select("ACCENUMB", "group", "PDCI", "PDCI_genesys", "PDCI_difference").toRecords();
    expect(rows).toEqual([
      { ACCENUMB: "G4680", group: "landrace", PDCI: 8.35, PDCI_genesys: 8.35, PDCI_difference: 0 },
      { ACCENUMB: "G3901", group: "landrace", PDCI: 8.35, PDCI_genesys: 8.7, PDCI_difference: -0.35 },
      { ACCENUMB: "G8199K", group: "landrace", PDCI: 8.15, PDCI_genesys: 8.15, PDCI_difference: 0 },
      { ACCENUMB: "G8167", group: "landrace", PDCI: 8.15, PDCI_genesys: 8.15, PDCI_difference: 0 },
      { ACCENUMB: "UNGB5251", group: "landrace", PDCI: 5.75, PDCI_genesys: 5.75, PDCI_difference: 0 },
    ]);
    expect(r.comparison).toEqual({ rows: 5, equal: 4, differ: 1 });
    // 0.35 is OTHERNUMB's weight and no other item's or pair's in a landrace's table: an OTHERNUMB Genesys holds and
    // the table left out; with one, the score is Genesys's
    const withAlias = df.withColumns(
      pl.when(pl.col("ACCENUMB").eq(pl.lit("G3901"))).then(pl.lit("an alias")).otherwise(pl.lit(null).cast(pl.Utf8)).alias("OTHERNUMB"),
    );
    const again = passportCompleteness(withAlias).accessions;
    expect(again.filter(pl.col("ACCENUMB").eq(pl.lit("G3901"))).getColumn("PDCI").toArray()).toEqual([8.7]);
    expect(diagnostics(r.accessions)?.notes).toEqual([
      "OTHERNUMB is not in the frame: scored as empty (the PDCI is a lower bound)",
      "PDCI computed here equals the frame's PDCI (the service's) on 4 of 5 rows",
    ]);
  });

  it("says which fields would raise each accession's score, and by how much, largest first", () => {
    const raise = r.accessions.getColumn("raise").toArray();
    // G4680: a landrace with everything but subtaxon, collecting number and institute, other numbers, ancestry, authors
    expect(raise[0]).toBe("SUBTAXA +0.40; COLLNUMB +0.40; OTHERNUMB +0.35; COLLCODE +0.30; COLLNAME +0.15; ANCEST +0.10; SPAUTHOR +0.05");
    // G8199K names its donor without a code: the code would add 0.40 - 0.20
    expect(raise[2]).toContain("DONORCODE +0.20");
    // UNGB5251 has coordinates, so a collecting site adds the landrace's 0.15, not 0.45
    expect(raise[4]).toMatch(/^ACCENAME \+0\.50; .*COLLSITE \+0\.15/);
    expect(raise[4]).not.toContain("BREDCODE"); // no breeder for a landrace
  });

  it("summarises per institute and per field", () => {
    expect(r.institutes.toRecords()).toEqual([
      {
        INSTCODE: "COL003",
        accessions: 4,
        PDCI_mean: 8.25,
        PDCI_median: 8.25,
        PDCI_min: 8.15,
        PDCI_max: 8.35,
        PDCI_genesys_mean: 8.34,
        equal: 3,
        differ: 1,
      },
      {
        INSTCODE: "UGA528",
        accessions: 1,
        PDCI_mean: 5.75,
        PDCI_median: 5.75,
        PDCI_min: 5.75,
        PDCI_max: 5.75,
        PDCI_genesys_mean: 5.75,
        equal: 1,
        differ: 0,
      },
    ]);
    const col = r.fields.filter(pl.col("INSTCODE").eq(pl.lit("COL003"))).toRecords();
    expect(col[0]).toEqual({ INSTCODE: "COL003", field: "COLLNUMB", accessions: 4, share: 100, adds_mean: 0.4, adds_max: 0.4 });
    // two of the four name their donor without a code: 0.20 each, 0.10 on the institute's mean
    expect(col.find((x) => x.field === "DONORCODE")).toEqual({
      INSTCODE: "COL003",
      field: "DONORCODE",
      accessions: 2,
      share: 50,
      adds_mean: 0.1,
      adds_max: 0.2,
    });
  });

  it("carries the source frame's provenance, with the derivation", () => {
    const p = provenance(r.accessions)!;
    expect(p.kind).toBe("passports.pdci.accessions");
    expect(p.endpoints).toEqual(provenance(df)!.endpoints);
    expect(p.derivation?.map((d) => [d.by, d.options])).toEqual([["passportCompleteness()", { missing: "empty" }]]);
    expect(provenance(r.institutes)!.rows).toBe(2);
    expect(provenance(r.fields)!.kind).toBe("passports.pdci.fields");
  });
});

type Fields = Record<string, string | number | boolean | null>;
/** Accessions with the given fields (every other PDCI field present but empty), one row each. */
function frame(list: Fields[]) {
  const cols = [...new Set(PDCI_ITEMS.flatMap((x) => x.fields))].filter((f) => f !== "DUPLINSTNAME");
  return pl.DataFrame(cols.map((c) => {
    const v = list.map((fields) => fields[c] ?? null);
    if (c === "SAMPSTAT" || c === "ELEVATION" || c === "COLLSRC") return pl.Series(c, v, pl.Int64);
    if (c === "DECLATITUDE" || c === "DECLONGITUDE") return pl.Series(c, v, pl.Float64);
    if (c === "MLSSTAT") return pl.Series(c, v, pl.Bool);
    return pl.Series(c, v, pl.Utf8);
  }));
}
/** The PDCI of each record, in one call (each call costs a few polars queries, whatever the rows). */
const scores = (list: Fields[]) => passportCompleteness(frame(list)).accessions.getColumn("PDCI").toArray() as number[];

describe("passportCompleteness() against the paper's weights", { timeout: 300_000 }, () => {
  const everything = {
    GENUS: "Zea",
    SPECIES: "mays",
    SPAUTHOR: "L.",
    SUBTAXA: "subsp. mays",
    SUBTAUTHOR: "L.",
    CROPNAME: "maize",
    ACQDATE: "19900101",
    DONORCODE: "MEX002",
    DONORNAME: "CIMMYT",
    DONORNUMB: "CIMMYT 1",
    OTHERNUMB: "PI 1",
    DUPLSITE: "NOR051",
    STORAGE: "13",
    ACCEURL: "https://example.org/1",
    MLSSTAT: true,
    ORIGCTY: "MEX",
    COLLSITE: "Texcoco",
    DECLATITUDE: 19.5,
    DECLONGITUDE: -98.9,
    ELEVATION: 2250,
    COLLDATE: "19890101",
    BREDCODE: "MEX002",
    BREDNAME: "CIMMYT",
    ANCEST: "A/B",
    COLLSRC: 10,
    ACCENAME: "Cónico",
    COLLNUMB: "JG 1",
    COLLCODE: "MEX002",
    COLLNAME: "CIMMYT",
  };

  it("a complete record scores 10 as wild, landrace, breeding material or cultivar, and 8.5 as other", () => {
    const statuses = [100, 200, 300, 410, 500, 999, null];
    // without SAMPSTAT: "other" without SAMPSTAT's own 0.80
    expect(scores(statuses.map((s) => ({ ...everything, SAMPSTAT: s })))).toEqual([10, 10, 10, 10, 10, 8.5, 7.7]);
  });

  it("scores each item as the table says", () => {
    const cases: [Fields, number, string][] = [
      [{}, 0, "nothing"],
      [{ GENUS: "Zea" }, 1.2, "a genus"],
      [{ SPECIES: "mays" }, 0, "a species without a genus scores nothing"],
      [{ GENUS: "Zea", SPECIES: "sp." }, 1.2, "MCPD's 'species unknown'"],
      [{ GENUS: "Zea", SPECIES: "  " }, 1.2, "a blank species"],
      [{ DONORNUMB: "X 1" }, 0.2, "a donor number without a donor"],
      [{ DONORNAME: "CIMMYT", DONORNUMB: "X 1" }, 0.6, "a donor number beside a donor"],
      [{ DONORCODE: "MEX002", DONORNAME: "CIMMYT" }, 0.4, "the donor's name counts only without its code"],
      [{ SAMPSTAT: 100, COLLSITE: "x" }, 1.5, "a wild accession's site alone: 0.80 + 0.70"],
      [{ SAMPSTAT: 100, COLLSITE: "x", DECLATITUDE: 1, DECLONGITUDE: 2 }, 2.2, "with coordinates: 0.80 + 1.20 + 0.20"],
      [{ SAMPSTAT: 100, DECLATITUDE: 1 }, 0.8, "one coordinate is none"],
      [{ SAMPSTAT: 500, ACCENAME: "Cónico" }, 2.4, "a cultivar's name: 0.80 + 1.60"],
      [{ SAMPSTAT: 100, ACCENAME: "Cónico" }, 0.8, "a wild accession's name counts nothing"],
    ];
    const got = scores(cases.map(([f]) => f));
    cases.forEach(([, want, what], i) => expect(got[i], what).toBe(want));
  });

  it("what each empty field would add is the score with it minus the score without it", () => {
    const start = { SAMPSTAT: 100, COLLSITE: "x", SPECIES: "mays" };
    const raise = passportCompleteness(frame([start])).accessions.getColumn("raise").get(0) as string;
    // GENUS brings SPECIES's 0.80 with it; coordinates add 1.20 but lower the site from 0.70 to 0.20
    const items = raise.split("; ").map((s) => s.split(" +") as [string, string]);
    expect(items.slice(0, 3)).toEqual([["GENUS", "2.00"], ["ORIGCTY", "0.80"], ["DECLATITUDE+DECLONGITUDE", "0.70"]]);
    const value = (f: string) => (f === "MLSSTAT" ? true : ["DECLATITUDE", "DECLONGITUDE", "ELEVATION", "COLLSRC"].includes(f) ? 1 : "v");
    const filled = items.map(([field]) => ({ ...start, ...Object.fromEntries(field.split("+").map((f) => [f, value(f)])) }));
    const [base, ...after] = scores([start, ...filled]);
    items.forEach(([field, adds], i) => expect(+(after[i]! - base!).toFixed(2), field).toBe(+adds));
  });

  it("rejects bad options and non-frames with a GenesysInputError", () => {
    expect(() => passportCompleteness(frame([{}]), { missing: "skip" } as never)).toThrow(
      /^passportCompleteness\(\): option 'missing' is "skip"; it must be "error" .* or "empty"/,
    );
    expect(() => passportCompleteness({} as never)).toThrow(/expects a polars DataFrame/);
  });
});

describe("passportCompleteness() on the sandbox, over real HTTP", { timeout: 300_000 }, () => {
  const ctx = useSandboxClient({ accessions: 2_000 });
  const planted = useSandboxClient({ accessions: 2_000, seed: 5, plantErrors: 0.05, plantDuplicates: 0.05 });

  // the sandbox scores its PDCI in SQL from the paper's table (src/sandbox/generator/pdci.ts), apart from
  // src/quality/pdci*.ts: two implementations that must agree on every row
  it("equals the sandbox's own PDCI on every accession it serves", async () => {
    const df = await ctx.g.passports({}, { onDiagnostics: () => undefined });
    const r = passportCompleteness(df);
    expect(r.absent).toEqual([]);
    expect(r.accessions.height).toBe(df.height);
    expect(r.accessions.getColumn("PDCI").nullCount()).toBe(0);
    expect(r.comparison).toEqual({ rows: df.height, equal: df.height, differ: 0 });
    const max = r.accessions.getColumn("PDCI").max() as number;
    expect(max).toBeLessThanOrEqual(10);
    // every SAMPSTAT group is met, so every column of the weights table is exercised
    expect(new Set(r.accessions.getColumn("group").toArray())).toEqual(new Set(["wild", "landrace", "breeding", "cultivar", "other"]));
  });
  it("and after planted errors and duplicates have changed the passports", async () => {
    const df = await planted.g.passports({}, { onDiagnostics: () => undefined });
    expect(passportCompleteness(df).comparison).toEqual({ rows: df.height, equal: df.height, differ: 0 });
  });
});
