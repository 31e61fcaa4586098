/**
 * `npx hardhat account --address 0x…`: what the chain holds of an account, in the words of the
 * app's pages: balances, membership and team (Community), merge records (Main), earnings and the
 * next claim (Revenue). Amounts in USD have 18 decimals on chain; hashrate and performance are
 * whole units of 1 USD.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { TOKEN_SYMBOLS } from "../../contracts-abi/product";
import type { Deployment } from "../lib/deploy";
import { nameOf, productOn } from "./deployment";
import { amount, utc, when } from "./format";
import { parseAddress } from "./inputs";
import { chainNow } from "./owner-operations";

/** The most records and direct members listed (the newest records, the first members). */
const LISTED = 10;

const whole = (value: bigint) => amount(value, 0);
/** Three generations of preaching gold: "1.5 / 0 / 0". */
const gold = (values: readonly bigint[]) => values.map((value) => amount(value)).join(" / ");

async function printMembership(d: Deployment, address: string): Promise<boolean> {
  const info = await d.community.memberInfo(address);
  if (!info.registered) {
    console.log(`  member: not registered (npx hardhat register --member ${address} --referrer <a member>)`);
    return false;
  }
  const settler = info.settler === address ? "itself" : info.settler;
  const inviter = info.isGenesis ? "the genesis member, with no inviter" : `under ${info.inviter}`;
  console.log(`  member: registered ${utc(info.registeredAt)}, ${inviter}; claims paid to ${settler}; VIP ${info.vipLevel}, S ${info.sLevel}`);
  console.log(`  team: ${info.directCount} direct, ${info.teamSize} in all; own hashrate ${whole(info.performance)}; team performance ${whole(info.teamPerformance)} USD (${whole(info.teamPerformanceToday)} of it today)`);
  for (const direct of await d.community.directMembers(address, 0, LISTED)) {
    console.log(`    ${direct.account}: hashrate ${whole(direct.performance)}, team ${whole(direct.teamPerformance)} USD, VIP ${direct.vipLevel}`);
  }
  if (info.directCount > BigInt(LISTED)) console.log(`    and ${info.directCount - BigInt(LISTED)} more`);
  return true;
}

async function printRecords(d: Deployment, address: string): Promise<void> {
  const count = await d.main.recordCount(address);
  console.log(`  records: ${count}, hashrate ${whole(await d.main.powerOf(address))} in force`);
  if (count > BigInt(LISTED)) console.log(`    (the newest ${LISTED})`);
  for (const record of await d.main.recordsOf(address, 0, LISTED)) {
    const symbol = nameOf(d.addresses, record.token) ?? record.token;
    console.log(`    #${record.index} ${whole(record.hashrate)} hashrate for ${amount(record.cost)} ${symbol}, ${utc(record.time)}, ${record.out ? "out (earned its cap)" : "earning"}`);
  }
}

async function printEarnings(d: Deployment, address: string, now: bigint): Promise<void> {
  const e = await d.revenue.earningsOf(address);
  console.log(`  waiting: ${amount(e.totalWaiting)} USD (machine ${amount(e.machineWaiting)}, dynamic ${amount(e.dynamicWaiting)}, preaching ${gold(e.preachingWaiting)})`);
  console.log(`  received: machine ${amount(e.machineReceived)}, dynamic ${amount(e.dynamicReceived)}, preaching ${gold(e.preachingReceived)} USD; machine revenue earned ever ${amount(e.machineTotal)} USD`);
  console.log(`  earning: records worth ${whole(e.activeValue)} USD, ${e.outCount} out${e.outBacklog ? " (more finished: processOutRecords brings the figures up to date)" : ""}`);
  const last = e.lastClaimAt > 0n ? `; last claim ${utc(e.lastClaimAt)}` : "";
  if (e.totalWaiting === 0n) {
    console.log(`  claim: nothing waits${last}`);
    return;
  }
  const from = e.nextClaimAt > now ? `from ${when(e.nextClaimAt, now)}` : "now";
  console.log(`  claim: ${amount(await d.revenue.claimableUsd(address))} USD may be claimed ${from}${last}`);
}

/** `account --address <address>`. */
export async function printAccount({ address: raw }: { address: string }, hre: HardhatRuntimeEnvironment): Promise<void> {
  const address = parseAddress(raw, "--address");
  const d = await productOn(hre);
  const now = await chainNow(hre);
  console.log(`Account ${address} at block ${await hre.ethers.provider.getBlockNumber()}, ${utc(now)}:`);
  const balances = [`${amount(await hre.ethers.provider.getBalance(address))} BNB`];
  for (const symbol of TOKEN_SYMBOLS) balances.push(`${amount(await d.tokens[symbol].balanceOf(address))} ${symbol}`);
  console.log(`  balances: ${balances.join(", ")}`);
  if (!(await printMembership(d, address))) return;
  await printRecords(d, address);
  await printEarnings(d, address, now);
}
