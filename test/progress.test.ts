import { afterEach, describe, expect, it, vi } from "vitest";
import { progressReporter } from "../src/display/progress.ts";

const g = globalThis as { Deno?: unknown };

describe("progressReporter", () => {
  afterEach(() => {
    delete g.Deno;
    vi.restoreAllMocks();
  });

  it("in a notebook: updates one display in order, and done() awaits the final count", async () => {
    const sent: { text: string; update?: boolean; id?: string }[] = [];
    let pending = 0;
    g.Deno = {
      jupyter: {
        display: async (obj: Record<string, string>, opts: { update?: boolean; display_id?: string }) => {
          pending++;
          await new Promise((r) => setTimeout(r, 5)); // a slow kernel channel
          sent.push({ text: obj["text/plain"]!, update: opts.update, id: opts.display_id });
          pending--;
        },
      },
    };
    const progress = progressReporter("export", 0);
    progress({ rows: 10, bytes: 1_000, page: 0 });
    progress({ rows: 20, bytes: 2_000, page: 0 });
    await progress.done();
    expect(pending).toBe(0);
    expect(sent.map((s) => s.text.split(",")[0])).toEqual(["export: 10 rows", "export: 20 rows", "export: 20 rows"]);
    expect(sent.map((s) => s.update)).toEqual([false, true, true]);
    expect(new Set(sent.map((s) => s.id)).size).toBe(1);
  });

  it("done() reports the last count even when updates were throttled", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((m: string) => void lines.push(m));
    const progress = progressReporter("export", 60_000);
    progress({ rows: 1, bytes: 10, page: 0 });
    progress({ rows: 145_564, bytes: 44_000_000, page: 0 }); // throttled
    await progress.done();
    expect(lines.at(-1)).toMatch(/^export: 145,564 rows, 44\.0 MB/);
  });
});
