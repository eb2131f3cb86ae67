/**
 * Module boundaries, read from the import statements of src/: the sandbox is
 * reachable only through its entry points, the client knows nothing of
 * display or plotting, the client's core imports nothing above it, the
 * schema layer imports no client code, and no two rooms of the client (its
 * folders, and the loose files of its root as one more) import each other.
 * And sizes a reader can hold: no function in src/ over 80 lines (read with
 * the TypeScript compiler's own parser), the facade genesys.ts at most 450
 * lines.
 *
 * Issue 40's guards for the whole house: the size and layering checks cover
 * all of src/, not only the client: no two folders of src/ import each other
 * both ways, the analysis rooms import only the kernel, schema/, mcpd/ and
 * their own room, no literal table of 15 lines or more is written as code
 * (reference data are data files with a source, a licence and a tested hash),
 * and provenance and diagnostics are attached in the kernel's two files.
 * Where a room is being mended in parallel, its current offenders are named in
 * an allow-list that may only shrink: a test fails when an allow-listed item
 * no longer offends (or no longer exists), so the list cannot go stale.
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
/** A file's folder relative to src/ ("." for the loose files of src/). */
const folderOf = (f: string) => dirname(f);

/**
 * Folder pairs that import each other both ways today, each with the helper mending it; remove a pair when it is
 * mended (the test below fails until you do). Empty since the sandbox's request helpers moved down into sandbox/http/
 * and sandbox/sql/, which the server, the routes and the generator import and which import none of them. The
 * package's entry src/index.ts is left out of the folder graph: it imports every room by design, and the loose files
 * beside it (version.ts, native.ts) import nothing of the project.
 */
const BOTH_WAYS_ALLOWED: Record<string, string> = {};

/** The rooms of the analyses and what they may import besides themselves. */
const ANALYSIS_ROOMS = ["quality", "duplicates", "climate", "core-collection", "figs"];
/**
 * parts/ too: the on-disk format of passportsToParquet() and its one reader, with its checks, which the duplicate finder
 * reads a folder through (issue 40, item 3); it stands below the client and imports nothing of the project (tested below).
 */
const BELOW_ANALYSES = ["kernel", "schema", "mcpd", "parts"];
/** Imports of an analysis room from outside what it may import, today; may only shrink (importer -> imported). */
const ROOM_IMPORTS_ALLOWED: Record<string, string> = {};

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

  it("the sandbox's request path (routes/, http/, sql/) imports nothing of the generator, which imports only sql/ of it", () => {
    const requestPath = (f: string) => ["routes", "http", "sql"].some((d) => under(`sandbox/${d}`)(f));
    expect(crossing(requestPath, under("sandbox/generator"))).toEqual([]);
    const generator = under("sandbox/generator");
    expect(crossing(generator, (f) => under("sandbox")(f) && !generator(f) && !under("sandbox/sql")(f))).toEqual([]);
    // the check sees the sandbox's folders: the generator quotes with sql/literal.ts, the routes read http/context.ts
    expect(crossing(generator, under("sandbox/sql"))).toContain("sandbox/generator/sql.ts -> sandbox/sql/literal.ts");
    expect(crossing(under("sandbox/routes"), under("sandbox/http")).length).toBeGreaterThan(3);
  });
});

