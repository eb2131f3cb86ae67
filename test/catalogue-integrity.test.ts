/**
 * Catalogue look-ups read answers as strictly as passports(): each body is
 * sent by a scripted loopback server as a real service could send it (an HTML
 * login page or a JSON error with status 200, a record with one field too
 * many, backslash-escaped quotes, non-ASCII names, numbers that are not
 * numbers, the live overview shape), and every expected value is written out
 * by hand here.
 */
import { afterEach, describe, expect, it } from "vitest";
import { diagnostics, Genesys, GenesysResponseError, provenance } from "../src/index.ts";
import { type Scripted, scriptedServer } from "./helpers/scripted-server.ts";
import type { IncomingMessage } from "node:http";

type Server = Awaited<ReturnType<typeof scriptedServer>>;
let open: { srv: Server; c: Genesys }[] = [];
afterEach(async () => {
  for (const { srv, c } of open) await c.close().then(() => srv.close());
  open = [];
});

/** A client on a scripted server answering by path. */
async function serve(script: (path: string, req: IncomingMessage) => Scripted): Promise<{ c: Genesys; srv: Server }> {
  const srv = await scriptedServer((req) => script(new URL(req.url!, "http://x").pathname, req));
  const c = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
  open.push({ srv, c });
  return { c, srv };
}

const tsv = (body: string | Buffer, type = "text/csv;charset=UTF-8"): Scripted => ({
  status: 200,
  headers: { "content-type": type },
  body,
});

