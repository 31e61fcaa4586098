/**
 * A stand-in BNB Chain for the fork tests, on this machine: a chain-id-56 `hardhat node` of its own
 * holding stand-ins of BEP20USDT, the Binance-Peg USD Coin (a transparent proxy in front of its
 * implementation) and Multicall3 at their mainnet addresses, mined past the default fork block.
 * Nothing here reaches the network. docs/operations.md §2 says which parts are faithful to BNB
 * Chain and which are approximations.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { AbiCoder, Interface, getAddress, id, keccak256, toQuantity } from "ethers";

import { MAINNET_ADDRESSES, type MainnetName } from "../../../contracts-abi/product";
import { DEFAULT_FORK_BLOCK } from "../../../scripts/lib/chain";
import { rpc } from "../../../scripts/lib/json-rpc";
import { ROOT, startNode, type Service } from "../../../scripts/lib/stack";
import { compileStandIn } from "./compile";

/** Owns the stand-in tokens: an address of no test account, so that the accounts' nonces on a fork
 *  start at zero as they do on a local chain (deployed addresses, and gas, stay the same). */
export const STANDIN_OWNER = getAddress(id("stand-in BNB Chain owner").slice(0, 42));

/**
 * Where the Binance-Peg implementation is put. Every contract of the stand-in is set at its address
 * (hardhat_setCode) rather than left where a transaction created it: in the blocks that
 * `hardhat_mine` adds in one go, Hardhat's node loses accounts created by transactions (their code
 * reads "0x" at those blocks), while what was set by hand stays.
 */
const IMPLEMENTATION_ADDRESS = getAddress(id("stand-in Binance-Peg implementation").slice(0, 42));

/** How far the stand-in's head is past the default fork block (hardhat_mine adds them at once). */
const HEAD_PAST_FORK_BLOCK = 100_000;

/** What the stand-in's owner holds of each token at the start. */
const INITIAL_SUPPLY = 10n ** 9n * 10n ** 18n;

// The EIP-1967 slots in which the proxy keeps its implementation and its admin.
const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";

export interface StandIn {
  url: string;
  node: Service;
  /** The stand-in's head: past DEFAULT_FORK_BLOCK. */
  blockNumber: number;
  /** One line per contract at its mainnet address: what stands in for it. */
  contracts: Record<MainnetName, string>;
  stop(): Promise<void>;
}

/** The storage slot of `holder`'s entry in a `mapping(address => …)` declared at `slot`. */
const mappingSlot = (holder: string, slot: number) => keccak256(AbiCoder.defaultAbiCoder().encode(["address", "uint256"], [holder, slot]));

