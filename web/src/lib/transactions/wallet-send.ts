/**
 * Sends a call from the connected wallet and returns its hash the moment the wallet gives it (the
 * caller records it before anything else can happen: a reload must not lose it). The call is
 * estimated first, through the wallet: one that would revert is refused there with the contract's
 * error, before the wallet asks the user anything. The wallet then sets the gas with its own margin.
 *
 * Loaded with the first transaction: it holds the full ABIs (lib/contracts/full-abis.ts), which
 * the first download does without.
 */
import { addresses } from "@/config/addresses";
import { BSC } from "@/config/chain";
import { FULL_INTERFACES } from "@/lib/contracts/full-abis";
import type { ContractCall } from "@/lib/contracts/write";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Where the call goes and its calldata. */
export function encodeCall(call: ContractCall): { to: string; data: string } {
  const contract = FULL_INTERFACES[call.contract];
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
