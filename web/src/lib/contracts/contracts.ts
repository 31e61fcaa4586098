/**
 * The product contracts for reads: each one's address and the interface of its TypeChain factory
 * (generated from contracts-abi/; never a hand-written ABI), typed by its TypeChain contract type.
 */
import type { BaseContract, Interface } from "ethers";

import {
  Community__factory,
  ERC20__factory,
  Main__factory,
  Multicall3__factory,
  MvMarket__factory,
  Revenue__factory,
  Swap__factory,
} from "@typechain/index";
import type { Community, ERC20, Main, Multicall3, MvMarket, Revenue, Swap } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { TOKEN_SYMBOLS, type TokenSymbol } from "@/config/contract-names";

/** A contract to read: where it is and how to talk to it. `C` is its TypeChain type. */
export interface ContractHandle<C extends BaseContract> {
  readonly target: string;
  readonly interface: Interface;
  /** Type only: carries the TypeChain contract type for `read(...)`. */
  readonly contract?: C;
}

function handle<C extends BaseContract>(factory: { createInterface(): Interface }, target: string): ContractHandle<C> {
  return { target, interface: factory.createInterface() };
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

const erc20 = ERC20__factory.createInterface();

export const contracts: ProductHandles = {
  main: handle<Main>(Main__factory, addresses.Main),
  revenue: handle<Revenue>(Revenue__factory, addresses.Revenue),
  community: handle<Community>(Community__factory, addresses.Community),
  swap: handle<Swap>(Swap__factory, addresses.Swap),
  market: handle<MvMarket>(MvMarket__factory, addresses.MvMarket),
  multicall: handle<Multicall3>(Multicall3__factory, addresses.Multicall3),
  tokens: Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, { target: addresses[symbol], interface: erc20 }])) as Record<
    TokenSymbol,
    ContractHandle<ERC20>
  >,
};

/** The token symbol of an address in the address book, if it is one of the nine. */
export function tokenSymbolOf(address: string): TokenSymbol | undefined {
  const lower = address.toLowerCase();
  return TOKEN_SYMBOLS.find((symbol) => addresses[symbol].toLowerCase() === lower);
}
