/**
 * An EIP-1193 provider that signs with a funded test key of the local chain: Hardhat's account #1,
 * a key published with Hardhat itself, worthless on any real network. Reads are forwarded to the
 * local node. Local builds only (see connectors/dev-wallet.ts).
 */
import { JsonRpcProvider, Network } from "ethers/providers";
import { getBytes, isHexString, toUtf8Bytes } from "ethers/utils";
import { Wallet } from "ethers/wallet";

import { BSC } from "@/config/chain";

import { withEvents, type Eip1193Provider, type RequestArguments } from "./eip1193";

/** Hardhat's default account #1 (0x70997970C51812dc3A010C7d01b50e0d17dc79C8). */
export const DEV_WALLET_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

interface TransactionParams {
  to?: string;
  data?: string;
  value?: string;
  gas?: string;
  gasLimit?: string;
}

export function createDevWalletProvider(rpcUrl: string, privateKey: string = DEV_WALLET_KEY): Eip1193Provider {
  const node = new JsonRpcProvider(rpcUrl, Network.from(BSC.chainId), { staticNetwork: true });
  const wallet = new Wallet(privateKey, node);

  // Its account and chain never change, so it has no events to emit.
  return withEvents(async ({ method, params }: RequestArguments): Promise<unknown> => {
    const args = (Array.isArray(params) ? params : []) as unknown[];
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [wallet.address];
      case "eth_chainId":
        return BSC.chainIdHex;
      case "wallet_switchEthereumChain": {
        const { chainId } = (args[0] ?? {}) as { chainId?: string };
        if (chainId === BSC.chainIdHex) return null;
        throw Object.assign(new Error(`The dev wallet only knows chain ${BSC.chainIdHex}`), { code: 4902 });
      }
      case "wallet_addEthereumChain":
        return null;
      case "eth_sendTransaction": {
        const transaction = (args[0] ?? {}) as TransactionParams;
        const sent = await wallet.sendTransaction({
          to: transaction.to,
          data: transaction.data,
          value: transaction.value,
          gasLimit: transaction.gas ?? transaction.gasLimit,
        });
        return sent.hash;
      }
      case "personal_sign": {
        const message = args[0] as string;
        return wallet.signMessage(isHexString(message) ? getBytes(message) : toUtf8Bytes(message));
      }
      default:
        return node.send(method, args);
    }
  });
}
