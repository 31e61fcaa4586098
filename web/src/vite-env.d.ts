/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NETWORK: "local" | "mainnet";
  readonly VITE_RPC_URL: string;
  readonly VITE_EXPLORER_URL: string;
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module "virtual:address-book" {
  import type { AddressBook } from "@/config/contract-names";
  const book: AddressBook;
  export default book;
}
