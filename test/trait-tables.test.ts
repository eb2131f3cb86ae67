/**
 * Trait tables from a hand-written two-dataset fixture, served by a scripted
 * loopback server shaped as the notes describe the real service (§8): value
 * arrays per descriptor UUID, descriptors absent where there is no data, a
 * null inside an array, an upper-case UUID in one answer, a name clash
 * ("Plant height" in cm and in m). Every expected frame below is worked out
 * by hand from the fixture, not from src/.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { citation, diagnostics, Genesys, GenesysInputError, joinTraits, provenance } from "../src/index.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const DS1 = "11111111-1111-4111-8111-111111111111";
const DS2 = "22222222-2222-4222-8222-222222222222";
const P = "aaaaaaaa-0000-4000-8000-00000000000a"; // Plant height, cm
const Q = "bbbbbbbb-0000-4000-8000-00000000000b"; // Plant height, m
const C = "cccccccc-0000-4000-8000-00000000000c"; // Seed colour, CODED
const A1 = "a1a1a1a1-0000-4000-8000-0000000000a1", A2 = "a2a2a2a2-0000-4000-8000-0000000000a2", A3 = "a3a3a3a3-0000-4000-8000-0000000000a3";

const datatables = [
  {
    id: "5f1d0c",
    version: 3,
    key: DS1,
    title: "Trial A, Palmira 2015",
    collection: `amphibian.${DS1}`,
    description: "Palmira, 2 reps",
    columns: { [P]: {}, [C]: {} },
  },
  // numeric id, version as text, key in upper case: all seen in the wild or allowed by the notes
  {
    id: 7,
    version: "1",
    key: DS2.toUpperCase(),
    title: "Trial B, Darién 2016",
    collection: `amphibian.${DS2}`,
    description: "Darién, 1 rep",
    columns: { [P]: {}, [Q]: {} },
  },
];
const descriptors = [
  { uuid: P, title: "Plant height", columnName: "PH_CM", dataType: "NUMERIC", uom: "cm", crop: "beans", category: "CHARACTERIZATION" },
  {
    uuid: C.toUpperCase(),
    title: "Seed colour",
    columnName: "SEEDCOL",
    dataType: "CODED",
    crop: "beans",
    terms: [{ code: "1", title: "White" }, { code: 2, title: "Red" }],
  },
  { uuid: Q, title: "Plant height", columnName: "PH_M", dataType: "NUMERIC", uom: "m", crop: "beans" },
];
const row = (acc: string, n: string, values: Record<string, unknown[]>) => ({
  accession: acc,
  accessionNumber: n,
  doi: `10.18730/${n}`,
  instituteCode: "COL003",
  ...values,
});
const data: Record<string, object[]> = {
  [DS1]: [row(A1, "G1", { [P]: [100, 110, 120], [C]: ["1", "2", "2"] }), row(A2, "G2", { [P]: [90] })],
  [DS2]: [row(A1, "G1", { [P]: [130], [Q]: [1.2, 1.4] }), row(A3, "G3", { [Q]: [0.9, null, 1.1] })],
};
const page = (content: object[]) => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 1000, last: true });

async function traits(
  opts: Parameters<Genesys["traits"]>[1] = {},
  rowsByDataset: Record<string, object[]> = data,
  tables: object[] = datatables,
) {
  const srv = await scriptedServer((req) => {
    const url = new URL(req.url!, "http://x");
    const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
    if (url.pathname.endsWith("/dataset/accessions-datasets")) return json([DS1, DS2]);
    if (url.pathname.endsWith("/amphibian/datatable/list")) return json(tables);
    if (url.pathname.endsWith("/descriptor/list/details")) return json(page(descriptors));
    if (url.pathname.endsWith("/dataset/data")) {
      const ds = url.searchParams.get("datasetUuids")!.split(",");
      const fields = new Set(url.searchParams.get("fields")!.split(","));
      if (ds.length !== 1) return { status: 400, body: "one dataset per request expected by this test" };
      const rows = (rowsByDataset[ds[0]!] ?? []).map((r) =>
        Object.fromEntries(Object.entries(r).filter(([k]) => !k.includes("-") || fields.has(k)))
      )
        .filter((r) => Object.keys(r).some((k) => k.includes("-") && k !== "accession"));
      return json(page(rows));
    }
    return { status: 404, body: "{}" };
  });
  const g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
  try {
    return { result: await g.traits({ crop: ["beans"] }, opts), seen: srv.seen };
  } finally {
    await g.close();
    await srv.close();
  }
}

const records = (df: pl.DataFrame) =>
  df.toRecords().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === undefined ? null : v])));

describe("trait tables: two datasets, repeated and missing values", () => {
  it("asks /dataset/data once per dataset", async () => {
    const { seen } = await traits();
    const calls = seen.filter((s) => s.path.includes("/dataset/data")).map((s) =>
      new URL(s.path, "http://x").searchParams.get("datasetUuids")
    );
    expect(calls).toEqual([DS1, DS2]);
  });

  it("long: one row per observed value, with its dataset and position; nulls are not rows", async () => {
    const { long } = (await traits()).result;
    expect(long.columns).toEqual([
      "INSTCODE",
      "ACCENUMB",
      "DOI",
      "UUID",
      "dataset",
      "trial",
      "descriptor",
      "descriptor_uuid",
      "data_type",
      "value_index",
      "value",
      "text",
      "label",
    ]);
    const pick = records(long.select("ACCENUMB", "dataset", "descriptor", "value_index", "value", "text", "label"));
    const r = (
      acc: string,
      ds: string,
      d: string,
      i: number,
      value: number | null,
      text: string | null = null,
      label: string | null = null,
    ) => ({ ACCENUMB: acc, dataset: ds, descriptor: d, value_index: i, value, text, label });
    expect(pick).toEqual([
      r("G1", DS1, "Plant height (cm)", 0, 100),
      r("G1", DS1, "Plant height (cm)", 1, 110),
      r("G1", DS1, "Plant height (cm)", 2, 120),
      r("G1", DS1, "Seed colour", 0, null, "1", "White"),
      r("G1", DS1, "Seed colour", 1, null, "2", "Red"),
      r("G1", DS1, "Seed colour", 2, null, "2", "Red"),
      r("G2", DS1, "Plant height (cm)", 0, 90),
      r("G1", DS2, "Plant height (cm)", 0, 130),
      r("G1", DS2, "Plant height (m)", 0, 1.2),
      r("G1", DS2, "Plant height (m)", 1, 1.4),
      r("G3", DS2, "Plant height (m)", 0, 0.9),
      r("G3", DS2, "Plant height (m)", 2, 1.1),
    ]);
    expect(long.getColumn("descriptor_uuid").toArray().slice(3, 6)).toEqual([C, C, C]);
    expect(long.schema.value.variant).toBe("Float64");
  });

  it("wide (default): Lists per accession and dataset, never paired across descriptors", async () => {
    const { wide } = (await traits()).result;
    expect(wide.columns).toEqual([
      "INSTCODE",
      "ACCENUMB",
      "DOI",
      "UUID",
      "dataset",
      "trial",
      "Plant height (cm)",
      "Seed colour",
      "Plant height (m)",
    ]);
    expect(String(wide.schema["Plant height (cm)"])).toBe(String(pl.List(pl.Float64)));
    expect(wide.getColumn("trial").toArray()).toEqual([
      "Trial A, Palmira 2015",
      "Trial A, Palmira 2015",
      "Trial B, Darién 2016",
      "Trial B, Darién 2016",
    ]);
    expect(records(wide.drop("INSTCODE", "DOI", "UUID", "trial"))).toEqual([
      { ACCENUMB: "G1", dataset: DS1, "Plant height (cm)": [100, 110, 120], "Seed colour": ["1", "2", "2"], "Plant height (m)": null },
      { ACCENUMB: "G2", dataset: DS1, "Plant height (cm)": [90], "Seed colour": null, "Plant height (m)": null },
      { ACCENUMB: "G1", dataset: DS2, "Plant height (cm)": [130], "Seed colour": null, "Plant height (m)": [1.2, 1.4] },
      { ACCENUMB: "G3", dataset: DS2, "Plant height (cm)": null, "Seed colour": null, "Plant height (m)": [0.9, 1.1] },
    ]);
    expect(wide.getColumn("UUID").toArray()).toEqual([A1, A2, A1, A3]);
  });

  it("wide, aggregate mean: numeric means, codes by mode", async () => {
    const { wide } = (await traits({ aggregate: "mean" })).result;
    const rows = records(wide.select("ACCENUMB", "dataset", "Plant height (cm)", "Seed colour", "Plant height (m)"));
    expect(rows.map((r) => [r.ACCENUMB, r.dataset, r["Plant height (cm)"], r["Seed colour"]])).toEqual([
      ["G1", DS1, 110, "2"],
      ["G2", DS1, 90, null],
      ["G1", DS2, 130, null],
      ["G3", DS2, null, null],
    ]);
    const m = rows.map((r) => r["Plant height (m)"] as number | null);
    expect(m[0]).toBeNull();
    expect(m[1]).toBeNull();
    expect(m[2]).toBeCloseTo(1.3, 12);
    expect(m[3]).toBeCloseTo(1.0, 12);
    expect(wide.schema["Seed colour"].variant).toBe("Categorical");
  });

  it("wide, other reductions: median, max, count, and mode with labels", async () => {
    const { wide } = (await traits({ aggregate: { numeric: "max", coded: "first" }, decode: true })).result;
    expect(wide.getColumn("Plant height (cm)").toArray()).toEqual([120, 90, 130, null]);
    expect(wide.getColumn("Seed colour").cast(pl.Utf8).toArray()).toEqual(["White", null, null, null]);
    const counted = (await traits({ aggregate: "count" })).result.wide;
    expect(counted.getColumn("Plant height (cm)").toArray()).toEqual([3, 1, 1, null]);
    expect(counted.getColumn("Plant height (m)").toArray()).toEqual([null, null, 2, 2]);
    const median = (await traits({ aggregate: "median", descriptors: ["PH_CM"] })).result.wide;
    expect(median.columns.slice(6)).toEqual(["Plant height (cm)"]);
    expect(median.getColumn("Plant height (cm)").toArray()).toEqual([110, 90, 130]);
  });

  it("datasets: title, crop, version, counts and the datatable's other fields", async () => {
    const { datasets } = (await traits()).result;
    expect(records(datasets)).toEqual([
      {
        uuid: DS1,
        title: "Trial A, Palmira 2015",
        crop: "beans",
        version: 3,
        accessions: 2,
        descriptors: 2,
        observations: 7,
        id: "5f1d0c",
        collection: `amphibian.${DS1}`,
        description: "Palmira, 2 reps",
      },
      {
        uuid: DS2,
        title: "Trial B, Darién 2016",
        crop: "beans",
        version: 1,
        accessions: 2,
        descriptors: 2,
        observations: 5,
        id: "7",
        collection: `amphibian.${DS2}`,
        description: "Darién, 1 rep",
      },
    ]);
  });

  it("descriptors: names after the clash rule, code lists as List(Struct{code, label}), datasets per descriptor", async () => {
    const { descriptors: d } = (await traits()).result;
    expect(d.getColumn("name").toArray()).toEqual(["Plant height (cm)", "Seed colour", "Plant height (m)"]);
    expect(d.getColumn("uuid").toArray()).toEqual([P, C, Q]);
    expect(d.getColumn("unit").toArray()).toEqual(["cm", null, "m"]);
    expect(String(d.schema.code_list)).toBe(
      'DataType(List(DataType(Struct(Field("code", DataType(String)),Field("label", DataType(String))))))',
    );
    expect(d.getColumn("code_list").toArray()).toEqual([null, [{ code: "1", label: "White" }, { code: "2", label: "Red" }], null]);
    expect(d.getColumn("datasets").toArray()).toEqual([[DS1, DS2], [DS1], [DS2]]);
  });

  it("a NUMERIC value that is not a number: kept as text in lists, left out of a mean, and reported as such", async () => {
    const withNa = { ...data, [DS1]: [row(A1, "G1", { [P]: [100, "n/a", 120], [C]: ["1"] })] };
    const listed = (await traits({}, withNa)).result.wide;
    expect(listed.getColumn("Plant height (cm)").toArray()[0]).toEqual(["100.0", "n/a", "120.0"]);
    expect(diagnostics(listed)!.coercions).toContainEqual(
      { column: "Plant height (cm)", what: "column kept as String: some values are not numbers", count: 1, examples: ["n/a"] },
    );
    const mean = (await traits({ aggregate: "mean" }, withNa)).result.wide;
    expect(mean.getColumn("Plant height (cm)").toArray()[0]).toBe(110);
    const said = diagnostics(mean)!.coercions.filter((c) => c.column === "Plant height (cm)");
    expect(said).toEqual([{
      column: "Plant height (cm)",
      what: "values that are not numbers left out of mean",
      count: 1,
      examples: ["n/a"],
    }]);
  });
  it("datasets by title (any case) or UUID; an unknown name lists the titles and names g.datasets(filter)", async () => {
    const { result, seen } = await traits({ datasets: ["trial b, darién 2016"] });
    expect([...new Set(result.wide.getColumn("dataset").toArray())]).toEqual([DS2]);
    expect(seen.filter((s) => s.path.includes("/dataset/data")).every((s) => s.path.includes(DS2))).toBe(true);
    const e = await traits({ datasets: ["Trial B, Darien 2016"] }).catch((e: Error) => e);
    expect(e).toBeInstanceOf(GenesysInputError);
    expect((e as Error).message).toContain("dataset 'Trial B, Darien 2016' not among the 2 trial datasets with data for this filter");
    expect((e as Error).message).toContain("did you mean 'Trial B, Darién 2016'?");
    expect((e as Error).message).toContain("g.datasets(filter) lists them");
    expect((e as Error).message).not.toContain("malformed UUID");
  });
});

describe("trials by name, and citations that name them", () => {
  it("a title two datasets share gets its version; provenance and citation list title, version and DOI", async () => {
    // the spec shows no DOI on a datatable; a `doi` field, when a service sends one, is cited
    const tables = [{ ...datatables[0]!, title: "Trial A", doi: "10.5555/TRIALA3" }, { ...datatables[1]!, title: "Trial A" }];
    const { wide, long } = (await traits({}, data, tables)).result;
    expect(wide.getColumn("trial").toArray()).toEqual(["Trial A (v3)", "Trial A (v3)", "Trial A (v1)", "Trial A (v1)"]);
    expect([...new Set(long.getColumn("trial").toArray())]).toEqual(["Trial A (v3)", "Trial A (v1)"]);
    expect(provenance(wide)!.trials).toEqual([
      { uuid: DS2, title: "Trial A", version: 1 },
      { uuid: DS1, title: "Trial A", version: 3, doi: "10.5555/TRIALA3" },
    ]);
    const c = citation(long);
    expect(c.text).toContain(
      'Trait data of 12 observations (3 accessions with DOIs) from 2 trials "Trial A" (version 1), "Trial A" (version 3, ' +
        "https://doi.org/10.5555/TRIALA3), retrieved",
    );
    expect(c.trials.map((t) => t.version)).toEqual([1, 3]);
  });
});

describe("joinTraits: trait values, passports and decoded labels on the accession key", () => {
  const ctx = useSandboxClient();
  it("one row per trait row, each key column once (no _right), trial titles, and a citation of both queries", async () => {
    const beans = { crop: ["beans"], countryOfOrigin: { code3: ["PER", "BOL", "ECU", "COL"] } };
    const passports = await ctx.g.passports(beans, { decode: true });
    const t = await ctx.g.traits(beans, { aggregate: "mean", descriptors: ["Seed iron content"] });
    const joined = joinTraits(passports, t);
    expect(joined.height).toBe(t.wide.height);
    expect(joined.columns.filter((c) => c.endsWith("_right"))).toEqual([]);
    expect(joined.columns.slice(0, passports.columns.length)).toEqual(passports.columns);
    expect(joined.columns.slice(passports.columns.length)).toEqual(["trial", "Seed iron content", "dataset"]);
    expect(joined.columns).toContain("ORIGCTY_name");
    // the same accession, the same values: every trait row keeps its value, and its passport's country
    const byKey = new Map(t.wide.toRecords().map((r) => [`${r.UUID}|${r.dataset}`, r["Seed iron content"]]));
    for (const r of joined.toRecords()) expect(r["Seed iron content"]).toBe(byKey.get(`${r.UUID}|${r.dataset}`));
    expect(joined.getColumn("ORIGCTY").nullCount()).toBe(0);
    const titles = t.datasets.filter(pl.col("observations").gt(0)).getColumn("title").toArray();
    expect(titles.length).toBeLessThan(t.datasets.height); // only the trials with iron values are cited
    expect(new Set(joined.getColumn("trial").toArray())).toEqual(new Set(titles));
    const c = citation(joined);
    expect(c.text).toMatch(
      /^Genesys PGR \(\d{4}\)\. Passport data of [\d,]+ records,? .* with the query \{"countryOfOrigin":.*"crop":\["beans"\]/,
    );
    expect(c.text).toContain(`Trait data of ${t.wide.height} records from`);
    // the DOIs counted are the joined table's, said of the table, not of the passport download's records
    const withDoi = joined.getColumn("DOI").dropNulls().unique().len();
    expect(withDoi).toBeLessThan(passports.getColumn("DOI").dropNulls().len());
    expect(c.text).toContain(`The table cited (${joined.height} rows) holds ${withDoi} accession DOIs.`);
    expect(c.text).not.toMatch(/Passport data of [\d,]+ records \(/);
    expect(citation(passports).text).toContain(
      `Passport data of ${passports.height.toLocaleString("en")} records (${
        passports.getColumn("DOI").dropNulls().len()
      } accessions with DOIs)`,
    );
    for (const title of titles) expect(c.text).toContain(`"${title}" (version `);
    expect(c.trials.length).toBe(titles.length);
    expect(provenance(joined)).toMatchObject({ kind: "joined", sources: [{ kind: "passports" }, { kind: "traits.wide" }] });
  });

  it("a trait row without a passport keeps its keys and is counted; inner leaves it out and says so", async () => {
    const t = await ctx.g.traits({ crop: ["beans"] }, { aggregate: "mean", descriptors: ["Seed iron content"] });
    const some = await ctx.g.passports({ crop: ["beans"], countryOfOrigin: { code3: ["PER"] } });
    const left = joinTraits(some, t);
    expect(left.height).toBe(t.wide.height);
    expect(left.getColumn("ACCENUMB").nullCount()).toBe(0);
    const missing = left.filter(pl.col("ORIGCTY").isNull()).height;
    expect(missing).toBeGreaterThan(0);
    expect(diagnostics(left)!.notes.join("\n")).toContain(
      `${missing.toLocaleString("en")} of ${t.wide.height.toLocaleString("en")} trait rows`,
    );
    const inner = joinTraits(some, t, { how: "inner" });
    expect(inner.height).toBe(t.wide.height - missing);
    expect(diagnostics(inner)!.notes.join("\n")).toContain('left out (how: "inner")');
    expect(() => joinTraits(some.select("ORIGCTY"), t)).toThrow(/share no accession key/);
    // frames joined with plain polars are cited by passing them all: both queries, the trials
    const both = citation(some, t.wide).text;
    expect(both).toContain(`Passport data of ${some.height} records`);
    expect(both).toContain(`Trait data of ${t.wide.height} records from the trial "CIAT beans screening`);
  });
});

describe("a decoded SCALE score without a term (issue 45 item 8)", () => {
  it("shows the score as it was scored (7, not 7.0), and the log says how many codes had no term", async () => {
    const { wideFrame } = await import("../src/client/traits/wide.ts");
    const { CoercionLog } = await import("../src/kernel/diagnostics.ts");
    const S = "dddddddd-0000-4000-8000-00000000000d";
    const long = pl.DataFrame({
      UUID: [A1, A2, A3],
      dataset: [DS1, DS1, DS1],
      descriptor_uuid: [S, S, S],
      value_index: [0, 0, 0],
      value: [3, 7, 5.5],
      text: [null, null, null],
      label: ["Intermediate", null, null],
    }, {
      schema: {
        UUID: pl.Utf8,
        dataset: pl.Utf8,
        descriptor_uuid: pl.Utf8,
        value_index: pl.UInt32,
        value: pl.Float64,
        text: pl.Utf8,
        label: pl.Utf8,
      },
    });
    const keys = pl.DataFrame({ UUID: [A1, A2, A3], dataset: [DS1, DS1, DS1] });
    const scale = { uuid: S, title: "Vigour", dataType: "SCALE", terms: [{ code: "3", title: "Intermediate" }] } as never;
    const log = new CoercionLog();
    const wide = wideFrame(long, keys, [scale], new Map([[S, "Vigour"]]), { aggregate: "first", decode: true }, log);
    expect(wide.getColumn("Vigour").cast(pl.Utf8).toArray()).toEqual(["Intermediate", "7", "5.5"]);
    expect(log.list()).toEqual([{
      column: "Vigour",
      what: "codes without a term in the descriptor's code list: kept as the code",
      count: 2,
      examples: ["7", "5.5"],
    }]);
  });
});
