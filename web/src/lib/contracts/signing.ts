/**
 * What signing needs: the wallet's provider wrapped in an ethers v6 BrowserProvider, and the
 * product contracts connected to its signer through the TypeChain factories. Loaded on the first
 * transaction, so that ethers' provider classes stay out of the initial bundle.
 */
import type { ContractRunner } from "ethers/providers";
import { BrowserProvider } from "ethers/providers";

import {
  Community__factory,
  ERC20__factory,
  Main__factory,
  MvMarket__factory,
  Revenue__factory,
  Swap__factory,
} from "@typechain/index";
import type { Community, ERC20, Main, MvMarket, Revenue, Swap } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { TOKEN_SYMBOLS, type TokenSymbol } from "@/config/contract-names";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

export interface SigningContracts {
  main: Main;
  revenue: Revenue;
  community: Community;
  swap: Swap;
  market: MvMarket;
  tokens: Record<TokenSymbol, ERC20>;
}

export function connectSigning(runner: ContractRunner): SigningContracts {
  const tokens = {} as Record<TokenSymbol, ERC20>;
  for (const symbol of TOKEN_SYMBOLS) tokens[symbol] = ERC20__factory.connect(addresses[symbol], runner);
  return {
    main: Main__factory.connect(addresses.Main, runner),
    revenue: Revenue__factory.connect(addresses.Revenue, runner),
    community: Community__factory.connect(addresses.Community, runner),
    swap: Swap__factory.connect(addresses.Swap, runner),
    market: MvMarket__factory.connect(addresses.MvMarket, runner),
    tokens,
  };
}

/** The contracts, signed for by `account` through the wallet's provider. */
export async function signingContracts(provider: Eip1193Provider, account: string): Promise<SigningContracts> {
  // "any": the wallet may change chains; writes are only allowed on BNB Smart Chain anyway.
  const signer = await new BrowserProvider(provider, "any").getSigner(account);
  return connectSigning(signer);
}
