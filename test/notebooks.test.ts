/**
 * Executes every shipped notebook headless (nbconvert) with the Deno Jupyter
 * kernel, RUNS times each, and fails when a cell errors or when any output a
 * cell should have is missing: each `display(` in a cell's source is one
 * output (at least one inside a loop), a figure's is a PNG, and a cell with no
 * display has no output. The kernel is a kernel spec of the tests' own, in a
 * private Jupyter data directory (JUPYTER_DATA_DIR and JUPYTER_PATH in a temp
 * folder): the user's own "deno" kernel is never touched. Needs Jupyter
 * (Debian: jupyter-nbconvert); .ci/run installs it. Outside CI, a machine
 * without Jupyter skips with a message.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** What the tests use: `jupyter nbconvert` and `jupyter kernelspec` (Debian packages below; scripts/ensure-jupyter.sh installs them). */
const JUPYTER_PACKAGES = "jupyter-nbconvert python3-nbconvert jupyter-client python3-ipykernel";
const missingJupyter = [["nbconvert", "--version"], ["kernelspec", "list", "--json"]]
  .filter((args) => spawnSync("jupyter", args, { encoding: "utf8" }).status !== 0).map((args) => `jupyter ${args[0]}`);
const hasJupyter = missingJupyter.length === 0;
const mustRun = process.env.CI === "true";
const notebooks = readdirSync("notebooks").filter((f) => f.endsWith(".ipynb")).sort();
/** Runs of each notebook. */
const RUNS = 3;
const KERNEL = "genesys-notebook-test-deno";

type Output = { output_type: string; name?: string; data?: Record<string, unknown> };
type Cell = { cell_type: string; source: string | string[]; outputs?: Output[] };
const text = (c: Cell) => (Array.isArray(c.source) ? c.source.join("") : c.source);

/**
 * The figure helpers: every function genesys-notebook/plot exports (src/plot/index.ts) that is declared to return a
 * Figure, so that a new figure is expected as a PNG without editing this list (and a table helper is not).
 */
const PLOT_SOURCES = readdirSync("src/plot").filter((f) => f.endsWith(".ts")).map((f) => readFileSync(join("src/plot", f), "utf8"))
  .join("\n");
const returnsFigure = (name: string) => {
  const at = PLOT_SOURCES.search(new RegExp(`export function ${name}[(<]`));
  if (at < 0) return false;
  // the signature ends at the first line ending in ") {" or "): Type {"
  const end = PLOT_SOURCES.slice(at).split("\n").find((line) => /\)\s*(:\s*[^{]*)?\{$/.test(line.trimEnd()));
  return /\)\s*:\s*Figure\s*\{$/.test(end?.trimEnd() ?? "");
};
export const FIGURE_HELPERS: string[] = [...readFileSync("src/plot/index.ts", "utf8").matchAll(/^export \{([^}]*)\}/gm)]
  .flatMap((m) => m[1]!.split(",").map((n) => n.trim()))
  .filter((n) => /^[a-z]\w*$/.test(n) && n !== "render" && returnsFigure(n));
const FIGURE_CALL = new RegExp(`\\bdisplay\\(\\s*(${FIGURE_HELPERS.join("|")})\\(`, "g");

