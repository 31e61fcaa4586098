/**
 * The chain tasks: `npx hardhat <task> --network localhost` against the node of `npm run dev`
 * (docs/operations.md §7). This module declares them (names, help, options), registered by
 * hardhat.config.ts; each task's action lives in the module of its concern and is loaded when the
 * task runs, so every other Hardhat command starts as fast as before (the bindings those modules
 * use take half a second to load) and the config loads before anything is compiled. Every action
 * first refuses anything that may be mainnet (./local-chain.ts).
 */
import { task } from "hardhat/config";
import type { ActionType, HardhatRuntimeEnvironment, TaskArguments } from "hardhat/types";

import { onLocalChain } from "./local-chain";

type Action<A> = (args: A, hre: HardhatRuntimeEnvironment) => Promise<unknown>;

/** The action `load` finds, run on the local chain only. */
function lazy<A extends TaskArguments>(name: string, load: () => Promise<Action<A>>): ActionType<A> {
  return onLocalChain<A>(name, async (args, hre) => (await load())(args, hre));
}

/** Every chain task, in the order docs/operations.md §7 lists them. */
export const CHAIN_TASKS = ["time", "mine", "fund", "price", "register", "account", "snapshot", "revert", "owner:schedule", "owner:list", "owner:execute", "owner:cancel"] as const;

const DURATION = "seconds, or parts with units s, m, h, d (90s, 10m, 2h, 3d, 1d12h)";
const CALL_ARGUMENTS =
  "The function's arguments in order: addresses or address-book names (USDT, Main), integers (200, 1000e18), true or false, lists as [1200,600,300], Swap routes by name (MvToX)";
const ID = "The operation's id, or its first digits (0x1a2b3c4d), as owner:list prints it";

task("time", "Moves the local chain's clock on by a duration and mines a block at the new time")
  .addParam("by", `How far: ${DURATION}`)
  .setAction(lazy("time", async () => (await import("./time")).moveTime));

task("mine", "Mines blocks on the local chain, one second apart")
  .addOptionalParam("blocks", "How many blocks", "1")
  .setAction(lazy("mine", async () => (await import("./time")).mineBlocks));

task("fund", "Gives an address BNB or a token (a product token, or any ERC-20 by its address) on the local chain")
  .addParam("to", "The address to fund")
  .addParam("amount", "How much, in whole tokens (1000, 0.5): the token's decimals are applied")
  .addOptionalParam("token", "BNB, a product token (MV, ACB, USDT, USDX, X, WXB, USDC, FTB, ZYB) or an ERC-20's address", "BNB")
  .setAction(lazy("fund", async () => (await import("./fund")).fund));

task("price", "Shows a token's USD price on Main, or sets it as the price setter: within Main's guard it applies at once, a larger move Main announces")
  .addParam("token", "A product token (X, ACB, USDT…) or a token's address")
  .addOptionalParam("usd", "The new price in USD (0.55); leave it out to show the price")
  .setAction(lazy("price", async () => (await import("./price")).showOrSetPrice));

task("register", "Registers an address as a member under a registered referrer, sent as the member's own transaction")
  .addParam("member", "The address to register (it pays the gas: fund it with BNB first if it has none)")
  .addParam("referrer", "A registered member, who becomes the inviter (the genesis member is account #0)")
  .setAction(lazy("register", async () => (await import("./register")).register));

task("account", "Prints an account's state on the local chain: balances, membership and team, merge records, earnings and the next claim")
  .addParam("address", "The account's address")
  .setAction(lazy("account", async () => (await import("./account")).printAccount));

task("snapshot", "Takes a snapshot of the local chain, to come back to with the revert task").setAction(
  lazy("snapshot", async () => (await import("./snapshot")).takeSnapshot),
);

task("revert", "Puts the local chain back to a snapshot taken by the snapshot task (the snapshot is used up)")
  .addParam("id", "The snapshot's id, as the snapshot task printed it (0x1)")
  .setAction(lazy("revert", async () => (await import("./snapshot")).revertTo));

task("owner:schedule", "Schedules an owner change through the AccessManager: it applies once executed, after the admin's delay (600 s locally)")
  .addParam("contract", "The contract: Main, Revenue, Community, Swap, MvMarket or AccessManager")
  .addParam("function", "The function, by name (setDailyRate) or signature (setDailyRate(uint256))")
  .addOptionalVariadicPositionalParam("args", CALL_ARGUMENTS, [])
  .setAction(lazy("owner:schedule", async () => (await import("./owner")).schedule));

task("owner:list", "Lists the owner changes scheduled on the AccessManager, from its events: waiting or ready, and with --all executed, canceled or expired")
  .addFlag("all", "Also list the changes executed, canceled or expired")
  .setAction(lazy("owner:list", async () => (await import("./owner")).list));

for (const [name, description, load] of [
  ["owner:execute", "Executes a scheduled owner change once its delay is over: by --id (from owner:list), or by its call", async () => (await import("./owner")).execute],
  ["owner:cancel", "Cancels a scheduled owner change before it is executed: by --id (from owner:list), or by its call", async () => (await import("./owner")).cancel],
] as const) {
  task(name, description)
    .addOptionalParam("id", ID)
    .addOptionalParam("contract", "Or the call: its contract (Main, Revenue, Community, Swap, MvMarket, AccessManager)")
    .addOptionalParam("function", "The call's function, by name or signature")
    .addOptionalVariadicPositionalParam("args", CALL_ARGUMENTS, [])
    .setAction(lazy(name, load));
}
