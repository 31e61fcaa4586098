// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InviterReward} from "../InviterReward.sol";

/// @title Actions of members, and of Main, on Revenue
/// @notice Claiming, working off finished records, and the records Main starts at each synthesis.
interface IRevenueActions {
    /// @notice Pays all waiting revenue in ACB, at the current ACB price, to the caller's settler:
    ///         at least `minAcb`.
    /// @dev Requires: more than `claimInterval` seconds since the last claim, something waiting, a
    ///      payment of at least `minAcb`, and enough ACB in this contract (else the token's
    ///      ERC20InsufficientBalance). Credits preaching gold to the caller's first three inviters.
    ///      Emits Claimed.
    function claim(uint256 minAcb) external returns (uint256 acbAmount);

    /// @notice Marks out up to `maxRecords` of the member's records that have earned their cap, and
    ///         accrues their revenue. Claim and synthesis do this themselves; this bounded form lets
    ///         anyone work off a long backlog in several transactions. Emits RecordsOut.
    function processOutRecords(address member, uint256 maxRecords) external returns (uint256 processed);

    /// @notice Starts a new merge record earning and credits the VIP differential rewards. Only Main.
    function recordSynthesis(address member, uint256 hashrate, InviterReward[] calldata rewards) external;
}
