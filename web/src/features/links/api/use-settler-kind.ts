import { useEffect, useState } from "react";

import { read, type ReadCall } from "@/lib/contracts/batch";
import { batcher } from "@/lib/contracts/chain-status";
import { contracts } from "@/lib/contracts/contracts";
import { pageContracts, type PageHandles } from "@/lib/contracts/page-contracts";
import { isNetworkError } from "@/lib/contracts/error-kinds";
import { rpc } from "@/lib/contracts/rpc";
import { sameAddress } from "@/lib/format/format";

import { isUnownedAddress, type SettlerKind } from "../settler";

export type { SettlerKind };

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
 * What `address` is, by the rule Community.changeSettler refuses settlers with (Community itself,
 * Main, a token Main prices or has announced a first price for, a contract whose `main()` is this
 * product's Main; docs/product/contracts.md §7), plus what no one can own (Multicall3 among them)
 * and whether it has code. Asked before a settler is sent, so the field says it, not a failed
 * transaction or lost claims. One batched read and the address's code.
 */
export async function getSettlerKind(address: string): Promise<SettlerKind> {
  if (isUnownedAddress(address)) return "unowned";
  if (sameAddress(address, pageContracts.community.target) || sameAddress(address, contracts.main.target)) return "product";
  // Read as if it were one of the product's contracts (they all have main()): Community's read ABI at that address.
  const asProductContract: PageHandles["community"] = { ...pageContracts.community, target: address };
  const [price, [, announcedAt], main, code] = await Promise.all([
    batcher.load(read(contracts.main, "priceOf", address)),
    batcher.load(read(contracts.main, "pendingPrice", address)),
    answerOf(read(asProductContract, "main")),
    rpc<string>("eth_getCode", [address, "latest"]),
  ]);
  if (price !== 0n || announcedAt !== 0n || (main !== undefined && sameAddress(main, contracts.main.target))) return "product";
  return code && code !== "0x" ? "contract" : "wallet";
}

/** getSettlerKind for the address typed, asked as soon as it is complete; undefined until answered (or without one). */
export function useSettlerKind(address: string | undefined): SettlerKind | undefined {
  const [answer, setAnswer] = useState<{ address: string; kind: SettlerKind }>();
  useEffect(() => {
    if (!address) return;
    let current = true;
    // A chain that cannot be asked leaves it unknown: the submit asks again, and the contract checks anyway.
    getSettlerKind(address).then(
      (kind) => current && setAnswer({ address, kind }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [address]);
  return address !== undefined && answer?.address === address ? answer.kind : undefined;
}
