/**
 * The account API account of the dev wallet (Alice, Hardhat account #1), made on every local stack
 * so a newcomer can press Login at once. Its password is in docs/operations.md §1: a local test account only.
 */
import { Wallet } from "ethers";

import { register } from "./account-api-client";
import { DEMO_KEY, hardhatKey } from "./injected-wallet";

export const DEV_ACCOUNT = { account: "alice", password: "alice-dev-1" } as const;

/** Registers the dev wallet's account with the API at `apiUrl` (the seed registered it on chain under genesis). */
export async function seedDevAccount(apiUrl: string): Promise<void> {
  const genesis = new Wallet(hardhatKey(0)).address;
  const reply = await register({ url: apiUrl }, new Wallet(DEMO_KEY.alice), { ...DEV_ACCOUNT, referrer: genesis });
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`Seeding the dev account: /api/register answered ${reply.status} ${reply.text}`);
}
