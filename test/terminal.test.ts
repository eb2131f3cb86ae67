/**
 * Polars' display settings (table width, columns, rows) are process-wide: importing the toolkit must not change them.
 * The toolkit sizes a frame to the terminal only where it prints one itself (display(), show()'s text), and puts the
 * settings back afterwards; configureTerminal() is the explicit, process-wide opt-in.
 */
import { execFileSync } from "node:child_process";
import pl from "nodejs-polars";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureTerminal } from "../src/display/terminal.ts";
import { display } from "../src/display/display.ts";

/** Polars keeps its display settings in these environment variables (set and unset by pl.Config). */
const polarsSettings = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => /^POLARS_(FMT_|TABLE_)/.test(k)));

describe("polars' display settings", () => {
  afterEach(() => {
    pl.Config.setTblCols();
    pl.Config.setTblRows();
    pl.Config.setTblWidthChars();
    vi.restoreAllMocks();
  });

  it("importing the main and plot entries (outside Jupyter) leaves them as they were", () => {
    // a fresh process, so nothing else has imported the package yet
    const script = `
      const settings = () => Object.fromEntries(Object.entries(Deno.env.toObject()).filter(([k]) => /^POLARS_(FMT_|TABLE_)/.test(k)));
      const before = settings();
      await import("./src/index.ts");
      await import("./src/plot/index.ts");
      console.log(JSON.stringify({ before, after: settings() }));`;
    const out = execFileSync("npx", ["--no-install", "deno", "eval", "--ext=ts", script], {
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, POLARS_FMT_MAX_ROWS: "7" },
    });
    const { before, after } = JSON.parse(out.trim().split("\n").at(-1)!);
    expect(before).toEqual({ POLARS_FMT_MAX_ROWS: "7" });
    expect(after).toEqual(before);
  }, 150_000);
});

describe("frames the toolkit prints", () => {
  const wide = pl.DataFrame(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`COLUMN${String(i).padStart(2, "0")}`, [i]])));
  afterEach(() => {
    pl.Config.setTblCols();
    pl.Config.setTblWidthChars();
    vi.restoreAllMocks();
  });

  it("display() sizes a frame to the terminal for that print and puts polars' settings back", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((s: string) => void printed.push(s));
    expect(polarsSettings()).toEqual({});
    await display(wide);
    // 160 characters outside a terminal: 10 of the 30 columns (00-04 and 25-29), headers whole
    expect(printed[0]).toMatch(/COLUMN04 ┆ … ┆ COLUMN25/);
    expect(polarsSettings()).toEqual({});
    // once display() has returned, polars' own default again: 8 columns
    expect(wide.toString()).toMatch(/COLUMN03 ┆ … ┆ COLUMN26/);
  });

  it("display() keeps a setting the user made (here 4 columns), and configureTerminal() sets them for the process", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((s: string) => void printed.push(s));
    pl.Config.setTblCols(4);
    await display(wide);
    expect(printed[0]).toContain("COLUMN01");
    expect(printed[0]).not.toContain("COLUMN02");
    expect(polarsSettings()).toEqual({ POLARS_FMT_MAX_COLS: "4" });
    pl.Config.setTblCols();
    expect(configureTerminal({ width: 96 })).toEqual({ width: 96, columns: 6 });
    expect(polarsSettings()).toEqual({ POLARS_TABLE_WIDTH: "96", POLARS_FMT_MAX_COLS: "6", POLARS_FMT_MAX_ROWS: "20" });
  });
});
