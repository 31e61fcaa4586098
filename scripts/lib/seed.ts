/**
 * Demo state for the local chain, so that every screen has something real to show: members in a
 * referral tree several levels deep, merge records paid in every token, open, partly sold and
 * withdrawn sale orders, pools holding balances, a changed settler, and revenue waiting (machine
 * revenue accruing every second, and preaching gold from a claim).
 *
 * The demo members are Hardhat's accounts #1 to #6 (#1 is the account the dev wallet uses by
 * default); accounts #10 to #19 stay unregistered and unfunded for flows that start from scratch.
 */
import { parseEther } from "ethers";
import type { Signer } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { TOKEN_SYMBOLS } from "../../contracts-abi/product";
import { referralLine, register, synthesize } from "./actions";
import type { Deployment } from "./deploy";
import { fundToken } from "./deploy";

/** What every demo member holds of each token before the seed spends some. */
const DEMO_BALANCE = parseEther("100000");

export interface DemoState {
  members: Record<string, string>;
  deepest: string;
}

export async function seedDemo(
  hre: HardhatRuntimeEnvironment,
  d: Deployment,
  log: (message: string) => void = () => undefined,
): Promise<DemoState> {
  const signers = await hre.ethers.getSigners();
  const [alice, bob, carol, dave, erin, frank] = signers.slice(1, 7);
  const named = { alice, bob, carol, dave, erin, frank };

  for (const member of Object.values(named)) {
    for (const symbol of TOKEN_SYMBOLS) await fundToken(hre, d.addresses[symbol], member.address, DEMO_BALANCE);
  }

  // The tree: genesis -> alice -> bob -> carol -> dave, alice -> erin, bob -> frank, and a line of
  // six more members below dave (each with a merge record), so the team pages have several levels to show.
  await register(d, alice, d.genesis);
  await register(d, bob, alice.address);
  await register(d, carol, bob.address);
  await register(d, dave, carol.address);
  await register(d, erin, alice.address);
  await register(d, frank, bob.address);
  const line = await referralLine(hre, d, dave.address, 6, "demo-line", parseEther("1"));
  for (const member of line) {
    await fundToken(hre, d.addresses.USDT, member.address, parseEther("1000"));
    await synthesize(d, member, "USDT", 100n);
  }
  const deepest = line[line.length - 1].address;
  log(`referral tree: 6 named members and a line of 6 below dave (deepest ${deepest})`);

  // Merge records in every synthesis token.
  await synthesize(d, alice, "USDT", 1_000n);
  await synthesize(d, alice, "X", 200n);
  await synthesize(d, bob, "ACB", 100n);
  await synthesize(d, carol, "USDC", 500n);
  await synthesize(d, dave, "FTB", 60n);
  await synthesize(d, dave, "ZYB", 40n);
  await synthesize(d, erin, "USDX", 300n);
  log("merge records: 7 by the named members, 6 along the line");

  // Sale orders: three open, one partly sold by a buy, one withdrawn.
  await listOrder(d, bob, parseEther("500"));
  await listOrder(d, carol, parseEther("300"));
  await listOrder(d, alice, parseEther("200"));
  const withdrawn = await listOrder(d, erin, parseEther("100"));
  await (await d.market.connect(erin).withdraw(withdrawn)).wait();
  await (await d.tokens.USDT.connect(frank).approve(d.addresses.MvMarket, parseEther("120"))).wait();
  const [mvQuoted] = await d.market.quoteBuy(parseEther("120"));
  await (await d.market.connect(frank).buy(parseEther("120"), mvQuoted)).wait();
  log("sale orders: 4 listed, 1 withdrawn, 120 USDT bought");

  // erin's claims go to frank; dave claims, which credits preaching gold to carol, bob and alice.
  await (await d.community.connect(erin).changeSettler(frank.address)).wait();
  // No lower bound on the ACB paid: nobody moves the ACB price on the seed's chain.
  await (await d.revenue.connect(dave).claim(0n)).wait();
  log("revenue: dave claimed; carol, bob and alice have preaching gold waiting");

  const pools = await d.main.luckyPool();
  log(`pools: lucky ${hre.ethers.formatEther(pools.amount)} USDT, max ${hre.ethers.formatEther((await d.main.maxPool()).amount)} USDT`);
  return {
    members: Object.fromEntries(Object.entries(named).map(([name, signer]) => [name, signer.address])),
    deepest,
  };
}

async function listOrder(d: Deployment, seller: Signer, amount: bigint): Promise<bigint> {
  await (await d.tokens.MV.connect(seller).approve(d.addresses.MvMarket, amount)).wait();
  const index = await d.market.orderCount();
  await (await d.market.connect(seller).list(amount)).wait();
  return index;
}
