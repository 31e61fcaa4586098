/**
 * The contracts only some pages talk to: Community (the account, link and team pages), MvMarket
 * (the market) and Swap (the exchanges), and the terms page reads all three. A module apart from
 * ./contracts.ts (what every visit reads: Main, Revenue, the tokens, Multicall3), so that their
 * read ABIs load with those pages and the first download does without them (docs/performance.md §5).
 */
import type { Community, MvMarket, Swap } from "@typechain/index";

import communityAbi from "virtual:read-abi/Community";
import marketAbi from "virtual:read-abi/MvMarket";
import swapAbi from "virtual:read-abi/Swap";

import { contractHandle, type ContractHandle } from "./contracts";
import type { ReadViewOf } from "./read-views";

export interface PageHandles {
  community: ContractHandle<Community, ReadViewOf<"Community">>;
  market: ContractHandle<MvMarket, ReadViewOf<"MvMarket">>;
  swap: ContractHandle<Swap, ReadViewOf<"Swap">>;
}

export const pageContracts: PageHandles = {
  community: contractHandle("Community", communityAbi),
  market: contractHandle("MvMarket", marketAbi),
  swap: contractHandle("Swap", swapAbi),
};
