import { existsSync, readdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/sandbox/server.ts";
import { post, sandbox, tsv } from "./helpers/sandbox.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(async () => {
  await sb.close();
});

describe("POST /acn/query", () => {
  it("exports tab-separated CSV with select aliases as headers", async () => {
    const r = await post(sb, "/acn/query?l=5&select=instituteCode INSTCODE,accessionNumber,taxonomy.genus GENUS", { crop: ["beans"] });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/csv/);
    const { header, rows } = tsv(r.text);
    expect(header).toEqual(["INSTCODE", "accessionNumber", "GENUS"]);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row[2]).toBe("Phaseolus");
  });

  it("uses genesysr's basic MCPD set when select is absent", async () => {
    const r = await post(sb, "/acn/query?l=1", {});
    expect(tsv(r.text).header).toEqual(["INSTCODE", "ACCENUMB", "DOI", "HISTORIC", "GENUS", "SPECIES", "SUBTAXA", "SAMPSTAT"]);
  });

  it("pages are disjoint and together equal the whole export", async () => {
    const all = tsv((await post(sb, "/acn/query?select=uuid", { crop: ["maize"] })).text).rows.map((r) => r[0]);
    const pages: string[] = [];
    for (let p = 0;; p++) {
      const rows = tsv((await post(sb, `/acn/query?select=uuid&l=100&p=${p}`, { crop: ["maize"] })).text).rows.map((r) => r[0]!);
      pages.push(...rows);
      if (rows.length < 100) break;
    }
    expect(all.length).toBeGreaterThan(250);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toEqual(all);
  });

  it("past the last page answers a header-only CSV", async () => {
    const r = await post(sb, "/acn/query?select=uuid&l=1000&p=999", {});
    expect(r.text).toBe("uuid\n");
  });

  it("quotes values holding tabs, quotes or newlines (RFC 4180)", async () => {
    const r = await post(sb, "/acn/query?select=remarks", { crop: [] });
    expect(r.text).toContain('"Seed coat ""speckled"" type"');
    expect(r.text).toMatch(/"Two forms present;\nseparated in 2003"/);
  });

  it("accepts genesysr's multipart form: filter, select and mcpd fields", async () => {
    const fd = new FormData();
    fd.set("mcpd", "true");
    fd.set("filter", JSON.stringify({ institute: { code: "COL003" } }));
    fd.set("select", "instituteCode INSTCODE,accessionNumber ACCENUMB");
    const res = await fetch(`${sb.url}/api/v2/acn/query?p=0&l=1000000`, {
      method: "POST",
      headers: { authorization: `Bearer ${sb.token}`, accept: "text/csv,*/*" },
      body: fd,
    });
    const { header, rows } = tsv(await res.text());
    expect(header).toEqual(["INSTCODE", "ACCENUMB"]);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["COL003"]));
  });

  it("answers a JSON page keyed by select path with Accept: application/json, and re-uses filterCode", async () => {
    const r = await post(sb, "/acn/query?l=2&select=instituteCode,geo.latitude,sampStat", { crop: ["rice"] }, {
      headers: { accept: "application/json" },
    });
    expect(r.status).toBe(200);
    expect(r.json.content).toHaveLength(2);
    expect(Object.keys(r.json.content[0])).toEqual(["instituteCode", "geo.latitude", "sampStat"]);
    expect(typeof r.json.content[0].sampStat).toBe("number");
    const again = await post(sb, `/acn/query?l=2&p=1&f=${r.json.filterCode}&select=instituteCode`, {}, {
      headers: { accept: "application/json" },
    });
    expect(again.json.totalElements).toBe(r.json.totalElements);
  });

  it("rejects l over 1,000,000, unknown select fields and malformed items", async () => {
    const over = await post(sb, "/acn/query?l=1000001", {});
    expect(over.status).toBe(400);
    expect(over.json.error).toMatch(/'l=1000001' is over the maximum of 1,000,000/);
    const unknown = await post(sb, "/acn/query?select=instituteCode,bogusField", {});
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatch(/unknown select field 'bogusField'/);
    const malformed = await post(sb, "/acn/query?select=instituteCode A B", {});
    expect(malformed.json.error).toMatch(/malformed select item 'instituteCode A B'/);
  });
});

