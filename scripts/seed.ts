/**
 * `npm run seed:local` (or `hardhat run scripts/seed.ts --network <name>`): demo state on a chain
 * deployed by scripts/deploy.ts. On the in-process network it deploys first, as a dry run.
 */
import hre from "hardhat";

import { addressBookFile, connectDeployment, deployAll, deploymentName, readAddressBook } from "./lib/deploy";
import { seedDemo } from "./lib/seed";

async function main(): Promise<void> {
  const log = (message: string) => console.log(`  ${message}`);
  const deployment =
    hre.network.name === "hardhat"
      ? await deployAll(hre)
      : await (async () => {
          const book = await readAddressBook(addressBookFile(deploymentName(hre.network.name)));
          return connectDeployment(hre, book.contracts, book);
        })();
  await seedDemo(hre, deployment, log);
  console.log(`Seeded demo state on ${hre.network.name}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
