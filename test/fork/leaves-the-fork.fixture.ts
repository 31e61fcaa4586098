/**
 * Not a test of the suite: run alone by test/contracts/Fork.test.ts, on a fork, to see the root
 * hooks (test/contracts/shared/on-fork.ts) fail the run when a test drops the fork.
 */
import hre from "hardhat";

describe("a test that leaves the fork", () => {
  it("resets the chain without the fork's parameters", async () => {
    await hre.network.provider.request({ method: "hardhat_reset", params: [] });
  });
});
