import { describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";

import { describeEvent } from "./describe-event";
import type { ActivityRow } from "./history";

const MEMBER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const row = (contract: string, name: string, args: Record<string, unknown>): ActivityRow => ({ position: "1", time: 0, txHash: `0x${"1".repeat(64)}`, contract, name, sender: MEMBER, args });
const every = () => true;

describe("describeEvent", () => {
  it("says what a synthesis cost, in which token, with the member's address checksummed", () => {
    const text = describeEvent(row("Main", "Synthesized", { member: MEMBER, token: addresses.ZYB.toLowerCase(), index: "3", hashrate: "40", cost: "400000000000000000000", usdValue: "40000000000000000000" }), every, "en");
    expect(text.key).toBe("history.events.Main.Synthesized");
    expect(text.values).toMatchObject({ member: "0x7099…79C8", token: "ZYB", hashrate: "40", cost: "400", usd: "40" });
  });

  it("reads a team performance as whole USD, not as an 18-decimal amount", () => {
    expect(describeEvent(row("Community", "PerformanceRecorded", { member: MEMBER, amount: "100", generations: "2" }), every, "en").values.amount).toBe("100");
    // What it counts is `count`, the number its message's plural form follows; the key is asked with it.
    const asked: (number | undefined)[] = [];
    const counted = describeEvent(row("Revenue", "RecordsOut", { member: MEMBER, outCount: "1" }), (_key, count) => (asked.push(count), true), "en");
    expect([counted.values.count, asked]).toEqual([1, [1]]);
    expect(describeEvent(row("Revenue", "PreachingGoldCredited", { inviter: MEMBER, member: MEMBER, generation: "1", amount: "5000000000000000000" }), every, "en").values.amount).toBe("5");
  });

  it("names a price change's token and when it applies", () => {
    const effectiveAt = Date.UTC(2026, 10, 27, 9, 30) / 1000;
    const text = describeEvent(
      row("Main", "PriceChangeScheduled", { token: addresses.FTB, currentPrice: "200000000000000000", newPrice: "400000000000000000", effectiveAt: String(effectiveAt) }),
      every,
      "en",
    );
    expect(text.values).toMatchObject({ token: "FTB", currentPrice: "0.2", newPrice: "0.4" });
    expect(text.values.effectiveAt).toBe(new Date(effectiveAt * 1000).toLocaleString("en", { dateStyle: "short", timeStyle: "short" }));
  });

  it("says who scheduled an owner change on which contract, and from when it may apply", () => {
    const schedule = Date.UTC(2026, 10, 27, 9, 40) / 1000;
    const text = describeEvent(
      row("AccessManager", "OperationScheduled", { operationId: `0x${"ab".repeat(32)}`, nonce: "1", schedule: String(schedule), caller: MEMBER, target: addresses.Revenue.toLowerCase(), data: "0x1234" }),
      every,
      "en",
    );
    expect(text.key).toBe("history.events.AccessManager.OperationScheduled");
    expect(text.values).toMatchObject({ caller: "0x7099…79C8", target: `${addresses.Revenue.slice(0, 6)}…${addresses.Revenue.slice(-4)}` });
    expect(text.values.schedule).toBe(new Date(schedule * 1000).toLocaleString("en", { dateStyle: "short", timeStyle: "short" }));
  });

  it("draws an address whose case is a wrong checksum, checksummed, rather than throwing", () => {
    expect(describeEvent(row("Community", "Registered", { member: "0x70997970C51812DC3A010C7D01B50E0D17DC79c8", referrer: MEMBER }), every, "en").values.member).toBe("0x7099…79C8");
  });

  it("shows an event with no message of its own by contract and name", () => {
    expect(describeEvent(row("Main", "TreasurySet", { treasury: MEMBER }), (key) => !key.endsWith("TreasurySet"), "en")).toEqual({ key: "history.event", values: { contract: "Main", name: "TreasurySet" } });
  });
});
