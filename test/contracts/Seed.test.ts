import { expect } from "chai";
import hre from "hardhat";

import { seedDemo } from "../../scripts/lib/seed";
import { loadDeployment } from "./shared/fixtures";

describe("Seed", () => {
  it("leaves every screen something real to show", async () => {
    const f = await loadDeployment();
    const demo = await seedDemo(hre, f);
    const { alice, bob, carol, dave, erin, frank } = demo.members;

    // A tree ten levels deep: alice, bob, carol and dave, then a line of six below dave.
    expect(await f.community.uplineOf(demo.deepest, 30n)).to.have.length(10);
    expect((await f.community.memberInfo(alice)).teamSize).to.equal(11n);
    expect(await f.main.recordCount(alice)).to.equal(2n);
    expect(await f.main.lastMiner()).not.to.equal(hre.ethers.ZeroAddress);

    const orders = await f.market.orders(0n, 10n);
    expect(orders.map((order) => order.status)).to.deep.equal([0n, 0n, 0n, 2n]);
    expect(orders[0].sold).to.equal(hre.ethers.parseEther("120"));
    expect(await f.market.mvForSale()).to.equal(hre.ethers.parseEther("880"));

    expect((await f.main.luckyPool()).amount).to.be.greaterThan(0n);
    expect((await f.main.maxPool()).amount).to.be.greaterThan(0n);
    expect(await f.community.settlerOf(erin)).to.equal(frank);
    expect((await f.revenue.earningsOf(carol)).preachingWaiting[0]).to.be.greaterThan(0n);
    expect((await f.revenue.earningsOf(bob)).preachingWaiting[1]).to.be.greaterThan(0n);
    expect((await f.revenue.earningsOf(dave)).machineReceived).to.be.greaterThan(0n);
  });
});
