// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Community's settings, which only the owner may change
/// @notice The depth of the team-performance walk and the VIP and S level rules.
interface ICommunityOwnerActions {
    function setMaxGenerations(uint256 generations) external;
    function configureLevels(
        uint256[5] calldata vipThresholds,
        uint256[5] calldata vipRatesBps,
        uint256[3] calldata sLevelDirects
    ) external;
}
