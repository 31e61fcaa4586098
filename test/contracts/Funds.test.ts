/**
 * One order of checks in every contract that pulls tokens: the balance first, then the allowance.
 * A user short of both is told about the balance by each of them (so the app shows "not enough"
 * before "authorise first", whatever the page), and about the allowance only once the balance is
 * there.
 */
import { expect } from "chai";
import { parseEther } from "ethers";
import type { BaseContract, ContractTransactionResponse } from "ethers";

import { SWAP_ROUTES, type TokenSymbol } from "../../contracts-abi/product";
import { loadMembers, mint, type Account, type Fixture } from "./shared/fixtures";

interface PullingAction {
  name: string;
  /** The token pulled, who pulls it, how much, and the errors of the contract that pulls it. */
  token: TokenSymbol;
  spender: (f: Fixture) => string;
  amount: bigint;
  errors: (f: Fixture) => { contract: BaseContract; balance: string; allowance: string };
  /** Anything the action needs first (an order to buy from). */
  prepare?: (f: Fixture) => Promise<void>;
  send: (f: Fixture, user: Account) => Promise<ContractTransactionResponse>;
}

const MV_TO_X = SWAP_ROUTES[0];

const ACTIONS: PullingAction[] = [
  {
    name: "Main.synthesize",
    token: "USDT",
    spender: (f) => f.addresses.Main,
    // 100 hashrate at 1 USD per USDT.
    amount: parseEther("100"),
    errors: (f) => ({ contract: f.main, balance: "MainBalanceTooLow", allowance: "MainAllowanceTooLow" }),
    send: (f, user) => f.main.connect(user).synthesize(f.addresses.USDT, 100n, parseEther("100")),
  },
  {
    name: "Swap.exchange",
    token: MV_TO_X.tokenIn,
    spender: (f) => f.addresses.Swap,
    amount: parseEther("10"),
    errors: (f) => ({ contract: f.swap, balance: "SwapBalanceTooLow", allowance: "SwapAllowanceTooLow" }),
    // 10 MV at 1 USD for X at 0.5 USD.
    send: (f, user) => f.swap.connect(user).exchange(MV_TO_X.id, parseEther("10"), parseEther("20")),
  },
  {
    name: "MvMarket.list",
    token: "MV",
    spender: (f) => f.addresses.MvMarket,
    amount: parseEther("100"),
    errors: (f) => ({ contract: f.market, balance: "MarketBalanceTooLow", allowance: "MarketAllowanceTooLow" }),
    send: (f, user) => f.market.connect(user).list(parseEther("100")),
  },
  {
    name: "MvMarket.buy",
    token: "USDT",
    spender: (f) => f.addresses.MvMarket,
    // 40 MV of bob's 100 at 1 USD, for 40 USDT.
    amount: parseEther("40"),
    errors: (f) => ({ contract: f.market, balance: "MarketBalanceTooLow", allowance: "MarketAllowanceTooLow" }),
    prepare: async (f) => {
      await mint(f, "MV", f.bob.address, parseEther("100"));
      await (await f.tokens.MV.connect(f.bob).approve(f.addresses.MvMarket, parseEther("100"))).wait();
      await (await f.market.connect(f.bob).list(parseEther("100"))).wait();
    },
    send: (f, user) => f.market.connect(user).buy(parseEther("40"), parseEther("40")),
  },
];

describe("Balance first, then allowance, in every contract that pulls tokens", () => {
  for (const action of ACTIONS) {
    describe(action.name, () => {
      async function shortOfBoth(): Promise<Fixture> {
        const f = await loadMembers();
        await action.prepare?.(f);
        await mint(f, action.token, f.alice.address, action.amount - 1n);
        await (await f.tokens[action.token].connect(f.alice).approve(action.spender(f), action.amount - 1n)).wait();
        return f;
      }

      it("tells a user short of both balance and allowance about the balance", async () => {
        const f = await shortOfBoth();
        const { contract, balance } = action.errors(f);
        await expect(action.send(f, f.alice))
          .to.be.revertedWithCustomError(contract, balance)
          .withArgs(f.addresses[action.token], action.amount - 1n, action.amount);
      });

      it("tells a user who has never approved nor holds anything about the balance", async () => {
        const f = await loadMembers();
        await action.prepare?.(f);
        const { contract, balance } = action.errors(f);
        await expect(action.send(f, f.carol))
          .to.be.revertedWithCustomError(contract, balance)
          .withArgs(f.addresses[action.token], 0n, action.amount);
      });

      it("tells them about the allowance once the balance is there", async () => {
        const f = await shortOfBoth();
        await mint(f, action.token, f.alice.address, 1n);
        const { contract, allowance } = action.errors(f);
        await expect(action.send(f, f.alice))
          .to.be.revertedWithCustomError(contract, allowance)
          .withArgs(f.addresses[action.token], action.amount - 1n, action.amount);
      });
    });
  }
});