describe("POST /acn/filter", () => {
  it("returns the page envelope with AccessionDTOs; l defaults to 100", async () => {
    const r = await post(sb, "/acn/filter", { crop: "wheat" });
    expect(r.status).toBe(200);
    expect(r.json.content).toHaveLength(100);
    expect(r.json).toMatchObject({ number: 0, size: 100, first: true });
    expect(r.json.totalPages).toBe(Math.ceil(r.json.totalElements / 100));
    expect(r.json.content[0].crop.shortName).toBe("wheat");
    expect(r.json.suggestions["crop.shortName"].terms[0]).toEqual({ term: "wheat", count: r.json.totalElements });
  });

  it("pages are disjoint and complete", async () => {
    const filter = { crop: ["potato"] };
    const first = await post(sb, "/acn/filter?l=1000", filter);
    const ids = new Set<string>();
    for (let p = 0; p < Math.ceil(first.json.totalElements / 37); p++) {
      const page = await post(sb, `/acn/filter?l=37&p=${p}`, filter);
      for (const a of page.json.content) {
        expect(ids.has(a.uuid)).toBe(false);
        ids.add(a.uuid);
      }
    }
    expect(ids.size).toBe(first.json.totalElements);
  });

  it("rejects l over 1,000", async () => {
    const r = await post(sb, "/acn/filter?l=1001", {});
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/maximum of 1,000/);
  });

  it("applies filters: institute, country, sampStat, geo, historic", async () => {
    const r = await post(sb, "/acn/filter?l=1000", { institute: { code: ["COL003"] }, sampStat: 300, geo: { referenced: true } });
    expect(r.json.content.length).toBeGreaterThan(0);
    for (const a of r.json.content) {
      expect(a.instituteCode).toBe("COL003");
      expect(a.sampStat).toBe(300);
      expect(typeof a.geo.latitude).toBe("number");
      expect(a.historic).toBe(false);
    }
    const hist = await post(sb, "/acn/filter?l=10", { historic: true });
    expect(hist.json.totalElements).toBeGreaterThan(0);
    for (const a of hist.json.content) expect(a.historic).toBe(true);
  });
});

describe("filter validation", () => {
  it("names an unknown key", async () => {
    const r = await post(sb, "/acn/filter", { crop: ["maize"], institue: { code: ["MEX002"] } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/unknown filter key 'institue'/);
  });
  it("names a nested unknown key and a wrong type", async () => {
    const r = await post(sb, "/acn/query", { institute: { cod: ["x"] }, historic: "no" });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/'institute.cod'/);
    expect(r.json.error).toMatch(/filter.historic: .*boolean/);
  });
  it("rejects malformed JSON with 400", async () => {
    const r = await post(sb, "/acn/filter", undefined, { raw: "{crop: maize" });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/malformed JSON body/);
  });
});

describe("auth", () => {
  it("401 with a JSON error without a token, with a wrong one, and with an expired one", async () => {
    const none = await post(sb, "/acn/filter", {}, { token: null });
    expect(none.status).toBe(401);
    expect(none.json.error).toMatch(/missing Authorization header/);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await post(sb, "/acn/filter", {}, { token: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatch(/unknown access token/);
    const short = sb.issueToken(0);
    const expired = await post(sb, "/dataset/accessions-datasets", {}, { token: short });
    expect(expired.status).toBe(401);
    expect(expired.json.error).toMatch(/expired/);
  });

  it("issues tokens for client credentials sent as Basic auth or as form fields", async () => {
    const basic = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    });
    const tok = await basic.json();
    expect(tok).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect((await post(sb, "/acn/filter?l=1", {}, { token: tok.access_token })).status).toBe(200);
    const form = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: sb.clientId,
        client_secret: sb.clientSecret,
        scope: "openid",
      }),
    });
    expect((await form.json()).scope).toBe("openid");
    const bad = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=x&client_secret=y",
    });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toBe("invalid_client");
  });
});

