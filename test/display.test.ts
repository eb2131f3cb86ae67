import pl from "nodejs-polars";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { display } from "../src/display/display.ts";
import { countryBar } from "../src/plot/helpers.ts";

const g = globalThis as { Deno?: unknown };
const df = pl.DataFrame({ ORIGCTY: ["MEX", "PER", "MEX"], N: [1, 2, 3] });

describe("display", () => {
  afterEach(() => {
    delete g.Deno;
    vi.restoreAllMocks();
  });

  it("in a notebook: sends each value before resolving; frames as HTML tables, figures as SVG", async () => {
    const sent: Record<string, string>[] = [];
    g.Deno = {
      jupyter: {
        display: async (obj: Record<symbol, () => Record<string, string>>) => {
          await new Promise((r) => setTimeout(r, 5));
          sent.push(obj[Symbol.for("Jupyter.display")]!());
        },
      },
    };
    await display(df, countryBar(df));
    expect(sent).toHaveLength(2);
    expect(sent[0]!["text/html"]).toContain("<table");
    expect(sent[0]!["text/html"]).toContain("MEX");
    expect(sent[1]!["image/svg+xml"]).toMatch(/^<svg[^>]* viewBox="0 0 \d+ \d+"/);
    // a PNG too, and as an <img> in text/html: HTML exports and sanitising viewers keep it (nbconvert 6 strips SVG elements)
    const png = Buffer.from(sent[1]!["image/png"]!, "base64");
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(sent[1]!["text/html"]).toBe(
      `<img class="genesys-figure" width="640" alt="Accessions by country of origin" src="data:image/png;base64,${sent[1]!["image/png"]}">`,
    );
  });

  it("outside a notebook prints plain text", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((m: string) => void lines.push(m));
    await display(df, countryBar(df, { title: "Origins" }), "done");
    expect(lines[0]).toContain("shape: (3, 2)");
    expect(lines[1]).toBe("Figure: Origins");
    expect(lines[2]).toBe("done");
  });
});

describe("display and plot do not import each other both ways", () => {
  it("src/display imports nothing from src/plot (plot's entry imports display's terminal set-up)", () => {
    const files = readdirSync("src/display").filter((f) => f.endsWith(".ts"));
    const crossing = files.filter((f) => /from\s*["']\.\.\/plot\//.test(readFileSync(`src/display/${f}`, "utf8")));
    expect(crossing).toEqual([]);
    expect(readFileSync("src/plot/index.ts", "utf8")).toContain("../display/terminal.ts");
  });
});
