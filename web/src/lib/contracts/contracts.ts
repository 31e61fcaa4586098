/**
 * The product contracts for reads: each one's address and its read ABI from contracts-abi/ (the
 * source the TypeChain bindings are generated from; never a hand-written ABI: ./read-abi.ts), typed
 * by its TypeChain contract type. The same handles build what a transaction calls (write.ts):
 * neither reads nor writes need ethers' Contract, Interface or providers in the first download.
 * Here are those every visit reads; those only some pages talk to are ./page-contracts.ts.
 */
import type { BaseContract } from "ethers";

import { TOKEN_SYMBOLS, type AddressName, type TokenSymbol } from "@product";
import type { ERC20, Main, Multicall3, Revenue } from "@typechain/index";

import erc20Abi from "virtual:read-abi/ERC20";
import mainAbi from "virtual:read-abi/Main";
import multicallAbi from "virtual:read-abi/Multicall3";
import revenueAbi from "virtual:read-abi/Revenue";

import { addresses } from "@/config/addresses";
import { sameAddress } from "@/lib/format/format";

import type { ReadAbi } from "./read-abi";
import type { ReadViewOf } from "./read-views";

/** A contract to read or call: its name in the address book, where it is and its read ABI.
 *  `C` is its TypeChain type, `V` the views its read ABI has (lib/contracts/read-views.ts). */
export interface ContractHandle<C extends BaseContract, V extends string> {
  readonly name: AddressName;
  readonly target: string;
  readonly abi: ReadAbi<V>;
  /** Type only: carries the TypeChain contract type for `read(...)` and `write(...)`. */
  readonly contract?: C;
  /** Type only: the views `read(...)` may ask for, held exactly (a function type both ways), so
   *  that a handle cannot be widened to one that lets any view through. */
  readonly views?: (view: V) => V;
}

/** The handle of contract `name` of the address book, with `abi`, the read ABI of views `V`. */
export function contractHandle<C extends BaseContract, V extends string>(name: AddressName, abi: ReadAbi<V>): ContractHandle<C, V> {
  return { name, target: addresses[name], abi };
}

export interface ProductHandles {
  main: ContractHandle<Main, ReadViewOf<"Main">>;
  revenue: ContractHandle<Revenue, ReadViewOf<"Revenue">>;
  multicall: ContractHandle<Multicall3, ReadViewOf<"Multicall3">>;
  tokens: Record<TokenSymbol, ContractHandle<ERC20, ReadViewOf<"ERC20">>>;
}

export const contracts: ProductHandles = {
  main: contractHandle<Main, ReadViewOf<"Main">>("Main", mainAbi),
  revenue: contractHandle<Revenue, ReadViewOf<"Revenue">>("Revenue", revenueAbi),
  multicall: contractHandle<Multicall3, ReadViewOf<"Multicall3">>("Multicall3", multicallAbi),
  tokens: Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, contractHandle<ERC20, ReadViewOf<"ERC20">>(symbol, erc20Abi)])) as ProductHandles["tokens"],
};

/** The token symbol of an address in the address book, if it is one of the nine. */
export function tokenSymbolOf(address: string): TokenSymbol | undefined {
  return TOKEN_SYMBOLS.find((symbol) => sameAddress(addresses[symbol], address));
}
