/**
 * The networks a deployment can go to beyond this machine (docs/operations.md §9): BNB Smart
 * Chain's testnet (`bscTestnet`, chain 97) and BNB Smart Chain itself (`bsc`, 56), configured
 * from the environment only, never from a file in the repository:
 *
 * - BSC_TESTNET_RPC_URL, BSC_RPC_URL: the node (each network has a public default);
 * - DEPLOYER_PRIVATE_KEY: the deployer's key, or DEPLOYER_KEYSTORE (an encrypted JSON keystore,
 *   as geth, MetaMask's export or `cast wallet` write) with DEPLOYER_KEYSTORE_PASSWORD, decrypted
 *   only when a command targets one of these networks;
 * - ETHERSCAN_API_KEY: for hardhat-verify's BscScan check, an Etherscan.io key (its v2 API serves
 *   BscScan too; Sourcify needs none).
 */
import { readFileSync } from "node:fs";

import { Wallet } from "ethers";
import type { HttpNetworkUserConfig } from "hardhat/types";

import { BSC_CHAIN_ID, BSC_TESTNET_CHAIN_ID } from "../../contracts-abi/product";

export const REMOTE_NETWORKS = {
  bscTestnet: { chainId: BSC_TESTNET_CHAIN_ID, urlVariable: "BSC_TESTNET_RPC_URL", defaultUrl: "https://data-seed-prebsc-1-s1.bnbchain.org:8545" },
  bsc: { chainId: BSC_CHAIN_ID, urlVariable: "BSC_RPC_URL", defaultUrl: "https://bsc-dataseed.bnbchain.org" },
} as const;
export type RemoteNetwork = keyof typeof REMOTE_NETWORKS;

/** The network a Hardhat command was given (`--network x` or HARDHAT_NETWORK), if any. */
function targetNetwork(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const index = argv.indexOf("--network");
  return index >= 0 ? argv[index + 1] : env.HARDHAT_NETWORK;
}

/** The deployer's key from the environment: one sentence when it is missing or unreadable. */
export function deployerKey(env: NodeJS.ProcessEnv, read: (file: string) => string = (file) => readFileSync(file, "utf8")): string {
  if (env.DEPLOYER_PRIVATE_KEY) {
    const key = env.DEPLOYER_PRIVATE_KEY.startsWith("0x") ? env.DEPLOYER_PRIVATE_KEY : `0x${env.DEPLOYER_PRIVATE_KEY}`;
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error("DEPLOYER_PRIVATE_KEY must be 32 bytes in hex.");
    return key;
  }
  if (env.DEPLOYER_KEYSTORE) {
    if (env.DEPLOYER_KEYSTORE_PASSWORD === undefined) throw new Error("DEPLOYER_KEYSTORE needs DEPLOYER_KEYSTORE_PASSWORD to be decrypted.");
    try {
      return Wallet.fromEncryptedJsonSync(read(env.DEPLOYER_KEYSTORE), env.DEPLOYER_KEYSTORE_PASSWORD).privateKey;
    } catch (error) {
      throw new Error(`DEPLOYER_KEYSTORE (${env.DEPLOYER_KEYSTORE}) could not be decrypted: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  throw new Error("A deployment beyond this machine needs the deployer's key: DEPLOYER_PRIVATE_KEY, or DEPLOYER_KEYSTORE with DEPLOYER_KEYSTORE_PASSWORD.");
}

/** Hardhat's `networks` entries for bscTestnet and bsc. The key is read only for the network a
 *  command targets (a keystore takes seconds to decrypt, and other commands need none). */
export function remoteNetworks(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Record<RemoteNetwork, HttpNetworkUserConfig> {
  const target = targetNetwork(argv, env);
  const entry = (name: RemoteNetwork): HttpNetworkUserConfig => {
    const { chainId, urlVariable, defaultUrl } = REMOTE_NETWORKS[name];
    return { url: env[urlVariable] || defaultUrl, chainId, accounts: target === name ? [deployerKey(env)] : [] };
  };
  return { bscTestnet: entry("bscTestnet"), bsc: entry("bsc") };
}
