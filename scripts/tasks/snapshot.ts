/**
 * `npx hardhat snapshot` and `npx hardhat revert --id 0x…`: the node's own snapshots (evm_snapshot,
 * evm_revert), to try something and put the chain back. A snapshot serves one revert, and reverting
 * to one drops those taken after it: that is Hardhat's rule, said in the lines.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { utc } from "./format";
import { parseHexId } from "./inputs";
import { refuse } from "./local-chain";
import { head } from "./time";

async function headText(hre: HardhatRuntimeEnvironment): Promise<string> {
  const { number, timestamp } = await head(hre);
  return `block ${number} at ${utc(timestamp)}`;
}

/** `snapshot`. */
export async function takeSnapshot(_args: unknown, hre: HardhatRuntimeEnvironment): Promise<void> {
  const id = (await hre.network.provider.request({ method: "evm_snapshot", params: [] })) as string;
  console.log(`Snapshot ${id} of ${await headText(hre)}.`);
  console.log(`  back to it: npx hardhat revert --id ${id} --network ${hre.network.name} (once: take another to come back again)`);
}

/** `revert --id <snapshot>`. */
export async function revertTo({ id: raw }: { id: string }, hre: HardhatRuntimeEnvironment): Promise<void> {
  const id = parseHexId(raw, "--id", "0x1");
  const reverted = (await hre.network.provider.request({ method: "evm_revert", params: [id] })) as boolean;
  if (!reverted) refuse(`The node has no snapshot ${id}: each serves one revert, reverting to one drops those taken after it, and a restarted node has none.`);
  console.log(`Reverted to snapshot ${id}: the chain is back at ${await headText(hre)}.`);
}