describe("layering of all of src/ (issue 40)", () => {
  const graph = edges.filter(([a]) => a !== "index.ts");
  const between = new Map<string, string[]>();
  for (const [a, b] of graph) {
    const [fa, fb] = [folderOf(a), folderOf(b)];
    if (fa !== fb) between.set(`${fa} -> ${fb}`, [...(between.get(`${fa} -> ${fb}`) ?? []), `${a} -> ${b}`]);
  }
  const bothWays = [...between.keys()]
    .map((k) => k.split(" -> ") as [string, string])
    .filter(([a, b]) => a < b && between.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);

  it("no two folders of src/ import each other both ways, beyond the named pairs being mended", () => {
    expect(bothWays.filter((p) => !(p in BOTH_WAYS_ALLOWED))).toEqual([]);
    // the check sees folders: the kernel is imported by the client and imports none of it
    expect(between.has("client -> kernel")).toBe(true);
  });

  it("every allowed pair still imports both ways (the allow-list only shrinks: remove a pair once it is mended)", () => {
    expect(Object.keys(BOTH_WAYS_ALLOWED).filter((p) => !bothWays.includes(p))).toEqual([]);
  });

  const roomOf = (f: string) => ANALYSIS_ROOMS.find((r) => under(r)(f));
  const outside = edges
    .filter(([a, b]) => roomOf(a) && !under(roomOf(a)!)(b) && !BELOW_ANALYSES.some((d) => under(d)(b)))
    .map(([a, b]) => `${a} -> ${b}`);

  it("the analysis rooms import only the kernel, schema/, mcpd/ and their own room (nothing from client/)", () => {
    expect(outside.filter((e) => !(e in ROOM_IMPORTS_ALLOWED))).toEqual([]);
    // the check sees the rooms' imports
    expect(crossing(under("quality"), under("kernel")).length).toBeGreaterThan(3);
  });

  it("every allowed import of an analysis room still exists (the allow-list only shrinks)", () => {
    expect(Object.keys(ROOM_IMPORTS_ALLOWED).filter((e) => !outside.includes(e))).toEqual([]);
  });

  const attaching = files.filter((f) =>
    /\battach(Provenance|Diagnostics)\(/.test(readFileSync(f, "utf8").replace(/export function attach\w+/g, ""))
  )
    .map((f) => relative(SRC, f));

  it("provenance and diagnostics are attached in two files: the kernel's analysis.ts and result.ts (issue 40)", () => {
    expect(attaching.sort()).toEqual(["kernel/analysis.ts", "kernel/result.ts"]);
  });

  it("the kernel imports nothing of the project but version.ts; parts/ nothing but the kernel", () => {
    expect(crossing(under("kernel"), (f) => !under("kernel")(f) && f !== "version.ts")).toEqual([]);
    expect(crossing(under("parts"), (f) => !under("parts")(f) && !under("kernel")(f) && f !== "version.ts")).toEqual([]);
  });
});

describe("sizes in src/", () => {
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
  const sources = files.map((f) => [relative(SRC, f), program.getSourceFile(f)!] as const);

  /** A node's name as a reader finds it: its own, or that of the variable, property or class member it is assigned to. */
  const nameOf = (node: Node, sf: SourceFile): string => {
    const named = (n: Node | undefined) => (n && "name" in n && n.name ? (n.name as Node).getText(sf) : undefined);
    return named(node) ?? named(node.parent) ?? "(anonymous)";
  };
  /** The name of the nearest named thing around a node (`generatePassports`, `REGIONS`), for a table passed inline. */
  const ownerOf = (node: Node, sf: SourceFile): string => {
    for (let n: Node | undefined = node; n; n = n.parent) {
      const name = nameOf(n, sf);
      if (name !== "(anonymous)") return name;
    }
    return "(file)";
  };
  const lineOf = (sf: SourceFile, pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const span = (node: Node, sf: SourceFile) => lineOf(sf, node.end) - lineOf(sf, node.getStart(sf)) + 1;

  /** Every function of src/ with its length in lines, from its first token (not its doc comment) to its last. */
  const functions = sources.flatMap(([file, sf]) => {
    const found: { file: string; name: string; line: number; lines: number }[] = [];
    const visit = (node: Node): undefined => {
      if (FUNCTIONS.has(node.kind)) {
        found.push({ file, name: nameOf(node, sf), line: lineOf(sf, node.getStart(sf)) + 1, lines: span(node, sf) });
      }
      node.forEachChild(visit);
    };
    sf.forEachChild(visit);
    return found;
  });

  /**
   * Functions over 80 lines, by file and name, while a room is being mended; remove an entry when its function is
   * shorter (the test below fails until you do). Empty since the sandbox generator and the duplicate finder were
   * mended (there were 8: generateTraits, startSandbox, createReferenceTables, generatePassports, plantDuplicates,
   * plantErrors, probableLinks, probableDuplicatesInDataset).
   */
  const LONG_ALLOWED: string[] = [];
  const long = functions.filter((f) => f.lines > 80);

  it("no function, method or arrow in src/ is over 80 lines, beyond the named ones being mended", () => {
    // the parser sees the functions (the facade alone has dozens)
    expect(functions.filter((f) => f.file === "client/genesys.ts").length).toBeGreaterThan(10);
    expect(long.filter((f) => !LONG_ALLOWED.includes(`${f.file} ${f.name}`)).map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`))
      .toEqual([]);
  });

  it("every allowed long function is still over 80 lines (the allow-list only shrinks: remove it once it is shorter)", () => {
    expect(LONG_ALLOWED.filter((a) => !long.some((f) => `${f.file} ${f.name}` === a))).toEqual([]);
  });

  it("the facade genesys.ts is at most 450 lines", () => {
    expect(readFileSync(join(SRC, "client/genesys.ts"), "utf8").split("\n").length).toBeLessThanOrEqual(450);
  });

  // Literal tables: an array or object literal of 15 lines or more whose every value is a literal (strings, numbers,
  // booleans, null, nested literal arrays and objects), or a template string of 15 lines or more that holds tab-separated
  // rows. SQL and usage text in template strings are code, not tables.
  const LEAVES = new Set([
    SyntaxKind.StringLiteral,
    SyntaxKind.NumericLiteral,
    SyntaxKind.BigIntLiteral,
    SyntaxKind.TrueKeyword,
    SyntaxKind.FalseKeyword,
    SyntaxKind.NullKeyword,
    SyntaxKind.NoSubstitutionTemplateLiteral,
    SyntaxKind.PrefixUnaryExpression, // -12.5
  ]);
  const children = (node: Node) => {
    const list: Node[] = [];
    node.forEachChild((c) => void list.push(c));
    return list;
  };
  const literal = (node: Node): boolean => {
    if (LEAVES.has(node.kind)) return true;
    if (node.kind === SyntaxKind.ArrayLiteralExpression) return children(node).every(literal);
    if (node.kind === SyntaxKind.ObjectLiteralExpression) {
      return children(node).every((p) => p.kind === SyntaxKind.PropertyAssignment && literal(children(p).at(-1)!));
    }
    if (node.kind === SyntaxKind.AsExpression || node.kind === SyntaxKind.SatisfiesExpression) return literal(children(node)[0]!);
    return false;
  };
  const tsv = (node: Node, sf: SourceFile) => {
    const lines = node.getText(sf).split("\n").filter((l) => l.trim());
    return lines.filter((l) => l.includes("\t")).length * 2 >= lines.length;
  };
  const tables = sources.flatMap(([file, sf]) => {
    const found: { file: string; name: string; line: number; lines: number }[] = [];
    const visit = (node: Node): undefined => {
      const text = node.kind === SyntaxKind.NoSubstitutionTemplateLiteral || node.kind === SyntaxKind.TemplateExpression;
      const array = node.kind === SyntaxKind.ArrayLiteralExpression || node.kind === SyntaxKind.ObjectLiteralExpression;
      if (span(node, sf) >= 15 && ((text && tsv(node, sf)) || (array && literal(node)))) {
        found.push({ file, name: ownerOf(node, sf), line: lineOf(sf, node.getStart(sf)) + 1, lines: span(node, sf) });
        return;
      }
      node.forEachChild(visit);
    };
    sf.forEachChild(visit);
    return found;
  });
  const key = (t: { file: string; name: string }) => `${t.file} ${t.name}`;

  /**
   * Kept as code: schemas and option tables (lists of column names, the MCPD standard's code lists, the evidence
   * weights).
   */
  const SCHEMAS = [
    "client/traits/long.ts LONG_COLUMNS",
    "duplicates/pairs.ts PROBABLE_WEIGHTS",
    "duplicates/records.ts DUPLICATE_COLUMNS",
    "mcpd/code-lists.ts COLLSRC_LABELS",
    "mcpd/sampstat.ts SAMPSTAT_LABELS",
    "schema/passport-fields.ts GEO_FIELDS",
  ];
  /** Tables written as code today, each in a room another helper is moving to data files; may only shrink. */
  const TABLES_ALLOWED: string[] = [];

  it("no literal table of 15 lines or more in src/**/*.ts beyond schemas and option tables, and the named ones being moved", () => {
    // the check sees tables (src/sandbox/generator holds several today)
    expect(tables.length).toBeGreaterThan(5);
    expect(
      tables.filter((t) => !SCHEMAS.includes(key(t)) && !TABLES_ALLOWED.includes(key(t))).map((t) =>
        `${t.file}:${t.line} ${t.name} (${t.lines} lines)`
      ),
    )
      .toEqual([]);
  });

  it("every allowed table and kept schema is still there (the lists only shrink: remove an entry once it is data)", () => {
    expect([...SCHEMAS, ...TABLES_ALLOWED].filter((a) => !tables.some((t) => key(t) === a))).toEqual([]);
  });
});
