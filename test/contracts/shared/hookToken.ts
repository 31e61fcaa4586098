/**
 * A token with transfer hooks (shared/HookToken.sol), for the tests that show no product contract
 * can be re-entered from inside a token transfer. It is no product contract, so it stays out of
 * Hardhat's sources: it is compiled here with the project's pinned solc (the npm `solc` package).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { ContractFactory } from "ethers";
import type { BaseContract, ContractTransactionResponse, InterfaceAbi, Signer } from "ethers";

export interface HookToken extends BaseContract {
  getAddress(): Promise<string>;
  mint(to: string, amount: bigint): Promise<ContractTransactionResponse>;
  approve(spender: string, amount: bigint): Promise<ContractTransactionResponse>;
  balanceOf(account: string): Promise<bigint>;
  /** Arms the hook: the next transfer, transferFrom or burn calls `target` with `data`. */
  setHook(target: string, data: string): Promise<ContractTransactionResponse>;
}

let compiled: { abi: InterfaceAbi; bytecode: string } | undefined;

function compile(): { abi: InterfaceAbi; bytecode: string } {
  if (compiled) return compiled;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "HookToken.sol": { content: readFileSync(path.join(__dirname, "HookToken.sol"), "utf8") } },
    settings: { evmVersion: "cancun", outputSelection: { "*": { HookToken: ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error: { formattedMessage: string }) => error.formattedMessage).join("\n"));
  const contract = output.contracts["HookToken.sol"].HookToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export async function deployHookToken(deployer: Signer): Promise<HookToken> {
  const { abi, bytecode } = compile();
  const token = await new ContractFactory(abi, bytecode, deployer).deploy();
  await token.waitForDeployment();
  return token as unknown as HookToken;
}
