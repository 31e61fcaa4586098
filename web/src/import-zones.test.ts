/**
 * The import zones of eslint.config.mjs (shared code -> features -> app; no feature imports
 * another) refuse what they should and let through what the layers allow. Each case is linted
 * through ESLint's own API, with the repo's config, as the text of a file at the path named: the
 * cases never sit in the tree, so `npm run lint` does not trip on them, and each import resolves
 * to the app's real files, by the '@/' alias or by a relative path.
 */
import { ESLint } from "eslint";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");
const RULE = "import-x/no-restricted-paths";

// no-unresolved as well: a case whose import no longer resolves (its target moved) must fail, not
// pass because the zones could not place it.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { files: ["web/src/**"], rules: { "import-x/no-unresolved": "error" } } });

/** What the zones say about `source` as the file `file` (relative to web/src). */
async function zoneProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, "web/src", file) });
  const broken = result.messages.filter((message) => message.fatal);
  expect(broken, `${file} did not parse`).toEqual([]);
  const unresolved = result.messages.filter((message) => message.ruleId === "import-x/no-unresolved").map((message) => message.message);
  expect(unresolved, `${file} imports what does not exist`).toEqual([]);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const FEATURES = readdirSync(path.join(ROOT, "web/src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module of `feature` to import: its first TypeScript file. */
function moduleOf(feature: string): string {
  const file = readdirSync(path.join(ROOT, "web/src/features", feature)).find((name) => /^[^.]+(\.[a-z-]+)?\.tsx?$/.test(name) && !name.includes(".test."));
  if (!file) throw new Error(`features/${feature} has no module`);
  return `@/features/${feature}/${file.replace(/\.tsx?$/, "")}`;
}

describe("import zones", { timeout: 60_000 }, () => {
  it.each([
    ["lib imports app", "lib/fixture.ts", 'import { ROUTES } from "@/app/routes";\nexport const x = ROUTES;', "Only the app shell imports app/"],
    ["lib imports app by a relative path", "lib/wallet/fixture.ts", 'import { SIDEBAR } from "../../app/routes";\nexport const x = SIDEBAR;', "Only the app shell imports app/"],
    ["lib re-exports app", "lib/fixture.ts", 'export { ROUTES } from "@/app/routes";', "Only the app shell imports app/"],
    ["lib imports a feature", "lib/fixture.ts", 'import { EXCHANGE_KINDS } from "@/features/exchange/exchange-kinds";\nexport const x = EXCHANGE_KINDS;', "Shared code does not import features"],
    ["widgets import app", "widgets/fixture.tsx", 'import type { AppRoute } from "@/app/routes";\nexport type X = AppRoute;', "Only the app shell imports app/"],
    ["widgets import a feature", "widgets/fixture.tsx", 'import MiningPage from "@/features/mining/mining-page";\nexport const x = MiningPage;', "Shared code does not import features"],
    ["widgets load a feature lazily", "widgets/fixture.ts", 'export const load = () => import("@/features/home/home-page");', "Shared code does not import features"],
    ["the store imports a feature", "store/fixture.ts", 'import { checkHashrate } from "../features/mining/synthesis";\nexport const x = checkHashrate;', "Shared code does not import features"],
    ["config imports app", "config/fixture.ts", 'import { ROUTES } from "@/app/routes";\nexport const x = ROUTES;', "Only the app shell imports app/"],
    ["a feature imports another", "features/exchange/fixture.ts", 'import { checkHashrate } from "@/features/mining/synthesis";\nexport const x = checkHashrate;', "features/exchange imports another feature"],
    ["a feature imports another by a relative path", "features/exchange/fixture.ts", 'import { checkHashrate } from "../mining/synthesis";\nexport const x = checkHashrate;', "features/exchange imports another feature"],
    ["a UI primitive imports a widget", "components/fixture.tsx", 'import { Page } from "@/widgets/page";\nexport const x = Page;', "components/ holds UI primitives: what knows the product"],
    ["a UI primitive imports the store", "components/fixture.tsx", 'import { useAppStore } from "@/store";\nexport const x = useAppStore;', "components/ holds UI primitives: what knows the product"],
    ["a UI primitive imports the wallet", "components/fixture.tsx", 'import { useWallet } from "@/lib/wallet/wallet";\nexport const x = useWallet;', "of lib/ they use only lib/format"],
    ["a UI primitive imports a module at the top of lib/", "components/fixture.tsx", 'import { log } from "@/lib/log";\nexport const x = log;', "of lib/ they use only lib/format"],
    ["lib imports a widget", "lib/fixture.ts", 'import { Page } from "@/widgets/page";\nexport const x = Page;', "lib/, store/, config/ and i18n/ are not UI"],
    ["the store imports a UI primitive", "store/fixture.ts", 'import { Spinner } from "@/components/spinner";\nexport const x = Spinner;', "lib/, store/, config/ and i18n/ are not UI"],
    ["a feature imports app", "features/home/fixture.ts", 'import type { PageModule } from "@/app/routes";\nexport type X = PageModule;', "Only the app shell imports app/"],
  ])("refuses it when %s", async (_case, file, source, says) => {
    const problems = await zoneProblems(file, source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(says);
  });

  it.each([
    ["a feature imports its own modules", "features/exchange/fixture.ts", 'import { EXCHANGE_KINDS } from "./exchange-kinds";\nimport { EXCHANGE_KINDS as SAME } from "@/features/exchange/exchange-kinds";\nexport const x = [EXCHANGE_KINDS, SAME];'],
    ["a feature imports shared code", "features/exchange/fixture.tsx", 'import { Page } from "@/widgets/page";\nimport { href } from "@/lib/routing/href";\nimport { useAppStore } from "@/store";\nexport const x = [Page, href, useAppStore];'],
    ["lib imports lib, config and the store", "lib/wallet/fixture.ts", 'import { HOME_PATH } from "@/lib/routing/paths";\nimport { env } from "@/config/env";\nimport { useAppStore } from "@/store";\nexport const x = [HOME_PATH, env, useAppStore];'],
    ["widgets import lib, the store and UI primitives", "widgets/fixture.tsx", 'import { pageTitleOf } from "@/lib/routing/page-props";\nimport { useAppStore } from "@/store";\nimport { Spinner } from "@/components/spinner";\nexport const x = [pageTitleOf, useAppStore, Spinner];'],
    ["a UI primitive formats a number", "components/fixture.tsx", 'import { formatAmount } from "@/lib/format/format";\nimport { useMessage } from "@/i18n/use-message";\nexport const x = [formatAmount, useMessage];'],
    ["app imports features", "app/fixture.ts", 'import MiningPage from "@/features/mining/mining-page";\nexport const x = MiningPage;'],
    ["the entry starts the app", "start.tsx", 'import { App } from "./app/app";\nexport const x = App;'],
    ["the test harness renders the app", "test/fixture.tsx", 'import { AppRoutes } from "@/app/router";\nexport const x = AppRoutes;'],
  ])("allows it when %s", async (_case, file, source) => {
    expect(await zoneProblems(file, source)).toEqual([]);
  });

  it("keeps the product's facts out of UI primitives", async () => {
    const [result] = await eslint.lintText('import { TOKEN_SYMBOLS } from "@product";\nexport const x = TOKEN_SYMBOLS;', {
      filePath: path.join(ROOT, "web/src/components/fixture.tsx"),
    });
    expect(result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message)).toEqual([
      expect.stringContaining("components/ holds UI primitives: the product's facts reach them as props"),
    ]);
  });

  it("lets the history code take the indexer's row types, and nothing that runs", async () => {
    const restricted = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, "web/src/lib/history/fixture.ts") });
      return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
    };
    expect(await restricted('import type { ClaimJson } from "../../../../indexer/src/api/rows";\nexport type X = ClaimJson;')).toEqual([]);
    expect(await restricted('import { FILLS_PER_ORDER } from "../../../../indexer/src/api/index";\nexport const x = FILLS_PER_ORDER;')).toEqual([
      expect.stringContaining("The web app takes the indexer's row types only (import type)"),
    ]);
  });

  it("has a zone for every feature folder, read when ESLint starts", async () => {
    expect(FEATURES.length).toBeGreaterThan(1);
    for (const [index, feature] of FEATURES.entries()) {
      const other = FEATURES[(index + 1) % FEATURES.length];
      const problems = await zoneProblems(`features/${feature}/fixture.ts`, `import * as other from "${moduleOf(other)}";\nexport const x = other;`);
      expect(problems, `features/${feature} importing features/${other}`).toEqual([expect.stringContaining(`features/${feature} imports another feature`)]);
    }
  });
});
