/**
 * An owner call typed on the command line, encoded with the product's ABIs: a contract the manager
 * owns, one of its functions, and its arguments as text, each read by its ABI type. Addresses may
 * be address-book names (USDT, Main), integers may carry an exponent (1000e18 for 1000 tokens of
 * 18 decimals), a Swap route may be its name (MvToX), a list is "[1200,600,300]". Anything that
 * does not fit its type is one sentence naming the argument.
 */
import { parseUnits, type FunctionFragment, type ParamType } from "ethers";

import { ADDRESS_NAMES, SWAP_ROUTES, type AddressBook } from "../../contracts-abi/product";
import { OWNED_CONTRACTS, changesOf, describeCall, interfaceOf, type OwnedContract } from "./abi";
import { parseAddress } from "./inputs";
import { refuse } from "./local-chain";

export interface OwnerCall {
  contract: OwnedContract;
  target: string;
  data: string;
  /** The call as a line shows it (abi.ts). */
  text: string;
}

/** The call `contract.fn(args…)` as data for the manager's schedule, execute and cancel. */
export function encodeCall(addresses: AddressBook, contractText: string, functionText: string, argumentTexts: readonly string[]): OwnerCall {
  const contract = OWNED_CONTRACTS.find((name) => name.toLowerCase() === contractText.trim().toLowerCase());
  if (!contract) refuse(`--contract '${contractText}' is not one the manager owns: give one of ${OWNED_CONTRACTS.join(", ")}.`);
  const abi = interfaceOf(contract);
  const changes = changesOf(contract).map((fragment) => fragment.name);
  let fragment: FunctionFragment | null;
  try {
    fragment = abi.getFunction(functionText.trim());
  } catch (error) {
    // ethers refuses a name two overloads share, and a signature it cannot read.
    if (!/ambiguous/.test(String(error))) fragment = null;
    else refuse(`--function '${functionText}' names more than one function of ${contract}: give its signature, such as name(uint256).`);
  }
  if (!fragment) refuse(`${contract} has no function '${functionText}': the ones that change something are ${changes.join(", ")}.`);
  const name = `${contract}.${fragment.name}`;
  if (fragment.constant) refuse(`${name} is a read, not a change: the ones that change something are ${changes.join(", ")}.`);
  const wanted = fragment.inputs.map((param) => `${param.type} ${param.name}`.trim()).join(", ");
  if (argumentTexts.length !== fragment.inputs.length) {
    refuse(`${name} takes ${fragment.inputs.length} argument${fragment.inputs.length === 1 ? "" : "s"} (${wanted}), and ${argumentTexts.length} ${argumentTexts.length === 1 ? "was" : "were"} given.`);
  }
  const values = fragment.inputs.map((param, i) => argumentOf(addresses, param, argumentTexts[i], `argument ${param.name || i + 1} of ${name} (${param.type})`));
  let data: string;
  try {
    data = abi.encodeFunctionData(fragment, values);
  } catch (error) {
    refuse(`${name} cannot take those arguments: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}.`);
  }
  return { contract, target: addresses[contract], data, text: describeCall(addresses, addresses[contract], data) };
}

/** One argument, read by its ABI type. */
function argumentOf(addresses: AddressBook, param: ParamType, text: string, what: string): unknown {
  if (param.isTuple() || (param.isArray() && (param.arrayChildren.isArray() || param.arrayChildren.isTuple()))) {
    refuse(`${what} is a struct or a nested list, which this task does not take: make that call from npx hardhat console.`);
  }
  if (param.isArray()) {
    const items = text.trim().replace(/^\[/, "").replace(/\]$/, "").split(",").map((item) => item.trim()).filter((item) => item !== "");
    if (param.arrayLength >= 0 && items.length !== param.arrayLength) {
      refuse(`${what} takes a list of ${param.arrayLength}, such as [${Array.from({ length: param.arrayLength }, (_, i) => i + 1).join(",")}], and '${text}' has ${items.length}.`);
    }
    return items.map((item) => argumentOf(addresses, param.arrayChildren, item, what));
  }
  if (param.baseType === "address") {
    const name = ADDRESS_NAMES.find((candidate) => candidate.toLowerCase() === text.trim().toLowerCase());
    return name ? addresses[name] : parseAddress(text, what);
  }
  if (param.baseType === "bool") {
    if (!/^(true|false)$/i.test(text.trim())) refuse(`${what} '${text}' is not true or false.`);
    return text.trim().toLowerCase() === "true";
  }
  if (/^u?int/.test(param.baseType)) {
    // Swap's functions take a route as its enum's value; its name says which.
    const route = param.name === "route" ? SWAP_ROUTES.find((candidate) => candidate.name.toLowerCase() === text.trim().toLowerCase()) : undefined;
    return route ? BigInt(route.id) : integerOf(text, what);
  }
  return text;
}

/** "200", or "1000e18" / "0.5e18" (exact: the exponent must leave a whole number). */
function integerOf(text: string, what: string): bigint {
  const value = text.trim().toLowerCase();
  if (/^\d+$/.test(value)) return BigInt(value);
  const exponent = /^(\d+(?:\.(\d+))?)e(\d+)$/.exec(value);
  if (exponent && (exponent[2] ?? "").length <= Number(exponent[3])) return parseUnits(exponent[1], Number(exponent[3]));
  return refuse(`${what} '${text}' is not a whole number: give one such as 200, or with an exponent such as 1000e18 (1000 tokens of 18 decimals).`);
}
