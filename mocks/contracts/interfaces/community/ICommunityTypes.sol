// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Community returns
/// @notice The structs of Community's views.
interface ICommunityTypes {
    /// @notice Everything the member pages show about one address.
    struct MemberInfo {
        bool registered;
        bool isGenesis;
        // Zero for the genesis member and for non-members.
        address inviter;
        // Zero for non-members.
        address settler;
        // In seconds since the epoch.
        uint256 registeredAt;
        uint256 directCount;
        // Members below, up to `maxGenerations` deep at the time each registered.
        uint256 teamSize;
        // The member's own hashrate (Main's powerOf).
        uint256 performance;
        // Whole USD synthesised by the team, today's gain included.
        uint256 teamPerformance;
        // The part of teamPerformance gained today (UTC); it counts for levels from the next 00:00.
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
