/**
 * Sends a call from the connected wallet and returns its hash the moment the wallet gives it (the
 * caller records it before anything else can happen: a reload must not lose it). The call is
 * estimated first, through the wallet: one that would revert is refused there with the contract's
 * error, before the wallet asks the user anything. The wallet then sets the gas with its own margin.
 *
 * Loaded with the first transaction: it holds the full ABIs (TypeChain's), which the first
 * download does without.
 */
import type { Interface } from "ethers/abi";

import { TOKEN_SYMBOLS, type AddressName, type TokenSymbol } from "@product";
import { AccessManager__factory, Community__factory, ERC20__factory, Main__factory, Multicall3__factory, MvMarket__factory, Revenue__factory, Swap__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { BSC } from "@/config/chain";
import type { ContractCall } from "@/lib/contracts/write";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

const HASH = /^0x[0-9a-fA-F]{64}$/;

const INTERFACES: Record<AddressName, Interface> = {
  Main: Main__factory.createInterface(),
  Revenue: Revenue__factory.createInterface(),
  Community: Community__factory.createInterface(),
  Swap: Swap__factory.createInterface(),
  MvMarket: MvMarket__factory.createInterface(),
  // The app's own screens send to the five above and the tokens; the contracts console
  // (features/diagnostics/console) may send to any contract of the address book.
  AccessManager: AccessManager__factory.createInterface(),
  Multicall3: Multicall3__factory.createInterface(),
  ...(Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, ERC20__factory.createInterface()])) as Record<TokenSymbol, Interface>),
};

/** Where the call goes and its calldata. */
export function encodeCall(call: ContractCall): { to: string; data: string } {
  const contract = INTERFACES[call.contract];
  return { to: addresses[call.contract], data: contract.encodeFunctionData(call.method, [...call.args]) };
}

export interface Sent {
  hash: string;
  to: string;
  data: string;
}

export async function sendFromWallet(provider: Eip1193Provider, account: string, call: ContractCall): Promise<Sent> {
  const { to, data } = encodeCall(call);
  const transaction = { from: account, to, data };
  await provider.request({ method: "eth_estimateGas", params: [transaction] });
  // Pinned to the build's chain: a wallet moved to another chain meanwhile refuses it, rather than
  // sending it there.
  const hash = await provider.request({ method: "eth_sendTransaction", params: [{ ...transaction, chainId: BSC.chainIdHex }] });
  if (typeof hash !== "string" || !HASH.test(hash)) throw new Error(`The wallet answered eth_sendTransaction with ${String(hash)}, not a transaction hash`);
  return { hash: hash.toLowerCase(), to, data };
}
