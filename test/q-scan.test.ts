import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { API } from "typescript/unstable/sync";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import { it } from "vitest";
const SRC = resolve("src");
const files = readdirSync(SRC, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name));
it("scan", () => {
  const api = new API({ cwd: process.cwd() });
  const program = api.updateSnapshot({ openProjects: ["tsconfig.json"] }).getProjects()[0]!.program;
  const FUN = new Set([SyntaxKind.FunctionDeclaration, SyntaxKind.FunctionExpression, SyntaxKind.ArrowFunction, SyntaxKind.MethodDeclaration, SyntaxKind.Constructor, SyntaxKind.GetAccessor, SyntaxKind.SetAccessor]);
  const TAB = new Set([SyntaxKind.ArrayLiteralExpression, SyntaxKind.ObjectLiteralExpression, SyntaxKind.NoSubstitutionTemplateLiteral, SyntaxKind.TemplateExpression]);
  const out: string[] = [];
  const LEAF = new Set([SyntaxKind.StringLiteral, SyntaxKind.NumericLiteral, SyntaxKind.TrueKeyword, SyntaxKind.FalseKeyword, SyntaxKind.NullKeyword, SyntaxKind.NoSubstitutionTemplateLiteral, SyntaxKind.BigIntLiteral]);
  const pure = (node: Node): boolean => {
    if (LEAF.has(node.kind)) return true;
    if (node.kind === SyntaxKind.PrefixUnaryExpression) return true;
    if (node.kind === SyntaxKind.TemplateExpression) return true;
    if (node.kind === SyntaxKind.ArrayLiteralExpression) { let ok = true; node.forEachChild((c) => { if (!pure(c)) ok = false; return undefined; }); return ok; }
    if (node.kind === SyntaxKind.ObjectLiteralExpression) { let ok = true; node.forEachChild((c) => { if (c.kind !== SyntaxKind.PropertyAssignment) { ok = false; return undefined; } let v: Node | undefined; c.forEachChild((x) => { v = x; return undefined; }); if (!v || !pure(v)) ok = false; return undefined; }); return ok; }
    if (node.kind === SyntaxKind.AsExpression || node.kind === SyntaxKind.SatisfiesExpression) { let first: Node | undefined; node.forEachChild((x) => { first ??= x; return undefined; }); return !!first && pure(first); }
    return false;
  };
  for (const f of files) {
    const sf = program.getSourceFile(f);
    if (!sf) { out.push(`NO SOURCE ${f}`); continue; }
    const visit = (node: Node): undefined => {
      const a = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line, b = sf.getLineAndCharacterOfPosition(node.end).line;
      const n = b - a + 1;
      if (FUN.has(node.kind) && n > 80) out.push(`FUN ${relative(SRC, f)}:${a + 1} ${n}`);
      if (TAB.has(node.kind) && n >= 15 && pure(node)) { out.push(`TAB ${relative(SRC, f)}:${a + 1} ${SyntaxKind[node.kind]} ${n} parent=${SyntaxKind[node.parent.kind]} ${node.getText(sf).slice(0, 40).replace(/\n/g, " ")}`); return; }
      node.forEachChild(visit);
    };
    sf.forEachChild(visit);
  }
  console.log(out.join("\n"));
  api.close();
});
