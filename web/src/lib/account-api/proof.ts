/**
 * Wallet proof: the API hands out a single-use nonce inside a message; the wallet signs that
 * message (EIP-191 personal_sign) and the API recovers the signer.
 */
import { hexlify, toUtf8Bytes } from "ethers/utils";

import type { Progress } from "@/lib/actions/use-action";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

import { apiRequest } from "./client";

export type ProofPurpose = "register" | "bind" | "login";

export interface WalletProof {
  wallet: string;
  nonce: string;
  signature: string;
}

/** personal_sign takes the message as hex-encoded UTF-8, as MetaMask expects. */
export function utf8Hex(text: string): string {
  return hexlify(toUtf8Bytes(text));
}

export async function proveWallet(provider: Eip1193Provider, wallet: string, purpose: ProofPurpose, progress?: Progress): Promise<WalletProof> {
  const challenge = await apiRequest<{ nonce: string; message: string }>("/auth/nonce", { body: { wallet, purpose } });
  progress?.("wallet");
  const signature = (await provider.request({ method: "personal_sign", params: [utf8Hex(challenge.message), wallet] })) as string;
  progress?.("pending");
  return { wallet, nonce: challenge.nonce, signature };
}
