// ESLint for every TypeScript file of the repo. Type errors are tsc's job (npm run typecheck).
import { readdirSync } from "node:fs";
import path from "node:path";

import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The web app's imports flow one way (docs/decisions/import-zones.md): shared code -> features -> app. Shared code is
 * every folder of web/src but app/, features/ and test/ (the screen tests' harness, which renders
 * the app); a feature imports no other feature; only app/ imports app/, besides the entry that
 * starts it (start.tsx) and the test harness. The zones are made from the folders as they are
 * when ESLint runs, so a new feature or shared folder is covered without touching this.
 * web/src/import-zones.test.ts proves each zone refuses what it should.
 */
function webImportZones() {
  const src = path.join(import.meta.dirname, "web/src");
  const entries = readdirSync(src, { withFileTypes: true });
  const at = (...names) => names.map((name) => path.join(src, name));
  const sharedFolders = entries.filter((entry) => entry.isDirectory() && !["app", "features", "test"].includes(entry.name)).map((entry) => entry.name);
  const outsideApp = entries.map((entry) => entry.name).filter((name) => !["app", "test", "main.tsx", "start.tsx"].includes(name));
  const features = readdirSync(path.join(src, "features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: at(...outsideApp),
      from: at("app"),
      message: "Only the app shell imports app/: give what is needed a home in lib/ (lib/routing for paths, page props, titles), widgets/, components/ or config/.",
    },
    {
      target: at(...sharedFolders),
      from: at("features"),
      message: "Shared code does not import features: move what is shared out of the feature (to lib/, widgets/, components/ or config/).",
    },
    {
      // UI primitives know nothing of the product: no wallet, chain, store or product widget. They
      // take what they show as props, and may use the catalogues, number formatting and settings.
      target: at("components"),
      // (app/ and features/ have their zones above.)
      from: entries
        .filter((entry) => entry.isDirectory() && !["components", "i18n", "config", "lib", "styles", "app", "features"].includes(entry.name))
        .map((entry) => path.join(src, entry.name)),
      message: "components/ holds UI primitives: what knows the product (wallet, chain, transactions) is a widget (widgets/) or a feature.",
    },
    {
      target: at("components"),
      from: readdirSync(path.join(src, "lib"))
        .filter((name) => name !== "format")
        .map((name) => path.join(src, "lib", name)),
      message: "components/ holds UI primitives: of lib/ they use only lib/format; pass anything else in as props.",
    },
    {
      // Non-UI helpers render nothing: they import no component or widget. (Their tests may render
      // the widget that uses them, to test the two together.)
      target: at("lib", "store", "config", "i18n").map((folder) => `${folder}/**/!(*.test).{ts,tsx}`),
      from: at("components", "widgets"),
      message: "lib/, store/, config/ and i18n/ are not UI: what renders belongs in components/ (primitives) or widgets/ (product widgets).",
    },
    ...features.map((feature) => ({
      target: at(`features/${feature}`),
      from: at("features"),
      except: [`./${feature}`],
      message: `features/${feature} imports another feature: move what both need to lib/, widgets/, components/ or config/.`,
    })),
  ];
}

const scriptsNotWeb = {
  regex: "(^|/)web/src/(?!(lib/wallet/test-key-wallet|lib/routing/paths|store/persistence)$)",
  message: "Product facts come from contracts-abi/product.ts; scripts/ do not import the web app.",
};

export default defineConfig(
  globalIgnores([
    "node_modules/",
    "artifacts/",
    "cache/",
    "typechain-types/",
    "mocks/types/",
    "deployments/",
    // Mutation testing's copies and reports (npm run mutate, docs/testing.md §8).
    ".mutate/",
    ".sumo/",
    ".stryker-tmp/",
    "coverage/",
    "test-results/",
    "web/dist/",
    // Written by Ponder (`ponder codegen`), committed as Ponder asks, never edited.
    "indexer/ponder-env.d.ts",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: "error",
    },
  },
  {
    files: ["test/**/*.ts"],
    languageOptions: { globals: { ...globals.mocha } },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-console": "error",
    },
  },
  // Scripts and the mock account API share only the product's facts (contracts-abi/product.ts):
  // the scripts start the API as a process and talk to it over HTTP, and take nothing of the web
  // app but what measures or drives it (the test-key wallet, the route table, the store's key).
  {
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { regex: "(^|/)mocks/api/", message: "scripts/ reach the account API over HTTP (scripts/lib/account-api-client.ts), never by its code." },
          scriptsNotWeb,
        ],
      }],
    },
  },
  {
    // The nonce benchmark times the API's own storage code at 100,000 outstanding nonces: filling
    // them over HTTP would take minutes and meet the request limit.
    files: ["scripts/bench/nonces.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [scriptsNotWeb] }] },
  },
  {
    // UI primitives take what they show as props: the product's facts reach them through a widget.
    files: ["web/src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ regex: "^(@product|@typechain/|@abi/)", message: "components/ holds UI primitives: the product's facts reach them as props, from a widget or a feature." }],
      }],
    },
  },
  {
    files: ["mocks/api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ regex: "(^|/)(scripts|web)/", message: "The account API takes product facts from contracts-abi/product.ts and its settings from its environment." }],
      }],
    },
  },
  {
    // The web app's import zones (webImportZones above). The TypeScript resolver reads web/tsconfig.json
    // for the '@/' alias, so an import is placed by the file it resolves to, alias or relative path.
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, "web/tsconfig.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webImportZones() }],
    },
  },
);
