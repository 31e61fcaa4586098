/**
 * A deployment to BNB Chain's testnet, on this machine: `hardhat run scripts/deploy.ts --network
 * bscTestnet` (the deployer's key from the environment, as beyond it) against a `hardhat node`
 * that is chain 97 (LOCAL_CHAIN_ID=97). For the tests that prove a deployment resumes
 * (test/contracts/DeployResume.test.ts) and that the app runs on what it wrote
 * (test/e2e/testnet.test.ts): docs/operations.md §9.
 */
import path from "node:path";

import { JsonRpcProvider, Wallet } from "ethers";

import { BSC_TESTNET_CHAIN_ID } from "../../contracts-abi/product";
import { ROOT, bin, startService, waitUntil, type Service } from "./stack";

export interface TestnetDeploy {
  /** The testnet node's URL. */
  url: string;
  /** The deployment's name: its journal's id and its address book's (deployments/<name>.json). */
  name: string;
  deployerKey: string;
  /** DEPLOY_ADMIN: who holds the AccessManager's roles at the end. */
  admin?: string;
}

/** The deploy command, started. */
export function startTestnetDeploy({ url, name, deployerKey, admin }: TestnetDeploy): Service {
  return startService("deploy", bin("hardhat"), ["run", "scripts/deploy.ts", "--network", "bscTestnet"], {
    BSC_TESTNET_RPC_URL: url,
    DEPLOYER_PRIVATE_KEY: deployerKey,
    DEPLOYMENT_NAME: name,
    ...(admin ? { DEPLOY_ADMIN: admin } : {}),
  });
}

/** Runs the deploy command to its end; a failure throws with its last lines. */
export async function runTestnetDeploy(deploy: TestnetDeploy): Promise<void> {
  const run = startTestnetDeploy(deploy);
  const code = await run.wait();
  if (code !== 0) throw new Error(`the deploy to bscTestnet failed (exit ${code}):\n${run.tail(30)}`);
}

/**
 * The deploy command killed (SIGKILL, as a crash) once `killAfter` of its transactions are mined,
 * then run again to its end. Returns how many the deployer had sent at the kill and at the end,
 * and the address book written.
 */
export async function deployKilledAndResumed(deploy: TestnetDeploy, killAfter = 3): Promise<{ sentBeforeKill: number; sent: number; addressBook: string }> {
  const provider = new JsonRpcProvider(deploy.url, BSC_TESTNET_CHAIN_ID, { staticNetwork: true });
  const deployer = new Wallet(deploy.deployerKey).address;
  const first = startTestnetDeploy(deploy);
  await waitUntil(`the deployment's first ${killAfter} transactions`, async () => (await provider.getTransactionCount(deployer)) >= killAfter, first, 120_000);
  first.kill("SIGKILL");
  await first.wait();
  const sentBeforeKill = await provider.getTransactionCount(deployer);
  await runTestnetDeploy(deploy);
  return { sentBeforeKill, sent: await provider.getTransactionCount(deployer), addressBook: path.join(ROOT, "deployments", `${deploy.name}.json`) };
}
