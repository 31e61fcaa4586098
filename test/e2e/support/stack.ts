/** What global-setup.ts started, as the test files see it (vitest's provide/inject). */
export interface E2EStack {
  /** The app (vite preview of the production build). */
  webUrl: string;
  /** The node itself, for the tests' own reads and writes (the app goes through the proxies). */
  nodeUrl: string;
  /** The JSON-RPC endpoints the app was built with, in order: two proxies in front of the node. */
  appRpcUrls: string[];
  /** The proxies' control server (scripts/lib/rpc-proxy.ts, startProxyControl): POST /down, /up
   *  (every proxy), POST /proxies/<index>/<mode>, GET /stats, POST /reset. */
  proxyControlUrl: string;
  addressBook: string;
  /** Where the app's web server sends /history: history.test.ts starts an indexer there. */
  indexerPort: number;
  chromiumPath: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    stack: E2EStack;
  }
}
