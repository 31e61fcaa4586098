/**
 * The product contracts for reads: each one's address and its ABI from contracts-abi/ (the source
 * the TypeChain bindings are generated from; never a hand-written ABI), typed by its TypeChain
 * contract type. The same handles build what a transaction calls (write.ts): neither reads nor
 * writes need ethers' Contract or providers, which stay out of the bundle.
 */
import type { BaseContract } from "ethers";
import { Interface, type InterfaceAbi } from "ethers/abi";

import communityAbi from "@abi/Community.json";
import erc20Abi from "@abi/ERC20.json";
import mainAbi from "@abi/Main.json";
import multicallAbi from "@abi/Multicall3.json";
import marketAbi from "@abi/MvMarket.json";
import revenueAbi from "@abi/Revenue.json";
import swapAbi from "@abi/Swap.json";
import { TOKEN_SYMBOLS, type AddressName, type TokenSymbol } from "@product";
import type { Community, ERC20, Main, Multicall3, MvMarket, Revenue, Swap } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { sameAddress } from "@/lib/format/format";

/** A contract to read or call: its name in the address book, where it is and how to talk to it.
 *  `C` is its TypeChain type. */
export interface ContractHandle<C extends BaseContract> {
  readonly name: AddressName;
  readonly target: string;
  readonly interface: Interface;
  /** Type only: carries the TypeChain contract type for `read(...)`. */
  readonly contract?: C;
}

/** An ABI's Interface, built when first asked for: parsing every ABI as the module loaded was most
 *  of the app's first long task on a slow phone, and a page uses a few of them (docs/
 *  performance.md §3). */
function parsedWhenUsed(abi: InterfaceAbi): () => Interface {
  let parsed: Interface | undefined;
  return () => (parsed ??= new Interface(abi));
}

function handleOf<C extends BaseContract>(name: AddressName, parse: () => Interface): ContractHandle<C> {
  return {
    name,
    target: addresses[name],
    get interface() {
      return parse();
    },
  };
}

/** The handle of contract `name` of the address book, its ABI parsed when first used. */
export function contractHandle<C extends BaseContract>(name: AddressName, abi: InterfaceAbi): ContractHandle<C> {
  return handleOf<C>(name, parsedWhenUsed(abi));
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

/** The nine tokens share one ERC-20 Interface. */
const erc20 = parsedWhenUsed(erc20Abi as InterfaceAbi);

export const contracts: ProductHandles = {
  main: contractHandle<Main>("Main", mainAbi as InterfaceAbi),
  revenue: contractHandle<Revenue>("Revenue", revenueAbi as InterfaceAbi),
  community: contractHandle<Community>("Community", communityAbi as InterfaceAbi),
  swap: contractHandle<Swap>("Swap", swapAbi as InterfaceAbi),
  market: contractHandle<MvMarket>("MvMarket", marketAbi as InterfaceAbi),
  multicall: contractHandle<Multicall3>("Multicall3", multicallAbi as InterfaceAbi),
  tokens: Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, handleOf<ERC20>(symbol, erc20)])) as Record<TokenSymbol, ContractHandle<ERC20>>,
};

/** The token symbol of an address in the address book, if it is one of the nine. */
export function tokenSymbolOf(address: string): TokenSymbol | undefined {
  return TOKEN_SYMBOLS.find((symbol) => sameAddress(addresses[symbol], address));
}
