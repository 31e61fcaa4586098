/**
 * Serves no-web3-react-mocks.ts for the `./mocks` module that @web3-react/core's entry point
 * requires. An alias cannot do it: the import is relative, so it is matched by its importer.
 */
import path from "node:path";

import type { Plugin } from "vite";

const WEB3_REACT_CORE_ENTRY = /[\\/]@web3-react[\\/]core[\\/]dist[\\/]index\.js$/;

export function dropWeb3ReactMocks(): Plugin {
  const stub = path.resolve(import.meta.dirname, "no-web3-react-mocks.ts");
  return {
    name: "drop-web3-react-mocks",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./mocks" && importer && WEB3_REACT_CORE_ENTRY.test(importer)) return stub;
      return undefined;
    },
  };
}
