/** What global-setup.ts started, as the test files see it (vitest's provide/inject). */
export interface E2EStack {
  /** The app (vite preview of the production build). */
  webUrl: string;
  /** The node itself, for the tests' own reads and writes (the app goes through the proxy). */
  nodeUrl: string;
  /** The JSON-RPC endpoint the app was built with (the proxy in front of the node). */
  appRpcUrl: string;
  /** The proxy's control server: POST /down, POST /up. */
  proxyControlUrl: string;
  addressBook: string;
  chromiumPath: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    stack: E2EStack;
  }
}
