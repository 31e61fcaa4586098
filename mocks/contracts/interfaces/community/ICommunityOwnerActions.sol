// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Community's settings, which only the owner may change
/// @notice The depth of the team-performance walk and the VIP and S level rules.
interface ICommunityOwnerActions {
    /// @notice Sets how many inviters above a member registration and synthesis reach.
    /// @dev Requires: the owner, 1 to 30 generations. Emits MaxGenerationsSet.
    /// @param generations The depth of the walk up the tree
    function setMaxGenerations(uint256 generations) external;

    /// @notice Sets the VIP and S level rules. Levels follow at once from the new thresholds; a
    ///         count of V1 direct members already made is kept.
    /// @dev Requires: the owner; VIP thresholds strictly rising from above zero, at most 2^40 - 1;
    ///      VIP rates strictly rising from above zero, at most 10,000; S level steps strictly rising
    ///      from at least one, at most 65,535. Emits LevelsConfigured.
    /// @param vipThresholds The team performance, in whole USD, of V1 to V5
    /// @param vipRatesBps The VIP differential rates of V1 to V5, in basis points
    /// @param sLevelDirects The direct members at V1 or above that S1 to S3 take
    function configureLevels(
        uint256[5] calldata vipThresholds,
        uint256[5] calldata vipRatesBps,
        uint256[3] calldata sLevelDirects
    ) external;
}