describe("tabular look-ups go through the CSV engine", () => {
  it("an HTML page answered with 200 to crops() is a GenesysResponseError naming the endpoint, not a frame of HTML columns", async () => {
    const { c } = await serve(() =>
      tsv(
        "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please log in</body></html>\n",
        "text/html;charset=UTF-8",
      )
    );
    const err = await c.crops().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.code).toBe("GENESYS_NOT_CSV");
    expect(err.endpoint).toBe("GET /api/v2/crops/list");
    expect(err.message).toMatch(/^GET \/api\/v2\/crops\/list: expected a CSV export, got 'text\/html/);
  });

  it("an HTML page sent as text/csv is refused too", async () => {
    const { c } = await serve(() => tsv("<html><body>Maintenance</body></html>\n"));
    const err = await c.crops().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.message).toMatch(/Maintenance/);
  });

  it("a JSON error body answered with 200 to species() is a typed error naming the endpoint", async () => {
    const { c } = await serve(() => ({
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8" },
      body: JSON.stringify({ timestamp: "2026-08-03T16:08:11Z", status: 500, error: "Internal Server Error", path: "/api/v2/acn/species" }),
    }));
    const err = await c.species({ crop: ["beans"] }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.endpoint).toBe("POST /api/v2/acn/species");
    expect(err.message).toMatch(/Internal Server Error/);
  });

  it("a record with an extra field is an error naming the record, never a frame without it", async () => {
    const body = "code\tacronym\tfullName\tcountry\taccessions\n" +
      "COL003\tCIAT\tCentro Internacional de Agricultura Tropical\tCOL\t67000\n" +
      "PER001\tCIP\tCentro Internacional de la Papa\tPER\t17000\tsurplus\n";
    const { c } = await serve(() => tsv(body));
    const err = await c.institutes().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.code).toBe("GENESYS_CSV_RECORD");
    expect(err.endpoint).toBe("POST /api/v2/wiews/list");
    expect(err.message).toMatch(/record 2 has 6 fields, the header has 5/);
    expect(err.message).toMatch(/PER001/);
  });

  it("reads backslash-escaped quotes and non-ASCII names; counts are Int64; provenance and diagnostics attached", async () => {
    const body = "code\tacronym\tfullName\tcountry\taccessions\n" +
      'COL017\tUNAL\t"Universidad Nacional de Colombia \u2014 Palmira"\tCOL\t2200\n' +
      'PER002\tINIA\t"Instituto Nacional de Innovaci\u00f3n Agraria \\"Donoso\\""\tPER\t850\n';
    const { c } = await serve(() => tsv(Buffer.from(body, "utf8")));
    const df = await c.institutes({ country: ["COL", "PER"] });
    expect(df.toRecords()).toEqual([
      { code: "COL017", acronym: "UNAL", fullName: "Universidad Nacional de Colombia \u2014 Palmira", country: "COL", accessions: 2200 },
      {
        code: "PER002",
        acronym: "INIA",
        fullName: 'Instituto Nacional de Innovaci\u00f3n Agraria "Donoso"',
        country: "PER",
        accessions: 850,
      },
    ]);
    expect(df.schema.accessions.variant).toBe("Int64");
    expect(provenance(df)).toMatchObject({
      kind: "institutes",
      endpoints: ["POST /api/v2/wiews/list"],
      filter: { country: ["COL", "PER"] },
      rows: 2,
      fromCache: false,
    });
    const d = diagnostics(df);
    expect(d?.endpoint).toBe("POST /api/v2/wiews/list");
    expect(d?.coercions).toEqual([]);
    // the escaped quotes were read by the documented dialect, and said so
    expect(d?.notes.join(" ")).toMatch(/backslash-escaped/);
  });

  it("a body declared ISO-8859-1 is read as Latin-1; Latin-1 bytes declared UTF-8 are an error, never replacement characters", async () => {
    const header = Buffer.from("code\tacronym\tfullName\tcountry\taccessions\n", "latin1");
    // "Corporación Colombiana de Investigación Agropecuaria" in Latin-1: ó is the one byte 0xF3
    const row = Buffer.from("COL029\tAGROSAVIA\tCorporaci\u00f3n Colombiana de Investigaci\u00f3n Agropecuaria\tCOL\t15000\n", "latin1");
    expect(row.includes(0xf3)).toBe(true);
    let charset = "ISO-8859-1";
    const { c } = await serve(() => tsv(Buffer.concat([header, row]), `text/csv;charset=${charset}`));
    const df = await c.institutes({ code: ["COL029"] });
    expect(df.getColumn("fullName").toArray()).toEqual(["Corporaci\u00f3n Colombiana de Investigaci\u00f3n Agropecuaria"]);
    charset = "UTF-8";
    const err = await c.institutes({ code: ["COL029"] }).catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.endpoint).toBe("POST /api/v2/wiews/list");
    expect(err.message).toMatch(/utf-8/i);
  });

  it("a count that is not a number is kept as text and reported, not guessed", async () => {
    const { c } = await serve(() =>
      tsv(
        "genus\tspecies\ttaxonName\taccessions\nPhaseolus\tvulgaris\tPhaseolus vulgaris\t120\nPhaseolus\tlunatus\tPhaseolus lunatus\tn/a\n",
      )
    );
    const df = await c.species({ crop: ["beans"] });
    expect(df.getColumn("accessions").toArray()).toEqual(["120", "n/a"]);
    expect(diagnostics(df)?.coercions).toEqual([
      { column: "accessions", what: "values are not numbers: column kept as String", count: 1, examples: ["n/a"] },
    ]);
    expect(provenance(df)).toMatchObject({
      kind: "species",
      endpoints: ["POST /api/v2/acn/species"],
      filter: { crop: ["beans"] },
      rows: 2,
    });
  });

  it("crops: provenance and diagnostics; an empty body is an empty frame that has them too", async () => {
    let empty = false;
    const { c } = await serve(() => tsv(empty ? "" : "shortName\tname\taccessions\nbeans\tBeans\t41000\nmaize\tMaize\t\n"));
    const crops = await c.crops();
    expect(crops.toRecords()).toEqual([
      { shortName: "beans", name: "Beans", accessions: 41000 },
      { shortName: "maize", name: "Maize", accessions: null },
    ]);
    expect(crops.schema.accessions.variant).toBe("Int64");
    expect(provenance(crops)).toMatchObject({ kind: "crops", endpoints: ["GET /api/v2/crops/list"], rows: 2 });
    expect(diagnostics(crops)).toEqual({ endpoint: "GET /api/v2/crops/list", coercions: [], notes: [] });
    empty = true;
    const none = await c.crops();
    expect(none.shape).toEqual({ height: 0, width: 0 });
    expect(provenance(none)?.rows).toBe(0);
    expect(diagnostics(none)?.endpoint).toBe("GET /api/v2/crops/list");
  });

  it("institutes: the diagnostics of every page in one log", async () => {
    const header = "code\tacronym\tfullName\tcountry\taccessions";
    const { c } = await serve((_path, req) => {
      const p = Number(new URL(req.url!, "http://x").searchParams.get("p"));
      // page 0: 100 rows, one count written as a decimal; page 1: 2 rows, another one
      const rows = p === 0
        ? Array.from({ length: 100 }, (_, i) => `X${String(i).padStart(5, "0")}\tA\tInst ${i}\tCOL\t${i === 7 ? "2167.0" : i}`)
        : ["Y00000\tB\tInst 100\tPER\t30.0", "Y00001\tB\tInst 101\tPER\t3"];
      return tsv([header, ...rows].join("\n") + "\n");
    });
    const df = await c.institutes();
    expect(df.height).toBe(102);
    expect(df.schema.accessions.variant).toBe("Int64");
    expect(df.getColumn("accessions").toArray().slice(6, 8)).toEqual([6, 2167]);
    expect(df.getColumn("accessions").toArray().slice(100)).toEqual([30, 3]);
    expect(diagnostics(df)).toEqual({
      endpoint: "POST /api/v2/wiews/list",
      coercions: [
        {
          column: "accessions",
          what: "whole numbers written as decimals (e.g. 2167.0) read as integers",
          count: 2,
          examples: ["2167.0", "30.0"],
        },
      ],
      notes: [],
    });
    expect(provenance(df)?.rows).toBe(102);
  });
});