describe("trait workflow endpoints", () => {
  it("chains datasets -> datatable -> data -> descriptors", async () => {
    const ds = await post(sb, "/dataset/accessions-datasets", { crop: ["beans"] });
    expect(ds.status).toBe(200);
    expect(ds.json).toHaveLength(3);
    const dt = await post(sb, "/amphibian/datatable/list", ds.json);
    expect(dt.json.map((d: { key: string }) => d.key).sort()).toEqual([...ds.json].sort());
    const table = dt.json[0];
    expect(table.collection).toBe(`amphibian.${table.key}`);
    const fields = Object.keys(table.columns);
    const data = await post(sb, `/dataset/data?l=5&datasetUuids=${table.key}&fields=${fields.join(",")}`, { filters: { crop: ["beans"] } });
    expect(data.status).toBe(200);
    expect(data.json.content).toHaveLength(5);
    const row = data.json.content[0];
    expect(row.accession).toMatch(/^[0-9a-f-]{36}$/);
    const valueKeys = Object.keys(row).filter((k) => fields.includes(k));
    expect(valueKeys.length).toBeGreaterThan(0);
    for (const k of valueKeys) expect(Array.isArray(row[k])).toBe(true);
    const desc = await post(sb, "/descriptor/list/details", { uuid: fields });
    expect(desc.json.content.map((d: { uuid: string }) => d.uuid).sort()).toEqual([...fields].sort());
    expect(desc.json.content[0]).toHaveProperty("dataType");
  });

  it("labels the drought scale tolerant to susceptible, and a disease scale resistant to susceptible", async () => {
    const ds = (await post(sb, "/dataset/accessions-datasets", { crop: ["beans"] })).json as string[];
    const tables = (await post(sb, "/amphibian/datatable/list", ds)).json as { columns: Record<string, unknown> }[];
    const uuids = [...new Set(tables.flatMap((t) => Object.keys(t.columns)))];
    const desc = (await post(sb, "/descriptor/list/details", { uuid: uuids })).json.content as {
      title: string;
      terms?: { code: string; title: string }[];
    }[];
    const titles = (t: string) => desc.find((d) => d.title === t)?.terms?.map((x) => x.title);
    // a drought score is tolerance, not resistance (generator v31 said "Very resistant" for drought)
    expect(titles("Drought tolerance")).toEqual(["Very tolerant", "Tolerant", "Intermediate", "Susceptible", "Very susceptible"]);
    expect(titles("Bean common mosaic virus reaction")?.[0]).toBe("Very resistant");
  });

  it("accepts the OpenAPI body shape {filters: {accession}} and repeated query params", async () => {
    const ds = (await post(sb, "/dataset/accessions-datasets", { crop: ["maize"] })).json as string[];
    const dt = (await post(sb, "/amphibian/datatable/list", [ds[0]])).json;
    const fields = Object.keys(dt[0].columns);
    const a = await post(sb, `/dataset/data?l=1000&datasetUuids=${ds[0]}&fields=${fields.join(",")}`, { filters: { crop: ["maize"] } });
    const b = await post(sb, `/dataset/data?l=1000&datasetUuids=${ds[0]}&${fields.map((f) => `fields=${f}`).join("&")}`, {
      filters: { accession: { crop: ["maize"] } },
      select: [],
    });
    expect(b.json.totalElements).toBe(a.json.totalElements);
    expect(b.json.content).toEqual(a.json.content);
  });

  it("pages /dataset/data disjointly and rejects l over 1,000", async () => {
    const ds = (await post(sb, "/dataset/accessions-datasets", { crop: ["wheat"] })).json as string[];
    const dt = (await post(sb, "/amphibian/datatable/list", ds)).json;
    const q = `datasetUuids=${ds.join(",")}&fields=${Object.keys(dt[0].columns).join(",")}`;
    const total = (await post(sb, `/dataset/data?${q}&l=1`, {})).json.totalElements;
    const seen: string[] = [];
    for (let p = 0; p * 50 < total; p++) {
      seen.push(...(await post(sb, `/dataset/data?${q}&l=50&p=${p}`, {})).json.content.map((r: { accession: string }) => r.accession));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const over = await post(sb, `/dataset/data?${q}&l=1001`, {});
    expect(over.status).toBe(400);
  });

  it("rejects malformed UUIDs and reports unknown datasets", async () => {
    const bad = await post(sb, "/amphibian/datatable/list", ["not-a-uuid"]);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/malformed UUID in the body: "not-a-uuid"/);
    const unknown = await post(sb, "/amphibian/datatable/list", ["00000000-0000-4000-8000-000000000000"]);
    expect(unknown.status).toBe(404);
    const badField = await post(sb, "/dataset/data?datasetUuids=00000000-0000-4000-8000-000000000000&fields=zz", {});
    expect(badField.status).toBe(400);
    expect(badField.json.error).toMatch(/malformed UUID in fields: "zz"/);
    const badDesc = await post(sb, "/descriptor/list/details", { uuid: ["x"] });
    expect(badDesc.status).toBe(400);
  });
});

