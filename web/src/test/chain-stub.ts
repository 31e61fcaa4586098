/**
 * A stub of the product contracts for screen tests: reads are answered per contract and method
 * (anything not given answers zeros), behind the same Multicall3 batch the app sends. Addresses
 * outside the address book are wallets, and a function a contract does not have reverts.
 */
import { AbiCoder } from "ethers/abi";

import { ADDRESS_NAMES, type AddressName } from "@product";

import { addresses } from "@/config/addresses";
import { FULL_INTERFACES } from "@/lib/contracts/full-abis";

import { mockRpc, type NodeOptions, type RpcMock } from "./rpc-mock";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers take the decoded arguments
type Handler = (...args: any[]) => unknown;
export type ChainAnswers = Partial<Record<AddressName, Record<string, Handler | unknown>>>;

/** Thrown by a handler to make the read revert with `data`. */
export class Revert {
  constructor(readonly data: string) {}
}

export interface ChainStub extends RpcMock {
  /** Every read answered, as "Contract.method". */
  reads: string[];
  set: (answers: ChainAnswers) => void;
}

export function stubChain(initial: ChainAnswers = {}, block = 100n, node: NodeOptions = {}): ChainStub {
  let answers = initial;
  const reads: string[] = [];
  const byAddress = new Map(ADDRESS_NAMES.map((name) => [addresses[name].toLowerCase(), name]));
  const rpc = mockRpc((target, callData) => {
    const name = byAddress.get(target.toLowerCase());
    // Any other address is a wallet, as on a chain: a call to it succeeds with nothing, which no
    // read can decode (so a read sent to a wrong address still fails).
    if (!name) {
      reads.push(`${target}.?`);
      return { success: true, returnData: "0x" };
    }
    // Each contract's whole ABI, as the chain has it: the read layer's keep only views, and the
    // contracts console calls any function.
    const iface = FULL_INTERFACES[name];
    const call = iface.parseTransaction({ data: callData });
    // A function the contract does not have reverts, as on a chain (so a wrong read still fails).
    if (!call) {
      reads.push(`${name}.${callData.slice(0, 10)}?`);
      return { success: false, returnData: "0x" };
    }
    reads.push(`${name}.${call.name}`);
    const answer = answers[name]?.[call.name];
    try {
      const value = typeof answer === "function" ? (answer as Handler)(...call.args) : answer;
      const outputs = call.fragment.outputs;
      const values = value === undefined ? AbiCoder.defaultAbiCoder().getDefaultValue(outputs) : outputs.length === 1 ? [value] : value;
      return { success: true, returnData: iface.encodeFunctionResult(call.fragment, values as unknown[]) };
    } catch (error) {
      if (error instanceof Revert) return { success: false, returnData: error.data };
      throw error;
    }
  }, block, node);
  return {
    ...rpc,
    reads,
    set: (next) => {
      answers = { ...answers, ...next };
    },
  };
}
