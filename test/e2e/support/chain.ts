/**
 * The tests' own view of the chain, straight to the node (not through the app's proxy): balances
 * and state to assert on, tokens minted by the deployer, members registered, time moved on.
 */
import { readFileSync } from "node:fs";

import { Contract, Wallet, parseEther, type JsonRpcProvider } from "ethers";
import { inject } from "vitest";

import { Community__factory, ERC20__factory, Main__factory, MvMarket__factory, Revenue__factory, Swap__factory } from "../../../typechain-types";
import { DEMO_ADDRESS, hardhatKey } from "../../../scripts/lib/injected-wallet";
import { localProvider } from "../../../scripts/lib/json-rpc";
import type { TokenSymbol } from "../../../contracts-abi/product";

export class Chain {
  readonly provider: JsonRpcProvider;
  readonly addresses: Record<string, string>;
  /** Hardhat's account #0: the deployer, owner of every mock token. */
  readonly owner: Wallet;

  constructor(
    readonly nodeUrl: string,
    addressBook: string,
  ) {
    // No cache: the next transaction must see the nonce the last one used.
    this.provider = localProvider(nodeUrl);
    this.addresses = (JSON.parse(readFileSync(addressBook, "utf8")) as { contracts: Record<string, string> }).contracts;
    this.owner = new Wallet(hardhatKey(0), this.provider);
  }

  get main() {
    return Main__factory.connect(this.addresses.Main, this.provider);
  }
  get revenue() {
    return Revenue__factory.connect(this.addresses.Revenue, this.provider);
  }
  get community() {
    return Community__factory.connect(this.addresses.Community, this.provider);
  }
  get swap() {
    return Swap__factory.connect(this.addresses.Swap, this.provider);
  }
  get market() {
    return MvMarket__factory.connect(this.addresses.MvMarket, this.provider);
  }

  token(symbol: TokenSymbol) {
    return ERC20__factory.connect(this.addresses[symbol], this.provider);
  }

  balance(symbol: TokenSymbol, holder: string): Promise<bigint> {
    return this.token(symbol).balanceOf(holder);
  }

  async mint(symbol: TokenSymbol, to: string, amount: bigint = parseEther("10000")): Promise<void> {
    const token = new Contract(this.addresses[symbol], ["function mint(address to, uint256 amount)"], this.owner);
    await (await token.mint(to, amount)).wait();
  }

  async register(key: string, referrer: string): Promise<void> {
    const member = new Wallet(key, this.provider);
    await (await this.community.connect(member).register(referrer)).wait();
  }

  /** A new member of `key` under Bob, holding 1,000 X: what a synthesis test starts from. */
  async memberWithX(key: string): Promise<void> {
    await this.register(key, DEMO_ADDRESS.bob);
    await this.mint("X", new Wallet(key).address, parseEther("1000"));
  }

  nonce(address: string): Promise<number> {
    return this.provider.getTransactionCount(address);
  }

  /** The account's nonce counting transactions still waiting to be mined. */
  pendingNonce(address: string): Promise<number> {
    return this.provider.getTransactionCount(address, "pending");
  }

  /** Off: transactions wait in the node's pool until `mine()`, as on a busy network. */
  async setAutomine(on: boolean): Promise<void> {
    await this.provider.send("evm_setAutomine", [on]);
  }

  /** Mines one block with what waits in the pool. */
  async mine(): Promise<void> {
    await this.provider.send("evm_mine", []);
  }

  /** The node forgets a transaction that waits in its pool, as a network that dropped it. */
  async dropTransaction(hash: string): Promise<void> {
    await this.provider.send("hardhat_dropTransaction", [hash]);
  }

  /** Moves the chain's clock on and mines a block at the new time. */
  async travel(seconds: number): Promise<void> {
    await this.provider.send("evm_increaseTime", [seconds]);
    await this.provider.send("evm_mine", []);
  }
}

let shared: Chain | undefined;

/** The chain global-setup started, as the test files see it: one view per file. */
export function testChain(): Chain {
  const stack = inject("stack");
  shared ??= new Chain(stack.nodeUrl, stack.addressBook);
  return shared;
}
