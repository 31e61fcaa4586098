import { parseEther } from "ethers/utils";
import { describe, expect, it } from "vitest";

import { ERC20__factory, MvMarket__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { ALICE, BOB } from "@/test/render-page";

import { fillsOfLogs, splitFills, type Fill } from "./fills";

const fill = (index: bigint, seller: string, mv: string, usdt = mv): Fill => ({ index, seller, mvAmount: parseEther(mv), usdtAmount: parseEther(usdt) });

describe("a buy's fills", () => {
  it("splits them between the buyer's own orders and everyone else's, whatever the address's case", () => {
    const fills = [fill(3n, ALICE.toLowerCase(), "100"), fill(4n, BOB, "50", "50.5"), fill(5n, ALICE, "20")];
    expect(splitFills(fills, ALICE)).toEqual({
      own: { mv: parseEther("120"), usdt: parseEther("120") },
      others: { mv: parseEther("50"), usdt: parseEther("50.5") },
    });
    expect(splitFills([], ALICE)).toEqual({ own: { mv: 0n, usdt: 0n }, others: { mv: 0n, usdt: 0n } });
  });

  it("reads the market's Filled events of a receipt, in order, and nothing else", () => {
    const market = MvMarket__factory.createInterface();
    const log = (address: string, encoded: { topics: string[]; data: string }) => ({ address, ...encoded });
    const logs = [
      log(addresses.USDT, ERC20__factory.createInterface().encodeEventLog("Transfer", [ALICE, BOB, parseEther("50")])),
      log(addresses.MvMarket.toLowerCase(), market.encodeEventLog("Filled", [3n, ALICE, ALICE, parseEther("100"), parseEther("100")])),
      log(addresses.MvMarket, market.encodeEventLog("Filled", [4n, BOB, ALICE, parseEther("50"), parseEther("50.5")])),
      log(addresses.MvMarket, market.encodeEventLog("Bought", [ALICE, parseEther("150"), parseEther("150.5"), 2n])),
      // The same event from another contract is not the market's.
      log(addresses.Main, market.encodeEventLog("Filled", [9n, BOB, ALICE, 1n, 1n])),
    ];
    expect(fillsOfLogs(logs)).toEqual([fill(3n, ALICE, "100"), fill(4n, BOB, "50", "50.5")]);
    expect(fillsOfLogs(undefined)).toEqual([]);
  });
});
