/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NETWORK: "local" | "testnet" | "mainnet";
  /** The chain the build is for: BNB Smart Chain (56; the local chain has its id) or its testnet (97). */
  readonly VITE_CHAIN_ID: string;
  /** The JSON-RPC endpoints, comma-separated, in the order they are tried. */
  readonly VITE_RPC_URLS: string;
  readonly VITE_EXPLORER_URL: string;
  readonly VITE_APP_VERSION: string;
  /** "off" in the benchmark's second build only: every read is its own eth_call. */
  readonly VITE_READ_BATCHING: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module "virtual:address-book" {
  import type { AddressBook } from "@product";
  const book: AddressBook;
  export default book;
}

declare module "virtual:product-errors" {
  import type { InterfaceAbi } from "ethers/abi";
  /** Every custom error of contracts-abi/, once each (web/build/compact-abi.ts). */
  const errors: InterfaceAbi;
  export default errors;
}

// Each contract's views (and the events the app decodes) from contracts-abi/ (web/build/compact-abi.ts),
// typed by the names lib/contracts/read-views.ts lists for it: a handle cannot be given another
// contract's ABI, and a read of a view not served does not compile.
declare module "virtual:read-abi/AccessManager" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"AccessManager">;
  export default abi;
}
declare module "virtual:read-abi/Community" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"Community">;
  export default abi;
}
declare module "virtual:read-abi/ERC20" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"ERC20">;
  export default abi;
}
declare module "virtual:read-abi/Main" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"Main">;
  export default abi;
}
declare module "virtual:read-abi/Multicall3" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"Multicall3">;
  export default abi;
}
declare module "virtual:read-abi/MvMarket" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"MvMarket">;
  export default abi;
}
declare module "virtual:read-abi/Revenue" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"Revenue">;
  export default abi;
}
declare module "virtual:read-abi/Swap" {
  import type { ReadAbiOf } from "@/lib/contracts/read-abi";
  const abi: ReadAbiOf<"Swap">;
  export default abi;
}
