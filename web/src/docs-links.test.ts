/**
 * The repo's documentation resolves in a fresh clone: every relative link of README.md and docs/
 * reaches a file (and its #anchor a heading), every repo path the docs name in backticks exists,
 * every `docs/….md` the code cites exists with the § it names, and nothing cites a document the
 * clone does not have (the design notes, style guide and specification the docs replaced).
 * docs/testing.md §7.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");

/** Generated, installed or written by runs: not the repo's own text. */
const SKIPPED = new Set(["node_modules", ".git", "artifacts", "cache", "coverage", "test-results", "deployments", ".data", "typechain-types", "dist", "types"]);

function walk(dir: string, accept: (file: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(relative, accept);
    return accept(relative) ? [relative] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const MARKDOWN = ["README.md", ...walk("docs", (file) => file.endsWith(".md"))];
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|sol|toml|css|html)$/;
const SOURCES = [
  ...["contracts-abi", "indexer", "mocks", "scripts", "test", "web", ".ci"].flatMap((dir) => walk(dir, (file) => SOURCE_EXTENSIONS.test(file) || file === ".ci/run")),
  ...["eslint.config.mjs", "hardhat.config.ts", "foundry.toml"],
];

/** Markdown without its fenced code blocks (their text is code, not links or paths). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{M}\p{N}\- ]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The numbers of a file's numbered headings ("## 3. Claims" is §3). */
const sectionsOf = (file: string) => new Set([...read(file).matchAll(/^#{1,6}\s+(\d+)\./gm)].map((match) => match[1]));

describe("the repo's documentation", () => {
  it("starts the README with the two commands and leads to docs/", () => {
    const readme = read("README.md");
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(firstBlock).toContain("npm install && npm run dev");
    expect(firstBlock).toContain("npm install && npm test");
    expect(readme).toContain("](docs/README.md)");
  });

  it("has every relative link of README.md and docs/ reach a file, and its #anchor a heading", () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      const text = prose(read(file)).replace(/`[^`\n]*`/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [pathPart, anchor] = target.split("#");
        const resolved = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file;
        if (!existsSync(path.join(ROOT, resolved))) broken.push(`${file}: ${target} (no ${resolved})`);
        else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("names in backticks only repo paths that exist", () => {
    const repoPath = /^(contracts-abi|mocks|scripts|test|web|docs|\.ci)\/[^\s<>*…{}|]*$/;
    const missing: string[] = [];
    for (const file of MARKDOWN) {
      for (const [, code] of prose(read(file)).matchAll(/`([^`\n]+)`/g)) {
        if (!repoPath.test(code) || /^(web\/dist|mocks\/types)(\/|$)/.test(code)) continue;
        if (!existsSync(path.join(ROOT, code))) missing.push(`${file}: ${code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has every docs/ file the code and docs cite exist, with the § they name", () => {
    const missing: string[] = [];
    for (const file of [...SOURCES, ...MARKDOWN]) {
      // A citation names one section (§3), a range (§2 to §4) or a list (§1, §3 and §5): each is checked.
      for (const [citation, cited, anchor, sections] of read(file).matchAll(/\b(docs\/[\w./-]+\.md)(?:#([\w-]+))?((?:\s+§\d+)(?:(?:,|\s+(?:to|and|or))\s+§\d+)*)?/g)) {
        if (!existsSync(path.join(ROOT, cited))) missing.push(`${file}: ${citation} (no such file)`);
        else if (anchor && !anchorsOf(cited).has(anchor)) missing.push(`${file}: ${citation} (no heading #${anchor})`);
        for (const [, section] of (sections ?? "").matchAll(/§(\d+)/g)) {
          if (existsSync(path.join(ROOT, cited)) && !sectionsOf(cited).has(section)) missing.push(`${file}: ${citation} (no section ${section})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("cites no document the clone lacks, and no issue of the tracker the repo was built with", () => {
    // An issue of another project is cited with its address on the same line (github.com/…/issues/N).
    const outside = /DESIGN\s*§|DESIGN\.md|STYLE\.md|ENV\.md|product-spec|\bspec\s*§|\bthe spec\b|\bspec's\b|\.\.\/shared\/|\bissue[\s-]+#?\d+(?![^\n]*github\.com)/i;
    const self = "web/src/docs-links.test.ts";
    const citing = [...SOURCES, ...MARKDOWN].filter((file) => file !== self && outside.test(read(file)));
    const lines = citing.flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(lines).toEqual([]);
  });
});
