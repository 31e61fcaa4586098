/**
 * `npm run deploy:local`, or `hardhat run scripts/deploy.ts --network <name>`: deploys the whole
 * system with Hardhat Ignition (scripts/lib/deploy.ts) and writes deployments/<name>.json, the
 * address book the web app is built with (docs/operations.md §9).
 *
 * On the local chain every run is a fresh deployment. Beyond it (bscTestnet, bsc) a run resumes
 * the deployment's journal: killed halfway, the same command goes on and sends nothing twice.
 * DEPLOY_ADMIN hands the AccessManager's roles to that address (a multisig) at the end; BNB Chain
 * mainnet needs it, and DEPLOY_CONFIRM=bsc, before anything is sent.
 */
import hre from "hardhat";
import { isAddress } from "ethers";

import { BSC_CHAIN_ID } from "../contracts-abi/product";
import { isLocalNetwork } from "./lib/chain";
import { deployAll, deploymentName, writeAddressBook } from "./lib/deploy";

/** The admin at the end, and whether this deployment may start: one sentence when it may not. */
export function deploymentAdmin(network: string, chainId: number, env: NodeJS.ProcessEnv): string | undefined {
  const admin = env.DEPLOY_ADMIN || undefined;
  if (admin !== undefined && !isAddress(admin)) throw new Error(`DEPLOY_ADMIN must be an address (0x and 40 hex digits), got '${admin}'.`);
  if (!isLocalNetwork(network) && chainId === BSC_CHAIN_ID) {
    if (env.DEPLOY_CONFIRM !== "bsc") throw new Error("This deploys to BNB Smart Chain mainnet with real BNB: set DEPLOY_CONFIRM=bsc to confirm it.");
    if (!admin) throw new Error("A mainnet deployment hands the AccessManager to its owner: set DEPLOY_ADMIN to that address (a multisig).");
  }
  return admin;
}

async function main(): Promise<void> {
  const network = hre.network.name;
  const chainId = Number((await hre.ethers.provider.getNetwork()).chainId);
  const admin = deploymentAdmin(network, chainId, process.env);
  const name = deploymentName(network);
  const deployment = await deployAll(hre, { log: (message) => console.log(`  ${message}`), admin, deploymentId: name, fresh: isLocalNetwork(network) });
  const file = await writeAddressBook(deployment, name);
  console.log(`Deployed to chain ${deployment.chainId} in blocks ${deployment.startBlock} to ${deployment.blockNumber}; address book: ${file}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
