// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ICommunityTypes} from "./ICommunityTypes.sol";

/// @title State of Community that anyone may read
/// @notice The referral tree, settlers, team performance, levels and the rules that set them.
interface ICommunityState is ICommunityTypes {
    /// @notice The address registered at deployment, root of the referral tree.
    function genesis() external view returns (address);
    function main() external view returns (address);
    function isRegistered(address account) external view returns (bool);
    /// @notice The superior address; zero for the genesis member and unregistered addresses.
    function inviterOf(address account) external view returns (address);
    /// @notice The wallet that receives the member's claims (the member itself unless changed).
    function settlerOf(address account) external view returns (address);
    /// @notice Up to `generations` inviters, nearest first; shorter when the tree ends sooner.
    function uplineOf(address account, uint256 generations) external view returns (address[] memory);
    /// @notice Where a claim by `account` sends its payment (the settler) and its preaching gold
    ///         (the first three inviters, nearest first; zero where the tree ends).
    function payoutRoute(address account) external view returns (address settler, address[3] memory inviters);
    function memberInfo(address account) external view returns (MemberInfo memory);
    function directMembers(address account, uint256 offset, uint256 limit) external view returns (DirectMember[] memory);
    /// @notice VIP level 0..5 from team performance as of the last 00:00 UTC.
    function vipLevelOf(address account) external view returns (uint8);
    /// @notice S level 0..3 from the number of direct members at V1 or above.
    function sLevelOf(address account) external view returns (uint8);
    /// @notice Direct members at V1 or above. A direct member counts from the 00:00 UTC after its
    ///         team performance first reached the V1 threshold in force at that time.
    function v1DirectsOf(address account) external view returns (uint256);
    function maxGenerations() external view returns (uint256);
    function vipThresholds() external view returns (uint256[5] memory);
    function vipRatesBps() external view returns (uint256[5] memory);
    function sLevelDirects() external view returns (uint256[3] memory);
}
