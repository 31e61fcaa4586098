/**
 * The product contracts for reads: each one's address and its read ABI from contracts-abi/ (the
 * source the TypeChain bindings are generated from; never a hand-written ABI: ./read-abi.ts), typed
 * by its TypeChain contract type. The same handles build what a transaction calls (write.ts):
 * neither reads nor writes need ethers' Contract, Interface or providers in the first download.
 */
import type { BaseContract } from "ethers";

import { TOKEN_SYMBOLS, type AddressName, type TokenSymbol } from "@product";
import type { Community, ERC20, Main, Multicall3, MvMarket, Revenue, Swap } from "@typechain/index";

import communityAbi from "virtual:read-abi/Community";
import erc20Abi from "virtual:read-abi/ERC20";
import mainAbi from "virtual:read-abi/Main";
import multicallAbi from "virtual:read-abi/Multicall3";
import marketAbi from "virtual:read-abi/MvMarket";
import revenueAbi from "virtual:read-abi/Revenue";
import swapAbi from "virtual:read-abi/Swap";

import { addresses } from "@/config/addresses";
import { sameAddress } from "@/lib/format/format";

import type { ReadAbi } from "./read-abi";

/** A contract to read or call: its name in the address book, where it is and its read ABI.
 *  `C` is its TypeChain type. */
export interface ContractHandle<C extends BaseContract> {
  readonly name: AddressName;
  readonly target: string;
  readonly abi: ReadAbi;
  /** Type only: carries the TypeChain contract type for `read(...)`. */
  readonly contract?: C;
}

/** The handle of contract `name` of the address book. */
export function contractHandle<C extends BaseContract>(name: AddressName, abi: ReadAbi): ContractHandle<C> {
  return { name, target: addresses[name], abi };
}

export interface ProductHandles {
  main: ContractHandle<Main>;
  revenue: ContractHandle<Revenue>;
  community: ContractHandle<Community>;
  swap: ContractHandle<Swap>;
  market: ContractHandle<MvMarket>;
  multicall: ContractHandle<Multicall3>;
  tokens: Record<TokenSymbol, ContractHandle<ERC20>>;
}

export const contracts: ProductHandles = {
  main: contractHandle<Main>("Main", mainAbi),
  revenue: contractHandle<Revenue>("Revenue", revenueAbi),
  community: contractHandle<Community>("Community", communityAbi),
  swap: contractHandle<Swap>("Swap", swapAbi),
  market: contractHandle<MvMarket>("MvMarket", marketAbi),
  multicall: contractHandle<Multicall3>("Multicall3", multicallAbi),
  tokens: Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, contractHandle<ERC20>(symbol, erc20Abi)])) as Record<TokenSymbol, ContractHandle<ERC20>>,
};

/** The token symbol of an address in the address book, if it is one of the nine. */
export function tokenSymbolOf(address: string): TokenSymbol | undefined {
  return TOKEN_SYMBOLS.find((symbol) => sameAddress(addresses[symbol], address));
}
