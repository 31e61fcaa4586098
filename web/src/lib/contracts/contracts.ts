/**
 * The product contracts for reads: each one's address and its ABI from contracts-abi/ (the source
 * the TypeChain bindings are generated from; never a hand-written ABI), typed by its TypeChain
 * contract type. Writes go through the TypeChain factories' contract instances (signing.ts), which
 * load with ethers' Contract and providers only when the user signs: keeping the factories out of
 * this module keeps those out of the initial bundle.
 */
import { Interface, type InterfaceAbi } from "ethers/abi";
import type { BaseContract } from "ethers";

import communityAbi from "@abi/Community.json";
import erc20Abi from "@abi/ERC20.json";
import mainAbi from "@abi/Main.json";
import multicallAbi from "@abi/Multicall3.json";
import marketAbi from "@abi/MvMarket.json";
import revenueAbi from "@abi/Revenue.json";
import swapAbi from "@abi/Swap.json";
import { TOKEN_SYMBOLS, type TokenSymbol } from "@product";
import type { Community, ERC20, Main, Multicall3, MvMarket, Revenue, Swap } from "@typechain/index";

import { addresses } from "@/config/addresses";

/** A contract to read: where it is and how to talk to it. `C` is its TypeChain type. */
export interface ContractHandle<C extends BaseContract> {
  readonly target: string;
  readonly interface: Interface;
  /** Type only: carries the TypeChain contract type for `read(...)`. */
  readonly contract?: C;
}

function handle<C extends BaseContract>(abi: InterfaceAbi, target: string): ContractHandle<C> {
  return { target, interface: new Interface(abi) };
}

/** The product ABIs, for decoding what any of them returns or reverts with. */
export const PRODUCT_ABIS: readonly InterfaceAbi[] = [mainAbi, revenueAbi, communityAbi, swapAbi, marketAbi, erc20Abi] as InterfaceAbi[];

export interface ProductHandles {
  main: ContractHandle<Main>;
  revenue: ContractHandle<Revenue>;
  community: ContractHandle<Community>;
  swap: ContractHandle<Swap>;
  market: ContractHandle<MvMarket>;
  multicall: ContractHandle<Multicall3>;
  tokens: Record<TokenSymbol, ContractHandle<ERC20>>;
}

const erc20 = new Interface(erc20Abi as InterfaceAbi);

export const contracts: ProductHandles = {
  main: handle<Main>(mainAbi as InterfaceAbi, addresses.Main),
  revenue: handle<Revenue>(revenueAbi as InterfaceAbi, addresses.Revenue),
  community: handle<Community>(communityAbi as InterfaceAbi, addresses.Community),
  swap: handle<Swap>(swapAbi as InterfaceAbi, addresses.Swap),
  market: handle<MvMarket>(marketAbi as InterfaceAbi, addresses.MvMarket),
  multicall: handle<Multicall3>(multicallAbi as InterfaceAbi, addresses.Multicall3),
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
