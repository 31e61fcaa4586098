/**
 * `npx hardhat time --by 1d` and `npx hardhat mine --blocks 10`: the local chain's clock and head
 * moved on, as waiting would (a claim's 60-second interval, a day's revenue, the 600 s of a queued
 * owner change). The clock moves as Hardhat's evm_increaseTime does: on top of the time that passes
 * anyway, so a developer who waited five minutes and moves five more is ten minutes on.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { span, utc } from "./format";
import { parseCount, parseDuration } from "./inputs";

/** The head block: its number and time. */
export interface Head {
  number: number;
  timestamp: number;
}

export async function head(hre: HardhatRuntimeEnvironment): Promise<Head> {
  const block = (await hre.network.provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as { number: string; timestamp: string };
  return { number: Number(block.number), timestamp: Number(block.timestamp) };
}

/** `time --by <duration>`. */
export async function moveTime({ by }: { by: string }, hre: HardhatRuntimeEnvironment): Promise<void> {
  const seconds = parseDuration(by, "--by");
  const before = await head(hre);
  await hre.network.provider.request({ method: "evm_increaseTime", params: [seconds] });
  await hre.network.provider.request({ method: "evm_mine", params: [] });
  const after = await head(hre);
  console.log(`Moved the clock on ${span(seconds)} (${seconds} s): block ${after.number} at ${utc(after.timestamp)}, ${span(after.timestamp - before.timestamp)} after block ${before.number}.`);
}

/** `mine --blocks <count>`. */
export async function mineBlocks({ blocks }: { blocks: string }, hre: HardhatRuntimeEnvironment): Promise<void> {
  const count = parseCount(blocks, "--blocks");
  await hre.network.provider.request({ method: "hardhat_mine", params: [`0x${count.toString(16)}`] });
  const after = await head(hre);
  console.log(`Mined ${count} block${count === 1 ? "" : "s"}: the head is block ${after.number} at ${utc(after.timestamp)}.`);
}
