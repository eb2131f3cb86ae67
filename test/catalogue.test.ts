/**
 * Catalogue look-ups over HTTP: against the sandbox (whose institutes and
 * crops are the generator's, so look-ups and passports must agree), and
 * against a scripted server sending the other plausible shapes of each answer
 * (notes §14), written by hand here. Then interactive login end to end, the
 * test playing the browser.
 */
import pl from "nodejs-polars";
import { beforeAll, describe, expect, it } from "vitest";
import { Genesys, GenesysCredentialsError, provenance } from "../src/index.ts";
import type { Sandbox } from "../src/sandbox/server.ts";
import { SANDBOX_USER } from "../src/sandbox/auth.ts";
import { sandbox, useSandboxClient } from "./helpers/sandbox.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";

const ctx = useSandboxClient();
let sb: Sandbox;
let g: Genesys;
beforeAll(() => ({ sb, g } = ctx));

describe("look-ups against the sandbox", () => {
  it("crops and species agree with the passports", async () => {
    const crops = await g.crops();
    expect(crops.columns).toEqual(["shortName", "name", "accessions"]);
    const beans = crops.filter(pl.col("shortName").eq(pl.lit("beans"))).row(0);
    const passports = await g.passports({ crop: ["beans"] }, { select: ["UUID", "GENUS", "SPECIES"] });
    expect(beans[2]).toBe(passports.height);
    const species = await g.species({ crop: ["beans"] });
    expect(species.getColumn("accessions").sum()).toBe(passports.height);
    const vulgaris = passports.filter(pl.col("SPECIES").cast(pl.Utf8).eq(pl.lit("vulgaris"))).height;
    expect(species.filter(pl.col("species").eq(pl.lit("vulgaris"))).getColumn("accessions").toArray()).toEqual([vulgaris]);
  });

  it("institutes by country and code; names for codes; unknown codes absent", async () => {
    const col = await g.institutes({ country: ["col"] });
    expect(col.getColumn("code").toArray()).toEqual(["COL003"]);
    expect(col.columns).toEqual(["code", "acronym", "fullName", "country", "accessions", "url"]);
    const two = await g.institutes({ code: ["PER001", "MEX002"] });
    expect(two.getColumn("code").toArray()).toEqual(["MEX002", "PER001"]);
    const all = await g.institutes();
    expect(all.height).toBeGreaterThan(10);
    const names = await g.instituteNames(["COL003", "NOPE99"]);
    expect([...names]).toEqual([["COL003", "Centro Internacional de Agricultura Tropical"]]);
  });

  it("overview: the size of a query before downloading it; each field adds up to the total", async () => {
    const { total, counts } = await g.overview({ crop: ["maize"] }, { limit: 3 });
    const n = (await g.passports({ crop: ["maize"] }, { select: ["UUID"] })).height;
    expect(total).toBe(n);
    const sums = counts.groupBy("field").agg(pl.col("count").sum().alias("n")).toRecords();
    for (const s of sums) expect(s.n, String(s.field)).toBe(n);
    expect(counts.filter(pl.col("field").eq(pl.lit("institute.code"))).height).toBeLessThanOrEqual(5);
    // MCPD codes with their words beside them: countries by name, biological status by its MCPD label
    const coded = counts.filter(pl.col("field").isIn(["countryOfOrigin.code3", "sampStat"]).and(pl.col("term").str.contains("^\\w+$")));
    expect(coded.height).toBeGreaterThan(2);
    for (const r of coded.toRecords()) expect(r.label, String(r.term)).toMatch(/^[A-Z][a-z]/);
    expect(counts.filter(pl.col("term").eq(pl.lit("MEX"))).getColumn("label").toArray()).toEqual(["Mexico"]);
    expect(provenance(counts)?.filterCode).toMatch(/^\S+$/);
  });

  it("one accession by UUID and by DOI, the same record; a clear error for an unknown DOI", async () => {
    const p = await g.passports({ crop: ["potato"] }, { select: ["UUID", "DOI", "ACCENUMB"], limit: 50 });
    const r = p.filter(pl.col("DOI").isNotNull()).row(0);
    const byUuid = await g.accession(String(r[0]));
    const byDoi = await g.accession(String(r[1]));
    expect(byUuid.height).toBe(1);
    expect(byUuid.getColumn("accessionNumber").toArray()).toEqual([r[2]]);
    expect(byDoi.frameEqual(byUuid)).toBe(true);
    await expect(g.accession("10.18730/NOSUCH")).rejects.toThrow(/no accession with DOI 10.18730\/NOSUCH/);
  });

  it("subsets by crop and institute; me() names the token's client", async () => {
    const s = await g.subsets({ crop: ["beans"] });
    expect(s.height).toBeGreaterThan(0);
    expect(new Set(s.getColumn("crops").toArray())).toEqual(new Set(["beans"]));
    expect(s.schema.accessionCount.variant).toBe("Int64");
    const ciat = await g.subsets({ institute: ["COL003"] });
    expect(new Set(ciat.getColumn("institute.code").toArray())).toEqual(new Set(["COL003"]));
    expect((await g.me()).email).toBe(sb.clientId);
  });

  it("passports({ decode: true }): labels after the codes, institute names, codes unchanged", async () => {
    const select = ["INSTCODE", "ACCENUMB", "SAMPSTAT", "ORIGCTY", "STORAGE"];
    const plain = await g.passports({ crop: ["beans"] }, { select });
    const df = await g.passports({ crop: ["beans"] }, { select, decode: true });
    expect(df.columns).toEqual([
      "INSTCODE",
      "INSTCODE_name",
      "ACCENUMB",
      "SAMPSTAT",
      "SAMPSTAT_label",
      "ORIGCTY",
      "ORIGCTY_name",
      "STORAGE",
      "STORAGE_label",
    ]);
    expect(df.select(...select).frameEqual(plain)).toBe(true);
    expect(df.getColumn("SAMPSTAT_label").nullCount()).toBe(df.getColumn("SAMPSTAT").nullCount());
    const ciat = df.filter(pl.col("INSTCODE").cast(pl.Utf8).eq(pl.lit("COL003"))).getColumn("INSTCODE_name").unique().toArray();
    expect(ciat).toEqual(["Centro Internacional de Agricultura Tropical"]);
  });
});

