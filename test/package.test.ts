/**
 * The npm package as a researcher gets it: `npm pack`, install the tarball
 * into an empty folder outside the repository (no access to its
 * node_modules), and use it from a Deno script, a Node ESM script and a
 * notebook executed headless with the Deno kernel. Also: the main entry does
 * not load DuckDB, a missing native binding names the package to install, and
 * macOS/Linux arm64 installs resolve their native packages.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { polarsBindingPackage } from "../src/native.ts";

const repo = resolve(".");
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const polarsVersion: string = pkg.dependencies["nodejs-polars"];
const nodeMajor = Number(process.versions.node.split(".")[0]);
const hasJupyter = spawnSync("jupyter", ["nbconvert", "--version"], { encoding: "utf8" }).status === 0;

let work: string, tarball: string, project: string;

// The README's own-project section: its commands and code blocks are what this file runs.
const readme = readFileSync("README.md", "utf8");
const section = readme.slice(readme.indexOf("## Use it in your own project"), readme.indexOf("### Supported runtimes"));
// `before`: the whole paragraph before a block (a formatter may wrap its words onto several lines)
const fences = [...section.matchAll(/([^\n]*)\n\n?```(\w+)\n([\s\S]*?)```/g)].map((m) => ({
  before: section.slice(0, m.index! + m[1]!.length).split("\n\n").at(-1)!,
  lang: m[2]!,
  code: m[3]!,
}));
const block = (test: (b: { before: string; lang: string; code: string }) => boolean) => {
  const b = fences.find(test);
  if (!b) throw new Error("README: a block of the own-project section is missing");
  return b.code;
};
const setup = block((b) => b.lang === "bash" && b.code.includes("mkdir my-analysis"));
const node20 = block((b) => b.lang === "bash" && b.code.includes("nodejs-polars-"));
const notebookCode = block((b) => b.before.includes("explore.ipynb"));
const denoScript = block((b) => b.before.includes("deno run -A fetch.ts"));
const nodeScript = block((b) => b.before.includes("node fetch.mjs"));
const sandboxCommand = /`(npx genesys-sandbox --accessions \d+)`/.exec(section)![1]!;
/** Jupyter's and Deno's kernel folder for this run: the kernel registered here never replaces this machine's own. */
let xdg: string;

