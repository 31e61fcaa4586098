/**
 * Compiles the stand-in's contracts with the compilers the real ones were built with (npm's solc
 * releases, installed under aliases so the project's own 0.8.28 stays: package.json), offline. The
 * output is cached under cache/standin/, keyed by compiler and source, so a second run costs
 * nothing. These sources never go through Hardhat: they are not the product's contracts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const HERE = __dirname;
const CACHE = path.resolve(HERE, "../../../cache/standin");

/** Each stand-in source and the npm alias of the compiler its real contract was built with. The
 *  optimizer settings are solc's usual 200 runs, not a claim about the real builds. */
export const STANDIN_SOURCES = {
  "BEP20USDT.sol": { compiler: "solc-0.5.16", runs: 200 },
  "BinancePegToken.sol": { compiler: "solc-0.6.4", runs: 200 },
} as const;

export interface Compiled {
  abi: unknown[];
  bytecode: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

/** Every contract of `file` by name, compiled by its pinned compiler (from the cache when it has it). */
export function compileStandIn(file: keyof typeof STANDIN_SOURCES): Record<string, Compiled> {
  const { compiler, runs } = STANDIN_SOURCES[file];
  const source = readFileSync(path.join(HERE, file), "utf8");
  const key = createHash("sha256").update(`${compiler}\n${runs}\n${source}`).digest("hex").slice(0, 16);
  const cached = path.join(CACHE, `${path.basename(file, ".sol")}-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Record<string, Compiled>;

  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiler is picked by name at run time
  const solc = require(compiler) as { compile(input: string): string; version(): string };
  const input = {
    language: "Solidity",
    sources: { [file]: { content: source } },
    settings: { optimizer: { enabled: true, runs }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(`${file} does not compile with ${solc.version()}:\n${errors.map((error) => error.formattedMessage).join("\n")}`);

  const contracts: Record<string, Compiled> = {};
  for (const [name, contract] of Object.entries(output.contracts[file])) {
    contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, JSON.stringify(contracts));
  return contracts;
}
