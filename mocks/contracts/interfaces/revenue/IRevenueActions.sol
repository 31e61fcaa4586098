// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InviterReward} from "../InviterReward.sol";

/// @title Actions of members, and of Main, on Revenue
/// @notice Claiming, working off finished records, and the records Main starts at each synthesis.
interface IRevenueActions {
    /// @notice Pays waiting revenue in ACB, at the current ACB price, to the caller's settler: at
    ///         least `minAcb`. When the reserve cannot pay everything, it pays what it can in this
    ///         order: machine revenue, dynamic revenue, preaching gold of generations 1 to 3; the
    ///         rest stays waiting.
    /// @dev Requires: more than `claimInterval` seconds since the last claim, something waiting, a
    ///      reserve that pays something (else RevenueReserveShort), a payment of at least `minAcb`.
    ///      While the reserve is worth less than everything promised (`backing()`), pays the
    ///      caller's share of all they have ever been owed (`coverage()`) less what they have
    ///      received (`claimableUsd`); the rest stays waiting.
    ///      Credits preaching gold to the caller's first three inviters on the machine revenue paid,
    ///      at the rates it was earned under.
    ///      Emits Claimed, ClaimedInPart when some stays waiting, PreachingGoldCredited per inviter
    ///      credited, and RecordsOut when records went out.
    /// @param minAcb The least ACB the caller agrees to receive: the amount they were shown, with a
    ///        tolerance
    /// @return acbAmount The ACB paid to the settler
    function claim(uint256 minAcb) external returns (uint256 acbAmount);

    /// @notice Marks out up to `maxRecords` of the member's records that have earned their cap, and
    ///         accrues their revenue. Claim and synthesis do this themselves; this bounded form lets
    ///         anyone work off a long backlog in several transactions.
    /// @dev Emits RecordsOut when any went out.
    /// @param member The member whose records to take out
    /// @param maxRecords The most records to take out in this call
    /// @return processed How many records went out
    function processOutRecords(address member, uint256 maxRecords) external returns (uint256 processed);

    /// @notice Starts a new merge record earning and credits the VIP differential rewards. Only Main.
    /// @dev Requires: Main as the caller, no backlog of finished records, room under the
    ///      active-power cap. Emits DynamicRevenueCredited per reward, and RecordsOut when records
    ///      went out.
    /// @param member The payer of the synthesis
    /// @param hashrate The new record's hashrate, in units of 1 USD
    /// @param rewards The inviters to credit and their rates, from Community's recordPerformance
    function recordSynthesis(address member, uint256 hashrate, InviterReward[] calldata rewards) external;
}
