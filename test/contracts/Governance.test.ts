/**
 * The deployment's owner is OpenZeppelin's AccessManager (docs/decisions/governance.md): every owner
 * function runs only through it, after the admin's public delay, but price steps, which a role of
 * their own makes at once; the manager's own settings wait too, and shortening a delay waits longer.
 * On the real local deployment (its 600 s delay), not the rules' fixture (no delay).
 */
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { parseEther, type Interface } from "ethers";

import { GOVERNANCE_ROLES, GOVERNED_CONTRACTS } from "../../contracts-abi/product";
import { MAINNET_MIN_DELAY_SECONDS, governanceDelay } from "../../scripts/lib/governance";
import { governedDeploymentFixture, type Fixture } from "./shared/fixtures";
import { throughManager } from "./shared/governed";
import { OWNER_FUNCTIONS, callMethod } from "./shared/owner-functions";

const LOCAL_DELAY = 600n;
const FIVE_DAYS = 5n * 86_400n;

const load = () => loadFixture(governedDeploymentFixture);

/** The call `method(args)` of the fixture's `contract` as data, with the contract's address. */
function encoded(f: Fixture, contract: keyof Fixture["governed"], method: string, args: unknown[]): { target: string; data: string } {
  const target = { main: f.main, revenue: f.revenue, community: f.community, swap: f.swap, market: f.market }[contract];
  return { target: target.target as string, data: (target.interface as Interface).encodeFunctionData(method, args) };
}

