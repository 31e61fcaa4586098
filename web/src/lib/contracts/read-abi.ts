/**
 * A contract's ABI as the read layer gets it (`virtual:read-abi/<contract>`, made at build time by
 * web/build/compact-abi.ts): each view's parameters, so a read is encoded and decoded with ethers'
 * AbiCoder alone, its selector hashed when the view is first read. Ethers' Interface, with its
 * fragment classes and their parsers (3 kB gzip), stays out of the first download
 * (docs/performance.md §5).
 */
import { AbiCoder, ParamType, type Result } from "ethers/abi";
import { id } from "ethers/hash";
import { concat, dataSlice, getBytes, hexlify, makeError } from "ethers/utils";

import type { ReadAbiName, ReadViewOf } from "./read-views";

/** A view function's inputs and outputs in ethers' human-readable form ("address account",
 *  "(uint256 amount, uint256 endsAt) pool"). Its 4-byte selector is not shipped: 8 hex digits
 *  each do not compress, and the hash of the signature is the app's to work out. */
export type ReadFunction = readonly [inputs: readonly string[], outputs: readonly string[]];

/** `V`: the names of its views (lib/contracts/read-views.ts), which vite-env.d.ts gives each
 *  contract's module. */
export interface ReadAbi<V extends string = string> {
  /** Each view by name (no contract has two views of one name: the build refuses it). */
  readonly functions: Readonly<Record<V, ReadFunction>>;
  /** The events the app decodes from a receipt, human-readable (an Interface of its own reads them). */
  readonly events: readonly string[];
}

/** The read ABI of contract `N` of contracts-abi/, with the views the app reads of it. */
export type ReadAbiOf<N extends ReadAbiName> = ReadAbi<ReadViewOf<N>>;

/** How to call one view and read its answer. */
export interface ViewCoder {
  encode(args: readonly unknown[]): string;
  /** The answer's values (named as the ABI names them); an answer that is not the view's is an
   *  error, as ethers' Interface.decodeFunctionResult has it. */
  decode(data: string): Result;
}

interface ParsedView {
  signature: string;
  selector: string;
  inputs: ParamType[];
  outputs: ParamType[];
}

const coder = AbiCoder.defaultAbiCoder();
const parsed = new WeakMap<ReadFunction, ParsedView>();

/** A view's parameters and selector, worked out when it is first read, once. */
function parse(name: string, view: ReadFunction): ParsedView {
  let types = parsed.get(view);
  if (!types) {
    const inputs = view[0].map((type) => ParamType.from(type));
    const signature = `${name}(${inputs.map((input) => input.format("sighash")).join(",")})`;
    types = { signature, selector: dataSlice(id(signature), 0, 4), inputs, outputs: view[1].map((type) => ParamType.from(type)) };
    parsed.set(view, types);
  }
  return types;
}

/** The coder of view `name` of `abi`; an unknown name is a programming error (and a type error). */
export function viewCoder<V extends string>(abi: ReadAbi<V>, name: V): ViewCoder {
  const view: ReadFunction | undefined = Object.hasOwn(abi.functions, name) ? abi.functions[name] : undefined;
  if (!view) throw new Error(`No view ${name}`);
  return {
    encode: (args) => {
      const { selector, inputs } = parse(name, view);
      return concat([selector, coder.encode(inputs, args)]);
    },
    decode: (data) => {
      const bytes = getBytes(data);
      let message = "invalid length for result data";
      if (bytes.length % 32 === 0) {
        try {
          return coder.decode(parse(name, view).outputs, bytes);
        } catch {
          message = "could not decode result data";
        }
      }
      throw makeError(message, "BAD_DATA", { value: hexlify(bytes), info: { method: name, signature: parse(name, view).signature } });
    },
  };
}
