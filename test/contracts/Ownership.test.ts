import { expect } from "chai";
import { ZeroAddress, parseEther } from "ethers";
import type { BaseContract, ContractTransactionResponse } from "ethers";

import { loadDeployment } from "./shared/fixtures";
import type { Fixture } from "./shared/fixtures";

interface OwnedContract extends BaseContract {
  owner(): Promise<string>;
  pendingOwner(): Promise<string>;
  transferOwnership(newOwner: string): Promise<ContractTransactionResponse>;
  acceptOwnership(): Promise<ContractTransactionResponse>;
}

/** Every admin setter of every product contract, with valid arguments. */
const setters: [string, (f: Fixture) => [OwnedContract, string, unknown[]]][] = [
  ["Main.setPrice", (f) => [f.main, "setPrice", [f.addresses.X, parseEther("1")]]],
  ["Main.setSynthesisRule", (f) => [f.main, "setSynthesisRule", [f.addresses.X, 20n, 40n, true]]],
  ["Main.setPoolConfig", (f) => [f.main, "setPoolConfig", [100n, 100n, 60n, 3_600n]]],
  ["Main.setTreasury", (f) => [f.main, "setTreasury", [f.alice.address]]],
  ["Main.setPriceGuard", (f) => [f.main, "setPriceGuard", [500n, 7_200n]]],
  ["Main.rescue", (f) => [f.main, "rescue", [f.addresses.USDT, f.alice.address, 1n]]],
  ["Swap.rescue", (f) => [f.swap, "rescue", [f.addresses.X, f.alice.address, 1n]]],
  ["MvMarket.rescue", (f) => [f.market, "rescue", [f.addresses.MV, f.alice.address, 0n]]],
  ["Revenue.setDailyRate", (f) => [f.revenue, "setDailyRate", [200n]]],
  ["Revenue.setPreachingRates", (f) => [f.revenue, "setPreachingRates", [[100n, 50n, 30n]]]],
  ["Revenue.setClaimInterval", (f) => [f.revenue, "setClaimInterval", [120n]]],
  ["Community.setMaxGenerations", (f) => [f.community, "setMaxGenerations", [10n]]],
  [
    "Community.configureLevels",
    (f) => [f.community, "configureLevels", [[1n, 2n, 3n, 4n, 5n], [10n, 20n, 30n, 40n, 50n], [1n, 2n, 3n]]],
  ],
  ["Swap.setDailyLimit", (f) => [f.swap, "setDailyLimit", [0n, parseEther("5")]]],
  ["MvMarket.setMarketConfig", (f) => [f.market, "setMarketConfig", [parseEther("2"), 10n]]],
];

function call(contract: OwnedContract, method: string, args: unknown[]): Promise<ContractTransactionResponse> {
  const fn = contract.getFunction(method);
  return fn(...args) as Promise<ContractTransactionResponse>;
}

describe("Ownership", () => {
  for (const [name, setter] of setters) {
    it(`${name} refuses a caller who is not the owner`, async () => {
      const f = await loadDeployment();
      const [contract, method, args] = setter(f);
      await expect(call(contract.connect(f.alice) as OwnedContract, method, args))
        .to.be.revertedWithCustomError(contract, "OwnableUnauthorizedAccount")
        .withArgs(f.alice.address);
      await expect(call(contract, method, args)).not.to.be.reverted;
    });
  }

  it("rejects configuration that breaks the rules", async () => {
    const f = await loadDeployment();
    await expect(f.main.setPrice(f.addresses.X, 0n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.setSynthesisRule(f.addresses.X, 20n, 30n, true)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.setSynthesisRule(f.alice.address, 20n, 20n, true))
      .to.be.revertedWithCustomError(f.main, "MainUnsupportedToken")
      .withArgs(f.alice.address);
    await expect(f.main.setPoolConfig(6_000n, 5_000n, 600n, 86_400n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.setTreasury(ZeroAddress)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.revenue.setPreachingRates([5_000n, 5_000n, 1n])).to.be.revertedWithCustomError(f.revenue, "RevenueInvalidConfig");
    await expect(f.revenue.setDailyRate(10_001n)).to.be.revertedWithCustomError(f.revenue, "RevenueInvalidConfig");
    await expect(
      f.community.configureLevels([1n, 1n, 3n, 4n, 5n], [10n, 20n, 30n, 40n, 50n], [1n, 2n, 3n]),
    ).to.be.revertedWithCustomError(f.community, "CommunityInvalidConfig");
    await expect(f.market.setMarketConfig(0n, 10n)).to.be.revertedWithCustomError(f.market, "MarketInvalidConfig");
    // The price guard can be loosened only so far: a step of 20% at most, a wait of an hour at least.
    await expect(f.main.setPriceGuard(2_001n, 86_400n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.setPriceGuard(1_000n, 3_599n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.setPriceGuard(1_000n, 30n * 86_400n + 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.main.rescue(f.addresses.USDT, ZeroAddress, 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.swap.rescue(f.addresses.X, ZeroAddress, 1n)).to.be.revertedWithCustomError(f.swap, "SwapInvalidConfig");
    await expect(f.market.rescue(f.addresses.MV, ZeroAddress, 0n)).to.be.revertedWithCustomError(f.market, "MarketInvalidConfig");
  });

  it("transfers ownership in two steps", async () => {
    const f = await loadDeployment();
    for (const contract of [f.main, f.revenue, f.community, f.swap, f.market] as OwnedContract[]) {
      await contract.transferOwnership(f.alice.address);
      expect([await contract.owner(), await contract.pendingOwner()]).to.deep.equal([f.owner.address, f.alice.address]);
      await expect((contract.connect(f.bob) as OwnedContract).acceptOwnership())
        .to.be.revertedWithCustomError(contract, "OwnableUnauthorizedAccount")
        .withArgs(f.bob.address);
      await (contract.connect(f.alice) as OwnedContract).acceptOwnership();
      expect([await contract.owner(), await contract.pendingOwner()]).to.deep.equal([f.alice.address, ZeroAddress]);
    }
  });
});
