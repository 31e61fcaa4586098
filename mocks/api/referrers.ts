/**
 * Whether a referrer wallet is a member: asked of the Community contract on chain, through the
 * product ABI's TypeChain binding (the same interface the web app uses).
 */
import { readFile } from "node:fs/promises";

import { FetchRequest, JsonRpcProvider, Network, type ContractRunner } from "ethers";

import { BSC_CHAIN_ID } from "../../contracts-abi/product";
import { Community__factory } from "../../typechain-types";

/** True when `wallet` is registered; throws when the chain cannot be asked. */
export type ReferrerCheck = (wallet: string) => Promise<boolean>;

export function communityReferrers(runner: ContractRunner, communityAddress: string): ReferrerCheck {
  const community = Community__factory.connect(communityAddress, runner);
  return (wallet) => community.isRegistered(wallet);
}

/** How long a referrer check waits for the node before it gives up. */
export const REFERRER_TIMEOUT_MS = 10_000;

/** Over JSON-RPC at `rpcUrl`, giving up after `timeoutMs`, so a dead node turns into a prompt answer. */
export function rpcReferrers(rpcUrl: string, chainId: number, communityAddress: string, timeoutMs = REFERRER_TIMEOUT_MS): ReferrerCheck {
  const request = new FetchRequest(rpcUrl);
  request.timeout = timeoutMs;
  const provider = new JsonRpcProvider(request, Network.from(chainId), { staticNetwork: true });
  return communityReferrers(provider, communityAddress);
}

/**
 * As `rpcReferrers`, with the Community address read from the address book at each check, so a
 * redeploy of the local chain needs no restart of the API.
 */
export function addressBookReferrers(rpcUrl: string, addressBookFile: string, timeoutMs = REFERRER_TIMEOUT_MS): ReferrerCheck {
  let cached: { address: string; check: ReferrerCheck } | undefined;
  return async (wallet) => {
    const book = JSON.parse(await readFile(addressBookFile, "utf8")) as { chainId?: number; contracts?: { Community?: string } };
    const address = book.contracts?.Community;
    if (!address) throw new Error(`${addressBookFile} has no Community address`);
    if (cached?.address !== address) cached = { address, check: rpcReferrers(rpcUrl, book.chainId ?? BSC_CHAIN_ID, address, timeoutMs) };
    return cached.check(wallet);
  };
}
