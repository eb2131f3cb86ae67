/**
 * The npm package as a researcher gets it: `npm pack`, install the tarball
 * into an empty folder outside the repository (no access to its
 * node_modules), and use it from a Deno script, a Node ESM script and a
 * notebook executed headless with the Deno kernel. Also: the main entry does
 * not load DuckDB, a missing native binding names the package to install, and
 * macOS/Linux arm64 installs resolve their native packages.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { polarsBindingPackage } from "../src/native.ts";

const repo = resolve(".");
const deno = join(repo, "node_modules", ".bin", "deno");
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const polarsVersion: string = pkg.dependencies["nodejs-polars"];
const nodeMajor = Number(process.versions.node.split(".")[0]);
const hasJupyter = spawnSync("jupyter", ["nbconvert", "--version"], { encoding: "utf8" }).status === 0;

let work: string, tarball: string, project: string;

function run(cmd: string, args: string[], cwd: string, timeout = 300_000): SpawnSyncReturns<string> {
  // a clean environment for the child: no NODE_PATH or npm_* pointing back into the repository
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|NODE_PATH$|INIT_CWD$|VITEST)/.test(k)));
  return spawnSync(cmd, args, { cwd, encoding: "utf8", timeout, env: { ...env, NO_COLOR: "1" } });
}
const ok = (r: SpawnSyncReturns<string>) => `exit ${r.status}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-3000)}`;

function emptyProject(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }));
  return dir;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "genesys-notebook-pkg-"));
  const packed = run("npm", ["pack", "--silent", "--pack-destination", work], repo);
  expect(packed.status, ok(packed)).toBe(0);
  tarball = join(work, packed.stdout.trim().split("\n").pop()!);
  project = emptyProject("analysis");
  // On Node 20 npm skips the binding (its engines ask for Node >= 22): name it explicitly, as the README says.
  const extra = nodeMajor < 22 ? [`${polarsBindingPackage()}@${polarsVersion}`] : [];
  const installed = run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...extra], project);
  expect(installed.status, ok(installed)).toBe(0);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const script = `import { Genesys, startSandbox } from "genesys-notebook";
const sb = await startSandbox({ accessions: 3000, seed: 11 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
try {
  const df = await g.passports({ crop: ["beans"] }, { select: ["UUID", "ACCENUMB", "DECLATITUDE"] });
  console.log(JSON.stringify({ rows: df.height, columns: df.columns, lat: df.getColumn("DECLATITUDE").dtype.variant }));
} finally {
  await g.close();
  await sb.close();
}
`;

function lastJson(out: string): { rows: number; columns: string[]; lat: string } {
  return JSON.parse(out.trim().split("\n").pop()!);
}

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
    const declarations = listing.filter((f) => f.endsWith(".d.ts")).map((f) =>
      readFileSync(join(project, "node_modules", "genesys-notebook", f.slice(8)), "utf8")
    );
    expect(declarations.filter((d) => /from\s+["']\.{1,2}\/[^"']+\.ts["']/.test(d))).toEqual([]);
  });

  it('a Deno script imports { Genesys, startSandbox } from "genesys-notebook" and fetches passports', () => {
    writeFileSync(join(project, "fetch.ts"), script);
    const r = run(deno, ["run", "-A", "fetch.ts"], project);
    expect(r.status, ok(r)).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.rows).toBeGreaterThan(100);
    expect(out.columns).toEqual(["UUID", "ACCENUMB", "DECLATITUDE"]);
    expect(out.lat).toBe("Float64");
  }, 300_000);

  it("the same as a Node ESM script", () => {
    writeFileSync(join(project, "fetch.mjs"), script);
    const r = run(process.execPath, ["fetch.mjs"], project);
    expect(r.status, ok(r)).toBe(0);
    expect(lastJson(r.stdout)).toMatchObject({ columns: ["UUID", "ACCENUMB", "DECLATITUDE"], lat: "Float64" });
  }, 300_000);

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
    const good = run(deno, ["check", "typed.ts"], project);
    expect(good.status, ok(good)).toBe(0);
    writeFileSync(join(project, "untyped.ts"), `import { Genesys } from "genesys-notebook";\nnew Genesys({ baseUrl: 42 });\n`);
    const bad = run(deno, ["check", "untyped.ts"], project);
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

  it.skipIf(!hasJupyter && process.env.CI !== "true")("a notebook in that folder runs headless with the Deno kernel", () => {
    const cell = (source: string) => ({ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source });
    writeFileSync(
      join(project, "mine.ipynb"),
      JSON.stringify({
        cells: [
          cell(
            `import { display, Genesys, startSandbox } from "genesys-notebook";\nimport { countryBar } from "genesys-notebook/plot";\n` +
              `const sb = await startSandbox({ accessions: 3000, seed: 11 });\n` +
              `const g = new Genesys({ baseUrl: sb.url, token: sb.token });`,
          ),
          cell(`const df = await g.passports({ crop: ["beans"] });\nawait display(df.head(5));`),
          cell(`await display(countryBar(df));`),
          cell(`await g.close();\nawait sb.close();`),
        ],
        metadata: { kernelspec: { display_name: "Deno", language: "typescript", name: "deno" } },
        nbformat: 4,
        nbformat_minor: 5,
      }),
    );
    execFileSync(deno, ["jupyter", "--install", "--force"], { stdio: "ignore" });
    const r = run(
      "jupyter",
      [
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--ExecutePreprocessor.kernel_name=deno",
        "--ExecutePreprocessor.timeout=300",
        "--output",
        "mine.out.ipynb",
        "mine.ipynb",
      ],
      project,
      600_000,
    );
    expect(r.status, ok(r)).toBe(0);
    const outputs = JSON.parse(readFileSync(join(project, "mine.out.ipynb"), "utf8")).cells.flatMap((c: { outputs: unknown[] }) =>
      c.outputs
    );
    expect(outputs.filter((o: { output_type: string }) => o.output_type === "error")).toEqual([]);
    const mimes = new Set(outputs.flatMap((o: { data?: object }) => Object.keys(o.data ?? {})));
    expect(mimes.has("text/html")).toBe(true);
    expect(mimes.has("image/svg+xml")).toBe(true);
    const html = outputs.map((o: { data?: Record<string, string | string[]> }) => [o.data?.["text/html"] ?? ""].flat().join("")).join("");
    expect(html).toContain("ACCENUMB");
    expect(html).toMatch(/5 rows|\(5, \d+\)/);
  }, 600_000);

  it("a missing native binding is a clear error naming the package to install", () => {
    const binding = join(project, "node_modules", polarsBindingPackage());
    renameSync(binding, `${binding}.away`);
    try {
      writeFileSync(join(project, "bare.mjs"), `import "genesys-notebook";\n`);
      const r = run(process.execPath, ["bare.mjs"], project);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain("PolarsBindingError");
      expect(r.stderr).toContain(`npm install ${polarsBindingPackage()}@${polarsVersion}`);
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
