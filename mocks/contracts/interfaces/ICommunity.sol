// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InviterReward} from "./InviterReward.sol";

/// @title Community: the referral tree, settlers, team performance and levels.
/// @notice Split by concern as Uniswap v3's pool interfaces are; ICommunity composes them.
interface ICommunityErrors {
    error CommunityAlreadyRegistered(address member);
    error CommunityNotRegistered(address member);
    error CommunityUnknownReferrer(address referrer);
    error CommunitySelfReferral(address member);
    error CommunityZeroSettler();
    /// @notice The settler would be one of the product's own contracts, where claims would be stuck.
    error CommunityProductSettler(address settler);
    error CommunityNotMain(address caller);
    error CommunityInvalidConfig();
}

interface ICommunityEvents {
    event Registered(address indexed member, address indexed referrer);
    event SettlerChanged(address indexed member, address indexed settler);
    event PerformanceRecorded(address indexed member, uint256 amount, uint256 generations);
    event LevelsConfigured(uint256[5] vipThresholds, uint256[5] vipRatesBps, uint256[3] sLevelDirects);
    event MaxGenerationsSet(uint256 generations);
}

interface ICommunityTypes {
    /// @notice Everything the member pages show about one address.
    struct MemberInfo {
        bool registered;
        bool isGenesis;
        address inviter;
        address settler;
        uint256 registeredAt;
        uint256 directCount;
        uint256 teamSize;
        uint256 performance;
        uint256 teamPerformance;
        uint256 teamPerformanceToday;
        uint8 vipLevel;
        uint8 sLevel;
    }

    /// @notice One row of the paged per-wallet performance list.
    struct DirectMember {
        address account;
        uint256 performance;
        uint256 teamPerformance;
        uint8 vipLevel;
    }
}

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

interface ICommunityActions {
    /// @notice Joins the tree under `referrer`.
    /// @dev Requires: caller not registered, referrer registered and not the caller. Emits Registered.
    function register(address referrer) external;

    /// @notice Sends the caller's future claims to `settler`.
    /// @dev Requires: caller registered, settler not zero and not a product contract (this one, Main,
    ///      a priced token, or a contract whose `main()` is Main). Emits SettlerChanged.
    function changeSettler(address settler) external;

    /// @notice Adds a synthesis to the team performance of the member's inviters and returns the
    ///         VIP differential rewards it earns them. Only Main may call it.
    /// @dev Walks at most `maxGenerations` inviters. Emits PerformanceRecorded.
    function recordPerformance(address member, uint256 amount) external returns (InviterReward[] memory rewards);
}

interface ICommunityOwnerActions {
    function setMaxGenerations(uint256 generations) external;
    function configureLevels(
        uint256[5] calldata vipThresholds,
        uint256[5] calldata vipRatesBps,
        uint256[3] calldata sLevelDirects
    ) external;
}

interface ICommunity is ICommunityErrors, ICommunityEvents, ICommunityState, ICommunityActions, ICommunityOwnerActions {}
