import { useEffect, useState } from "react";

import type { Community } from "@typechain/index";

import { read, type ReadCall } from "@/lib/contracts/batch";
import { batcher } from "@/lib/contracts/chain-status";
import { contracts, type ContractHandle } from "@/lib/contracts/contracts";
import { isNetworkError } from "@/lib/contracts/error-kinds";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `call`'s answer, or undefined when `address` has none to give (a wallet, or a contract without the function); a node that cannot be reached still fails. */
async function answerOf<T>(call: ReadCall<T>): Promise<T | undefined> {
  try {
    return await batcher.load(call);
  } catch (error) {
    if (isNetworkError(error)) throw error;
    return undefined;
  }
}

/**
 * Whether claims sent to `address` would be stuck in one of the product's contracts, by the rule
 * Community.changeSettler refuses them with: Community itself, Main, a token Main prices, or a
 * contract whose `main()` is this product's Main (Revenue, Swap, MvMarket). Wallets, contract
 * wallets included, are not. Asked before a settler is sent, so the field says it, not a failed
 * transaction. One batched read.
 */
export async function getIsProductContract(address: string): Promise<boolean> {
  if (same(address, contracts.community.target) || same(address, contracts.main.target)) return true;
  // Read as if it were one of the product's contracts (they all have main()): Community's interface at that address.
  const asProductContract: ContractHandle<Community> = { ...contracts.community, target: address };
  const [price, main] = await Promise.all([batcher.load(read(contracts.main, "priceOf", address)), answerOf(read(asProductContract, "main"))]);
  return price !== 0n || (main !== undefined && same(main, contracts.main.target));
}

/** getIsProductContract for the address typed, asked as soon as it is complete; undefined until answered (or without one). */
export function useIsProductContract(address: string | undefined): boolean | undefined {
  const [answer, setAnswer] = useState<{ address: string; product: boolean }>();
  useEffect(() => {
    if (!address) return;
    let current = true;
    // A chain that cannot be asked leaves it unknown: the submit asks again, and the contract checks anyway.
    getIsProductContract(address).then(
      (product) => current && setAnswer({ address, product }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [address]);
  return address !== undefined && answer?.address === address ? answer.product : undefined;
}
