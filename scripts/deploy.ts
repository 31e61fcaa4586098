/**
 * `npm run deploy:local` (or `hardhat run scripts/deploy.ts --network <name>`): deploys every
 * product mock and writes deployments/<network>.json for the web app.
 */
import hre from "hardhat";

import { deployAll, deploymentName, writeAddressBook } from "./lib/deploy";

async function main(): Promise<void> {
  const deployment = await deployAll(hre, { log: (message) => console.log(`  ${message}`) });
  const file = await writeAddressBook(deployment, deploymentName(hre.network.name));
  console.log(`Deployed to chain ${deployment.chainId} in blocks ${deployment.startBlock} to ${deployment.blockNumber}; address book: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