/**
 * A clean environment for the child: no NODE_PATH or npm_* pointing back into the repository; npm without audit and
 * funding requests and from its cache when it can; Jupyter's and Deno's data folder (kernels) in this run's folder.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|NODE_PATH$|INIT_CWD$|VITEST|GENESYS_)/.test(k)));
  return {
    ...env,
    NO_COLOR: "1",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_prefer_offline: "true",
    ...(xdg ? { XDG_DATA_HOME: xdg } : {}),
    ...extra,
  };
}

function run(cmd: string, args: string[], cwd: string, timeout = 300_000, extra: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: "utf8", timeout, env: cleanEnv(extra) });
}
const ok = (r: SpawnSyncReturns<string>) => `exit ${r.status}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-3000)}`;

function emptyProject(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }));
  return dir;
}

function inProject(cmd: string, cwd = project, timeout = 300_000): SpawnSyncReturns<string> {
  return run("bash", ["-e", "-c", cmd], cwd, timeout);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "genesys-notebook-pkg-"));
  xdg = join(work, "xdg");
  const packed = run("npm", ["pack", "--silent", "--pack-destination", work], repo);
  expect(packed.status, ok(packed)).toBe(0);
  tarball = join(work, packed.stdout.trim().split("\n").pop()!);
  expect(tarball.endsWith("genesys-notebook-1.0.0.tgz")).toBe(true);
  // the README's commands as written, in a folder next to the tarball
  const r = run("bash", ["-e", "-c", setup], work, 600_000);
  expect(r.status, ok(r)).toBe(0);
  setupOutput = r.stdout + r.stderr;
  project = join(work, "my-analysis");
  // On Node 20 npm skips the binding (its engines ask for Node >= 22): the README's line, for this platform.
  if (nodeMajor < 22) {
    const line = node20.trim().replace(/nodejs-polars-[\w-]+@/, `${polarsBindingPackage()}@`);
    const n = inProject(line);
    expect(n.status, ok(n)).toBe(0);
  }
}, 900_000);
let setupOutput = "";

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `npx genesys-sandbox …` from the project, in the background, with the environment lines it prints. */
async function sandboxCli(args: string): Promise<{ env: Record<string, string>; stop: () => void }> {
  const child = spawn("bash", ["-c", `exec ${args}`], { cwd: project, detached: true, env: cleanEnv() });
  let out = "", err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const stop = () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
  };
  const deadline = Date.now() + 240_000;
  while (!/GENESYS_TOKEN=\S+\n/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`${args}: exit ${child.exitCode}\n${out}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const env = Object.fromEntries([...out.matchAll(/^export (GENESYS_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  return { env, stop };
}

describe("the README's own-project section, followed literally from the packed tarball in an empty folder", () => {
  it("install: the tarball, deno, and no install scripts of the package's own", () => {
    expect(setupOutput).not.toMatch(/genesys-notebook@[\d.]+ \((prepare|postinstall|install)/);
    // npm 11: Deno's postinstall is approved by the README's allowScripts line, so npm has nothing to warn about
    expect(setupOutput).not.toContain("not yet covered by allowScripts");
    const installed = JSON.parse(readFileSync(join(project, "node_modules", "genesys-notebook", "package.json"), "utf8"));
    expect(installed.scripts).toBeUndefined();
    // packing did not leave the repository's package.json changed
    expect(JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).scripts.prepare).toBeDefined();
  });

  it("npx genesys-sandbox --help prints the usage", () => {
    expect(setupOutput).toContain("Usage: npx genesys-sandbox [options]");
    expect(setupOutput).toContain("--accessions N");
  });

  it("the kernel is registered with the project's own Deno (not npx's temporary cache)", () => {
    // named after the project: a global "deno" kernel is left alone (none is made here)
    expect(existsSync(join(xdg, "jupyter", "kernels", "deno"))).toBe(false);
    const spec = JSON.parse(readFileSync(join(xdg, "jupyter", "kernels", "my-analysis", "kernel.json"), "utf8"));
    expect(spec.argv[0].startsWith(join(project, "node_modules"))).toBe(true);
    expect(spec.argv.slice(1, 3)).toEqual(["jupyter", "--kernel"]);
  });

  it("the Deno script (npx deno run -A fetch.ts) against `npx genesys-sandbox`, from the environment it prints", async () => {
    writeFileSync(join(project, "fetch.ts"), denoScript);
    // the README's command on a free port (8080 may be taken on a test machine)
    const sb = await sandboxCli(`${sandboxCommand} --port 0`);
    try {
      const r = run("npx", ["deno", "run", "-A", "fetch.ts"], project, 300_000, sb.env);
      expect(r.status, ok(r)).toBe(0);
      expect(r.stdout).toMatch(/INSTCODE.*ACCENUMB.*ORIGCTY/s);
      expect(readFileSync(join(project, "out", "maize-countries.svg"), "utf8")).toContain("<svg");
    } finally {
      sb.stop();
    }
  }, 300_000);

  it("the Node script (node fetch.mjs)", () => {
    writeFileSync(join(project, "fetch.mjs"), nodeScript);
    const r = run(process.execPath, ["fetch.mjs"], project);
    expect(r.status, ok(r)).toBe(0);
    expect(r.stdout).toMatch(/\{ height: \d+, width: 3 \}/);
  }, 300_000);

  it("the sandbox reads its collecting sites (sites.json) from the installed package, in Deno and in Node", () => {
    const code = `import { startSandbox } from "genesys-notebook";
const sb = await startSandbox({ accessions: 1000, seed: 5, cache: false });
const r = await fetch(sb.url + "/api/v2/acn/query?l=1000&select=geo.latitude,geo.longitude", {
  method: "POST", headers: { authorization: "Bearer " + sb.token, "content-type": "application/json" }, body: "{}" });
const rows = (await r.text()).trim().split("\\n").slice(1).filter((l) => !l.startsWith("\\t"));
console.log(JSON.stringify({ status: r.status, georeferenced: rows.length }));
await sb.close();
`;
    writeFileSync(join(project, "sites.mjs"), code);
    writeFileSync(join(project, "sites.ts"), code);
    for (const [cmd, args] of [[process.execPath, ["sites.mjs"]], ["npx", ["deno", "run", "-A", "sites.ts"]]] as const) {
      const r = run(cmd, [...args], project);
      expect(r.status, ok(r)).toBe(0);
      const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
      expect(out.status).toBe(200);
      expect(out.georeferenced).toBeGreaterThan(100);
    }
  }, 600_000);

  it.skipIf(!hasJupyter && process.env.CI !== "true")("the notebook (explore.ipynb) runs headless with the kernel registered there", () => {
    const cell = (source: string) => ({ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source });
    writeFileSync(
      join(project, "explore.ipynb"),
      JSON.stringify({
        cells: [cell(notebookCode), cell("await g.close();\nawait sb.close();")],
        metadata: { kernelspec: { display_name: "Deno (my-analysis)", language: "typescript", name: "my-analysis" } },
        nbformat: 4,
        nbformat_minor: 5,
      }),
    );
    const r = run(
      "jupyter",
      ["nbconvert", "--to", "notebook", "--execute", "--ExecutePreprocessor.timeout=300", "--output", "explore.out.ipynb", "explore.ipynb"],
      project,
      600_000,
    );
    expect(r.status, ok(r)).toBe(0);
    const outputs = JSON.parse(readFileSync(join(project, "explore.out.ipynb"), "utf8")).cells.flatMap((c: { outputs: unknown[] }) =>
      c.outputs
    );
    expect(outputs.filter((o: { output_type: string }) => o.output_type === "error")).toEqual([]);
    const mimes = new Set(outputs.flatMap((o: { data?: object }) => Object.keys(o.data ?? {})));
    expect(mimes.has("text/html")).toBe(true);
    expect(mimes.has("image/svg+xml")).toBe(true);
    const html = outputs.map((o: { data?: Record<string, string | string[]> }) => [o.data?.["text/html"] ?? ""].flat().join("")).join("");
    expect(html).toContain("ACCENUMB");
  }, 600_000);
});

describe("the messages a newcomer meets, from the installed package", () => {
  it("a mistyped option, a wrong type, a filter that matches nothing, a wrong URL, fromEnv unconfigured", () => {
    writeFileSync(
      join(project, "messages.mjs"),
      `import { diagnostics, Genesys, startSandbox } from "genesys-notebook";
const sb = await startSandbox({ accessions: 3000, seed: 11 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
const out = {};
const msg = async (f) => { try { await f(); return "no error"; } catch (e) { return e.name + ": " + e.message; } };
out.selct = await msg(() => g.passports({ crop: ["beans"] }, { selct: ["ACCENUMB"] }));
out.cache = await msg(() => g.passports({}, { cache: true }));
out.aggregate = await msg(() => g.traits({ crop: ["beans"] }, { aggregate: "average" }));
const empty = await g.passports({ crop: ["bean"] });
out.empty = { rows: empty.height, notes: diagnostics(empty).notes };
const t0 = performance.now();
out.refused = await msg(() => new Genesys({ baseUrl: "http://127.0.0.1:9", token: "t" }).crops());
out.refusedMs = performance.now() - t0;
out.fromEnv = await msg(() => Genesys.fromEnv());
await g.close();
await sb.close();
console.log(JSON.stringify(out));
`,
    );
    const r = run(process.execPath, ["messages.mjs"], project);
    expect(r.status, ok(r)).toBe(0);
    const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
    expect(out.selct).toContain("GenesysInputError: POST /api/v2/acn/query: unknown option 'selct' (did you mean 'select'?)");
    expect(out.cache).toContain(`option 'cache' of passports() is true; it must be one of "off", "on", "refresh", "offline"`);
    expect(out.aggregate).toContain(`traits(): option 'aggregate' is "average"; it must be one of "list", "mean"`);
    expect(out.empty.rows).toBe(0);
    expect(out.empty.notes.join()).toContain(`filter crop: "bean" matches no crop of this server (g.crops()); did you mean "beans"?`);
    expect(r.stderr).toContain(`0 rows. filter crop: "bean" matches no crop`);
    expect(out.refused).toContain("/api/v2/crops/list: connection refused by 127.0.0.1:9: nothing listens there");
    expect(out.refused).toContain("(ECONNREFUSED; 1 attempt, not retried)");
    expect(out.refusedMs).toBeLessThan(2_000);
    expect(out.fromEnv).toContain("npx genesys-sandbox");
    expect(out.fromEnv).not.toContain("npm run");
  }, 300_000);

  it("the sandbox CLI: a bad argument, an unknown option, a size out of range and a busy port are one line and exit 2", async () => {
    for (
      const [args, line] of [
        ["--accessions 500", "genesys-sandbox: --accessions must be an integer from 1000 to 5000000, got '500'"],
        ["--prot 8080", "genesys-sandbox: Unknown option '--prot'"],
        ["--port http", "genesys-sandbox: --port must be an integer from 0 to 65535, got 'http'"],
      ]
    ) {
      const r = inProject(`npx genesys-sandbox ${args}`);
      expect(r.status, ok(r)).toBe(2);
      expect(r.stderr.trim().split("\n").filter((l) => !/^npm warn/.test(l))).toEqual([expect.stringContaining(line)]);
    }
    const sb = await sandboxCli(`${sandboxCommand} --port 0`);
    try {
      const port = new URL(sb.env.GENESYS_API_URL!).port;
      const r = inProject(`npx genesys-sandbox --accessions 3000 --port ${port}`);
      expect(r.status, ok(r)).toBe(2);
      expect(r.stderr.trim().split("\n").filter((l) => !/^npm warn/.test(l))).toEqual([
        `genesys-sandbox: port ${port} is in use (another sandbox?); choose another with --port ${
          Number(port) + 1
        }, or --port 0 for any free port`,
      ]);
    } finally {
      sb.stop();
    }
  }, 300_000);
});

describe("the packed tarball, installed into an empty folder", () => {
  it("ships built ESM and .d.ts for each entry, and no TypeScript sources or tests", () => {
    const listing = run("tar", ["-tzf", tarball], work).stdout.split("\n");
    for (
      const f of ["index.js", "index.d.ts", "plot/index.js", "plot/index.d.ts", "sandbox/index.js", "sandbox/index.d.ts", "sandbox/cli.js"]
    ) {
      expect(listing).toContain(`package/dist/${f}`);
    }
    expect(listing.filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
    expect(listing.filter((f) => f.startsWith("package/test/") || f.startsWith("package/src/"))).toEqual([]);
    // the generator's collecting sites are a data file beside its module; their generator stays in the repository
    expect(listing).toContain("package/dist/sandbox/generator/sites.json");
    expect(listing.filter((f) => /make-sites|sites-inputs/.test(f))).toEqual([]);
    const declarations = listing.filter((f) => f.endsWith(".d.ts")).map((f) =>
      readFileSync(join(project, "node_modules", "genesys-notebook", f.slice(8)), "utf8")
    );
    expect(declarations.filter((d) => /from\s+["']\.{1,2}\/[^"']+\.ts["']/.test(d))).toEqual([]);
  });

  it("Deno type-checks a script against the shipped declarations (and catches a type error)", () => {
    writeFileSync(
      join(project, "typed.ts"),
      `import { Genesys, type GenesysOptions } from "genesys-notebook";
import { countryBar } from "genesys-notebook/plot";
const opts: GenesysOptions = { baseUrl: "http://127.0.0.1:1", token: "t" };
const g: Genesys = new Genesys(opts);
export const f: typeof countryBar = countryBar;
await g.close();
`,
    );
    const good = run("npx", ["deno", "check", "typed.ts"], project);
    expect(good.status, ok(good)).toBe(0);
    writeFileSync(join(project, "untyped.ts"), `import { Genesys } from "genesys-notebook";\nnew Genesys({ baseUrl: 42 });\n`);
    const bad = run("npx", ["deno", "check", "untyped.ts"], project);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/baseUrl|number/);
  }, 300_000);

  it("importing the main entry does not load DuckDB; startSandbox() loads it on first use", () => {
    // static module graph of dist/index.js: every import/export-from, followed through relative files
    const root = join(project, "node_modules", "genesys-notebook", "dist");
    const seen = new Set<string>(), bare = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gms)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith(".")) walk(resolve(dirname(file), spec));
        else bare.add(spec);
      }
    };
    walk(join(root, "index.js"));
    expect(seen.size).toBeGreaterThan(10);
    expect([...bare].filter((s) => s.includes("duckdb"))).toEqual([]);
    expect([...bare]).toContain("nodejs-polars");
    const sandboxGraph = new Set<string>();
    seen.clear();
    bare.clear();
    walk(join(root, "sandbox", "index.js"));
    bare.forEach((s) => sandboxGraph.add(s));
    expect([...sandboxGraph].some((s) => s.startsWith("@duckdb/"))).toBe(true); // the walk does find DuckDB where it is

    // at run time: the DuckDB native library is not mapped into the process until startSandbox()
    writeFileSync(
      join(project, "lazy.mjs"),
      `import { readFileSync } from "node:fs";
const mapped = () => process.platform === "linux" ? readFileSync("/proc/self/maps", "utf8").includes("duckdb") : null;
const { startSandbox } = await import("genesys-notebook");
const before = mapped();
const sb = await startSandbox({ accessions: 3000, seed: 11 });
const after = mapped();
await sb.close();
console.log(JSON.stringify({ before, after }));
`,
    );
    const r = run(process.execPath, ["lazy.mjs"], project);
    expect(r.status, ok(r)).toBe(0);
    if (process.platform === "linux") expect(JSON.parse(r.stdout.trim().split("\n").pop()!)).toEqual({ before: false, after: true });
  }, 300_000);

  it("a missing native binding is a clear error naming the package to install", () => {
    const binding = join(project, "node_modules", polarsBindingPackage());
    renameSync(binding, `${binding}.away`);
    try {
      writeFileSync(join(project, "bare.mjs"), `import "genesys-notebook";\n`);
      const r = run(process.execPath, ["bare.mjs"], project);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain("PolarsBindingError");
      expect(r.stderr).toContain(`npm install ${polarsBindingPackage()}@${polarsVersion}`);
      // the cause first, then the fix; no stack of module loading
      expect(r.stderr).toContain(nodeMajor < 22 ? "it declares engines node >= 22" : "is not installed");
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.stderr.trim().split("\n").length).toBeLessThan(12);
    } finally {
      renameSync(`${binding}.away`, binding);
    }
  }, 120_000);
});

describe("other platforms resolve their native packages from the tarball", () => {
  const platforms = [
    { os: "darwin", cpu: "arm64", polars: "nodejs-polars-darwin-arm64", duckdb: "@duckdb/node-bindings-darwin-arm64" },
    { os: "linux", cpu: "arm64", polars: "nodejs-polars-linux-arm64-gnu", duckdb: "@duckdb/node-bindings-linux-arm64" },
  ];
  for (const p of platforms) {
    it(`npm install --dry-run --os=${p.os} --cpu=${p.cpu}: no EBADPLATFORM, ${p.polars} and ${p.duckdb} resolve`, () => {
      const dir = emptyProject(`dry-${p.os}-${p.cpu}`);
      const npmFor = (mode: string) =>
        run("npm", ["install", mode, "--no-audit", "--no-fund", "--prefer-offline", `--os=${p.os}`, `--cpu=${p.cpu}`, tarball], dir);
      const dry = npmFor("--dry-run");
      expect(dry.status, ok(dry)).toBe(0);
      expect(dry.stdout + dry.stderr).not.toMatch(/EBADPLATFORM/);
      // npm leaves an optional package out of the lockfile when the registry has no such version
      const lock = npmFor("--package-lock-only");
      expect(lock.status, ok(lock)).toBe(0);
      const packages = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")).packages;
      for (const name of [p.polars, p.duckdb]) {
        const entry = packages[`node_modules/${name}`];
        expect(entry, `${name} in the lockfile`).toBeDefined();
        expect(entry.os).toContain(p.os);
        expect(entry.cpu).toContain(p.cpu);
      }
      expect(packages[`node_modules/${p.polars}`].version).toBe(polarsVersion);
      // npm adds the polars binding only on Node >= 22 (its engines field); the DuckDB one on any supported Node
      expect(dry.stdout).toContain(`add ${p.duckdb}`);
      if (nodeMajor >= 22) expect(dry.stdout).toContain(`add ${p.polars}`);
    }, 300_000);
  }
});
