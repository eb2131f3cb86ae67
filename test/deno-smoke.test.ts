import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("Deno", () => {
  it("runs an end-to-end call under deno", () => {
    const out = execFileSync("npx", ["--no-install", "deno", "run", "-A", "test/deno/smoke.ts"], { encoding: "utf8", timeout: 120_000 });
    expect(out).toMatch(/deno smoke ok: \d+ passports, \d+x\d+ traits/);
  });
});
