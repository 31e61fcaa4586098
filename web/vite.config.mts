/// <reference types="vitest/config" />
/**
 * The web app's build. NETWORK picks what it is built for: 'local' (default: the local chain of
 * `npm run dev`, address book deployments/local.json, dev wallet and contracts console included),
 * 'testnet' (BNB Smart Chain's testnet, chain 97: deployments/bscTestnet.json) or 'mainnet'
 * (addresses from src/config/addresses.mainnet.json); neither of the last two has the dev tools. ADDRESS_BOOK, RPC_URLS (the
 * JSON-RPC endpoints the app reads through, comma-separated, in the order tried; RPC_URL, one
 * endpoint, when RPC_URLS is not set), EXPLORER_URL, WEB_PORT, API_PORT, INDEXER_PORT and WEB_OUT_DIR (where a
 * build goes) override the defaults;
 * READ_BATCHING=off is for the benchmark, BUNDLE_STATS=<file> for its bundle analysis (the benchmark's
 * and the browser tests' budget check).
 */
import path from "node:path";

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

import { CHUNK_GROUPS } from "./build/app-core";
import { addressBookPlugin } from "./build/address-book";
import { bundleStatsPlugin } from "./build/bundle-stats";
import { compactAbiPlugin } from "./build/compact-abi";
import { sameOriginProxy } from "./build/same-origin-proxy";
import { pagesShellPlugin } from "./build/pages-shell";
import { dropWeb3ReactMocks } from "./build/web3-react-mocks";
import { ethersSubpaths } from "./build/ethers-subpaths";
import { firstPaintPlugin } from "./build/first-paint";
import { denyPrivateFiles } from "./build/private-files";
import { securityHeadersPlugin } from "./build/security-headers";
import { shellThemePlugin } from "./build/shell-theme";
import { reactRouterProduction, reactRouterTreeShaking } from "./build/react-router-production";
import { parseRpcUrls } from "./src/config/rpc-urls";
import { BSC_CHAIN_ID, BSC_TESTNET_CHAIN_ID } from "../contracts-abi/product";
import packageJson from "../package.json" with { type: "json" };

const { version } = packageJson;

const NETWORKS = {
  local: {
    addressBook: "../deployments/local.json",
    rpcUrls: "http://127.0.0.1:8545",
    explorerUrl: "",
  },
  // BNB Smart Chain's testnet (chain 97): the address book `npx hardhat run scripts/deploy.ts
  // --network bscTestnet` wrote (docs/operations.md §9).
  testnet: {
    addressBook: "../deployments/bscTestnet.json",
    rpcUrls: "https://data-seed-prebsc-1-s1.bnbchain.org:8545,https://data-seed-prebsc-2-s1.bnbchain.org:8545,https://bsc-testnet-rpc.publicnode.com",
    explorerUrl: "https://testnet.bscscan.com",
  },
  mainnet: {
    addressBook: "src/config/addresses.mainnet.json",
    // BNB Chain's own public nodes (two operators) and publicnode's: a throttled or lagging one is
    // skipped for a while (src/lib/contracts/rpc-pool.ts).
    rpcUrls: "https://bsc-dataseed.bnbchain.org,https://bsc-dataseed1.defibit.io,https://bsc-dataseed1.ninicoin.io,https://bsc-rpc.publicnode.com",
    explorerUrl: "https://bscscan.com",
  },
} as const;

const here = import.meta.dirname;


