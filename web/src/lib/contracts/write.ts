/**
 * What a transaction calls, typed as a read is (batch.ts `read`): the contract, the method and its
 * arguments, checked against the TypeChain method's own types. The call is encoded only when it
 * is sent (lib/transactions/wallet-send.ts, loaded with the first transaction, with the full ABIs:
 * the read layer's ABIs keep only views and errors).
 */
import type { BaseContract } from "ethers";

import type { AddressName } from "@product";

import type { ContractHandle } from "./contracts";
import type { ArgsOf, WriteName } from "./method-types";

export interface ContractCall {
  readonly contract: AddressName;
  readonly method: string;
  readonly args: readonly unknown[];
}

/** A call of `method` on `contract` with `args`, ready to send. */
export function write<C extends BaseContract, V extends string, K extends WriteName<C>>(contract: ContractHandle<C, V>, method: K, ...args: ArgsOf<C[K]>): ContractCall {
  return { contract: contract.name, method, args };
}
