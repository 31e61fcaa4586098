/**
 * The shapes of a TypeChain contract's methods, so that a read (batch.ts `read`) and a write
 * (write.ts `write`) are typed by the method's own arguments and result, from the ABI.
 */
import type { TypedContractMethod } from "@typechain/common";

/** The parts of a TypeChain method type: arguments, outputs (a tuple) and mutability. */
type MethodParts<M> = M extends TypedContractMethod<infer A, infer R, infer S> ? { args: A; outputs: R; mutability: S } : never;

/** The names of a contract's methods of one mutability. */
type MethodName<C, Mutability> = {
  [K in keyof C]-?: [MethodParts<C[K]>] extends [never] ? never : MethodParts<C[K]> extends { mutability: Mutability } ? K : never;
}[keyof C] &
  string;

/** The view methods of a contract: what a screen reads. */
export type ViewName<C> = MethodName<C, "view">;
/** The methods that change state: what a transaction calls. */
export type WriteName<C> = MethodName<C, "nonpayable" | "payable">;

export type ArgsOf<M> = MethodParts<M>["args"];
/** One output is returned as itself, several as the whole result (as ethers' Contract does). */
export type OutOf<M> = MethodParts<M>["outputs"] extends [infer Only] ? Only : MethodParts<M>["outputs"];