describe("Governance: the AccessManager owns the product", () => {
  it("owns Main, Revenue, Community, Swap and MvMarket, with nothing pending, and waits 600 s on the local chain", async () => {
    const f = await load();
    const manager = await f.manager.getAddress();
    for (const contract of [f.main, f.revenue, f.community, f.swap, f.market]) {
      expect(await contract.owner()).to.equal(manager);
      expect(await contract.pendingOwner()).to.equal("0x0000000000000000000000000000000000000000");
    }
    expect(GOVERNED_CONTRACTS).to.have.length(5);
    const [isAdmin, adminDelay] = await f.manager.hasRole(GOVERNANCE_ROLES.admin, f.owner.address);
    expect([isAdmin, adminDelay]).to.deep.equal([true, LOCAL_DELAY]);
    const [isPriceSetter, priceDelay] = await f.manager.hasRole(GOVERNANCE_ROLES.priceSetter, f.owner.address);
    expect([isPriceSetter, priceDelay]).to.deep.equal([true, 0n]);
    expect(await f.manager.getTargetFunctionRole(f.addresses.Main, f.main.interface.getFunction("setPrice").selector)).to.equal(GOVERNANCE_ROLES.priceSetter);
  });

  for (const [name, call] of OWNER_FUNCTIONS.filter(([name]) => name !== "Main.setPrice")) {
    it(`${name}: refused directly, not before the delay, once after it`, async () => {
      const f = await load();
      const [contract, method, args] = call(f);
      const { target, data } = encoded(f, contract, method, args);
      const asAdmin = f.manager.connect(f.owner);

      // The deployer is no longer the owner: only the manager is.
      await expect(callMethod(f[contract], method, args)).to.be.revertedWithCustomError(f.main, "OwnableUnauthorizedAccount").withArgs(f.owner.address);
      // Through the manager, only once scheduled, and in public: the call itself is in the event.
      await expect(asAdmin.execute(target, data)).to.be.revertedWithCustomError(f.manager, "AccessManagerNotScheduled");
      const scheduled = await asAdmin.schedule(target, data, 0);
      const readyAt = BigInt(await time.latest()) + LOCAL_DELAY;
      const operationId = await f.manager.hashOperation(f.owner.address, target, data);
      await expect(scheduled).to.emit(f.manager, "OperationScheduled").withArgs(operationId, 1n, readyAt, f.owner.address, target, data);
      await time.increaseTo(readyAt - 2n);
      await expect(asAdmin.execute(target, data)).to.be.revertedWithCustomError(f.manager, "AccessManagerNotReady");
      await time.increaseTo(readyAt);
      await expect(asAdmin.execute(target, data)).to.emit(f.manager, "OperationExecuted").withArgs(operationId, 1n);
      // Once: the same call again needs a schedule of its own.
      await expect(asAdmin.execute(target, data)).to.be.revertedWithCustomError(f.manager, "AccessManagerNotScheduled");
    });
  }

  it("Main.setPrice: a step within the guard applies at once through the price setter; a direct call is refused", async () => {
    const f = await load();
    // A step within the guard, a day after deploy set the price (one step per day).
    await time.increase(86_400);
    const price = parseEther("0.52");
    await expect(f.main.setPrice(f.addresses.X, price)).to.be.revertedWithCustomError(f.main, "OwnableUnauthorizedAccount");
    await expect(f.manager.connect(f.owner).execute(f.addresses.Main, f.main.interface.encodeFunctionData("setPrice", [f.addresses.X, price])))
      .to.emit(f.main, "PriceSet")
      .withArgs(f.addresses.X, price);
    expect(await f.main.priceOf(f.addresses.X)).to.equal(price);
  });

  it("a price setter of its own sets prices at once and can do nothing else", async () => {
    const f = await load();
    const bot = f.eve;
    // Granting the role is the admin's, and waits its delay too.
    await (await throughManager(f.manager, f.manager, f.owner).grantRole(GOVERNANCE_ROLES.priceSetter, bot.address, 0)).wait();
    const asBot = f.manager.connect(bot);
    await time.increase(86_400);
    await expect(asBot.execute(f.addresses.Main, f.main.interface.encodeFunctionData("setPrice", [f.addresses.X, parseEther("0.52")]))).to.emit(f.main, "PriceSet");
    for (const [, call] of OWNER_FUNCTIONS.filter(([name]) => name !== "Main.setPrice")) {
      const [contract, method, args] = call(f);
      const { target, data } = encoded(f, contract, method, args);
      await expect(asBot.execute(target, data)).to.be.revertedWithCustomError(f.manager, "AccessManagerUnauthorizedCall");
      await expect(asBot.schedule(target, data, 0)).to.be.revertedWithCustomError(f.manager, "AccessManagerUnauthorizedCall");
    }
    // Nor the manager's settings: it cannot make itself an admin.
    await expect(asBot.grantRole(GOVERNANCE_ROLES.admin, bot.address, 0)).to.be.revertedWithCustomError(f.manager, "AccessManagerUnauthorizedAccount");
  });

  it("a scheduled change cancelled never applies", async () => {
    const f = await load();
    const { target, data } = encoded(f, "revenue", "setDailyRate", [0n]);
    const asAdmin = f.manager.connect(f.owner);
    await (await asAdmin.schedule(target, data, 0)).wait();
    const operationId = await f.manager.hashOperation(f.owner.address, target, data);
    await expect(asAdmin.cancel(f.owner.address, target, data)).to.emit(f.manager, "OperationCanceled").withArgs(operationId, 1n);
    await time.increase(LOCAL_DELAY);
    await expect(asAdmin.execute(target, data)).to.be.revertedWithCustomError(f.manager, "AccessManagerNotScheduled");
    expect(await f.revenue.dailyRateBps()).to.equal(100n);
  });

  it("the manager's own settings wait the delay: an admin cannot give itself or anyone a role at once", async () => {
    const f = await load();
    await expect(f.manager.connect(f.owner).grantRole(GOVERNANCE_ROLES.admin, f.alice.address, 0)).to.be.revertedWithCustomError(f.manager, "AccessManagerNotScheduled");
    await expect(f.manager.connect(f.owner).setTargetFunctionRole(f.addresses.Revenue, [f.revenue.interface.getFunction("setDailyRate").selector], GOVERNANCE_ROLES.priceSetter)).to.be.revertedWithCustomError(
      f.manager,
      "AccessManagerNotScheduled",
    );
  });

  it("shortening the admin's delay is itself scheduled, and then waits the old delay again before it applies", async () => {
    const f = await load();
    const scheduledAt = BigInt(await time.latest());
    await (await throughManager(f.manager, f.manager, f.owner).grantRole(GOVERNANCE_ROLES.admin, f.owner.address, 0)).wait();
    const changedAt = BigInt(await time.latest());
    expect(changedAt - scheduledAt).to.be.greaterThanOrEqual(LOCAL_DELAY);
    const [, current, pending, effect] = await f.manager.getAccess(GOVERNANCE_ROLES.admin, f.owner.address);
    expect([current, pending, effect]).to.deep.equal([LOCAL_DELAY, 0n, changedAt + LOCAL_DELAY]);
    await time.increaseTo(changedAt + LOCAL_DELAY - 1n);
    expect((await f.manager.getAccess(GOVERNANCE_ROLES.admin, f.owner.address))[1]).to.equal(LOCAL_DELAY);
    await time.increaseTo(changedAt + LOCAL_DELAY);
    expect((await f.manager.getAccess(GOVERNANCE_ROLES.admin, f.owner.address))[1]).to.equal(0n);
  });

  it("a role's grant delay changes only after the manager's five-day setback, on top of the admin's delay", async () => {
    const f = await load();
    const scheduledAt = BigInt(await time.latest());
    await (await throughManager(f.manager, f.manager, f.owner).setGrantDelay(GOVERNANCE_ROLES.priceSetter, 3_600)).wait();
    const changedAt = BigInt(await time.latest());
    expect(changedAt - scheduledAt).to.be.greaterThanOrEqual(LOCAL_DELAY);
    expect(await f.manager.getRoleGrantDelay(GOVERNANCE_ROLES.priceSetter)).to.equal(0n);
    await time.increaseTo(changedAt + FIVE_DAYS - 1n);
    expect(await f.manager.getRoleGrantDelay(GOVERNANCE_ROLES.priceSetter)).to.equal(0n);
    await time.increaseTo(changedAt + FIVE_DAYS);
    expect(await f.manager.getRoleGrantDelay(GOVERNANCE_ROLES.priceSetter)).to.equal(3_600n);
  });

  it("loosening the price guard waits the governance delay, then the old, longer delay of the guard itself", async () => {
    const f = await load();
    const DAY = 86_400n;
    // A tighter guard first: a two-day delay (through the manager, 600 s), which applies at once when executed.
    await expect(throughManager(f.main, f.manager, f.owner).setPriceGuard(1_000n, 2n * DAY)).to.emit(f.main, "PriceGuardSet").withArgs(1_000n, 2n * DAY);
    // Back to one day, the loosest delay: announced for the old two days after the manager executes it.
    const scheduledAt = BigInt(await time.latest());
    const loosen = await throughManager(f.main, f.manager, f.owner).setPriceGuard(2_000n, DAY);
    const executedAt = BigInt(await time.latest());
    expect(executedAt - scheduledAt).to.be.greaterThanOrEqual(LOCAL_DELAY);
    await expect(loosen).to.emit(f.main, "PriceGuardScheduled").withArgs(2_000n, DAY, executedAt + 2n * DAY);
    expect(await f.main.priceGuard()).to.deep.equal([1_000n, 2n * DAY]);
    // Nothing looser than a 20% step once a day.
    await expect(throughManager(f.main, f.manager, f.owner).setPriceGuard(2_000n, DAY - 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
  });
});

describe("Governance: the delay deploy sets", () => {
  it("is 600 s on the local chain and two days elsewhere unless GOVERNANCE_DELAY says otherwise", () => {
    expect(governanceDelay("hardhat", {})).to.equal(600);
    expect(governanceDelay("localhost", {})).to.equal(600);
    expect(governanceDelay("localhost", { GOVERNANCE_DELAY: "5" })).to.equal(5);
    expect(governanceDelay("bsc", {})).to.equal(2 * 86_400);
    expect(governanceDelay("bsc", { GOVERNANCE_DELAY: "86400" })).to.equal(86_400);
  });

  it("refuses less than a day beyond the local chain, and anything that is not a number of seconds", () => {
    expect(MAINNET_MIN_DELAY_SECONDS).to.equal(86_400);
    expect(() => governanceDelay("bsc", { GOVERNANCE_DELAY: "86399" })).to.throw(
      "GOVERNANCE_DELAY is 86399 s, but a deployment to bsc waits at least 86400 s (a day) before an owner change applies.",
    );
    expect(() => governanceDelay("bscTestnet", { GOVERNANCE_DELAY: "0" })).to.throw("waits at least 86400 s");
    for (const wrong of ["1e3", "-5", "ten", "1.5"]) {
      expect(() => governanceDelay("localhost", { GOVERNANCE_DELAY: wrong })).to.throw(`GOVERNANCE_DELAY must be a number of seconds, got '${wrong}'.`);
    }
  });
});
