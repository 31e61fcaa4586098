// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ICommunityTypes} from "./ICommunityTypes.sol";

/// @title State of Community that anyone may read
/// @notice The referral tree, settlers, team performance, levels and the rules that set them.
interface ICommunityState is ICommunityTypes {
    /// @notice The address registered at deployment, root of the referral tree
    /// @return The genesis member's address
    function genesis() external view returns (address);

    /// @notice The Main contract: the only one that may record performance
    /// @return Main's address
    function main() external view returns (address);

    /// @notice Whether an address is a member
    /// @param account The address
    /// @return True once it has registered (always for the genesis member)
    function isRegistered(address account) external view returns (bool);

    /// @notice The member's superior address: who invited them
    /// @param account The member
    /// @return The inviter; zero for the genesis member and unregistered addresses
    function inviterOf(address account) external view returns (address);

    /// @notice The wallet that receives the member's claims
    /// @param account The member
    /// @return The settler: the member itself unless changed
    function settlerOf(address account) external view returns (address);

    /// @notice The member's inviters, nearest first
    /// @param account The member
    /// @param generations How many to return, at most 30
    /// @return Up to `generations` inviters; fewer when the tree ends sooner
    function uplineOf(address account, uint256 generations) external view returns (address[] memory);

    /// @notice Where a claim by `account` sends its payment and its preaching gold
    /// @param account The member
    /// @return settler The address paid
    /// @return inviters The first three inviters, nearest first, which earn preaching gold; zero
    ///         where the tree ends
    function payoutRoute(address account) external view returns (address settler, address[3] memory inviters);

    /// @notice Everything the member pages show about one address
    /// @param account The address, a member or not
    /// @return The member's figures; zeros and `registered` false for a non-member
    function memberInfo(address account) external view returns (MemberInfo memory);

    /// @notice A page of a member's direct members, in the order they registered, with their
    ///         performance
    /// @param account The member
    /// @param offset How many direct members to skip
    /// @param limit The most rows to return
    /// @return The rows; fewer than `limit` at the end of the list
    function directMembers(address account, uint256 offset, uint256 limit) external view returns (DirectMember[] memory);

    /// @notice The member's VIP level, from their team performance as of the last 00:00 UTC
    /// @param account The member
    /// @return The level, 0 (none) to 5
    function vipLevelOf(address account) external view returns (uint8);

    /// @notice The member's S level, from the number of their direct members at V1 or above
    /// @param account The member
    /// @return The level, 0 (none) to 3
    function sLevelOf(address account) external view returns (uint8);

    /// @notice The member's direct members at V1 or above. A direct member counts from the 00:00 UTC
    ///         after its team performance first reached the V1 threshold in force at that time.
    /// @param account The member
    /// @return The number of such direct members
    function v1DirectsOf(address account) external view returns (uint256);

    /// @notice How many inviters above a member registration and synthesis reach
    /// @return The depth of the walk up the tree
    function maxGenerations() external view returns (uint256);

    /// @notice The team performance each VIP level takes
    /// @return The thresholds of V1 to V5, in whole USD
    function vipThresholds() external view returns (uint256[5] memory);

    /// @notice The VIP differential rate of each level
    /// @return The rates of V1 to V5, in basis points of a synthesis's USD value
    function vipRatesBps() external view returns (uint256[5] memory);

    /// @notice The direct members at V1 or above that each S level takes
    /// @return The counts of S1 to S3
    function sLevelDirects() external view returns (uint256[3] memory);
}
