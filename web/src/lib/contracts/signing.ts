/**
 * What signing needs: the wallet's provider wrapped in an ethers v6 BrowserProvider, and the
 * product contracts connected to its signer through the TypeChain factories. Loaded on the first
 * transaction, so that ethers' provider classes stay out of the initial bundle.
 */
import type { ContractTransactionResponse } from "ethers/contract";
import type { ContractRunner, TransactionReceipt } from "ethers/providers";
import { BrowserProvider } from "ethers/providers";

import { TOKEN_SYMBOLS, type TokenSymbol } from "@product";
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

/** The transaction's receipt once mined (within `timeoutMs`); a revert rejects with its reason. */
export function waitMined(response: ContractTransactionResponse, timeoutMs: number): Promise<TransactionReceipt | null> {
  return response.wait(1, timeoutMs).catch((error: unknown) => replayRevert(response, error));
}

/**
 * A transaction that was mined but reverted carries no reason (ethers throws CALL_EXCEPTION with
 * the receipt only): the conditions changed between the wallet's estimate and the block, say a
 * price moved past the user's bound. Replayed as a call at its block, it reverts again with the
 * contract's custom error, which the page can then put in words. Anything else is rethrown.
 */
async function replayRevert(response: ContractTransactionResponse, error: unknown): Promise<never> {
  const receipt = (error as { receipt?: { blockNumber: number } } | null)?.receipt;
  if (!receipt) throw error;
  // Rejects with the revert data when the call fails again, which it should.
  await response.provider.call({ to: response.to, from: response.from, data: response.data, value: response.value, blockTag: receipt.blockNumber });
  throw error;
}
