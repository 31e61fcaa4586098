/**
 * A Vite plugin serving `virtual:address-book`: the contract addresses of the network the app is
 * built for, checked and checksummed before anything is bundled. A missing or malformed address,
 * or one whose mixed case is not its checksum, stops the build with a message naming it. (The
 * check was the app's at startup: 16 checksums, a sixth of its first long task on a slow phone.) In development the file is watched, so a redeploy of the contracts
 * reaches the open app (full reload) without restarting the server.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { getAddress } from "ethers/address";
import type { Plugin } from "vite";

import { ADDRESS_NAMES, BSC_CHAIN_ID, type AddressBook } from "../../contracts-abi/product";

const VIRTUAL_ID = "virtual:address-book";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The addresses of `file`, which must be a book of chain `chainId` (the build's). */
export function readAddressBook(file: string, chainId: number = BSC_CHAIN_ID): AddressBook {
  const shown = path.relative(process.cwd(), file) || file;
  if (!existsSync(file)) {
    throw new Error(`Address book ${shown} not found. Deploy the contracts first: npm run dev or npm run deploy:local for the local chain, scripts/deploy.ts --network bscTestnet for the testnet (docs/operations.md §9).`);
  }
  let parsed: { chainId?: unknown; contracts?: Record<string, unknown> };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Address book ${shown} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (parsed.chainId !== chainId) {
    throw new Error(`Address book ${shown} is for chain ${String(parsed.chainId)}, expected ${chainId}.`);
  }
  const book = {} as AddressBook;
  for (const name of ADDRESS_NAMES) {
    const address = parsed.contracts?.[name];
    if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw new Error(`Address book ${shown} has no valid address for "${name}" (found ${JSON.stringify(address ?? null)}).`);
    }
    try {
      book[name] = getAddress(address);
    } catch {
      throw new Error(`Address book ${shown}: the address of "${name}" has a wrong checksum (${address}).`);
    }
  }
  return book;
}

export function addressBookPlugin(file: string, chainId: number = BSC_CHAIN_ID): Plugin {
  return {
    name: "address-book",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(readAddressBook(file, chainId))};`;
    },
    configureServer(server) {
      server.watcher.add(file);
      const reload = (changed: string) => {
        if (path.resolve(changed) !== path.resolve(file)) return;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
        server.config.logger.info(`address book changed: ${path.relative(process.cwd(), file)}; reloading the app`);
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.on("change", reload);
      server.watcher.on("add", reload);
    },
  };
}
