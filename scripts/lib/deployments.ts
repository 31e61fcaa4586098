/**
 * Where address books live and what they are called. Apart from deploy.ts (which needs the compiled
 * mocks' bindings), so that the stack scripts can name a deployment before anything is compiled.
 */
import path from "node:path";

/** The directory address books are written to, relative to the repository root. */
export const DEPLOYMENTS_DIRECTORY = "deployments";
/** The deployment of the `hardhat node` (localhost) network, which `npm run build` bundles. */
export const LOCAL_DEPLOYMENT = "local";

/** Where the address book of deployment `name` is: `deployments/<name>.json` by default. */
export function addressBookFile(name: string, directory = DEPLOYMENTS_DIRECTORY): string {
  return path.join(directory, `${name}.json`);
}

/** Deployments are named 'local' for the `hardhat node` (localhost) network, else by the network;
 *  DEPLOYMENT_NAME picks another name (the browser tests' chain writes deployments/e2e.json). */
export function deploymentName(hardhatNetworkName: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.DEPLOYMENT_NAME) return env.DEPLOYMENT_NAME;
  return hardhatNetworkName === "localhost" ? LOCAL_DEPLOYMENT : hardhatNetworkName;
}
