/**
 * `npm run build` bundles the address book of the local chain. When no deploy has written one yet
 * (a fresh checkout), this deploys to the in-process Hardhat network and writes it: deploys are
 * deterministic, so these are the addresses a fresh `hardhat node` gets from `npm run dev`.
 */
import { existsSync } from "node:fs";

import hre from "hardhat";

import { LOCAL_DEPLOYMENT, addressBookFile, deployAll, writeAddressBook } from "./lib/deploy";

async function main(): Promise<void> {
  const file = addressBookFile(LOCAL_DEPLOYMENT);
  if (existsSync(file)) {
    console.log(`Using ${file}`);
    return;
  }
  const deployment = await deployAll(hre);
  await writeAddressBook(deployment, LOCAL_DEPLOYMENT);
  console.log(`Wrote ${file} from an in-process deploy (the addresses of a fresh local node).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
