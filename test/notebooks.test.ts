/**
 * Executes every notebook headless with the Deno Jupyter kernel; a cell
 * error fails the test. Needs Jupyter (Debian: jupyter-nbconvert); .ci/run
 * installs it. Outside CI, a machine without Jupyter skips with a message.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const hasJupyter = spawnSync("jupyter", ["nbconvert", "--version"], { encoding: "utf8" }).status === 0;
const mustRun = process.env.CI === "true";
const notebooks = readdirSync("notebooks").filter((f) => f.endsWith(".ipynb")).sort();

describe.skipIf(!hasJupyter && !mustRun)("notebooks", () => {
  it("Jupyter is installed (CI installs jupyter-nbconvert)", () => {
    expect(hasJupyter).toBe(true);
    execFileSync("npx", ["--no-install", "deno", "jupyter", "--install", "--force"], { stdio: "ignore" });
  });
  for (const nb of notebooks) {
    it(`${nb} runs top to bottom`, () => {
      const r = spawnSync("jupyter", [
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--ExecutePreprocessor.kernel_name=deno",
        "--ExecutePreprocessor.timeout=600",
        "--output-dir",
        "out/notebooks",
        `notebooks/${nb}`,
      ], { encoding: "utf8", timeout: 900_000 });
      expect(r.status, r.stderr.slice(-3000)).toBe(0);
      const executed = JSON.parse(readFileSync(`out/notebooks/${nb}`, "utf8"));
      type Output = { output_type: string; data?: Record<string, unknown> };
      const outputs: Output[] = executed.cells.flatMap((c: { outputs?: Output[] }) => c.outputs ?? []);
      expect(outputs.filter((o) => o.output_type === "error")).toEqual([]);
      const mimes = new Set(outputs.flatMap((o) => Object.keys(o.data ?? {})));
      expect(mimes.has("text/html")).toBe(true);
      // shared as HTML (Debian's nbconvert, its default sanitising of SVG): every figure is still there, as a PNG
      const html = spawnSync("jupyter", ["nbconvert", "--to", "html", "--output-dir", "out/notebooks", `out/notebooks/${nb}`], {
        encoding: "utf8",
      });
      expect(html.status, html.stderr.slice(-2000)).toBe(0);
      const page = readFileSync(`out/notebooks/${nb.replace(/\.ipynb$/, ".html")}`, "utf8");
      const figures = outputs.filter((o) => o.data?.["image/png"] || o.data?.["image/svg+xml"]);
      for (const f of figures) {
        const png = String(f.data!["image/png"] ?? "");
        expect(png.length, "each figure carries a PNG").toBeGreaterThan(1000);
        expect(page).toContain(`src="data:image/png;base64,${png.slice(0, 200)}`);
      }
      for (const svg of page.match(/<svg[^>]*>/g) ?? []) expect(svg).toMatch(/viewBox=/);
      if (nb !== "03-bulk-export.ipynb") expect(mimes.has("image/svg+xml")).toBe(true);
    }, 900_000);
  }
});
