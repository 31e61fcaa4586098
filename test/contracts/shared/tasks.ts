/**
 * The chain tasks (scripts/tasks/) run in-process against the test network, as `npx hardhat <task>`
 * runs them: through `hre.run`, with the lines they print captured. The deployment they work on is
 * the real local one (a 600 s governance delay), its address book written to a temporary folder
 * and named by ADDRESS_BOOK, as a developer names another deployment.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";

import { writeAddressBook } from "../../../scripts/lib/deploy";
import { isRefusal } from "../../../scripts/tasks/local-chain";
import { governedDeploymentFixture, type Fixture } from "./fixtures";

/** What a task printed: its lines (stdout) and its notes (stderr). */
export interface Printed {
  lines: string[];
  notes: string[];
}

/** Runs task `name` with `args` (as the command line would give them: strings), capturing what it prints. */
export async function runTask(name: string, args: Record<string, unknown> = {}): Promise<Printed> {
  const printed: Printed = { lines: [], notes: [] };
  const { log, warn } = console;
  console.log = (...parts: unknown[]) => printed.lines.push(...parts.join(" ").split("\n"));
  console.warn = (...parts: unknown[]) => printed.notes.push(parts.join(" "));
  try {
    await hre.run(name, args);
  } finally {
    console.log = log;
    console.warn = warn;
  }
  return printed;
}

/** The sentence task `name` refuses `args` with; fails unless it is a refusal of one sentence. */
export async function refusalOf(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const outcome = await runTask(name, args).then(
    (printed) => ({ refused: false as const, printed }),
    (error: unknown) => ({ refused: true as const, error }),
  );
  if (!outcome.refused) expect.fail(`${name} was expected to refuse ${JSON.stringify(args)}, and printed: ${outcome.printed.lines.join(" | ")}`);
  if (!isRefusal(outcome.error)) throw outcome.error;
  const { message } = outcome.error;
  // One sentence: one line, one full stop at its end, none before a new sentence inside.
  expect(message, message).to.match(/^[^\n]+\.$/);
  expect(message, message).not.to.match(/\.\s+[A-Z]/);
  return message;
}

/** The head block's number and time. */
export async function head(): Promise<{ number: number; timestamp: number }> {
  const block = (await hre.ethers.provider.getBlock("latest"))!;
  return { number: block.number, timestamp: block.timestamp };
}

/**
 * Mocha hooks for a file of task tests: before, the local deployment and its address book (named by
 * ADDRESS_BOOK); after, both gone. `load()` gives each test the deployment as it was deployed.
 */
export function withTaskDeployment(): { load: () => Promise<Fixture> } {
  let directory: string | undefined;
  const previous = process.env.ADDRESS_BOOK;
  before(async () => {
    const f = await loadFixture(governedDeploymentFixture);
    directory = await mkdtemp(path.join(tmpdir(), "chain-tasks-"));
    process.env.ADDRESS_BOOK = await writeAddressBook(f, "tasks", directory);
  });
  after(async () => {
    if (previous === undefined) delete process.env.ADDRESS_BOOK;
    else process.env.ADDRESS_BOOK = previous;
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return { load: () => loadFixture(governedDeploymentFixture) };
}
