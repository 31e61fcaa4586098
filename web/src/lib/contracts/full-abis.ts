/**
 * Every contract of the address book with its whole ABI (TypeChain's factories, generated from
 * contracts-abi/; the tokens share ERC20's): what encodes a transaction (lib/transactions/
 * wallet-send.ts) and what the contracts console offers. Loaded with them only: the read layer's
 * ABIs (./read-views.ts) keep only the views the app reads, and the first download does without these.
 */
import { Interface } from "ethers/abi";

import { TOKEN_SYMBOLS, type AddressName, type TokenSymbol } from "@product";
import {
  AccessManager__factory,
  Community__factory,
  ERC20__factory,
  Main__factory,
  Multicall3__factory,
  MvMarket__factory,
  Revenue__factory,
  Swap__factory,
} from "@typechain/index";

const tokenAbis = Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, ERC20__factory.abi])) as Record<TokenSymbol, typeof ERC20__factory.abi>;

export const FULL_ABIS = {
  ...tokenAbis,
  Main: Main__factory.abi,
  Revenue: Revenue__factory.abi,
  Community: Community__factory.abi,
  Swap: Swap__factory.abi,
  MvMarket: MvMarket__factory.abi,
  Multicall3: Multicall3__factory.abi,
  AccessManager: AccessManager__factory.abi,
} satisfies Record<AddressName, unknown>;

/** Each address-book name's contract interface, from its whole ABI. */
export const FULL_INTERFACES = Object.fromEntries(Object.entries(FULL_ABIS).map(([name, abi]) => [name, new Interface(abi)])) as Record<AddressName, Interface>;
