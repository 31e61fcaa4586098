import { describe, expect, it } from "vitest";

import { readOperation, readRoleMember, stillPending } from "./operations";

/** An operation as the indexer sends it (indexer/src/api/governance.ts). */
const ROW = {
  id: `0x${"ab".repeat(32)}:1`,
  operationId: `0x${"ab".repeat(32)}`,
  nonce: 1,
  caller: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  target: "0xb7f8bc63bbcad18155201308c8f3540b07f84f5e",
  contract: "Revenue",
  data: "0x1234",
  functionName: "setDailyRate",
  args: { dailyRateBps_: "50" },
  schedule: "1800000600",
  expiresAt: "1800605400",
  status: "scheduled",
  position: "12000003",
  blockNumber: "12",
  time: "1800000000",
  txHash: `0x${"1".repeat(64)}`,
  closedTime: null,
  closedBlockNumber: null,
  closedTxHash: null,
};

describe("the indexer's operations", () => {
  it("reads an operation: its call, when it may run, what became of it, addresses checksummed", () => {
    expect(readOperation(ROW)).toEqual({
      id: ROW.id,
      position: "12000003",
      time: 1_800_000_000,
      txHash: ROW.txHash,
      caller: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      target: "0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e",
      contract: "Revenue",
      functionName: "setDailyRate",
      args: { dailyRateBps_: "50" },
      schedule: 1_800_000_600,
      expiresAt: 1_800_605_400,
      status: "scheduled",
      closedTime: null,
      closedTxHash: null,
    });
    expect(readOperation({ ...ROW, status: "executed", closedTime: "1800000700", closedTxHash: "0xcd" })).toMatchObject({ status: "executed", closedTime: 1_800_000_700, closedTxHash: "0xcd" });
  });

  it("refuses a row it cannot read, rather than show something wrong", () => {
    expect(() => readOperation({ ...ROW, status: "soon" })).toThrow(/status/);
    expect(() => readOperation({ ...ROW, schedule: "tomorrow" })).toThrow(/schedule/);
    expect(() => readOperation({ ...ROW, target: "0x12" })).toThrow(/target/);
  });

  it("holds an operation pending while scheduled and not expired by the chain's clock", () => {
    const operation = readOperation(ROW);
    expect(stillPending(operation, 1_800_000_000)).toBe(true);
    expect(stillPending(operation, 1_800_605_400)).toBe(false);
    expect(stillPending({ ...operation, status: "executed" }, 1_800_000_000)).toBe(false);
  });

  it("reads a role member with its delay", () => {
    expect(readRoleMember({ roleId: "0", account: ROW.caller, executionDelay: "600", since: "1", position: "5", time: "1800000000", txHash: ROW.txHash })).toMatchObject({
      roleId: 0n,
      account: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      executionDelay: 600,
    });
  });
});
