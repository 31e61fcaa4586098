/**
 * The product contracts as their owner calls them. The owner is the AccessManager
 * (docs/decisions/governance.md): an owner function runs only through the manager's `execute`, by a
 * role allowed to call it. `governed(...)` gives each contract with its state-changing functions
 * routed so: executed at once when the role acts at once (the price setter, or an admin without a
 * delay), otherwise scheduled first and the chain's clock moved past the delay, as a real owner
 * waits. Reads go to the contract as they are.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { isAddressable, resolveAddress } from "ethers";
import type { BaseContract, ContractTransactionResponse, Signer } from "ethers";

import type { AccessManager, Community, Main, MvMarket, Revenue, Swap } from "../../../typechain-types";

export interface Governed {
  main: Main;
  revenue: Revenue;
  community: Community;
  swap: Swap;
  market: MvMarket;
}

/** Sends `data` to `target` through the manager as `caller` would: scheduled and waited for when its role has a delay. */
export async function executeAs(manager: AccessManager, caller: Signer, target: string, data: string): Promise<ContractTransactionResponse> {
  const asCaller = manager.connect(caller);
  const [immediate, delay] = await manager.canCall(await caller.getAddress(), target, data.slice(0, 10));
  if (!immediate && delay > 0n) {
    await (await asCaller.schedule(target, data, 0)).wait();
    await time.increase(delay);
  }
  return asCaller.execute(target, data);
}

/** `contract` with its state-changing functions sent through the manager by `caller`. */
export function throughManager<T extends BaseContract>(contract: T, manager: AccessManager, caller: Signer): T {
  return new Proxy(contract, {
    get(target, property, receiver) {
      const fragment = typeof property === "string" && !property.includes("(") ? target.interface.getFunction(property) : null;
      if (!fragment || fragment.constant) return Reflect.get(target, property, receiver) as unknown;
      return async (...args: unknown[]) => {
        // As ethers does for a contract's own calls: a contract or signer given for an address is its address.
        const resolved = await Promise.all(args.map((arg) => (isAddressable(arg) ? resolveAddress(arg) : arg)));
        return executeAs(manager, caller, await target.getAddress(), target.interface.encodeFunctionData(fragment, resolved));
      };
    },
  });
}

/** Main, Revenue, Community, Swap and MvMarket as `caller` (the admin, by default the deployer) calls them through the manager. */
export function governed(contracts: Governed & { manager: AccessManager }, caller: Signer): Governed {
  const route = <T extends BaseContract>(contract: T) => throughManager(contract, contracts.manager, caller);
  return { main: route(contracts.main), revenue: route(contracts.revenue), community: route(contracts.community), swap: route(contracts.swap), market: route(contracts.market) };
}