describe("look-ups against other shapes a server may send", () => {
  it("reads quoted TSV, institute names as an array, a bare overview map and accession, a uuid-only profile", async () => {
    const uuid = "0f1e2d3c-4b5a-4678-9abc-def012345678";
    const bodies: Record<string, { type: string; body: string }> = {
      "/api/v2/crops/list": { type: "text/csv", body: 'shortName\tname\totherNames\nbeans\tBeans\t"Phaseolus;\tfrijol"\nmaize\tMaize\t\n' },
      "/api/v2/vocabulary/wiews/decode": {
        type: "application/json",
        body: JSON.stringify([{ code: "COL003", fullName: "CIAT" }, { code: "PER001", name: "CIP" }]),
      },
      "/api/v2/acn/overview": {
        type: "application/json",
        body: JSON.stringify({
          "crop.shortName": { terms: [{ term: "beans", count: 7 }], missingCount: 1 },
          "sampStat": { terms: [{ term: 300, count: 8 }] },
        }),
      },
      [`/api/v2/acn/details/${uuid}`]: {
        type: "application/json",
        body: JSON.stringify({ uuid, instituteCode: "COL003", accessionNumber: "G1", extra: { a: 1 } }),
      },
      "/api/v2/me/profile": { type: "application/json", body: JSON.stringify({ uuid: "u-1" }) },
    };
    const srv = await scriptedServer((req) => {
      const b = bodies[new URL(req.url!, "http://x").pathname];
      return b ? { status: 200, headers: { "content-type": b.type }, body: b.body } : { status: 404, body: "{}" };
    });
    const c = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const crops = await c.crops();
    expect(crops.toRecords()).toEqual([{ shortName: "beans", name: "Beans", otherNames: "Phaseolus;\tfrijol" }, {
      shortName: "maize",
      name: "Maize",
      otherNames: null,
    }]);
    expect([...(await c.instituteNames(["COL003", "PER001"]))]).toEqual([["COL003", "CIAT"], ["PER001", "CIP"]]);
    const o = await c.overview();
    expect(o.total).toBe(8);
    expect(o.counts.toRecords()).toEqual([
      { field: "crop.shortName", term: "beans", label: null, count: 7 },
      { field: "crop.shortName", term: "(missing)", label: null, count: 1 },
      { field: "sampStat", term: "300", label: "Traditional cultivar/landrace", count: 8 },
    ]);
    const one = await c.accession(uuid.toUpperCase());
    expect(one.toRecords()).toEqual([{ uuid, instituteCode: "COL003", accessionNumber: "G1", "extra.a": 1 }]);
    expect(await c.me()).toEqual({ uuid: "u-1" });
    expect(srv.seen.find((s) => s.path.includes("/crops/list"))?.path).toBe("/api/v2/crops/list?l=1000");
    await c.close();
    await srv.close();
  });

  it("species as a CSV with quoted names; subsets as a Spring page with nested institutes and extra fields", async () => {
    const subsetPage = {
      content: [
        {
          uuid: "9d7b1c52-6f4a-4d1e-9b8a-2c3d4e5f6a7b",
          title: "CIAT bean core collection",
          institute: { code: "COL003", fullName: "CIAT", country: { code3: "COL" } },
          crops: ["beans"],
          accessionCount: 1441,
          dateCreated: "2019-05-02T10:00:00Z",
          published: true,
        },
        {
          uuid: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          title: "Drought subset",
          description: null,
          institute: null,
          crops: null,
          accessionCount: null,
        },
      ],
      totalElements: 2,
      totalPages: 1,
      number: 0,
      size: 100,
      last: true,
      numberOfElements: 2,
    };
    const srv = await scriptedServer((req) => {
      const path = new URL(req.url!, "http://x").pathname;
      if (path.endsWith("/acn/species")) {
        return {
          status: 200,
          headers: { "content-type": "text/csv" },
          // one name quoted RFC-style, one with a backslash-escaped quote (the export dialect)
          body: 'genus,species,taxonName,accessions\nPhaseolus,vulgaris,"Phaseolus vulgaris L., nom. cons.",120\n' +
            'Phaseolus,lunatus,"Phaseolus \\"Sieva\\" lunatus",7\n',
        };
      }
      if (path.endsWith("/subset/filter")) return { status: 200, body: JSON.stringify(subsetPage) };
      return { status: 404, body: "{}" };
    });
    const c = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const species = await c.species({ crop: ["beans"] });
    expect(species.toRecords()).toEqual([
      { genus: "Phaseolus", species: "vulgaris", taxonName: "Phaseolus vulgaris L., nom. cons.", accessions: 120 },
      { genus: "Phaseolus", species: "lunatus", taxonName: 'Phaseolus "Sieva" lunatus', accessions: 7 },
    ]);
    const subsets = await c.subsets({ crop: ["beans"] });
    expect(subsets.height).toBe(2);
    expect(subsets.getColumn("institute.code").toArray()).toEqual(["COL003", null]);
    expect(subsets.getColumn("institute.country.code3").toArray()).toEqual(["COL", null]);
    expect(subsets.getColumn("accessionCount").toArray()).toEqual([1441, null]);
    expect(subsets.schema.accessionCount.variant).toBe("Int64");
    expect(JSON.parse(srv.seen.find((s) => s.path.includes("/subset/filter"))!.body!)).toEqual({ crop: ["beans"] });
    await c.close();
    await srv.close();
  });

  it("login against an OAuth server answering as Spring Authorization Server does (id_token, 30 s expiry, refresh)", async () => {
    let issued = 0;
    const srv = await scriptedServer((req) => {
      const path = new URL(req.url!, "http://x").pathname;
      if (path === "/oauth/token") {
        issued++;
        return {
          status: 200,
          headers: { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store" },
          body: JSON.stringify({
            access_token: `eyJ.access.${issued}`,
            refresh_token: `r-${issued}`,
            scope: "openid",
            id_token: "eyJ.id",
            token_type: "Bearer",
            expires_in: 30,
          }),
        };
      }
      if (path === "/api/v2/me/profile") {
        return { status: 200, body: JSON.stringify({ uuid: "u-7", email: "someone@example.org", roles: ["USER"] }) };
      }
      return { status: 404, body: "{}" };
    });
    const u = await Genesys.login({
      baseUrl: srv.url,
      clientId: "my-client",
      redirectPort: 0,
      // the browser: the provider would send the user back to the redirect URI with a code and the same state
      open: async (url) => {
        const q = new URL(url).searchParams;
        await fetch(`${q.get("redirect_uri")}/?code=abc123&state=${q.get("state")}`);
      },
    });
    expect(await u.me()).toEqual({ uuid: "u-7", email: "someone@example.org", roles: ["USER"] });
    const forms = srv.seen.filter((s) => s.path === "/oauth/token").map((s) => Object.fromEntries(new URLSearchParams(s.body)));
    expect(forms[0]).toMatchObject({ grant_type: "authorization_code", code: "abc123", client_id: "my-client" });
    expect(forms[0]!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    // expires_in 30 s is inside the refresh margin: the API call refreshed with the first refresh token
    expect(forms[1]).toMatchObject({ grant_type: "refresh_token", refresh_token: "r-1", client_id: "my-client" });
    expect(srv.seen.find((s) => s.path === "/api/v2/me/profile")!.auth).toBe("Bearer eyJ.access.2");
    await u.close();
    await srv.close();
  });

  it("pages /wiews/list (l=100) until a short page, sending the R client's filter keys", async () => {
    const header = "code\tacronym\tfullName\tcountry\taccessions";
    const srv = await scriptedServer((req) => {
      const p = Number(new URL(req.url!, "http://x").searchParams.get("p"));
      const n = p === 0 ? 100 : 20;
      const rows = Array.from({ length: n }, (_, i) => `X${String(p * 100 + i).padStart(5, "0")}\tA\tInst ${p * 100 + i}\tCOL\t${i}`);
      return { status: 200, headers: { "content-type": "text/csv" }, body: [header, ...rows].join("\n") };
    });
    const c = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
    const df = await c.institutes({ country: ["col"], withAccessions: true });
    expect(df.height).toBe(120);
    expect(srv.seen.map((s) => new URL(s.path, "http://x").search)).toEqual(["?l=100&p=0", "?l=100&p=1"]);
    expect(JSON.parse(srv.seen[0]!.body!)).toEqual({ accessions: true, "country.code3": ["COL"] });
    await c.close();
    await srv.close();
  });
});

describe("interactive login (authorization code with PKCE)", () => {
  /** Plays the browser: follows the authorization URL, with the sandbox user's consent code, to the loopback callback. */
  const browser = async (url: string, consent: string) => {
    const r = await fetch(`${url}&consent=${consent}`, { redirect: "manual" });
    expect(r.status).toBe(302);
    const back = await fetch(r.headers.get("location")!);
    expect(await back.text()).toMatch(/Logged in to Genesys/);
  };

  it("logs in through the browser, calls the API as the user, refreshes tokens before expiry and after a 401", async () => {
    const short = await sandbox({ tokenTtlSeconds: 30 });
    const seen: string[] = [];
    const u = await Genesys.login({
      baseUrl: short.url,
      redirectPort: 0,
      open: (url) => (seen.push(url), browser(url, short.consentCode)),
    });
    const auth = new URL(seen[0]!);
    expect(auth.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "genesys-notebook",
      code_challenge_method: "S256",
      scope: "openid",
    });
    expect(auth.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await u.me()).email).toBe(SANDBOX_USER);
    const granted = short.tokensGranted();
    // a 30 s token is inside the 60 s refresh margin: the next call refreshes it with the refresh token
    await u.me();
    expect(short.tokensGranted()).toBe(granted + 1);
    // the server forgets access tokens: the 401 is answered by one refresh and a retry
    short.revokeTokens();
    expect((await u.me()).email).toBe(SANDBOX_USER);
    await u.close();
    await short.close();
  });

  it("a code used twice, or a wrong verifier, is refused with a credentials error", async () => {
    let stolen = "";
    const u = await Genesys.login({
      baseUrl: sb.url,
      redirectPort: 0,
      open: async (url) => {
        const r = await fetch(`${url}&consent=${sb.consentCode}`, { redirect: "manual" });
        const loc = new URL(r.headers.get("location")!);
        stolen = loc.searchParams.get("code")!;
        await fetch(loc);
      },
    });
    const replay = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: stolen,
        client_id: "genesys-notebook",
        code_verifier: "x".repeat(50),
        redirect_uri: "http://127.0.0.1:1",
      }),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    await u.close();
    // a redirect back with the wrong state is refused by the client
    const err = await Genesys.login({
      baseUrl: sb.url,
      redirectPort: 0,
      loginTimeoutMs: 5000,
      open: async (url) => {
        const r = await fetch(`${url}&consent=${sb.consentCode}`, { redirect: "manual" });
        const loc = new URL(r.headers.get("location")!);
        loc.searchParams.set("state", "forged");
        await fetch(loc);
      },
    }).catch((e) => e);
    expect(err.message).toMatch(/state does not match/);
    expect(GenesysCredentialsError).toBeDefined();
  });
});
