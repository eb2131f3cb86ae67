import pl from "nodejs-polars";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { display } from "../src/display/display.ts";
import { asDisplayable, isPlainRecord, text } from "../src/display/text.ts";
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

describe("display of text and records (finding 26: no JavaScript literals)", () => {
  afterEach(() => {
    delete g.Deno;
  });
  const sentBy = async (...values: unknown[]) => {
    const sent: Record<string, string>[] = [];
    g.Deno = {
      jupyter: {
        display: (o: Record<symbol, () => Record<string, string>>) => Promise.resolve(void sent.push(o[Symbol.for("Jupyter.display")]!())),
      },
    };
    await display(...values);
    return sent;
  };

  it("a string is text: one paragraph per note, escaped, wrapping, no quotes or '+' joins", async () => {
    const notes = "climateAtSites(): 1,556 of 2,750 sites have no coordinates: null in every layer\n12 sites < 0 m";
    const [out] = await sentBy(notes);
    expect(out!["text/plain"]).toBe(notes);
    expect(out!["text/html"]).toContain("<p style=");
    expect(out!["text/html"].match(/<p /g)).toHaveLength(2);
    expect(out!["text/html"]).toContain("12 sites &lt; 0 m</p>");
    expect(out!["text/html"]).toContain("white-space:pre-wrap");
    expect(out!["text/html"]).toContain(">climateAtSites(): 1,556 of 2,750 sites have no coordinates: null in every layer</p>");
    expect(out!["text/html"]).not.toMatch(/\\n|" \+/);
    // text(s) is the same as a cell's last expression; a list of strings is one note a line
    expect(text(notes)[Symbol.for("Jupyter.display")]!()).toEqual(out);
    const [list] = await sentBy(notes.split("\n"));
    expect(list).toEqual(out);
  });

  it("a plain record is a table of names and values (nested records nested, lists joined); class instances are left alone", async () => {
    const when = new Date("2026-11-28T10:00:00Z");
    const [out] = await sentBy({ cite: "Genesys PGR (2026). Passport data.", dois: 3, options: { select: "49 fields" }, at: when });
    expect(out!["text/html"]).toContain('<th style="');
    expect(out!["text/html"]).toContain(">cite</th>");
    expect(out!["text/html"]).toContain("Genesys PGR (2026). Passport data.</div>");
    expect(out!["text/html"]).toMatch(/>options<\/th><td[^>]*><table/);
    expect(out!["text/html"]).toContain("2026-11-28T10:00:00Z");
    expect(out!["text/plain"]).toBe(
      "cite: Genesys PGR (2026). Passport data.\ndois: 3\noptions:\n  select: 49 fields\nat: 2026-11-28T10:00:00Z",
    );
    const [rows] = await sentBy([{ kind: "passports", MB: 1.5 }, { kind: "traits", MB: 0.2 }]);
    expect(rows!["text/html"].match(/<tr>/g)).toHaveLength(3);
    // a Map of names (instituteNames()) is a record too
    const [names] = await sentBy(new Map([["COL003", "Centro Internacional de Agricultura Tropical"]]));
    expect(names!["text/plain"]).toBe("COL003: Centro Internacional de Agricultura Tropical");
    expect(names!["text/html"]).toContain(">COL003</th>");
    expect(isPlainRecord(when)).toBe(false);
    expect(isPlainRecord(new Map())).toBe(false);
    expect(asDisplayable(when)).toBe(when);
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

describe("one frame predicate", () => {
  it("display and plot recognise a DataFrame with the kernel's isFrame, not copies of it (they tested the same thing two ways)", () => {
    const dirs = ["src/display", "src/plot"];
    const copies = dirs.flatMap((d) =>
      readdirSync(d).filter((f) => f.endsWith(".ts")).filter((f) =>
        /typeof \(\w+ as (DataFrame|\{[^}]*\})\)\.(toRecords|getColumn) === "function"/.test(readFileSync(`${d}/${f}`, "utf8"))
      ).map((f) => `${d}/${f}`)
    );
    expect(copies).toEqual([]);
    expect(readFileSync("src/display/display.ts", "utf8")).toContain('import { isFrame } from "../kernel/analysis.ts"');
  });
});
