/**
 * Module boundaries, read from the import statements of src/: the sandbox is
 * reachable only through its entry points, the client knows nothing of
 * display or plotting, the client's core imports nothing above it, the
 * schema layer imports no client code, and no two rooms of the client (its
 * folders, and the loose files of its root as one more) import each other.
 * And sizes a reader can hold: no function in src/client over 80 lines (read
 * with the TypeScript compiler's own parser), the facade genesys.ts at most
 * 450 lines.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { API } from "typescript/unstable/sync";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import { afterAll, describe, expect, it } from "vitest";

const SRC = resolve("src");
const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name));

/** [importer, imported] pairs between src files, both relative to src/. */
const edges = files.flatMap((file) => {
  const text = readFileSync(file, "utf8");
  const specs = [
    ...text.matchAll(
      new RegExp(
        [
          String.raw`(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']`, // import … from "./x", export … from "./x"
          String.raw`import\(\s*["'](\.[^"']+)["']\s*\)`, // import("./x")
          String.raw`(?:^|\n)\s*import\s*["'](\.[^"']+)["']`, // import "./x"
        ].join("|"),
        "g",
      ),
    ),
  ]
    .map((m) => m[1] ?? m[2] ?? m[3]!);
  return specs.map((s) => [relative(SRC, file), relative(SRC, resolve(dirname(file), s))] as const);
});
const crossing = (from: (f: string) => boolean, to: (f: string) => boolean) =>
  edges.filter(([a, b]) => from(a) && to(b)).map(([a, b]) => `${a} -> ${b}`);
const under = (dir: string) => (f: string) => f.startsWith(`${dir}/`);

describe("module boundaries", () => {
  it("reads the import graph (the check would see a crossing)", () => {
    expect(edges.length).toBeGreaterThan(50);
    expect(crossing((f) => f === "index.ts", under("sandbox"))).toEqual(["index.ts -> sandbox/launch.ts"]);
  });

  it("nothing outside src/sandbox imports from it, but the main entry's lazy startSandbox", () => {
    expect(crossing((f) => !under("sandbox")(f) && f !== "index.ts", under("sandbox"))).toEqual([]);
  });

  it("the client and the schemas import no display, plot or sandbox code; schemas no client code", () => {
    const ui = (f: string) => under("display")(f) || under("plot")(f) || under("sandbox")(f);
    expect(crossing(under("client"), ui)).toEqual([]);
    expect(crossing(under("schema"), (f) => ui(f) || under("client")(f))).toEqual([]);
  });

  it("the client's core (transport, auth, errors, diagnostics, provenance, result…) imports nothing above it", () => {
    const below = (f: string) => under("client/core")(f) || under("kernel")(f) || under("schema")(f) || f === "version.ts";
    expect(crossing(under("client/core"), (f) => !below(f))).toEqual([]);
    // and the rooms above it exist and use it
    expect(crossing((f) => under("client")(f) && !under("client/core")(f), under("client/core")).length).toBeGreaterThan(20);
  });

  it("no two rooms inside src/client import each other both ways (the client root's loose files count as one room)", () => {
    const room = (f: string) => (under("client")(f) ? f.split("/").slice(0, f.split("/").length > 2 ? 2 : 1).join("/") : undefined);
    const between = new Map<string, string>();
    for (const [a, b] of edges) {
      const [ra, rb] = [room(a), room(b)];
      if (ra && rb && ra !== rb) between.set(`${ra} -> ${rb}`, `${a} -> ${b}`);
    }
    const both = [...between.keys()].filter((k) => between.has(k.split(" -> ").reverse().join(" -> ")));
    expect(both.map((k) => between.get(k))).toEqual([]);
    // the check sees rooms: the facade imports the export room, which does not import it back
    expect(between.has("client -> client/export")).toBe(true);
  });

  it("the sandbox's request path quotes SQL with its own sql.ts, not the generator's helpers", () => {
    expect(crossing((f) => under("sandbox")(f) && !under("sandbox/generator")(f), (f) => f === "sandbox/generator/sql.ts")).toEqual([]);
  });
});

describe("sizes in src/client", () => {
  const FUNCTIONS = new Set([
    SyntaxKind.FunctionDeclaration,
    SyntaxKind.FunctionExpression,
    SyntaxKind.ArrowFunction,
    SyntaxKind.MethodDeclaration,
    SyntaxKind.Constructor,
    SyntaxKind.GetAccessor,
    SyntaxKind.SetAccessor,
  ]);
  const api = new API({ cwd: process.cwd() });
  afterAll(() => api.close());
  const program = api.updateSnapshot({ openProjects: ["tsconfig.json"] }).getProjects()[0]!.program;
  const client = files.filter((f) => relative(SRC, f).startsWith("client/"));

  /** A function's name as a reader finds it: its own, or the variable, property or class member it is assigned to. */
  const nameOf = (node: Node, sf: SourceFile): string => {
    const named = (n: Node | undefined) => (n && "name" in n && n.name ? (n.name as Node).getText(sf) : undefined);
    return named(node) ?? named(node.parent) ?? "(anonymous)";
  };
  /** Every function of a file with its length in lines, from its first token (not its doc comment) to its last. */
  const lengths = (file: string) => {
    const sf = program.getSourceFile(file)!;
    const found: { where: string; lines: number }[] = [];
    const visit = (node: Node): undefined => {
      if (FUNCTIONS.has(node.kind)) {
        const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(node.end).line;
        found.push({ where: `${relative(SRC, file)}:${first + 1} ${nameOf(node, sf)}`, lines: last - first + 1 });
      }
      node.forEachChild(visit);
    };
    sf.forEachChild(visit);
    return found;
  };

  it("no function, method or arrow in src/client is over 80 lines", () => {
    const all = client.flatMap(lengths);
    // the parser sees the functions (a file of the client has dozens)
    expect(all.filter((f) => f.where.startsWith("client/genesys.ts")).length).toBeGreaterThan(10);
    expect(all.filter((f) => f.lines > 80).map((f) => `${f.where} (${f.lines} lines)`)).toEqual([]);
  });

  it("the facade genesys.ts is at most 450 lines", () => {
    expect(readFileSync(join(SRC, "client/genesys.ts"), "utf8").split("\n").length).toBeLessThanOrEqual(450);
  });
});
