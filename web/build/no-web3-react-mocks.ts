/**
 * Stands in for @web3-react/core's test mocks, which its entry point re-exports (CommonJS, so the
 * bundler cannot drop them). The app never uses them; without them eventemitter3 stays out too.
 */
export {};
