/**
 * The messages a newcomer meets, as they read: options checked before any request (unknown, mistyped, wrong value),
 * a filter that matches nothing (which value, close known ones), hints that are true in a user's project
 * (`npx genesys-sandbox`), how many attempts were made, and a wrong URL that fails at once naming the URL.
 * The same messages from the installed tarball are in test/package.test.ts; the sandbox CLI's there too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { diagnostics, Genesys, GenesysInputError, GenesysNetworkError, GenesysServerError, passportCompleteness } from "../src/index.ts";
import pl from "nodejs-polars";
import { checkOptions, OPTIONS } from "../src/client/options.ts";
import { polarsBindingMessage } from "../src/native.ts";
import { scriptedServer } from "./helpers/scripted-server.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";

const message = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    return e as Error;
  }
  throw new Error("no error");
};

describe("options are checked before any request", () => {
  let srv: Awaited<ReturnType<typeof scriptedServer>>;
  let g: Genesys;
  beforeAll(async () => {
    srv = await scriptedServer(() => ({ status: 500, body: "{}" }));
    g = new Genesys({ baseUrl: srv.url, token: "t", retries: 0 });
  });
  afterAll(async () => {
    await g.close();
    await srv.close();
  });

  it("an unknown option names it, says the close one, and lists the accepted ones", async () => {
    const e = await message(g.passports({ crop: ["beans"] }, { selct: ["ACCENUMB"] } as never));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain("unknown option 'selct' (did you mean 'select'?) for passports()");
    expect(e.message).toMatch(/accepted options: select, limit, pageSize/);
  });

  it("a wrong type: cache: true, descriptors as a string, a string for a list", async () => {
    const cache = await message(g.passports({}, { cache: true } as never));
    expect(cache.message).toContain(`option 'cache' of passports() is true; it must be one of "off", "on", "refresh", "offline"`);
    const d = await message(g.traits({ crop: ["beans"] }, { descriptors: "Seed iron content" } as never));
    expect(d.message).toContain(`traits(): option 'descriptors' is "Seed iron content"; it must be an array of strings`);
    expect(d.message).toContain(`put the value in a list: descriptors: ["Seed iron content"]`);
    const sel = await message(g.passports({}, { select: "ACCENUMB" } as never));
    expect(sel.message).toContain(`option 'select' of passports() is "ACCENUMB"`);
  });

  it('a value outside the accepted ones: aggregate: "average"', async () => {
    const e = await message(g.traits({ crop: ["beans"] }, { aggregate: "average" } as never));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain(`traits(): option 'aggregate' is "average"; it must be one of "list", "mean", "median"`);
  });

  it("every public method checks its options, and none of the above sent a request", async () => {
    const calls: [string, () => Promise<unknown> | unknown][] = [
      ["new Genesys()", () => new Genesys({ baseUrl: srv.url, token: "t", retry: 2 } as never)],
      ["Genesys.fromEnv()", () => Genesys.fromEnv({ baseURL: "x" } as never)],
      ["passportBatches()", () => g.passportBatches({}, { x: 1 } as never).next()],
      ["passportsToParquet()", () => g.passportsToParquet({}, "out/x", { x: 1 } as never)],
      ["accessions()", () => g.accessions({}, { x: 1 } as never)],
      ["datasets()", () => g.datasets({}, { x: 1 } as never)],
      ["descriptors()", () => g.descriptors([], { x: 1 } as never)],
      ["crops()", () => g.crops({ x: 1 } as never)],
      ["species()", () => g.species({}, { x: 1 } as never)],
      ["institutes()", () => g.institutes({ countries: ["COL"] } as never)],
      ["instituteNames()", () => g.instituteNames([], { x: 1 } as never)],
      ["overview()", () => g.overview({}, { limt: 3 } as never)],
      ["accession()", () => g.accession("10.18730/X", { x: 1 } as never)],
      ["subsets()", () => g.subsets({ crops: ["beans"] } as never)],
      ["me()", () => g.me({ x: 1 } as never)],
    ];
    for (const [method, call] of calls) {
      const e = await message(call);
      expect(e, method).toBeInstanceOf(GenesysInputError);
      expect(e.message, method).toContain(method.replace(/^new /, ""));
    }
    expect(Object.keys(OPTIONS).sort()).toEqual([...calls.map(([m]) => m), "Genesys.login()", "passports()", "traits()"].sort());
    expect(srv.seen).toHaveLength(0);
  });

  it("a mistyped filter key says the close one, as options do", async () => {
    const e = await message(g.passports({ crops: ["beans"] } as never));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain("unknown filter key 'crops' (did you mean 'crop'?)");
    const nested = await message(g.passports({ institute: { cod: ["COL003"] } } as never));
    expect(nested.message).toContain("unknown filter key 'institute.cod' (did you mean 'institute.code'?)");
    expect(srv.seen).toHaveLength(0);
  });

  it("options that are right pass unchanged", () => {
    const o = { select: ["ACCENUMB"], limit: 5, cache: { mode: "on" as const, ttlMs: 1000 }, signal: AbortSignal.timeout(1000) };
    expect(checkOptions("passports()", o)).toBe(o);
    expect(checkOptions("traits()", { aggregate: { numeric: "median", coded: "mode" } })).toBeTruthy();
    expect(checkOptions("traits()", undefined)).toBeUndefined();
  });
});

describe("a filter that matches nothing", () => {
  const ctx = useSandboxClient();
  it("warns which value matched nothing and suggests close known ones; the call does not fail", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const df = await ctx.g.passports({ crop: ["bean"], countryOfOrigin: { code3: ["Colombia"] } });
      expect(df.height).toBe(0);
      const notes = diagnostics(df)!.notes.join("\n");
      expect(notes).toContain(`filter crop: "bean" matches no crop of this server (g.crops()); did you mean "beans"?`);
      expect(notes).toContain(`filter countryOfOrigin.code3: "Colombia" matches no ISO 3166 alpha-3 country code`);
      expect(notes).toContain(`did you mean "COL"?`);
      expect(warn.mock.calls.flat().join("\n")).toMatch(/0 rows\. filter crop: "bean" matches no crop.*"beans"/);
    } finally {
      warn.mockRestore();
    }
  });

  it('follows the service\'s case rules: crop: ["Beans"] and code3 "col" are unknown, with the right spelling; no "?."', async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const df = await ctx.g.passports({ crop: ["Beans"], countryOfOrigin: { code3: ["col"] } });
      expect(df.height).toBe(0);
      const notes = diagnostics(df)!.notes.join("\n");
      expect(notes).toContain(
        `filter crop: "Beans" matches no crop of this server: crop short names are case-sensitive; did you mean "beans"?`,
      );
      expect(notes).toContain(
        `filter countryOfOrigin.code3: "col" matches no country: ISO 3166 alpha-3 codes are upper case; did you mean "COL"?`,
      );
      expect(notes).not.toContain("every crop, country, institute and code value in it is known");
      const said = warn.mock.calls.flat().join("\n");
      expect(said).toContain(`did you mean "beans"? filter countryOfOrigin.code3`);
      expect(said).not.toMatch(/\?\./);
    } finally {
      warn.mockRestore();
    }
  });

  it("an unknown code gets the closest codes; known values that match nothing together are said to be known", async () => {
    const quiet = { onDiagnostics: () => undefined };
    const code = await ctx.g.passports({ crop: ["beans"], sampStat: [998] }, quiet);
    expect(code.height).toBe(0);
    expect(diagnostics(code)!.notes.join("\n")).toContain(`filter sampStat: 998 matches no MCPD SAMPSTAT code; did you mean 999`);
    const both = await ctx.g.passports({ crop: ["beans"], countryOfOrigin: { code3: ["ATA"] } }, quiet);
    expect(both.height).toBe(0);
    expect(diagnostics(both)!.notes.join("\n")).toContain("every crop, country, institute and code value in it is known");
  });
});

describe("a message for every slip, over real HTTP (issue 45)", () => {
  const ctx = useSandboxClient({ accessions: 1_000 });
  const quiet = { onDiagnostics: () => undefined };

  it('select: ["ACCNUMB"] says did you mean ACCENUMB; ["ORIGCTY_name"] says decode: true adds it', async () => {
    const typo = await message(ctx.g.passports({ crop: ["maize"] }, { select: ["ACCNUMB"] }));
    expect(typo).toBeInstanceOf(GenesysInputError);
    expect(typo.message).toContain("unknown select field 'ACCNUMB' (did you mean 'ACCENUMB'?)");
    const label = await message(ctx.g.passports({ crop: ["maize"] }, { select: ["ACCENUMB", "ORIGCTY_name"] }));
    expect(label.message).toContain("unknown select field 'ORIGCTY_name' (decode: true adds it: select 'ORIGCTY' and pass decode: true)");
    const fine = await ctx.g.passports({ crop: ["maize"] }, { select: ["ACCENUMB", "ORIGCTY"], decode: true, limit: 3 });
    expect(fine.columns).toContain("ORIGCTY_name");
  });

  it('an MCPD name as a filter key, ORIGCTY: ["MEX"], points to countryOfOrigin: { code3: ["MEX"] }', async () => {
    const e = await message(ctx.g.passports({ ORIGCTY: ["MEX"] } as never));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain(`unknown filter key 'ORIGCTY' (an MCPD name: filter with countryOfOrigin: { code3: ["MEX"] })`);
    const inst = await message(ctx.g.passports({ INSTCODE: ["MEX002"] } as never));
    expect(inst.message).toContain(`unknown filter key 'INSTCODE' (an MCPD name: filter with institute: { code: ["MEX002"] })`);
  });

  it('crop: ["corn"] suggests maize; ["Zea mays"] suggests taxonomy: { genus: ["Zea"] }', async () => {
    const corn = await ctx.g.passports({ crop: ["corn"] }, quiet);
    expect(corn.height).toBe(0);
    expect(diagnostics(corn)!.notes.join("\n")).toContain(
      `filter crop: "corn" matches no crop of this server (g.crops()); did you mean "maize"?`,
    );
    const zea = await ctx.g.passports({ crop: ["Zea mays"] }, quiet);
    expect(diagnostics(zea)!.notes.join("\n")).toContain(
      `filter crop: "Zea mays" matches no crop of this server (g.crops()); a botanical name: filter with ` +
        `taxonomy: { genus: ["Zea"], species: ["mays"] }`,
    );
    const byGenus = await ctx.g.passports({ taxonomy: { genus: ["Zea"], species: ["mays"] } }, { select: ["GENUS"], limit: 5 });
    expect(byGenus.height).toBe(5);
  });

  it("an unknown dataset UUID gets the list of trials, as an unknown title does", async () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    const e = await message(ctx.g.traits({ crop: ["maize"] }, { datasets: [uuid] }));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toMatch(new RegExp(`^traits\\(\\): dataset '${uuid}' not among the \\d+ trial datasets with data for this filter`));
    expect(e.message).toMatch(/Hint: datasets takes titles or UUIDs; g\.datasets\(filter\) lists them .*; titles here: CIMMYT maize/);
  });

  it("an HTTP error's headline says its subject once: POST … -> HTTP 404: no dataset …", async () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    for (const call of [() => ctx.g.api.datatables([uuid]), () => ctx.g.accession(uuid)]) {
      const headline = (await message(call)).message.split("\n")[0]!;
      expect(headline).toMatch(new RegExp(`^(POST|GET) /api/v2/\\S+ -> HTTP 404: no (dataset|accession) with UUID ${uuid}$`));
    }
  });

  it("an unknown descriptor UUID is named, not a polars error", async () => {
    const e = await message(ctx.g.descriptors(["00000000-0000-4000-8000-000000000000"]));
    expect(e).toBeInstanceOf(GenesysInputError);
    expect(e.message).toContain("descriptors(): descriptor '00000000-0000-4000-8000-000000000000' unknown to this server");
    expect(e.message).toContain("g.traits(filter, { descriptors: [...] }) takes titles too");
  });
});

describe("hints that are true in a user's project, and attempts", () => {
  it("Genesys.fromEnv() unconfigured names npx genesys-sandbox, not an npm script", () => {
    const saved = { ...process.env };
    delete process.env.GENESYS_API_URL;
    try {
      const e = (() => {
        try {
          Genesys.fromEnv();
        } catch (e) {
          return e as Error;
        }
      })()!;
      expect(e.message).toContain("npx genesys-sandbox");
      expect(e.message).not.toContain("npm run");
    } finally {
      process.env = saved;
    }
  });

  it("HTTP 500 is sent once and says so; 503 is retried, each retry reported, and the error counts the attempts", async () => {
    const srv = await scriptedServer((req) => ({ status: req.url?.includes("crops") ? 503 : 500, body: '{"error":"boom"}' }));
    const retries: string[] = [];
    const g = new Genesys({
      baseUrl: srv.url,
      token: "t",
      retries: 2,
      backoffMs: 5,
      onRetry: (r) => retries.push(`${r.attempt}/${r.of} ${r.reason}`),
    });
    try {
      const e500 = await message(g.me());
      expect(e500).toBeInstanceOf(GenesysServerError);
      expect(e500.message).toMatch(/HTTP 500: boom/);
      expect(e500.message).toContain("the request was sent once (HTTP 500 is not retried");
      expect(e500.message).not.toContain("retried with backoff");
      const e503 = await message(g.crops());
      expect(e503.message).toMatch(/the request was sent 3 times over \d+\.\d s \(retried with backoff\)/);
      expect(retries).toEqual(["2/3 HTTP 503", "3/3 HTTP 503"]);
      expect(srv.seen).toHaveLength(4);
    } finally {
      await g.close();
      await srv.close();
    }
  });

  it("a wrong URL fails at once, names the URL tried and says one attempt", async () => {
    const g = new Genesys({ baseUrl: "http://127.0.0.1:9", token: "t" });
    const t0 = performance.now();
    const e = await message(g.passports({ crop: ["beans"] }));
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(e).toBeInstanceOf(GenesysNetworkError);
    expect(e.message).toContain("/api/v2/acn/query: connection refused by 127.0.0.1:9: nothing listens there");
    expect(e.message).toContain("(ECONNREFUSED; 1 attempt, not retried)");
    expect(e.message).toContain("npx genesys-sandbox");
    await g.close();
  });
});

describe("the first command a contributor types (issue 45 item 7)", () => {
  it("npm pack (build.mjs) in a clone without npm install says in one line to run npm install first, no stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "fresh-clone-"));
    try {
      mkdirSync(join(dir, "scripts"));
      copyFileSync("scripts/build.mjs", join(dir, "scripts", "build.mjs"));
      const run = spawnSync(process.execPath, [join(dir, "scripts", "build.mjs")], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split("\n")).toEqual([
        "genesys-notebook: building dist/ (npm pack, npm run build) needs the dev dependencies: run npm install first",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the repository's package.json approves Deno's install script, and the README says npm install before npm pack", () => {
    expect(JSON.parse(readFileSync("package.json", "utf8")).allowScripts).toEqual({ deno: true });
    const readme = readFileSync("README.md", "utf8").replaceAll("\n", " ");
    expect(readme).toMatch(/with `npm install` then\s+`npm pack`/);
  });
});

describe("the docs a newcomer reads (issue 45 item 10)", () => {
  /** GitHub's anchor of a heading: lower case, punctuation but - and _ dropped, spaces as -. */
  const slug = (h: string) => h.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
  const anchors = (file: string) => new Set([...readFileSync(file, "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
  const docs = ["README.md", ...readdirSync("docs").filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

  it("every link to a heading (#anchor, other.md#anchor) in the README and docs/ finds it", () => {
    const dead: string[] = [];
    let links = 0;
    for (const file of docs) {
      for (const m of readFileSync(file, "utf8").matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
        links++;
        const target = m[1] ? join(dirname(file), m[1]) : file;
        if (!anchors(target).has(m[2]!)) dead.push(`${file}: ${m[1]}#${m[2]}`);
      }
    }
    expect(dead).toEqual([]);
    expect(links).toBeGreaterThan(10);
  });

  it("docs/pdci.md says how the fields frame is sorted, as passportCompleteness() sorts it", () => {
    const df = pl.DataFrame({
      INSTCODE: ["ZZZ001", "ZZZ001", "AAA001", "AAA001"],
      ACCENUMB: ["1", "2", "3", "4"],
      GENUS: ["Zea", "Zea", "Zea", "Zea"],
      SAMPSTAT: [100, 100, 300, 300],
    });
    const fields = passportCompleteness(df, { missing: "empty" }).fields;
    const rows = fields.select("INSTCODE", "adds_mean", "field").toRecords() as { INSTCODE: string; adds_mean: number; field: string }[];
    const sorted = [...rows].sort((a, b) =>
      a.INSTCODE.localeCompare(b.INSTCODE) || b.adds_mean - a.adds_mean || a.field.localeCompare(b.field)
    );
    expect(rows).toEqual(sorted);
    expect(new Set(rows.map((r) => r.INSTCODE)).size).toBe(2);
    expect(readFileSync("docs/pdci.md", "utf8")).toContain(
      "sorted by `INSTCODE`, then `adds_mean` (largest first) within each institute, then `field`",
    );
  });

  it('the quick start says what display() shows (not "inline SVG map")', () => {
    expect(readFileSync("README.md", "utf8")).not.toContain("inline SVG map");
  });
});

describe("a missing polars binding", () => {
  it("on Node 20: the engines cause first, then the one command", () => {
    const m = polarsBindingMessage("nodejs-polars-linux-x64-gnu", "0.25.2", false, "v20.20.2");
    expect(m.split("\n")).toEqual([
      "genesys-notebook cannot load nodejs-polars: npm did not install nodejs-polars-linux-x64-gnu, nodejs-polars' native package " +
      `for ${process.platform}/${process.arch}: it declares engines node >= 22 and this is Node v20.20.2, so npm skips it without a word.`,
      "Fix, in your project folder: npm install nodejs-polars-linux-x64-gnu@0.25.2   " +
      "(or use Node 22 or 24 LTS, where npm installs it by itself)",
    ]);
    expect(polarsBindingMessage("p", "1", false, "v22.12.0")).toContain("--omit=optional");
  });
});

describe("the sandbox of the main entry keeps its database on disk", () => {
  it("generates it once per seed and size, and opens it on the next start (a notebook run again)", async () => {
    const { startSandbox } = await import("../src/sandbox/launch.ts");
    const dir = mkdtempSync(join(tmpdir(), "sandbox-cache-"));
    const said: string[] = [];
    const start = () => startSandbox({ accessions: 1_000, seed: 3, cache: undefined, log: (m: string) => said.push(m) });
    const saved = process.env.GENESYS_SANDBOX_CACHE;
    process.env.GENESYS_SANDBOX_CACHE = dir;
    try {
      await (await start()).close();
      expect(said.filter((m) => m.startsWith("generating"))).toHaveLength(1);
      expect(readdirSync(dir).filter((f) => f.endsWith(".duckdb"))).toHaveLength(1);
      await (await start()).close();
      expect(said.filter((m) => m.startsWith("generating"))).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env.GENESYS_SANDBOX_CACHE;
      else process.env.GENESYS_SANDBOX_CACHE = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