describe("overview: the live answer shape, and answers that contradict themselves", () => {
  const overviewAnswer = (answer: unknown) => () => ({ status: 200, body: JSON.stringify(answer) });

  it("reads accessionCount and per field terms, total, other and missing", async () => {
    const { c } = await serve(overviewAnswer({
      filterCode: "v2fc1",
      accessionCount: 10,
      overview: {
        // 6 + 2 in the top terms, 1 in others: total 9; 1 without a crop: 10 accessions
        "crop.shortName": { terms: [{ term: "beans", count: 6 }, { term: "maize", count: 2 }], total: 9, other: 1, missing: 1 },
        "sampStat": { terms: [{ term: 100, count: 7 }], total: 7, other: 0, missing: 3 },
      },
      suggestions: { "crop.shortName": { terms: [{ term: "beans", count: 6 }] } },
    }));
    const o = await c.overview({ crop: ["beans", "maize", "wheat"] }, { limit: 2 });
    expect(o.total).toBe(10);
    expect(o.counts.toRecords()).toEqual([
      { field: "crop.shortName", term: "beans", label: null, count: 6 },
      { field: "crop.shortName", term: "maize", label: null, count: 2 },
      { field: "crop.shortName", term: "(other)", label: null, count: 1 },
      { field: "crop.shortName", term: "(missing)", label: null, count: 1 },
      { field: "sampStat", term: "100", label: "Wild", count: 7 },
      { field: "sampStat", term: "(missing)", label: null, count: 3 },
    ]);
    expect(provenance(o.counts)).toMatchObject({ kind: "overview", filterCode: "v2fc1", rows: 10, options: { limit: 2 } });
    expect(diagnostics(o.counts)).toEqual({ endpoint: "POST /api/v2/acn/overview", coercions: [], notes: [] });
  });

  it("the other fields' shape (totalElements, otherCount, missingCount, totalCount) still reads", async () => {
    const answer = overviewAnswer({
      filterCode: "sb1",
      totalElements: 5,
      overview: { "institute.code": { terms: [{ term: "COL003", count: 3 }], otherCount: 1, missingCount: 1, totalCount: 5 } },
    });
    const { c } = await serve((path) =>
      path.endsWith("/vocabulary/wiews/decode")
        ? { status: 200, body: JSON.stringify({ COL003: "Centro Internacional de Agricultura Tropical" }) }
        : answer()
    );
    const o = await c.overview();
    expect(o.total).toBe(5);
    expect(o.counts.toRecords()).toEqual([
      { field: "institute.code", term: "COL003", label: "Centro Internacional de Agricultura Tropical", count: 3 },
      { field: "institute.code", term: "(other)", label: null, count: 1 },
      { field: "institute.code", term: "(missing)", label: null, count: 1 },
    ]);
  });

  it("institutes whose names cannot be looked up keep their codes, and a note says why", async () => {
    const answer = overviewAnswer({
      accessionCount: 3,
      overview: { "institute.code": { terms: [{ term: "COL003", count: 3 }], total: 3, missing: 0 } },
    });
    const { c } = await serve((path) => (path.endsWith("/vocabulary/wiews/decode") ? { status: 503, body: "down" } : answer()));
    const o = await c.overview();
    expect(o.counts.toRecords()).toEqual([{ field: "institute.code", term: "COL003", label: null, count: 3 }]);
    expect(diagnostics(o.counts)!.notes).toEqual([
      expect.stringMatching(/^institute\.code: the institutes' names were not looked up \(.*503.*\); the codes have no label$/),
    ]);
  });

  it("a field that accounts for fewer accessions than accessionCount is an error naming the field", async () => {
    const { c } = await serve(overviewAnswer({
      accessionCount: 10,
      overview: {
        "crop.shortName": { terms: [{ term: "beans", count: 9 }], total: 9, other: 0, missing: 1 },
        // 4 + 1 + 2 = 7 accessions, but the answer says 10
        "taxonomy.genus": { terms: [{ term: "Phaseolus", count: 4 }], total: 5, other: 1, missing: 2 },
      },
    }));
    const err = await c.overview().catch((e) => e);
    expect(err).toBeInstanceOf(GenesysResponseError);
    expect(err.endpoint).toBe("POST /api/v2/acn/overview");
    expect(err.path).toBe("overview.taxonomy.genus");
    expect(err.message).toMatch(/taxonomy\.genus.*7.*10/);
  });

  it("accessionCount and totalElements that disagree, or a count above the total, are errors", async () => {
    const a = await serve(overviewAnswer({
      accessionCount: 10,
      totalElements: 12,
      overview: { sampStat: { terms: [{ term: 100, count: 10 }], total: 10, other: 0, missing: 0 } },
    }));
    const e1 = await a.c.overview().catch((e) => e);
    expect(e1).toBeInstanceOf(GenesysResponseError);
    expect(e1.message).toMatch(/accessionCount 10.*totalElements 12/);
    const b = await serve(overviewAnswer({
      accessionCount: 10,
      overview: { sampStat: { terms: [{ term: 100, count: 11 }], total: 11, other: 0, missing: 0 } },
    }));
    const e2 = await b.c.overview().catch((e) => e);
    expect(e2).toBeInstanceOf(GenesysResponseError);
    expect(e2.path).toBe("overview.sampStat");
    expect(e2.message).toMatch(/11.*10/);
  });

  it("a field with several values per accession, or a total that is not its terms plus other, is reported in the diagnostics", async () => {
    const { c } = await serve(overviewAnswer({
      accessionCount: 10,
      overview: {
        // 8 accessions with 11 and 5 with 12 (several have both): 13 values for 10 accessions
        storage: { terms: [{ term: "11", count: 8 }, { term: "12", count: 5 }], total: 13, other: 0, missing: 0 },
        // a total of 10 is neither the 6 + 2 with a crop nor the 6 + 2 + 1 with and without one
        "crop.shortName": { terms: [{ term: "beans", count: 6 }], total: 10, other: 2, missing: 1 },
      },
    }));
    const o = await c.overview();
    expect(o.total).toBe(10);
    expect(diagnostics(o.counts)?.notes).toEqual([
      "storage: the counts add up to 13, more than the 10 accessions (several values per accession)",
      "crop.shortName: total 10, but its terms and (other) add up to 8",
    ]);
  });
});

describe("every look-up frame carries provenance and diagnostics", () => {
  it("accession and subsets", async () => {
    const uuid = "0f1e2d3c-4b5a-4678-9abc-def012345678";
    const { c } = await serve((path) =>
      path.endsWith("/subset/filter")
        ? {
          status: 200,
          body: JSON.stringify({ content: [{ uuid, title: "Core", accessionCount: 12 }], totalElements: 1, last: true }),
        }
        : { status: 200, body: JSON.stringify({ details: { uuid, instituteCode: "COL003", accessionNumber: "G1" } }) }
    );
    const one = await c.accession(uuid);
    expect(provenance(one)).toMatchObject({ kind: "accession", rows: 1 });
    expect(diagnostics(one)?.endpoint).toBe("GET /api/v2/acn/details/{uuid}");
    const s = await c.subsets({ crop: ["beans"] });
    expect(provenance(s)).toMatchObject({ kind: "subsets", rows: 1 });
    expect(diagnostics(s)?.endpoint).toBe("POST /api/v2/subset/filter");
  });
});
