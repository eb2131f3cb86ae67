/**
 * Code habits, checked on every run: deno fmt and deno lint clean, every
 * file type-checked (src, test, scripts, bench), every TSDoc example
 * type-checked, lines a reviewer can read, and docs/api.md covering the
 * exported API (so the two cannot drift apart).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const deno = join("node_modules", ".bin", "deno");
const run = (args: string[]) => spawnSync(deno, args, { encoding: "utf8", timeout: 300_000, env: { ...process.env, NO_COLOR: "1" } });
const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mjs)$/.test(e.name) && !e.parentPath.includes("results")).map((e) => join(e.parentPath, e.name));
const ENTRIES = ["src/index.ts", "src/plot/index.ts", "src/sandbox/index.ts"];

describe("habits", () => {
  it("deno fmt --check and deno lint pass (config in deno.json)", () => {
    const fmt = run(["fmt", "--check"]);
    expect(fmt.status, fmt.stderr.slice(-3000)).toBe(0);
    const lint = run(["lint"]);
    expect(lint.status, lint.stdout.slice(-3000) + lint.stderr.slice(-3000)).toBe(0);
  });

  it("type-checks src, test, scripts and bench, and every TSDoc example (deno check --doc)", () => {
    const files = [...ENTRIES, "src/sandbox/cli.ts", ...["scripts", "bench", "test"].flatMap(tsFiles).filter((f) => f.endsWith(".ts"))];
    const check = run(["check", ...files]);
    expect(check.status, check.stderr.slice(-4000)).toBe(0);
    const doc = run(["check", "--doc", "src"]);
    expect(doc.status, doc.stderr.slice(-4000)).toBe(0);
  }, 300_000);

  it("keeps lines within 140 characters", () => {
    const long = ["src", "test", "scripts", "bench"].flatMap(tsFiles).flatMap((f) =>
      readFileSync(f, "utf8").split("\n").flatMap((l, i) => (l.length > 140 ? [`${f}:${i + 1} (${l.length})`] : []))
    );
    expect(long).toEqual([]);
  });

  it("holds no merge-conflict markers in any tracked text file (deno fmt turns a bare one into a heading)", () => {
    const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n")
      .filter((f) => /\.(ts|mjs|md|json|ipynb|ya?ml|sh|sql)$/.test(f));
    const marker = /^(#+ )?(<{7} |>{7} |={7}$)/;
    const found = tracked.flatMap((f) => {
      let text: string;
      try {
        text = readFileSync(f, "utf8");
      } catch {
        return [];
      }
      return text.split("\n").flatMap((l, i) => (marker.test(l) ? [`${f}:${i + 1}`] : []));
    });
    expect(found).toEqual([]);
  });
});

describe("docs/api.md against the exported API", () => {
  type Tag = { kind: string; doc?: string };
  type Decl = {
    kind: string;
    jsDoc?: { tags?: Tag[] };
    def?: { methods?: { name: string; accessibility?: string; jsDoc?: { tags?: Tag[] } }[] };
  };
  // deno doc's stderr is kept (its warnings on @types/node's references are noise in CI's log) and shown only on failure
  const docJson = (files: string[]): string => {
    const r = spawnSync(deno, ["doc", "--json", ...files], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
    if (r.status !== 0) throw new Error(`deno doc --json failed (status ${r.status}): ${r.stderr.slice(-3000)}`);
    return r.stdout;
  };
  const docs = (files: string[]): { name: string; declarations: Decl[] }[] =>
    Object.values(
      JSON.parse(docJson(files)).nodes as Record<
        string,
        { symbols: never[] }
      >,
    ).flatMap((n) => n.symbols);
  const symbols = docs(ENTRIES);
  // Genesys inherits its catalogue look-ups (crops(), me(), …) from CatalogueClient: they are its public methods too
  const inherited = docs(["src/client/catalogue-client.ts"]).find((s) => s.name === "CatalogueClient")!.declarations[0]!.def!.methods!;
  const api = readFileSync("docs/api.md", "utf8");
  const hasExample = (tags: Tag[] | undefined) => (tags ?? []).some((t) => t.kind === "example" && /```ts/.test(t.doc ?? ""));

  it("reads the exports (the checks below would see a gap)", () => {
    expect(symbols.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Genesys", "GenesysApi", "startSandbox", "countryBar", "traitByDataset"]),
    );
    expect(inherited.map((m) => m.name)).toEqual(expect.arrayContaining(["crops", "me", "overview"]));
  });

  it("every exported function and value is named in docs/api.md", () => {
    const values = symbols.filter((s) => ["function", "class", "variable", "namespace"].includes(s.declarations[0]!.kind)).map((s) =>
      s.name
    );
    expect(values.filter((n) => !api.includes(`\`${n}`) && !api.includes(`${n}(`))).toEqual([]);
  });

  it("every exported function and every public method of Genesys and GenesysApi has a type-checked ```ts example", () => {
    const missing: string[] = [];
    for (const s of symbols) {
      const d = s.declarations[0]!;
      if (d.kind === "function" && !hasExample(d.jsDoc?.tags)) missing.push(s.name);
      if (d.kind === "class" && (s.name === "Genesys" || s.name === "GenesysApi")) {
        const methods = [...(d.def?.methods ?? []), ...(s.name === "Genesys" ? inherited : [])];
        for (const m of methods.filter((m) => m.accessibility !== "private")) {
          if (!hasExample(m.jsDoc?.tags)) missing.push(`${s.name}.${m.name}`);
          const documented = s.name === "Genesys"
            ? api.includes(`\`${m.name}(`) || api.includes(`Genesys.${m.name}(`)
            : api.includes(`api.${m.name}(`);
          if (!documented) missing.push(`docs/api.md: ${s.name}.${m.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