/** Starts the stand-in on 127.0.0.1:`port`; it never forks anything itself, whatever BSC_FORK_URL says. */
export async function startStandIn(port: number, echo?: (line: string) => void): Promise<StandIn> {
  // Hardhat caches what a fork reads by the upstream's host and port: what it kept of an earlier
  // stand-in on this port would stand for this one, and it is dropped at the stop too.
  const forkCache = path.join(ROOT, "cache", "hardhat-network-fork", "rpc_cache", `127.0.0.1_${port}`);
  rmSync(forkCache, { recursive: true, force: true });
  const node = await startNode(port, echo, { BSC_FORK_URL: "" });
  const url = `http://127.0.0.1:${port}`;
  try {
    await rpc(url, "hardhat_impersonateAccount", [STANDIN_OWNER]);
    await rpc(url, "hardhat_setBalance", [STANDIN_OWNER, toQuantity(10n ** 21n)]);
    const usdt = compileStandIn("BEP20USDT.sol");
    const peg = compileStandIn("BinancePegToken.sol");

    // BEP20USDT: built by its constructor, then moved with its storage (slots 0-6 and the owner's
    // balance, slot 1's mapping) to the mainnet address.
    const usdtFresh = await create(url, usdt.BEP20USDT.bytecode + AbiCoder.defaultAbiCoder().encode(["uint256"], [INITIAL_SUPPLY]).slice(2));
    await move(url, usdtFresh, MAINNET_ADDRESSES.USDT, [0, 1, 2, 3, 4, 5, 6].map((slot) => toQuantity(slot)).concat(mappingSlot(STANDIN_OWNER, 1)));

    // The Binance-Peg token: the implementation at an address of its own, the proxy, initialised
    // through it, moved to the mainnet address with its EIP-1967 slots and the token's storage.
    const implementation = IMPLEMENTATION_ADDRESS;
    await move(url, await create(url, peg.BinancePegTokenImplementation.bytecode), implementation, []);
    const initialize = new Interface(peg.BinancePegTokenImplementation.abi as string[]).encodeFunctionData("initialize", [
      "USD Coin", "USDC", 18, INITIAL_SUPPLY, true, STANDIN_OWNER,
    ]);
    const proxyArgs = AbiCoder.defaultAbiCoder().encode(["address", "address", "bytes"], [implementation, STANDIN_OWNER, initialize]);
    const proxyFresh = await create(url, peg.BinancePegProxy.bytecode + proxyArgs.slice(2));
    await move(url, proxyFresh, MAINNET_ADDRESSES.USDC, [
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((slot) => toQuantity(slot)),
      mappingSlot(STANDIN_OWNER, 1),
      IMPLEMENTATION_SLOT,
      ADMIN_SLOT,
    ]);

    // Multicall3: the project's own (mocks/contracts/Multicall3.sol, as compiled for the product),
    // set at its address; it keeps no state.
    const artifact = path.join(ROOT, "artifacts/mocks/contracts/Multicall3.sol/Multicall3.json");
    const { deployedBytecode } = JSON.parse(readFileSync(artifact, "utf8")) as { deployedBytecode: string };
    await rpc(url, "hardhat_setCode", [MAINNET_ADDRESSES.Multicall3, deployedBytecode]);

    // Well past the fork block, as BNB Chain is (the contracts were there long before it): Hardhat
    // caches on disk only what a fork reads at a block deep enough below the upstream's head.
    await rpc(url, "hardhat_mine", [toQuantity(DEFAULT_FORK_BLOCK + HEAD_PAST_FORK_BLOCK)], 120_000);
    const blockNumber = Number(await rpc<string>(url, "eth_blockNumber"));
    const contracts: Record<MainnetName, string> = {
      USDT: `BEP20USDT stand-in (solc 0.5.16), ${await describeToken(url, MAINNET_ADDRESSES.USDT)}`,
      USDC: `Binance-Peg proxy stand-in (solc 0.6.4) in front of ${implementation}, ${await describeToken(url, MAINNET_ADDRESSES.USDC)}`,
      Multicall3: "Multicall3 (the project's own, solc 0.8.28)",
    };
    const stop = async () => {
      await node.stop();
      rmSync(forkCache, { recursive: true, force: true });
    };
    return { url, node, blockNumber, contracts, stop };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Deploys `initcode` from the stand-in's owner; returns the new contract's address. */
async function create(url: string, initcode: string): Promise<string> {
  const hash = await rpc<string>(url, "eth_sendTransaction", [{ from: STANDIN_OWNER, data: initcode, gas: toQuantity(5_000_000) }]);
  const receipt = await rpc<{ status: string; contractAddress: string } | null>(url, "eth_getTransactionReceipt", [hash]);
  if (receipt?.status !== "0x1") throw new Error(`the stand-in could not deploy a contract (transaction ${hash})`);
  return getAddress(receipt.contractAddress);
}

/** Puts the code of `from` at `to`, with the storage `slots` hold at `from`. */
async function move(url: string, from: string, to: string, slots: string[]): Promise<void> {
  await rpc(url, "hardhat_setCode", [to, await rpc<string>(url, "eth_getCode", [from, "latest"])]);
  for (const slot of slots) {
    await rpc(url, "hardhat_setStorageAt", [to, slot, await rpc<string>(url, "eth_getStorageAt", [from, slot, "latest"])]);
  }
}

/** "USDT, 18 decimals", read from the token at `address`: proof the move kept its storage. */
async function describeToken(url: string, address: string): Promise<string> {
  const erc20 = new Interface(["function symbol() view returns (string)", "function decimals() view returns (uint8)"]);
  const call = async (name: "symbol" | "decimals") =>
    erc20.decodeFunctionResult(name, await rpc<string>(url, "eth_call", [{ to: address, data: erc20.encodeFunctionData(name) }, "latest"]))[0] as unknown;
  return `${String(await call("symbol"))}, ${String(await call("decimals"))} decimals`;
}
