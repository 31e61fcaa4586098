import { expect } from "chai";
import { parseEther } from "ethers";

import { loadDeployment, mint, setPriceNow } from "./shared/fixtures";
import type { Account, Fixture } from "./shared/fixtures";

const MV = (amount: number) => parseEther(String(amount));
const Status = { Active: 0n, SoldOut: 1n, Withdrawn: 2n } as const;

async function list(f: Fixture, seller: Account, amount: bigint) {
  await mint(f, "MV", seller.address, amount);
  await f.tokens.MV.connect(seller).approve(f.addresses.MvMarket, amount);
  return f.market.connect(seller).list(amount);
}

async function buy(f: Fixture, buyer: Account, usdt: bigint) {
  await mint(f, "USDT", buyer.address, usdt);
  await f.tokens.USDT.connect(buyer).approve(f.addresses.MvMarket, usdt);
  return f.market.connect(buyer).buy(usdt, 0n);
}

/** alice lists 100 MV, bob 50, carol 70: orders 0, 1 and 2. The queue's mechanics are shown with
 *  small orders, so the minimum order is lowered to 1 MV first. */
async function threeOrders() {
  const f = await loadDeployment();
  await f.governed.market.setMarketConfig(MV(1), 50n);
  await list(f, f.alice, MV(100));
  await list(f, f.bob, MV(50));
  await list(f, f.carol, MV(70));
  return f;
}

