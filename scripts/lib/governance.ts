/**
 * The product's owner is OpenZeppelin's AccessManager (docs/decisions/governance.md). Deploy sets
 * the contracts up with the deployer as their owner, then hands them over (the System module of
 * scripts/ignition/system.ts): the manager becomes the
 * owner of Main, Revenue, Community, Swap and MvMarket, so each owner function runs only through
 * the manager's `execute`. Every one of them is the admin role's (the manager's default), and the
 * admin waits `delay` between scheduling a call (`OperationScheduled`, with the call's data) and
 * executing it; so do the manager's own settings (roles, delays). Only price steps are immediate,
 * under a role that can do nothing else (`PRICE_SETTER`): Main's price guard still announces every
 * larger move a day ahead.
 */
import { isLocalNetwork } from "./chain";

/** The delay a mainnet deployment may not go under: a day's notice of anything that lowers what users earn. */
export const MAINNET_MIN_DELAY_SECONDS = 24 * 3600;
/** What deploy uses unless GOVERNANCE_DELAY says otherwise: ten minutes on a local chain (tests move
 *  time; the demo shows a change coming and applied within a coffee), two days elsewhere. */
const DEFAULT_DELAY_SECONDS = { local: 600, mainnet: 2 * 24 * 3600 };

/** The admin's delay for a deployment to `networkName`: GOVERNANCE_DELAY (seconds) or the default;
 *  one sentence when it is not a number of seconds, or under a day beyond the local chain. */
export function governanceDelay(networkName: string, env: NodeJS.ProcessEnv = process.env): number {
  const local = isLocalNetwork(networkName);
  const raw = env.GOVERNANCE_DELAY;
  const delay = raw === undefined || raw === "" ? DEFAULT_DELAY_SECONDS[local ? "local" : "mainnet"] : Number(raw);
  if (!/^\d*$/.test(raw ?? "") || !Number.isSafeInteger(delay) || delay > 2 ** 32 - 1) {
    throw new Error(`GOVERNANCE_DELAY must be a number of seconds, got '${raw}'.`);
  }
  if (!local && delay < MAINNET_MIN_DELAY_SECONDS) {
    throw new Error(`GOVERNANCE_DELAY is ${delay} s, but a deployment to ${networkName} waits at least ${MAINNET_MIN_DELAY_SECONDS} s (a day) before an owner change applies.`);
  }
  return delay;
}
