/**
 * Gas of every user action on a fresh deployment (in-process Hardhat network), with their
 * budgets (docs/performance.md). Gas does not drift between runs, so these figures are budgets, not samples.
 * The one place that measures gas and holds the budgets: `npm run bench:gas` prints the rows, and
 * test/contracts/GasSnapshot.test.ts compares them with the committed snapshot (gas-snapshot.ts).
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import type { ContractTransactionResponse, Wallet } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { SWAP_ROUTES, type TokenSymbol } from "../../contracts-abi/product";
import { labelledWallet, register, synthesize } from "../lib/actions";
import { deployAll, fundToken } from "../lib/deploy";

export interface GasRow {
  action: string;
  gas: bigint;
  /** The budget as printed ("<= 200,000"), and the most gas it allows. */
  budget?: string;
  limit?: bigint;
  ok: boolean;
}

const DEPTHS = [1, 10, 20, 30] as const;

export async function measureGas(hre: HardhatRuntimeEnvironment): Promise<GasRow[]> {
  const d = await deployAll(hre);
  const rows: GasRow[] = [];
  const gasOf = async (pending: Promise<ContractTransactionResponse>): Promise<bigint> => {
    const receipt = await (await pending).wait();
    if (!receipt) throw new Error("no receipt");
    return receipt.gasUsed;
  };
  const record = (action: string, gas: bigint, budget?: { limit: bigint; label: string }) => {
    rows.push({ action, gas, budget: budget?.label, limit: budget?.limit, ok: budget ? gas <= budget.limit : true });
  };

  let walletCount = 0;
  const newWallet = (): Promise<Wallet> => labelledWallet(hre, `gas-wallet-${walletCount++}`, parseEther("100"));
  const fund = (symbol: TokenSymbol, to: string, amount: bigint) => fundToken(hre, d.addresses[symbol], to, amount);
  const approveAndSynthesize = (payer: Wallet, hashrate: bigint) =>
    gasOf(synthesize(d, payer, "USDT", hashrate, (cost) => fund("USDT", payer.address, cost)));

  // A referral chain 30 deep below genesis: chain[i] has i + 1 generations of inviters.
  const chain: Wallet[] = [];
  let referrer = d.genesis;
  for (let depth = 1; depth <= 30; depth++) {
    const member = await newWallet();
    const { gasUsed: gas } = await register(d, member, referrer);
    if (depth === 1 || depth === 20 || depth === 30) record(`register (depth ${depth})`, gas);
    chain.push(member);
    referrer = member.address;
  }

  // approve, first time for this owner and spender
  const approver = chain[0];
  await fund("USDT", approver.address, parseEther("1000"));
  record("approve (first)", await gasOf(d.tokens.USDT.connect(approver).approve(d.addresses.Main, parseEther("100"))));

  // synthesize: first and repeat at each depth
  const repeatAt = new Map<number, bigint>();
  for (const depth of DEPTHS) {
    const payer = chain[depth - 1];
    const first = await approveAndSynthesize(payer, 100n);
    const repeat = await approveAndSynthesize(payer, 100n);
    repeatAt.set(depth, repeat);
    if (depth === 1) {
      record("synthesize (first, depth 1)", first);
      record("synthesize (repeat, depth 1)", repeat, { limit: 200_000n, label: "<= 200,000" });
    } else {
      record(`synthesize (repeat, depth ${depth})`, repeat);
    }
  }
  const perGeneration = (repeatAt.get(20)! - repeatAt.get(1)!) / 19n;
  record("synthesize: gas per extra generation (depth 1 to 20)", perGeneration, { limit: 7_000n, label: "<= 7,000" });
  const beyondCap = repeatAt.get(30)! - repeatAt.get(20)!;
  record("synthesize: depth 30 minus depth 20", beyondCap < 0n ? -beyondCap : beyondCap, { limit: 0n, label: "= 0" });

  // exchange: each route, the user's first exchange of the day
  const trader = await newWallet();
  for (const route of SWAP_ROUTES) {
    const amount = parseEther("10");
    await fund(route.tokenIn, trader.address, amount);
    await (await d.tokens[route.tokenIn].connect(trader).approve(d.addresses.Swap, amount)).wait();
    const quoted = await d.swap.quote(route.id, amount);
    record(`exchange ${route.name}`, await gasOf(d.swap.connect(trader).exchange(route.id, amount, quoted)));
  }

  // sale orders
  const seller = await newWallet();
  const buyer = await newWallet();
  await fund("MV", seller.address, parseEther("200"));
  await (await d.tokens.MV.connect(seller).approve(d.addresses.MvMarket, parseEther("200"))).wait();
  record("list", await gasOf(d.market.connect(seller).list(parseEther("100"))));
  await fund("USDT", buyer.address, parseEther("100"));
  await (await d.tokens.USDT.connect(buyer).approve(d.addresses.MvMarket, parseEther("100"))).wait();
  const [mvQuoted] = await d.market.quoteBuy(parseEther("40"));
  record("buy (fills one order)", await gasOf(d.market.connect(buyer).buy(parseEther("40"), mvQuoted)));
  record("withdraw", await gasOf(d.market.connect(seller).withdraw(0n)));

  // claim: the payer's first claim and a repeat 61 s later, with 1 and with 100 records. Budgets
  // are for a member at depth 1 (as synthesis); depth 3 adds the two further preaching-gold credits.
  const claimWith = async (records: number, depth: number) => {
    const member = await newWallet();
    const referrer = depth === 1 ? d.genesis : chain[depth - 2].address;
    await register(d, member, referrer);
    for (let i = 0; i < records; i++) await approveAndSynthesize(member, 100n);
    await time.increase(3_600);
    const first = await gasOf(d.revenue.connect(member).claim(1n));
    await time.increase(61);
    const repeat = await gasOf(d.revenue.connect(member).claim(1n));
    return { first, repeat };
  };
  const one = await claimWith(1, 1);
  record("claim (first, 1 record, depth 1)", one.first);
  // 100,000 since claims share a short reserve pro rata and credit preaching gold at the rates it
  // was earned under (docs/decisions/governance.md): the issue that asked for both set this budget.
  record("claim (repeat, 1 record, depth 1)", one.repeat, { limit: 100_000n, label: "<= 100,000" });
  const hundred = await claimWith(100, 1);
  const hundredLimit = (one.repeat * 11n) / 10n;
  record("claim (repeat, 100 records, depth 1)", hundred.repeat, {
    limit: hundredLimit,
    label: `<= 1.1 x 1 record (${hundredLimit.toLocaleString("en-US")})`,
  });
  record("claim (repeat, 1 record, depth 3)", (await claimWith(1, 3)).repeat);
  // Records go out once each, 300 days after they were made: what that adds to the claim that
  // takes them out, per record.
  const veteran = await newWallet();
  await register(d, veteran, d.genesis);
  for (let i = 0; i < 100; i++) await approveAndSynthesize(veteran, 100n);
  await time.increase(3_600);
  await (await d.revenue.connect(veteran).claim(1n)).wait();
  await time.increase(301 * 86_400);
  const takingOut = await gasOf(d.revenue.connect(veteran).claim(1n));
  record("claim taking out 100 records: extra gas per record", (takingOut - one.repeat) / 100n);

  const settlerOwner = chain[5];
  record("changeSettler", await gasOf(d.community.connect(settlerOwner).changeSettler(buyer.address)));
  return rows;
}

/** A fixed-width table for the terminal and docs/performance.md. */
export function formatGasTable(rows: GasRow[]): string {
  const header = ["action", "gas", "budget", ""];
  const body = rows.map((row) => [row.action, row.gas.toLocaleString("en-US"), row.budget ?? "", row.budget ? (row.ok ? "ok" : "OVER") : ""]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((line) => line[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 1 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...body.map(line)].join("\n");
}
