import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("Deno", () => {
  it("runs an end-to-end call under deno", () => {
    const out = execFileSync("npx", ["--no-install", "deno", "run", "-A", "test/deno/smoke.ts"], { encoding: "utf8", timeout: 120_000 });
    expect(out).toMatch(/deno smoke ok: \d+ passports, \d+x\d+ traits/);
  });

  it("type-checks the library, scripts and benchmarks (deno check)", () => {
    const files = ["src/index.ts", "src/plot/index.ts", "src/sandbox/index.ts", "src/sandbox/cli.ts", "scripts/demo.ts", "scripts/svg-to-png.ts", "bench/run.ts", "bench/case.ts"];
    // throws with the compiler's messages when a file does not type-check
    execFileSync("npx", ["--no-install", "deno", "check", ...files], { encoding: "utf8", timeout: 240_000, stdio: "pipe" });
  });
});
