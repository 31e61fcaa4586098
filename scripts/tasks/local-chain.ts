/**
 * What every chain task checks first: that it talks to this machine's Hardhat chain. The local
 * chain has BNB Chain's id (56), so the chain id cannot tell it from mainnet; here "mainnet" is
 * any network but `hardhat` and `localhost`, and any node that is not a Hardhat node (it does not
 * answer `hardhat_metadata`, as BNB Chain's nodes do not). Such a network is refused in one
 * sentence, before anything is read or sent.
 */
import { HardhatPluginError } from "hardhat/plugins";
import type { ActionType, HardhatRuntimeEnvironment, TaskArguments } from "hardhat/types";

import { isLocalNetwork } from "../lib/chain";

/** Hardhat prints a plugin error as "Error in plugin scripts/tasks: <message>", with no stack
 *  trace (but where it takes the machine for CI): the sentence is what the developer reads. */
const SOURCE = "scripts/tasks";

/** Stops the task with `sentence`, as the command's only output. */
export function refuse(sentence: string): never {
  throw new HardhatPluginError(SOURCE, sentence);
}

/** Whether `error` is a task's refusal, not a failure (the tests tell them apart by it). */
export function isRefusal(error: unknown): error is HardhatPluginError {
  return HardhatPluginError.isHardhatPluginError(error) && (error as HardhatPluginError).pluginName === SOURCE;
}

/** The one sentence that refuses a network that may be mainnet, with the reason `why`. */
export function mainnetRefusal(task: string, why: string): string {
  return `Refused: ${task} runs only on this machine's Hardhat chain (network hardhat or localhost, on a node that answers hardhat_metadata), and ${why}: it may be BNB Chain mainnet, whose chain id (56) the local chain shares.`;
}

/** Refuses, in one sentence, a network that may be mainnet (see the module's comment). */
export async function assertLocalChain(task: string, hre: HardhatRuntimeEnvironment): Promise<void> {
  const { name, provider, config } = hre.network;
  if (!isLocalNetwork(name)) refuse(mainnetRefusal(task, `network '${name}' is neither of the two`));
  const url = "url" in config ? config.url : "in-process";
  try {
    // Hardhat's provider also checks here that the node serves the configured chain id (56).
    await provider.request({ method: "eth_chainId" });
  } catch (error) {
    const reason = String((error as Error).message ?? error).split("\n")[0].replace(/\.$/, "");
    refuse(`The node at ${url} (network ${name}) does not answer as chain 56 (${reason}): start one with npm run dev, or point LOCAL_RPC_URL at yours.`);
  }
  try {
    await provider.request({ method: "hardhat_metadata" });
  } catch {
    refuse(mainnetRefusal(task, `the node at ${url} (network ${name}) does not answer hardhat_metadata`));
  }
  // The in-process chain ends with the command: a developer who left out --network moved nothing
  // the app sees. Said on stderr, so the task's own lines stay as they are.
  if (name === "hardhat") {
    console.warn(`(network hardhat: an in-process chain that ends with this command; add --network localhost for the node of npm run dev)`);
  }
}

/** `action`, run once `assertLocalChain` has passed: every chain task's action is wrapped so. */
export function onLocalChain<A extends TaskArguments>(task: string, action: (args: A, hre: HardhatRuntimeEnvironment) => Promise<unknown>): ActionType<A> {
  return async (args, hre) => {
    await assertLocalChain(`npx hardhat ${task}`, hre);
    return action(args, hre);
  };
}
