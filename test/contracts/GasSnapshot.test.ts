/**
 * Gas of every action against its budget and against the committed snapshot, as Uniswap snapshots
 * its gas: the figures of scripts/bench/gas-report.ts (the same code npm run bench:gas prints),
 * measured on a fresh chain, must each be within its budget and within 1% of
 * test/contracts/gas-snapshot.json (on a fork, of gas-snapshot.fork.json). UPDATE_GAS_SNAPSHOT=1
 * rewrites the snapshot first (npm run gas:snapshot); budgets are still enforced.
 */
import { clearSnapshots } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";

import { measureGas } from "../../scripts/bench/gas-report";
import { resetParams } from "../../scripts/lib/chain";
import type { GasRow } from "../../scripts/bench/gas-report";
import {
  FORK_GAS_SNAPSHOT_FILE,
  FORK_GAS_SPREAD_BPS,
  GAS_SNAPSHOT_FILE,
  compareGas,
  formatGasProblems,
  gasSnapshotFile,
  gasSnapshotOf,
  movedBeyond,
  percentChange,
  readGasSnapshot,
  writeGasSnapshot,
} from "../../scripts/bench/gas-snapshot";

const row = (action: string, gas: bigint, limit?: bigint): GasRow => ({
  action,
  gas,
  budget: limit === undefined ? undefined : `<= ${limit.toLocaleString("en-US")}`,
  limit,
  ok: limit === undefined || gas <= limit,
});

describe("Gas snapshot", () => {
  describe("the comparison", () => {
    const snapshot = new Map([
      ["synthesize", 100_000n],
      ["claim", 79_798n],
    ]);

    it("passes figures within 1% either way, and exactly 1%", () => {
      expect(compareGas([row("synthesize", 101_000n), row("claim", 79_100n)], snapshot)).to.deep.equal([]);
      expect(movedBeyond(100_000n, 99_000n)).to.equal(false);
    });

    it("fails a figure 1.1% above or below the snapshot, naming both figures and the change", () => {
      for (const [measured, change] of [
        [101_100n, "+1.10%"],
        [98_900n, "-1.10%"],
      ] as const) {
        const problems = compareGas([row("synthesize", measured), row("claim", 79_798n)], snapshot);
        expect(problems).to.deep.equal([{ action: "synthesize", kind: "moved", committed: 100_000n, measured }]);
        const message = formatGasProblems(problems);
        expect(message).to.contain(`synthesize: committed 100,000, measured ${measured.toLocaleString("en-US")} (${change}), more than 1% away`);
        expect(message).to.contain('UPDATE_GAS_SNAPSHOT=1 npm run test:contracts -- --grep "Gas snapshot"');
      }
    });

    it("fails a figure over its budget, however close to the snapshot", () => {
      const problems = compareGas([row("synthesize", 100_000n), row("claim", 80_001n, 80_000n)], snapshot);
      expect(problems).to.deep.equal([{ action: "claim", kind: "over budget", committed: 79_798n, measured: 80_001n, budget: "<= 80,000" }]);
      expect(formatGasProblems(problems)).to.contain("claim: 80,001 is over its budget <= 80,000; committed 79,798 (+0.25%)");
    });

    it("fails an action missing from the snapshot, and a snapshot entry no longer measured", () => {
      const problems = compareGas([row("synthesize", 100_000n), row("exchange", 90_000n)], snapshot);
      expect(problems).to.deep.equal([
        { action: "exchange", kind: "missing", measured: 90_000n },
        { action: "claim", kind: "stale", committed: 79_798n },
      ]);
      const message = formatGasProblems(problems);
      expect(message).to.contain("exchange: measured 90,000, not in the snapshot");
      expect(message).to.contain("claim: committed 79,798, no longer measured");
    });

    it("fails any change of a figure committed as zero", () => {
      expect(compareGas([row("depth 30 minus depth 20", 1n)], new Map([["depth 30 minus depth 20", 0n]]))).to.have.length(1);
      expect(percentChange(0n, 1n)).to.equal("new, from 0");
    });
  });

  it("every action is within its budget and within 1% of the committed snapshot (gas-snapshot.json; on a fork, gas-snapshot.fork.json)", async function () {
    this.timeout(600_000);
    // A fresh chain, as npm run bench:gas has: what earlier tests left (token balances at the fixed
    // USDT address, the deployer's nonce) would move the figures. Fixtures run again afterwards.
    // The same fork when the suite runs on one: a reset without parameters would leave a plain chain.
    await hre.network.provider.request({ method: "hardhat_reset", params: resetParams(process.env) });
    clearSnapshots();
    const rows = await measureGas(hre);
    await hre.network.provider.request({ method: "hardhat_reset", params: resetParams(process.env) });
    clearSnapshots();

    // On a fork, the fork's own figures (BNB Chain's USDT and USDC are not our MockToken).
    const file = gasSnapshotFile(process.env);
    if (process.env.UPDATE_GAS_SNAPSHOT === "1") writeGasSnapshot(rows, file);
    const snapshot = process.env.UPDATE_GAS_SNAPSHOT === "1" ? gasSnapshotOf(rows) : readGasSnapshot(file);
    const problems = compareGas(rows, snapshot);
    if (problems.length > 0) expect.fail(formatGasProblems(problems, file));
  });

  it("has the fork's figures for the same actions, each within 2% of the local chain's", () => {
    const local = readGasSnapshot(GAS_SNAPSHOT_FILE);
    const fork = readGasSnapshot(FORK_GAS_SNAPSHOT_FILE);
    expect([...fork.keys()]).to.deep.equal([...local.keys()]);
    const apart = [...local].filter(([action, gas]) => movedBeyond(gas, fork.get(action)!, FORK_GAS_SPREAD_BPS));
    expect(apart.map(([action, gas]) => `${action}: ${percentChange(gas, fork.get(action)!)}`)).to.deep.equal([]);
  });
});