export default defineConfig(({ command }) => {
  const network = process.env.NETWORK ?? "local";
  if (network !== "local" && network !== "testnet" && network !== "mainnet") throw new Error(`NETWORK must be 'local', 'testnet' or 'mainnet', got '${network}'`);
  const defaults = NETWORKS[network];
  const chainId = network === "testnet" ? BSC_TESTNET_CHAIN_ID : BSC_CHAIN_ID;
  const testing = Boolean(process.env.VITEST);
  const addressBook = process.env.ADDRESS_BOOK
    ? path.resolve(process.env.ADDRESS_BOOK)
    : path.resolve(here, testing ? "src/test/fixtures/address-book.json" : defaults.addressBook);
  const webPort = Number(process.env.WEB_PORT ?? 5173);
  // The account API under /api and the indexer under /history, at the page's own origin
  // (docs/operations.md §5): the production reverse proxy does the same.
  const proxy = {
    "/api": sameOriginProxy(`http://127.0.0.1:${process.env.API_PORT ?? 8787}`),
    "/history": sameOriginProxy(`http://127.0.0.1:${process.env.INDEXER_PORT ?? 42069}`),
  };
  const rpcUrls = parseRpcUrls(process.env.RPC_URLS || process.env.RPC_URL || defaults.rpcUrls);
  const env = (value: string) => JSON.stringify(value);

  return {
    root: here,
    base: "/",
    plugins: [react(), compactAbiPlugin(path.resolve(here, "../contracts-abi")), pagesShellPlugin(), dropWeb3ReactMocks(), addressBookPlugin(addressBook, chainId), ethersSubpaths(), firstPaintPlugin(), shellThemePlugin(), securityHeadersPlugin({ rpcUrls }), denyPrivateFiles(), reactRouterTreeShaking(), bundleStatsPlugin(process.env.BUNDLE_STATS)],
    resolve: {
      alias: [
        { find: "@", replacement: path.resolve(here, "src") },
        { find: "@typechain", replacement: path.resolve(here, "../typechain-types") },
        // The product's facts (tokens, contracts, Swap routes), shared with deploy, the API and the tests.
        { find: /^@product$/, replacement: path.resolve(here, "../contracts-abi/product.ts") },
        // @web3-react/core would pull ethers v5 in for a hook this app does not use: the app wraps
        // connector.provider in an ethers v6 BrowserProvider itself.
        { find: "@ethersproject/providers", replacement: path.resolve(here, "build/no-ethers-v5.ts") },
        { find: "@ethersproject/address", replacement: path.resolve(here, "build/ethers-v6-address.ts") },
        { find: "@adraffy/ens-normalize", replacement: path.resolve(here, "build/no-ens.ts") },
        // React 19 has useSyncExternalStore: the zustand 4 inside @web3-react takes React's own
        // through the shim-free with-selector, instead of bundling the pre-18 shim.
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: "use-sync-external-store/with-selector.js" },
        // react-i18next's useTranslation imports the plain shim: React's own hook too.
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.resolve(here, "build/react-sync-external-store.ts") },
        // React Router 7's exports name only its development build: a production build takes its
        // production one (web/build/react-router-production.ts).
        ...(command === "build" ? reactRouterProduction : []),
      ],
    },
    define: {
      "import.meta.env.VITE_NETWORK": env(network),
      "import.meta.env.VITE_CHAIN_ID": env(String(chainId)),
      "import.meta.env.VITE_RPC_URLS": env(rpcUrls.join(",")),
      "import.meta.env.VITE_EXPLORER_URL": env(process.env.EXPLORER_URL ?? defaults.explorerUrl),
      "import.meta.env.VITE_APP_VERSION": env(version),
      "import.meta.env.VITE_READ_BATCHING": env(process.env.READ_BATCHING ?? "on"),
    },
    server: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
    preview: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
    // Budgets are in gzip bytes, checked by the benchmark and the browser tests (scripts/bench/budgets.ts);
    // the raw size warning is not useful here.
    build: {
      outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : "dist",
      emptyOutDir: true,
      target: "es2022",
      manifest: true,
      chunkSizeWarningLimit: 1_000,
      // Every browser with module scripts that this app supports has modulepreload: no polyfill.
      modulePreload: { polyfill: false },
      // Chunks and their CSS are named by their hash alone: the start chunk lists every page's files
      // for modulepreload and each chunk imports others by file name, so "-mining-page" and the like
      // cost 0.8 kB gzip of the first download. .vite/manifest.json maps each source to its file.
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS }, chunkFileNames: "assets/[hash].js", assetFileNames: "assets/[hash][extname]" } },
    },
    test: {
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
      setupFiles: ["src/test/setup.ts"],
      restoreMocks: true,
    },
  };
});
