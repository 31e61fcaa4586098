/**
 * The tests' own view of the chain, straight to the node (not through the app's proxy): balances
 * and state to assert on, tokens minted by the deployer, members registered, time moved on, and
 * owner changes made as the owner makes them: through the AccessManager (docs/decisions/governance.md).
 */
import { readFileSync } from "node:fs";

import { Contract, Wallet, parseEther, type JsonRpcProvider, type TransactionReceipt } from "ethers";
import { inject } from "vitest";

import { AccessManager__factory, Community__factory, ERC20__factory, Main__factory, MvMarket__factory, Revenue__factory, Swap__factory } from "../../../typechain-types";
import { DEMO_ADDRESS, hardhatKey } from "../../../scripts/lib/injected-wallet";
import { localProvider } from "../../../scripts/lib/json-rpc";
import { GOVERNANCE_ROLES, type TokenSymbol } from "../../../contracts-abi/product";

/** An owner call scheduled through the manager: what OperationScheduled said of it. */
export interface ScheduledOperation {
  operationId: string;
  nonce: bigint;
  /** Unix time from which it may be executed. */
  schedule: bigint;
  receipt: TransactionReceipt;
}

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

  /** The AccessManager: the owner of Main, Revenue, Community, Swap and MvMarket. */
  get manager() {
    return AccessManager__factory.connect(this.addresses.AccessManager, this.provider);
  }

  /** The admin's delay (seconds) between scheduling an owner change and executing it: 600 on the local chain. */
  async governanceDelay(): Promise<bigint> {
    const [, currentDelay] = await this.manager.getAccess(GOVERNANCE_ROLES.admin, this.owner.address);
    return currentDelay;
  }

  /** Schedules `data` on `target` through the manager, as the deployer (the admin), to be executed from its delay on. */
  async schedule(target: string, data: string): Promise<ScheduledOperation> {
    const manager = this.manager.connect(this.owner);
    const receipt = (await (await manager.schedule(target, data, 0)).wait())!;
    const log = receipt.logs.map((entry) => manager.interface.parseLog(entry)).find((parsed) => parsed?.name === "OperationScheduled");
    if (!log) throw new Error("schedule emitted no OperationScheduled");
    return { operationId: log.args.operationId as string, nonce: BigInt(log.args.nonce as bigint), schedule: BigInt(log.args.schedule as bigint), receipt };
  }

  /** Executes `data` on `target` through the manager, as the deployer: at once for a price step
   *  (the price setter's role has no delay), or once its schedule has come for any other owner call. */
  async execute(target: string, data: string): Promise<TransactionReceipt> {
    return (await (await this.manager.connect(this.owner).execute(target, data)).wait())!;
  }

  /** Cancels a scheduled owner call, as the deployer (the admin). */
  async cancel(target: string, data: string): Promise<TransactionReceipt> {
    return (await (await this.manager.connect(this.owner).cancel(this.owner.address, target, data)).wait())!;
  }

  /** An owner change made as the owner makes it: scheduled, the delay waited on the node's clock, executed. */
  async governed(target: string, data: string): Promise<TransactionReceipt> {
    await this.schedule(target, data);
    await this.travel(Number(await this.governanceDelay()));
    return this.execute(target, data);
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