describe("MvMarket", () => {
  describe("list", () => {
    it("deposits the MV as a new active order", async () => {
      const f = await loadDeployment();
      const listing = list(f, f.alice, MV(100));
      await expect(listing).to.emit(f.market, "Listed").withArgs(0n, f.alice.address, MV(100));
      await expect(listing).to.changeTokenBalances(f.tokens.MV, [f.alice.address, f.addresses.MvMarket], [-MV(100), MV(100)]);
      const order = await f.market.orderOf(0n);
      expect([order.seller, order.deposit, order.remaining, order.sold, order.total, order.status]).to.deep.equal([
        f.alice.address,
        MV(100),
        MV(100),
        0n,
        0n,
        Status.Active,
      ]);
      expect([await f.market.orderCount(), await f.market.mvForSale()]).to.deep.equal([1n, MV(100)]);
    });

    it("refuses less than the minimum order", async () => {
      const f = await loadDeployment();
      expect(await f.market.minOrder()).to.equal(MV(100));
      await expect(list(f, f.alice, MV(100) - 1n))
        .to.be.revertedWithCustomError(f.market, "MarketAmountBelowMinimum")
        .withArgs(MV(100) - 1n, MV(100));
    });

    it("refuses an amount beyond what an order can hold", async () => {
      const f = await loadDeployment();
      const huge = 2n ** 128n;
      await expect(list(f, f.alice, huge)).to.be.revertedWithCustomError(f.market, "MarketInvalidAmount");
    });

    it("refuses MV the seller does not have", async () => {
      const f = await loadDeployment();
      await f.tokens.MV.connect(f.alice).approve(f.addresses.MvMarket, MV(100));
      await expect(f.market.connect(f.alice).list(MV(100)))
        .to.be.revertedWithCustomError(f.market, "MarketBalanceTooLow")
        .withArgs(f.addresses.MV, 0n, MV(100));
    });
  });

  describe("buy", () => {
    it("fills several orders first-in first-out, paying each seller", async () => {
      const f = await threeOrders();
      const purchase = buy(f, f.dave, parseEther("180"));
      await expect(purchase).to.changeTokenBalances(
        f.tokens.USDT,
        [f.dave.address, f.alice.address, f.bob.address, f.carol.address],
        [-parseEther("180"), parseEther("100"), parseEther("50"), parseEther("30")],
      );
      await expect(purchase).to.changeTokenBalance(f.tokens.MV, f.dave.address, MV(180));
      await expect(purchase).to.emit(f.market, "Bought").withArgs(f.dave.address, MV(180), parseEther("180"), 3n);
      const orders = await f.market.orders(0n, 10n);
      expect(orders.map((order) => [order.remaining, order.sold, order.total, order.status])).to.deep.equal([
        [0n, MV(100), parseEther("100"), Status.SoldOut],
        [0n, MV(50), parseEther("50"), Status.SoldOut],
        [MV(40), MV(30), parseEther("30"), Status.Active],
      ]);
      expect([await f.market.queueHead(), await f.market.mvForSale()]).to.deep.equal([2n, MV(40)]);
    });

    it("takes only the USDT it needs when the queue runs dry", async () => {
      const f = await threeOrders();
      const purchase = buy(f, f.dave, parseEther("500"));
      await expect(purchase).to.changeTokenBalance(f.tokens.USDT, f.dave.address, -parseEther("220"));
      expect(await f.market.quoteBuy(parseEther("1"))).to.deep.equal([0n, 0n]);
    });

    it("pays at the MV price of the price table", async () => {
      const f = await threeOrders();
      await setPriceNow(f, "MV", parseEther("2"));
      expect(await f.market.quoteBuy(parseEther("100"))).to.deep.equal([MV(50), parseEther("100")]);
      await expect(buy(f, f.dave, parseEther("100"))).to.changeTokenBalance(f.tokens.MV, f.dave.address, MV(50));
    });

    it("skips withdrawn orders", async () => {
      const f = await threeOrders();
      await f.market.connect(f.alice).withdraw(0n);
      await expect(buy(f, f.dave, parseEther("60"))).to.changeTokenBalances(
        f.tokens.USDT,
        [f.bob.address, f.carol.address, f.alice.address],
        [parseEther("50"), parseEther("10"), 0n],
      );
    });

    it("never lets withdrawn orders stand between buyers and what is for sale", async () => {
      const f = await loadDeployment();
      await f.governed.market.setMarketConfig(MV(1), 5n);
      for (let i = 0; i < 6; i++) await list(f, f.bob, MV(1));
      for (let i = 0; i < 6; i++) await f.market.connect(f.bob).withdraw(BigInt(i));
      await list(f, f.alice, MV(100));
      expect(await f.market.queueHead()).to.equal(6n);
      await expect(buy(f, f.dave, parseEther("50"))).to.changeTokenBalance(f.tokens.MV, f.dave.address, MV(50));
    });

    it("keeps the queue in order when orders in the middle are withdrawn", async () => {
      const f = await threeOrders();
      await f.market.connect(f.bob).withdraw(1n);
      expect((await f.market.queuedOrders(10n)).map((order) => order.index)).to.deep.equal([0n, 2n]);
      await list(f, f.bob, MV(10));
      expect((await f.market.queuedOrders(10n)).map((order) => order.index)).to.deep.equal([0n, 2n, 3n]);
      await buy(f, f.dave, parseEther("175"));
      expect((await f.market.queuedOrders(10n)).map((order) => [order.index, order.remaining])).to.deep.equal([[3n, MV(5)]]);
      expect(await f.market.queueHead()).to.equal(3n);
      await f.market.connect(f.bob).withdraw(3n);
      expect(await f.market.queuedOrders(10n)).to.deep.equal([]);
      expect(await f.market.queueHead()).to.equal(await f.market.orderCount());
      await list(f, f.carol, MV(2));
      expect((await f.market.queuedOrders(10n)).map((order) => order.index)).to.deep.equal([4n]);
    });

    it("visits at most maxFillsPerBuy orders in one buy", async () => {
      const f = await threeOrders();
      await f.governed.market.setMarketConfig(MV(1), 2n);
      await expect(buy(f, f.dave, parseEther("220"))).to.changeTokenBalance(f.tokens.MV, f.dave.address, MV(150));
      expect((await f.market.orderOf(2n)).status).to.equal(Status.Active);
    });

    it("refuses when nothing is for sale", async () => {
      const f = await loadDeployment();
      await expect(buy(f, f.dave, parseEther("10"))).to.be.revertedWithCustomError(f.market, "MarketNothingForSale");
    });

    it("refuses zero", async () => {
      const f = await threeOrders();
      await expect(f.market.connect(f.dave).buy(0n, 0n)).to.be.revertedWithCustomError(f.market, "MarketInvalidAmount");
    });

    it("refuses a missing USDT allowance, naming what it needs", async () => {
      const f = await threeOrders();
      await mint(f, "USDT", f.dave.address, parseEther("10"));
      await expect(f.market.connect(f.dave).buy(parseEther("10"), 0n))
        .to.be.revertedWithCustomError(f.market, "MarketAllowanceTooLow")
        .withArgs(f.addresses.USDT, 0n, parseEther("10"));
    });
  });

  describe("previewBuy", () => {
    /** A preview's fills as plain tuples: order, seller, MV, USDT, sold out. */
    async function previewOf(f: Fixture, usdt: bigint) {
      return (await f.market.previewBuy(usdt)).map((fill) => [fill.index, fill.seller, fill.mvAmount, fill.usdtAmount, fill.soldOut]);
    }

    it("plans the buyer's own orders as any other, in queue order, with the totals of quoteBuy", async () => {
      const f = await threeOrders();
      // bob buys 180 USDT: alice's 100, then bob's own 50, then 30 of carol's 70 (a partial last fill).
      const preview = await previewOf(f, parseEther("180"));
      expect(preview).to.deep.equal([
        [0n, f.alice.address, MV(100), parseEther("100"), true],
        [1n, f.bob.address, MV(50), parseEther("50"), true],
        [2n, f.carol.address, MV(30), parseEther("30"), false],
      ]);
      const [mv, usdt] = await f.market.quoteBuy(parseEther("180"));
      expect([mv, usdt]).to.deep.equal([MV(180), parseEther("180")]);

      // The buy does what the preview said: one Filled per fill, the buyer's own order included,
      // and the USDT for bob's own order comes back to him.
      const purchase = buy(f, f.bob, parseEther("180"));
      for (const [index, seller, mvAmount, usdtAmount] of preview) {
        await expect(purchase).to.emit(f.market, "Filled").withArgs(index, seller, f.bob.address, mvAmount, usdtAmount);
      }
      await expect(purchase).to.changeTokenBalance(f.tokens.USDT, f.bob.address, -parseEther("130"));
      await expect(purchase).to.changeTokenBalance(f.tokens.MV, f.bob.address, MV(180));
    });

    it("plans only the orders of the queue, never a withdrawn or sold-out one", async () => {
      const f = await threeOrders();
      await f.market.connect(f.bob).withdraw(1n);
      await buy(f, f.dave, parseEther("60"));
      expect(await previewOf(f, parseEther("1000"))).to.deep.equal([
        [0n, f.alice.address, MV(40), parseEther("40"), true],
        [2n, f.carol.address, MV(70), parseEther("70"), true],
      ]);
    });

    it("rounds the partial last fill as the buy does: MV down, USDT up", async () => {
      const f = await threeOrders();
      await setPriceNow(f, "MV", parseEther("0.3"));
      // 10 USDT at 0.3 USDT per MV: 33.33... MV, rounded down to the wei; the seller is paid for
      // that amount rounded up: 10 USDT exactly, where rounding down would pay 1 wei less.
      const [fill] = await f.market.previewBuy(parseEther("10"));
      expect([fill.index, fill.mvAmount, fill.soldOut]).to.deep.equal([0n, 33_333_333_333_333_333_333n, false]);
      expect(fill.usdtAmount).to.equal(parseEther("10"));
      expect((33_333_333_333_333_333_333n * parseEther("0.3")) / parseEther("1")).to.equal(parseEther("10") - 1n);
      expect(await f.market.quoteBuy(parseEther("10"))).to.deep.equal([fill.mvAmount, fill.usdtAmount]);
      await expect(buy(f, f.dave, parseEther("10")))
        .to.emit(f.market, "Filled")
        .withArgs(0n, f.alice.address, f.dave.address, fill.mvAmount, fill.usdtAmount);
    });

    it("plans at most maxFillsPerBuy orders, and nothing when nothing is for sale or for zero", async () => {
      const f = await threeOrders();
      await f.governed.market.setMarketConfig(MV(1), 2n);
      expect((await previewOf(f, parseEther("1000"))).map(([index]) => index)).to.deep.equal([0n, 1n]);
      expect(await previewOf(f, 0n)).to.deep.equal([]);
      const empty = await loadDeployment();
      expect(await previewOf(empty, parseEther("10"))).to.deep.equal([]);
    });
  });

  describe("withdraw", () => {
    it("returns the remaining MV to the seller and marks the order withdrawn", async () => {
      const f = await threeOrders();
      await buy(f, f.dave, parseEther("180"));
      const withdrawal = f.market.connect(f.carol).withdraw(2n);
      await expect(withdrawal).to.emit(f.market, "Withdrawn").withArgs(2n, f.carol.address, MV(40));
      await expect(withdrawal).to.changeTokenBalances(f.tokens.MV, [f.carol.address, f.addresses.MvMarket], [MV(40), -MV(40)]);
      const order = await f.market.orderOf(2n);
      expect([order.status, order.remaining, order.withdrawn, order.sold]).to.deep.equal([Status.Withdrawn, 0n, MV(40), MV(30)]);
      expect(await f.market.mvForSale()).to.equal(0n);
    });

    it("refuses anyone but the seller", async () => {
      const f = await threeOrders();
      await expect(f.market.connect(f.bob).withdraw(0n))
        .to.be.revertedWithCustomError(f.market, "MarketNotSeller")
        .withArgs(0n, f.bob.address);
    });

    it("refuses a second withdraw", async () => {
      const f = await threeOrders();
      await f.market.connect(f.alice).withdraw(0n);
      await expect(f.market.connect(f.alice).withdraw(0n))
        .to.be.revertedWithCustomError(f.market, "MarketOrderNotActive")
        .withArgs(0n, Status.Withdrawn);
    });

    it("refuses a sold-out order", async () => {
      const f = await threeOrders();
      await buy(f, f.dave, parseEther("100"));
      await expect(f.market.connect(f.alice).withdraw(0n))
        .to.be.revertedWithCustomError(f.market, "MarketOrderNotActive")
        .withArgs(0n, Status.SoldOut);
    });

    it("refuses an order that does not exist", async () => {
      const f = await threeOrders();
      await expect(f.market.connect(f.alice).withdraw(3n)).to.be.revertedWithCustomError(f.market, "MarketUnknownOrder").withArgs(3n);
    });
  });

  it("lists a seller's own orders, newest first", async () => {
    const f = await threeOrders();
    await list(f, f.alice, MV(5));
    expect(await f.market.orderCountOf(f.alice.address)).to.equal(2n);
    expect((await f.market.ordersOf(f.alice.address, 0n, 10n)).map((order) => order.index)).to.deep.equal([3n, 0n]);
    expect((await f.market.ordersOf(f.alice.address, 1n, 10n)).map((order) => order.index)).to.deep.equal([0n]);
    expect(await f.market.ordersOf(f.dave.address, 0n, 10n)).to.deep.equal([]);
  });
});
