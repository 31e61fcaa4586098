// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InviterReward} from "../InviterReward.sol";

/// @title Actions of members, and of Main, on Community
/// @notice Registering, choosing a settler, and the team performance Main records at each
///         synthesis.
interface ICommunityActions {
    /// @notice Joins the tree under `referrer`. The team size of up to `maxGenerations` inviters
    ///         grows by one.
    /// @dev Requires: caller not registered, referrer registered and not the caller. Emits Registered.
    /// @param referrer The member who invited the caller: their inviter from now on
    function register(address referrer) external;

    /// @notice Sends the caller's future claims to `settler`.
    /// @dev Requires: caller registered, settler not zero and not a product contract (this one, Main,
    ///      a priced token, or a contract whose `main()` is Main). Emits SettlerChanged.
    /// @param settler The address that receives the caller's claims from now
    function changeSettler(address settler) external;

    /// @notice Adds a synthesis to the team performance of the member's inviters and returns the
    ///         VIP differential rewards it earns them. Only Main may call it.
    /// @dev Requires: Main as the caller, the member registered. Walks at most `maxGenerations`
    ///      inviters. Emits PerformanceRecorded.
    /// @param member The payer of the synthesis
    /// @param amount The synthesis's hashrate, in whole USD
    /// @return rewards The inviters whose VIP rate exceeds what those below them were paid, nearest
    ///         first, each with the difference in basis points (at most five)
    function recordPerformance(address member, uint256 amount) external returns (InviterReward[] memory rewards);
}
