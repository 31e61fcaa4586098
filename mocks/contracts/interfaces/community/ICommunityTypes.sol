// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Community returns
/// @notice The structs of Community's views.
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
