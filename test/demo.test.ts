/**
 * The README's first command, `npm run demo` (scripts/demo.ts in Deno against the sandbox), as a reader sees it in a
 * terminal: it ends without error, prints the bean passports with whole column names (a script that prints frames sizes
 * them with configureTerminal(); the library's import leaves polars' settings alone), and writes its figures to out/.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

describe("npm run demo", () => {
  it("prints whole column names and writes its figures", () => {
    const cwd = mkdtempSync(join(tmpdir(), "demo-"));
    const out = execFileSync(
      resolve("node_modules/.bin/deno"),
      ["run", "-A", `--config=${resolve("deno.json")}`, resolve("scripts/demo.ts")],
      { cwd, encoding: "utf8", timeout: 240_000, stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out).toContain("Bean passports:");
    const header = out.split("\n").find((l) => l.includes("INSTCODE") && l.includes("ACCENUMB"));
    expect(header, out.slice(0, 2000)).toBeDefined();
    // the passports' columns, each whole on the header line (polars' 100-character default broke them: "DECLATITUD" / "E")
    for (const c of ["DECLATITUDE", "DECLONGITUDE", "ACQDATE_date"]) expect(header).toContain(c);
    const written = readdirSync(join(cwd, "out"));
    for (const f of ["beans-countries.svg", "beans-sites.png", "beans-fe-zn.svg", "beans-height-by-trial.svg"]) {
      expect(written).toContain(f);
      expect(statSync(join(cwd, "out", f)).size).toBeGreaterThan(500);
    }
  }, 300_000);
});
