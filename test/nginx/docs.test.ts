/**
 * What the docs show of nginx is what front-door.test.ts runs: docs/operations.md §3 quotes
 * docs/nginx/app.conf whole, byte for byte, and holds no other nginx configuration (its only other
 * nginx block is the build's add_header lines, which the file includes).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { CONFIG_FILE, ROOT } from "./support/nginx";

const docs = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
const blocks = [...docs.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

describe("docs/operations.md", () => {
  it("quotes docs/nginx/app.conf whole, as it is", () => {
    const config = readFileSync(CONFIG_FILE, "utf8");
    expect(blocks.filter((block) => block === config), "a ```nginx block equal to docs/nginx/app.conf").toHaveLength(1);
    expect(docs).toContain("`docs/nginx/app.conf`");
  });

  it("shows no other nginx configuration: its other nginx blocks are the build's header lines", () => {
    const config = readFileSync(CONFIG_FILE, "utf8");
    const others = blocks.filter((block) => block !== config);
    for (const block of others) {
      const lines = block.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
      expect(lines.filter((line) => !/^add_header [\w-]+ ".*" always;$/.test(line)), block).toEqual([]);
    }
  });
});
