import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { APP_CORE, APP_CORE_MODULES, CHUNK_GROUPS } from "./app-core";

const SRC = path.join(import.meta.dirname, "../src");
const FILES = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(tsx?|css)$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => path.join(SRC, file));

describe("the app-core chunk", () => {
  it("names modules and folders that exist", () => {
    for (const entry of APP_CORE_MODULES) {
      const matched = FILES.filter((file) => APP_CORE.test(file) && file.includes(path.join(SRC, entry)));
      expect(matched, entry).not.toEqual([]);
    }
  });

  it("takes the listed modules with their CSS modules, and no module whose name only starts the same", () => {
    const inCore = FILES.filter((file) => APP_CORE.test(file)).map((file) => path.relative(SRC, file).split(path.sep).join("/"));
    expect(inCore).toContain("widgets/page.tsx");
    expect(inCore).toContain("widgets/page.module.css");
    expect(inCore).toContain("lib/actions/use-action.ts");
    expect(inCore).toContain("lib/format/format.ts");
    expect(inCore).not.toContain("lib/format/parse.ts");
    expect(inCore).not.toContain("components/pager.tsx");
    expect(inCore).not.toContain("components/pager.module.css");
    for (const file of inCore) {
      const module = file.replace(/(\.module)?\.(tsx?|css)$/, "");
      expect(APP_CORE_MODULES.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : module === entry)), file).toBe(true);
    }
  });

  it("matches Windows paths too", () => {
    expect(APP_CORE.test("C:\\repo\\web\\src\\widgets\\page.tsx")).toBe(true);
    expect(APP_CORE.test("C:\\repo\\web\\src\\components\\pager.tsx")).toBe(false);
  });
});

describe("the member card's chunk", () => {
  const memberCard = CHUNK_GROUPS.find((group) => group.name === "member-card")!.test;
  const inGroup = FILES.filter((file) => memberCard.test(file)).map((file) => path.relative(SRC, file).split(path.sep).join("/"));

  it("takes the card and the account API calls it makes, nothing else of the account API", () => {
    expect(inGroup.sort()).toEqual(["lib/account-api/account-errors.ts", "lib/account-api/client.ts", "lib/account-api/session.ts", "lib/account-api/use-member.ts", "widgets/member-card.tsx"]);
  });
});

