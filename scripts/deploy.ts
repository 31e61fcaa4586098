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
import { getAddress, isAddress } from "ethers";

import { isLocalNetwork } from "./lib/chain";
import { deployAll, deploymentName, writeAddressBook } from "./lib/deploy";

/** DEPLOY_ADMIN, checked: an address (checksummed), never the zero address (no one would hold the roles). */
export function deploymentAdmin(env: NodeJS.ProcessEnv): string | undefined {
  const admin = env.DEPLOY_ADMIN || undefined;
  if (admin === undefined) return undefined;
  if (!isAddress(admin)) throw new Error(`DEPLOY_ADMIN must be an address (0x and 40 hex digits), got '${admin}'.`);
  if (BigInt(admin) === 0n) throw new Error("DEPLOY_ADMIN is the zero address: nobody could use the roles handed to it.");
  return getAddress(admin);
}

async function main(): Promise<void> {
  const network = hre.network.name;
  const admin = deploymentAdmin(process.env);
  const name = deploymentName(network);
  const deployment = await deployAll(hre, {
    log: (message) => console.log(`  ${message}`),
    admin,
    confirmMainnet: process.env.DEPLOY_CONFIRM === "bsc",
    deploymentId: name,
    fresh: isLocalNetwork(network),
  });
  const file = await writeAddressBook(deployment, name);
  console.log(`Deployed to chain ${deployment.chainId} in blocks ${deployment.startBlock} to ${deployment.blockNumber}; address book: ${file}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