describe("determinism", () => {
  it("the same seed gives the same data; another seed does not", async () => {
    const again = await sandbox();
    const other = await sandbox({ seed: 8 });
    try {
      const q = "/acn/query?select=uuid,accessionNumber,latitude,acquisitionDate,accessionName";
      const a = (await post(sb, q, {})).text;
      expect((await post(again, q, {})).text).toBe(a);
      expect((await post(other, q, {})).text).not.toBe(a);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it("generates plausible MCPD values", async () => {
    const { header, rows } = tsv(
      (await post(sb, "/acn/query?select=origCty,latitude,longitude,acquisitionDate,sampStat,storage,coll.collSrc", {})).text,
    );
    expect(header).toHaveLength(7);
    for (const [cty, lat, lon, acq, samp, storage, src] of rows) {
      if (cty) expect(cty).toMatch(/^[A-Z]{3}$/);
      if (lat) expect(Math.abs(Number(lat))).toBeLessThanOrEqual(90);
      if (lon) expect(Math.abs(Number(lon))).toBeLessThanOrEqual(180);
      if (acq) expect(acq).toMatch(/^\d{4}(\d{4}|\d{2}--|----)$/);
      expect([100, 110, 120, 200, 300, 400, 410, 411, 412, 414, 420, 500, 999]).toContain(Number(samp));
      expect(storage).toMatch(/^\d{2}(;\d{2})*$/);
      if (src) expect(Number(src)).toBeGreaterThanOrEqual(10);
    }
  });
});

describe("names and numbers (src/sandbox/generator/names.ts)", () => {
  const query = async (select: string, filter: object = {}) => tsv((await post(sb, `/acn/query?select=${select}`, filter)).text).rows;
  it("names fit the crop and the region of origin: no Polish, Danish or Turkish word in a Latin American bean's name", async () => {
    const rows = await query("accessionName,origCty,sampStat", {
      crop: ["beans"],
      countryOfOrigin: { code3: ["COL", "MEX", "PER", "BRA"] },
    });
    const named = rows.filter((r) => r[0] && Number(r[2]) < 400);
    expect(named.length).toBeGreaterThan(20);
    // Spanish and Portuguese letters only (a Portuguese name may be hyphenated: Feijão-fava)
    for (const [name] of named) expect(name).toMatch(/^[A-Za-zÁÉÍÓÚÑÜáéíóúñüÂÊÔÃÕÇâêôãõç -]+$/);
  });
  it("bred material carries its programme's line designation, only from the programme's country; no two records share one", async () => {
    // a BAT line is CIAT's (Colombia), ICCV and ICSV lines ICRISAT's (India), IR lines IRRI's (the Philippines): MCPD's
    // ORIGCTY of bred material is where it was bred
    const series: Record<string, string> = {
      BAT: "COL",
      ICCV: "IND",
      ICSV: "IND",
      IR: "PHL",
      BRS: "BRA",
      RWR: "RWA",
      NABE: "UGA",
      KAT: "KEN",
      WAB: "CIV",
      BR: "BGD",
      RD: "THA",
    };
    const rows = await query("accessionName,sampStat,cropName,countryOfOrigin.code3", { crop: ["beans", "chickpea", "sorghum", "rice"] });
    const bred = rows.filter((r) => r[0] && Number(r[1]) >= 400 && Number(r[1]) < 600);
    const lines = bred.map((r) => r[0]!);
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(l).toMatch(/^(BAT|ICCV|ICSV|IR|BRS|RWR|NABE|KAT B|WAB|BR|RD) ?\d+$/);
    expect(bred.filter((r) => r[3] && r[3] !== series[r[0]!.split(" ")[0]!]).map((r) => `${r[0]} ${r[3]}`)).toEqual([]);
    expect(new Set(lines).size).toBe(lines.length);
  });
  it("a donor number is the donor's own, one per sample: given with a donor, never shared between two records", async () => {
    const rows = await query("donorCode,donorNumb,coll.collNumb");
    const donor = rows.filter((r) => r[1]);
    expect(donor.length).toBeGreaterThan(100);
    expect(donor.every((r) => r[0])).toBe(true);
    expect(new Set(donor.map((r) => `${r[0]} ${r[1]}`)).size).toBe(donor.length);
    const coll = rows.map((r) => r[2]).filter(Boolean);
    expect(new Set(coll).size).toBe(coll.length);
  });
});

describe("generator randomness", () => {
  // bug: hash(id, seed, k) draws for neighbouring k were correlated, so points lay on diagonal lines. The collecting
  // sites themselves follow where people live (a country's towns can lie along a diagonal, as Brazil's coast does), so
  // the draws are tested where they act: each accession's offset from its site (the other accessions of the same site).
  it("an accession's offset from its collecting site: latitude and longitude draws are not correlated", async () => {
    const { rows } = tsv(
      (await post(sb, "/acn/query?select=latitude,longitude,coll.collSite", {
        countryOfOrigin: { code3: ["BRA", "ETH", "IND"] },
        geo: { referenced: true },
      })).text,
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const bySite = new Map<string, [number, number][]>();
    for (const r of rows) if (r[2]) bySite.set(`${r[2]}`, [...(bySite.get(`${r[2]}`) ?? []), [Number(r[0]), Number(r[1])]]);
    const offsets: [number, number][] = [];
    for (const g of bySite.values()) {
      if (g.length < 2) continue;
      const mx = mean(g.map((p) => p[0])), my = mean(g.map((p) => p[1]));
      for (const [la, lo] of g) offsets.push([la - mx, lo - my]);
    }
    expect(offsets.length).toBeGreaterThan(50);
    const cov = mean(offsets.map((p) => p[0] * p[1]));
    const sx = Math.sqrt(mean(offsets.map((p) => p[0] ** 2))), sy = Math.sqrt(mean(offsets.map((p) => p[1] ** 2)));
    expect(Math.abs(cov / (sx * sy))).toBeLessThan(0.2);
  });
});

describe("export spool", () => {
  it("serves a repeated export from the spool, byte for byte", async () => {
    const q = "/acn/query?select=uuid,accessionNumber,remarks&l=300&p=1";
    const first = await post(sb, q, { crop: ["wheat", "rice"] });
    const again = await post(sb, q, { crop: ["wheat", "rice"] });
    expect(first.headers.get("x-sandbox-export")).toBe("new");
    expect(again.headers.get("x-sandbox-export")).toBe("spooled");
    expect(again.text).toBe(first.text);
    expect(tsv(first.text).rows.length).toBeGreaterThan(100);
    const other = await post(sb, q, { crop: ["wheat"] });
    expect(other.headers.get("x-sandbox-export")).toBe("new");
  });

  it("keeps nothing when the cache is 0 bytes, and removes the spool on close", async () => {
    const c = await sandbox({ exportCacheBytes: 0 });
    const dir = c.exportSpoolDir;
    try {
      const r = await post(c, "/acn/query?select=uuid&l=500", {});
      expect(tsv(r.text).rows).toHaveLength(500);
      expect(readdirSync(dir)).toEqual([]);
      const again = await post(c, "/acn/query?select=uuid&l=500", {});
      expect(again.headers.get("x-sandbox-export")).toBe("new");
      expect(again.text).toBe(r.text);
    } finally {
      await c.close();
    }
    expect(existsSync(dir)).toBe(false);
  });

  it("answers a JSON 500 (not a cut-off 200) when DuckDB cannot write the export", async () => {
    const c = await sandbox();
    try {
      rmSync(c.exportSpoolDir, { recursive: true, force: true });
      const r = await post(c, "/acn/query?select=uuid&l=10", {});
      expect(r.status).toBe(500);
      expect(r.json.error).toMatch(/internal sandbox error/);
    } finally {
      await c.close();
    }
  });

  it("streams rows in accession order with the same values as the JSON mode", async () => {
    const select = "accessionNumber,latitude,historic,sampStat,lastModifiedDate";
    const csv = tsv((await post(sb, `/acn/query?select=${select}&l=50&p=3`, { crop: ["maize"] })).text);
    const json = await post(sb, `/acn/query?select=${select}&l=50&p=3`, { crop: ["maize"] }, { headers: { accept: "application/json" } });
    const content = (json.json as { content: Record<string, unknown>[] }).content;
    expect(csv.rows.map((r) => r[0])).toEqual(content.map((r) => r.accessionNumber));
    expect(csv.rows.map((r) => (r[1] === "" ? null : Number(r[1])))).toEqual(content.map((r) => r.latitude ?? null));
    expect(csv.rows.map((r) => r[2])).toEqual(content.map((r) => String(r.historic)));
    expect(csv.rows.map((r) => r[4])).toEqual(content.map((r) => r.lastModifiedDate));
  });
});

describe("throttle option", () => {
  it("paces CSV exports to the given bytes per second and sends the same bytes", async () => {
    const slow = await sandbox({ throttleBytesPerSecond: 400_000 });
    try {
      const q = "/acn/query?select=uuid,accessionNumber";
      const t0 = performance.now();
      const paced = await post(slow, q, {});
      const seconds = (performance.now() - t0) / 1000;
      const bytes = Buffer.byteLength(paced.text);
      expect(bytes).toBeGreaterThan(150_000);
      expect(seconds).toBeGreaterThanOrEqual((0.8 * bytes) / 400_000);
      expect(paced.text).toBe((await post(sb, q, {})).text);
    } finally {
      await slow.close();
    }
  });
});

describe("comma delimiter option", () => {
  it("emits commas and quotes values that contain them", async () => {
    const c = await sandbox({ delimiter: "," });
    try {
      const r = await post(c, "/acn/query?select=instituteCode,institute.fullName&l=2000", {});
      expect(r.text.split("\n")[0]).toBe("instituteCode,institute.fullName");
      expect(r.text).toContain('"Centro de Recursos Fitogenéticos, INIA-CSIC"');
    } finally {
      await c.close();
    }
  });
});

describe("clones the draw made (generator/duplicates.ts recordClones)", () => {
  it("a named clone of a clonal crop from one country, drawn twice, is one material in the truth table; a seed crop's is not", async () => {
    const sb = await sandbox({ accessions: 20_000, seed: 11, plantDuplicates: 0.04 });
    try {
      const con = await sb.db.connect();
      const rows = async (sql: string) => (await con.runAndReadAll(sql)).getRowObjects();
      // banana landraces under one name and country at two genebanks (Sukali Ndiizi from Uganda at ITC and IITA)
      const pairs = await rows(`SELECT a.id AS a, b.id AS b, a.crop_code FROM accession a JOIN accession b ON a.id < b.id
        AND a.crop_code = b.crop_code AND a.accession_name = b.accession_name AND a.orig_cty = b.orig_cty
        AND a.inst_code <> b.inst_code AND a.samp_stat = 300 AND b.samp_stat = 300
        WHERE a.crop_code IN ('banana', 'faba') AND a.accession_name IN ('Sukali Ndiizi', 'Abat')`);
      const truth = new Map((await rows("SELECT id, group_id, role FROM planted_duplicate")).map((r) => [Number(r.id), r]));
      const banana = pairs.filter((p) => p.crop_code === "banana"), faba = pairs.filter((p) => p.crop_code === "faba");
      expect(banana.length).toBeGreaterThan(0);
      for (const p of banana) {
        expect(truth.get(Number(p.a))?.role).toBe("clone");
        expect(truth.get(Number(p.a))?.group_id).toEqual(truth.get(Number(p.b))?.group_id);
      }
      // two seed samples of a faba landrace under one name are two samples, not a clone
      for (const p of faba) expect(truth.get(Number(p.a))?.role).not.toBe("clone");
      con.closeSync();
    } finally {
      await sb.close();
    }
  }, 120_000);
});