/** What a code cell must show: one output per display( call (at least that many in a loop), PNG for figures. */
function expected(source: string): { outputs: number; atLeast: boolean; figures: number } {
  const calls = source.match(/\bdisplay\(/g)?.length ?? 0;
  const progress = source.match(/\bprogressReporter\(/g)?.length ?? 0;
  const figures = source.match(FIGURE_CALL)?.length ?? 0;
  return { outputs: calls + progress, atLeast: /\bfor \(/.test(source), figures };
}

/** What is missing from an executed notebook, cell by cell (empty: everything there). */
export function missingOutputs(executed: { cells: Cell[] }): string[] {
  const problems: string[] = [];
  executed.cells.forEach((cell, i) => {
    if (cell.cell_type !== "code") return;
    const src = text(cell);
    const outs = (cell.outputs ?? []).filter((o) => o.output_type === "display_data" || o.output_type === "execute_result");
    const want = expected(src);
    const errors = (cell.outputs ?? []).filter((o) => o.output_type === "error");
    const first = src.split("\n")[0]!.slice(0, 60);
    if (errors.length) problems.push(`cell ${i} (${first}): error ${JSON.stringify(errors[0]).slice(0, 400)}`);
    if (want.atLeast ? outs.length < want.outputs : outs.length !== want.outputs) {
      problems.push(`cell ${i} (${first}): ${outs.length} outputs, expected ${want.atLeast ? "at least " : ""}${want.outputs}`);
    }
    const pngs = outs.filter((o) => String(o.data?.["image/png"] ?? "").length > 1000).length;
    if (pngs < want.figures) problems.push(`cell ${i} (${first}): ${pngs} figures, expected ${want.figures}`);
  });
  return problems;
}

describe("missingOutputs(): what a notebook cell must show", () => {
  it("expects a PNG from every figure helper of genesys-notebook/plot, the climate, core and FIGS figures among them", () => {
    for (const f of ["countryBar", "collectingSitesMap", "climateSitesMap", "climateSpace", "coreMap", "corePcaScatter", "figsConfusion"]) {
      expect(FIGURE_HELPERS).toContain(f);
    }
    expect(FIGURE_HELPERS).not.toContain("roundedLikeData");
    expect(FIGURE_HELPERS).not.toContain("readablePassports"); // a table
    expect(FIGURE_HELPERS).toContain("traitPairByDataset");
    const cell = (outputs: Output[]) => ({
      cells: [{ cell_type: "code", source: 'await display(climateSitesMap(sites, bio12, { layer: "bio12" }))', outputs }],
    });
    expect(missingOutputs(cell([{ output_type: "display_data", data: { "text/plain": "Figure" } }]))).toEqual([
      expect.stringMatching(/^cell 0 \(await display\(climateSitesMap.*: 0 figures, expected 1$/),
    ]);
    expect(missingOutputs(cell([{ output_type: "display_data", data: { "image/png": "x".repeat(2000) } }]))).toEqual([]);
  });
});

let jupyterDir = "";
let env: NodeJS.ProcessEnv = {};

function nbconvert(args: string[], timeoutMs = 600_000): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const p = spawn("jupyter", ["nbconvert", ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    p.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => p.kill("SIGKILL"), timeoutMs);
    p.on("close", (status) => (clearTimeout(timer), done({ status, stderr })));
  });
}

function execute(nb: string, outDir: string) {
  return nbconvert([
    "--to",
    "notebook",
    "--execute",
    `--ExecutePreprocessor.kernel_name=${KERNEL}`,
    "--ExecutePreprocessor.timeout=600",
    "--output-dir",
    outDir,
    nb,
  ]);
}

describe.skipIf(!hasJupyter && !mustRun)("notebooks", () => {
  beforeAll(() => {
    // a kernel spec of the tests' own, found only through this private data directory
    jupyterDir = mkdtempSync(join(tmpdir(), "genesys-jupyter-"));
    const deno = realpathSync("node_modules/.bin/deno");
    mkdirSync(join(jupyterDir, "kernels", KERNEL), { recursive: true });
    writeFileSync(
      join(jupyterDir, "kernels", KERNEL, "kernel.json"),
      JSON.stringify({
        argv: [deno, "jupyter", "--kernel", "--conn", "{connection_file}"],
        display_name: "Deno (genesys-notebook tests)",
        language: "typescript",
      }),
    );
    env = { ...process.env, JUPYTER_DATA_DIR: jupyterDir, JUPYTER_PATH: jupyterDir };
  });
  afterAll(() => {
    if (jupyterDir) rmSync(jupyterDir, { recursive: true, force: true });
  });

  it("Jupyter is installed (CI installs jupyter-nbconvert); the tests' kernel is private", () => {
    expect(missingJupyter, `missing: ${missingJupyter.join(", ")}; on Debian: sudo apt-get install ${JUPYTER_PACKAGES}`).toEqual([]);
    const specs = spawnSync("jupyter", ["kernelspec", "list", "--json"], { env, encoding: "utf8" });
    const found = JSON.parse(specs.stdout).kernelspecs[KERNEL];
    expect(found.resource_dir.startsWith(jupyterDir)).toBe(true);
  });

  it("outputs are never lost: 24 large outputs (displays and bare results) all arrive, in their own cells", async () => {
    // The kernel queues outputs and can publish them after a cell's idle; the library waits for them (src/runtime/iopub.ts).
    const dir = resolve("out/notebooks/flush");
    mkdirSync(dir, { recursive: true });
    const cells = [`import { display } from "genesys-notebook";\nawait display("ready")`];
    for (let i = 0; i < 12; i++) {
      cells.push(`await display({ [Symbol.for("Jupyter.display")]: () => ({ "text/plain": "d${i} " + "x".repeat(1_000_000) }) })`);
      cells.push(`({ [Symbol.for("Jupyter.display")]: () => ({ "text/plain": "r${i} " + "y".repeat(1_000_000) }) })`);
    }
    const nb = {
      cells: cells.map((source, i) => ({ cell_type: "code", execution_count: null, id: `c${i}`, metadata: {}, outputs: [], source })),
      metadata: { kernelspec: { name: KERNEL, display_name: "Deno", language: "typescript" } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(dir, "flush.ipynb"), JSON.stringify(nb));
    const r = await execute(join(dir, "flush.ipynb"), join(dir, "run"));
    expect(r.status, r.stderr.slice(-3000)).toBe(0);
    const executed = JSON.parse(readFileSync(join(dir, "run", "flush.ipynb"), "utf8")) as { cells: Cell[] };
    const heads = executed.cells.slice(1).map((c) => (c.outputs ?? []).map((o) => [o.data?.["text/plain"]].flat().join("").split(" ")[0]));
    expect(heads).toEqual(Array.from({ length: 12 }, (_, i) => [[`d${i}`], [`r${i}`]]).flat());
    expect(executed.cells[0]!.outputs).toHaveLength(1);
  }, 300_000);

  // every notebook RUNS times, two at a time: each run must have every output
  const results = new Map<string, Promise<{ run: number; problems: string[]; stderr: string; status: number | null }[]>>();
  const started = new Map<string, number>();
  function runAll(nb: string) {
    if (!results.has(nb)) {
      started.set(nb, Date.now());
      results.set(
        nb,
        (async () => {
          const out = [];
          for (let run = 1; run <= RUNS; run++) {
            const dir = resolve(`out/notebooks/run-${run}`);
            const r = await execute(`notebooks/${nb}`, dir);
            const problems = r.status === 0
              ? missingOutputs(JSON.parse(readFileSync(join(dir, nb), "utf8")))
              : [`nbconvert exited ${r.status}`];
            out.push({ run, problems, stderr: r.stderr.slice(-3000), status: r.status });
          }
          return out;
        })(),
      );
    }
    return results.get(nb)!;
  }

  notebooks.forEach((nb, i) => {
    it(`${nb}: ${RUNS} runs, every expected output in each`, async () => {
      const pending = [runAll(nb)];
      // the next notebook starts alongside this one: two kernels at a time
      if (notebooks[i + 1]) void runAll(notebooks[i + 1]!);
      const [runs] = await Promise.all(pending);
      for (const r of runs!) expect({ run: r.run, problems: r.problems }, r.stderr).toEqual({ run: r.run, problems: [] });
      console.log(`${nb}: ${RUNS} runs in ${((Date.now() - started.get(nb)!) / 1000).toFixed(0)} s`);

      // shared as HTML (Debian's nbconvert, its default sanitising of SVG): every figure is still there, as a PNG
      const last = resolve(`out/notebooks/run-${RUNS}`);
      const html = await nbconvert(["--to", "html", "--output-dir", "out/notebooks", join(last, nb)]);
      expect(html.status, html.stderr.slice(-2000)).toBe(0);
      const executed = JSON.parse(readFileSync(join(last, nb), "utf8")) as { cells: Cell[] };
      const outputs = executed.cells.flatMap((c) => c.outputs ?? []);
      const page = readFileSync(`out/notebooks/${nb.replace(/\.ipynb$/, ".html")}`, "utf8");
      for (const f of outputs.filter((o) => o.data?.["image/png"])) {
        const png = String(f.data!["image/png"]);
        expect(page).toContain(`src="data:image/png;base64,${png.slice(0, 200)}`);
      }
      for (const svg of page.match(/<svg[^>]*>/g) ?? []) expect(svg).toMatch(/viewBox=/);
      expect(page).not.toMatch(/>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}</); // no bare UUID in the reader's view
    }, 1_800_000);
  });
});
