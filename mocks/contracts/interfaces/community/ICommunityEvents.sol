// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Community
/// @notice Every change of Community's state is reported by one of these.
interface ICommunityEvents {
    event Registered(address indexed member, address indexed referrer);
    event SettlerChanged(address indexed member, address indexed settler);
    event PerformanceRecorded(address indexed member, uint256 amount, uint256 generations);
    event LevelsConfigured(uint256[5] vipThresholds, uint256[5] vipRatesBps, uint256[3] sLevelDirects);
    event MaxGenerationsSet(uint256 generations);
}
