import { expect } from "chai";
import { ZeroAddress } from "ethers";
import type { BaseContract, ContractTransactionResponse } from "ethers";

import { loadDeployment } from "./shared/fixtures";
import { OWNER_FUNCTIONS, callMethod } from "./shared/owner-functions";

interface OwnedContract extends BaseContract {
  owner(): Promise<string>;
  pendingOwner(): Promise<string>;
  transferOwnership(newOwner: string): Promise<ContractTransactionResponse>;
  acceptOwnership(): Promise<ContractTransactionResponse>;
}

describe("Ownership", () => {
  for (const [name, setter] of OWNER_FUNCTIONS) {
    it(`${name} refuses a caller who is not the owner`, async () => {
      const f = await loadDeployment();
      const [key, method, args] = setter(f);
      const contract = f[key] as OwnedContract;
      await expect(callMethod(contract.connect(f.alice), method, args))
        .to.be.revertedWithCustomError(contract, "OwnableUnauthorizedAccount")
        .withArgs(f.alice.address);
      await expect(callMethod(f.governed[key], method, args)).not.to.be.reverted;
    });
  }

  it("rejects configuration that breaks the rules", async () => {
    const f = await loadDeployment();
    await expect(f.governed.main.setPrice(f.addresses.X, 0n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.setSynthesisRule(f.addresses.X, 20n, 30n, true)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.setSynthesisRule(f.alice.address, 20n, 20n, true))
      .to.be.revertedWithCustomError(f.main, "MainUnsupportedToken")
      .withArgs(f.alice.address);
    await expect(f.governed.main.setPoolConfig(6_000n, 5_000n, 600n, 86_400n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.setTreasury(ZeroAddress)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.revenue.setPreachingRates([5_000n, 5_000n, 1n])).to.be.revertedWithCustomError(f.revenue, "RevenueInvalidConfig");
    await expect(f.governed.revenue.setDailyRate(10_001n)).to.be.revertedWithCustomError(f.revenue, "RevenueInvalidConfig");
    await expect(
      f.governed.community.configureLevels([1n, 1n, 3n, 4n, 5n], [10n, 20n, 30n, 40n, 50n], [1n, 2n, 3n]),
    ).to.be.revertedWithCustomError(f.community, "CommunityInvalidConfig");
    await expect(f.governed.market.setMarketConfig(0n, 10n)).to.be.revertedWithCustomError(f.market, "MarketInvalidConfig");
    // The price guard can be loosened only so far: a step of 20% at most, a wait of an hour at least.
    await expect(f.governed.main.setPriceGuard(2_001n, 86_400n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.setPriceGuard(1_000n, 86_399n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.setPriceGuard(1_000n, 30n * 86_400n + 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.main.rescue(f.addresses.USDT, ZeroAddress, 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
    await expect(f.governed.swap.rescue(f.addresses.X, ZeroAddress, 1n)).to.be.revertedWithCustomError(f.swap, "SwapInvalidConfig");
    await expect(f.governed.market.rescue(f.addresses.MV, ZeroAddress, 0n)).to.be.revertedWithCustomError(f.market, "MarketInvalidConfig");
  });

  it("transfers ownership in two steps", async () => {
    const f = await loadDeployment();
    // The owner, the manager, starts the transfer; the new owner accepts it directly.
    for (const key of ["main", "revenue", "community", "swap", "market"] as const) {
      const contract = f[key] as OwnedContract;
      await f.governed[key].transferOwnership(f.alice.address);
      expect([await contract.owner(), await contract.pendingOwner()]).to.deep.equal([f.addresses.AccessManager, f.alice.address]);
      await expect((contract.connect(f.bob) as OwnedContract).acceptOwnership())
        .to.be.revertedWithCustomError(contract, "OwnableUnauthorizedAccount")
        .withArgs(f.bob.address);
      await (contract.connect(f.alice) as OwnedContract).acceptOwnership();
      expect([await contract.owner(), await contract.pendingOwner()]).to.deep.equal([f.alice.address, ZeroAddress]);
    }
  });
});
