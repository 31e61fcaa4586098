// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Community
/// @notice Every change of Community's state is reported by one of these.
interface ICommunityEvents {
    /// @notice Emitted when an address joins the tree; for the genesis member, at deployment.
    /// @param member The new member
    /// @param referrer Its inviter; zero for the genesis member
    event Registered(address indexed member, address indexed referrer);

    /// @notice Emitted when a member chooses where their claims are paid.
    /// @param member The member
    /// @param settler The address that receives their claims from now
    event SettlerChanged(address indexed member, address indexed settler);

    /// @notice Emitted once per synthesis, when its value is added to the team performance of the
    ///         payer's inviters.
    /// @param member The payer
    /// @param amount The synthesis's hashrate, in whole USD
    /// @param generations How many inviters were walked (at most `maxGenerations`)
    event PerformanceRecorded(address indexed member, uint256 amount, uint256 generations);

    /// @notice Emitted when the level rules are set, at deployment and by the owner.
    /// @param vipThresholds The team performance, in whole USD, of V1 to V5
    /// @param vipRatesBps The VIP differential rates of V1 to V5, in basis points
    /// @param sLevelDirects The direct members at V1 or above that S1 to S3 take
    event LevelsConfigured(uint256[5] vipThresholds, uint256[5] vipRatesBps, uint256[3] sLevelDirects);

    /// @notice Emitted when the depth of the walk up the tree is set, at deployment and by the owner.
    /// @param generations How many inviters above a member registration and synthesis reach
    event MaxGenerationsSet(uint256 generations);
}
