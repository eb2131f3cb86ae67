/**
 * Ctrl-C (or SIGTERM) during passports() in a script: the process ends as
 * the signal asks and leaves no block file behind.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "./helpers/scripted-server.ts";

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).flatMap((d) => readdirSync(join(dir, d))) : []);

describe("interrupting a script mid-export", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} ends a Deno script and removes its block files`, async () => {
      const spool = mkdtempSync(join(tmpdir(), "interrupt-spool-"));
      const rows = Array.from({ length: 2000 }, (_, i) => `COL003\tG${i}\n`).join("");
      const srv = await scriptedServer(() => ({
        status: 200,
        headers: { "content-type": "text/csv" },
        body: `INSTCODE\tACCENUMB\n${rows}`,
        trickle: { chunk: rows, everyMs: 20 },
      }));
      try {
        const child = spawn("node_modules/.bin/deno", ["run", "-A", "test/deno/interrupt.ts"], {
          env: { ...process.env, GENESYS_API_URL: srv.url, GENESYS_SPOOL_DIR: spool },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
          child.on("exit", (code, sig) => r({ code, signal: sig }))
        );
        for (let t = 0; t < 300 && files(spool).length === 0; t++) await new Promise((r) => setTimeout(r, 100));
        expect(files(spool).length, out).toBeGreaterThan(0);
        child.kill(signal);
        const end = await exited;
        expect(end.signal === signal || (end.code !== null && end.code !== 0), JSON.stringify(end) + out).toBe(true);
        expect(out).not.toMatch(/the export ended/);
        expect(files(spool)).toEqual([]);
      } finally {
        await srv.close();
        rmSync(spool, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
