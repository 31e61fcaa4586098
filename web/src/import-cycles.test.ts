/**
 * No import circle in web/src: no module reaches itself again through what it imports. Every kind
 * of import counts, `import type` and `export … from` as much as a lazy `import()`: a type-only
 * circle is still two files that cannot be read one without the other (ESLint's import-x/no-cycle
 * skips type imports, so it could not be the check). The graph is read with TypeScript's own
 * scanner and resolved by web/tsconfig.json (the '@/' alias and relative paths alike).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const WEB = path.join(import.meta.dirname, "..");
const SRC = path.join(WEB, "src");

/** Every TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** What each file of web/src imports in web/src (paths relative to web/src). */
function importGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(WEB, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, WEB);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && !path.relative(SRC, resolved).startsWith("..") && !resolved.endsWith(".d.ts")) targets.add(path.relative(SRC, resolved));
    }
    graph.set(path.relative(SRC, file), [...targets].sort());
  }
  return graph;
}

/**
 * The circles of `graph`: one per group of modules that reach each other (Tarjan's strongly
 * connected components), each said as a shortest way from its first module back to it, and the
 * group's other modules if that way does not pass them all.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  // A shortest way round each group, from its first module back to it, through the group only.
  return groups.map((group) => {
    const inGroup = new Set(group);
    const start = group[0];
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!inGroup.has(next)) continue;
        if (next === start) {
          const way = [node];
          while (way[0] !== start) way.unshift(cameFrom.get(way[0])!);
          const others = group.filter((member) => !way.includes(member));
          return `${[...way, start].join(" -> ")}${others.length > 0 ? ` (and through ${others.join(", ")})` : ""}`;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    throw new Error(`No way round ${group.join(", ")}`);
  });
}

describe("import circles", () => {
  it("finds a circle, type-only or lazy, and only circles", () => {
    const graph = new Map([
      ["store/types.ts", ["store/ui-slice.ts", "store/user-slice.ts"]],
      ["store/ui-slice.ts", ["store/types.ts"]],
      ["store/user-slice.ts", ["store/types.ts"]],
      ["app/routes.ts", ["features/home/home-page.tsx", "lib/paths.ts"]],
      ["features/home/home-page.tsx", ["lib/paths.ts", "app/routes.ts"]],
      ["lib/paths.ts", []],
      ["lib/self.ts", ["lib/self.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([
      "app/routes.ts -> features/home/home-page.tsx -> app/routes.ts",
      "lib/self.ts -> lib/self.ts",
      "store/types.ts -> store/ui-slice.ts -> store/types.ts (and through store/user-slice.ts)",
    ]);
    expect(importCircles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", []]]))).toEqual([]);
  });

  it("reads every kind of import, and the '@/' alias", () => {
    const graph = importGraph();
    // store/index.ts: `import type` and relative paths; app/routes.ts: lazy `import()` by the alias.
    expect(graph.get("store/index.ts")).toContain("store/types.ts");
    expect(graph.get("app/routes.ts")).toContain("features/home/home-page.tsx");
    expect(graph.size).toBeGreaterThan(100);
  });

  it("has none in web/src", () => {
    expect(importCircles(importGraph()), "import circles in web/src: move what both sides need to a module that imports neither").toEqual([]);
  });
});
