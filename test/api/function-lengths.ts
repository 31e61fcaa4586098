/**
 * Every function of the account API's code (mocks/api/**\/*.ts) with its length in lines, read
 * with the TypeScript compiler: declarations, expressions, arrows, methods, constructors and
 * accessors, each counted from its first line to its last (a nested function counts within its
 * parent too). FunctionLength.test.ts keeps each under a limit; to list them, longest first:
 *
 *   npx ts-node --transpile-only test/api/function-lengths.ts [limit]
 */
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";

export const API_DIR = path.resolve(__dirname, "../../mocks/api");

export interface FunctionLength {
  /** `file:line`, the file relative to mocks/api. */
  where: string;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith(".ts") ? [path.join(dir, entry.name)] : []))
    .sort();
}

/** What a function is called: its own name, the name it is bound to, or the call it is handed to (`app.post("/api/login")`). */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const first = parent.arguments[0];
    const route = first && ts.isStringLiteral(first) ? `(${first.getText(source)})` : "()";
    return `<handed to ${parent.expression.getText(source)}${route}>`;
  }
  return "<anonymous>";
}

export function functionLengths(dir = API_DIR): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const declaration = node as ts.FunctionLikeDeclaration;
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ where: `${path.relative(dir, file)}:${first + 1}`, name: nameOf(declaration, source), lines: last - first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
}

if (require.main === module) {
  const limit = Number(process.argv[2] ?? 0);
  const all = functionLengths();
  for (const { where, name, lines } of all.filter((entry) => entry.lines > limit)) console.log(`${String(lines).padStart(4)}  ${name}  ${where}`);
  console.log(`${all.length} functions in ${path.relative(process.cwd(), API_DIR)}; the longest: ${all[0]?.lines ?? 0} lines`);
}
