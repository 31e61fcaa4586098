// ESLint for every TypeScript file of the repo. Type errors are tsc's job (npm run typecheck).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "node_modules/",
    "artifacts/",
    "cache/",
    "typechain-types/",
    "mocks/types/",
    "deployments/",
    "coverage/",
    "test-results/",
    "web/dist/",
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
          {
            regex: "(^|/)web/src/(?!(lib/wallet/test-key-wallet|app/route-table|store/persistence)$)",
            message: "Product facts come from contracts-abi/product.ts; scripts/ do not import the web app.",
          },
        ],
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
);
