// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Revenue returns
/// @notice The struct of a member's revenue figures.
interface IRevenueTypes {
    /// @notice Revenue figures of one member, in USD with 18 decimals.
    struct Earnings {
        uint256 machineTotal;
        uint256 machineWaiting;
        uint256 machineReceived;
        uint256 dynamicWaiting;
        uint256 dynamicReceived;
        uint256[3] preachingWaiting;
        uint256[3] preachingReceived;
        uint256 totalWaiting;
        uint256 activeValue;
        uint256 outCount;
        /// @dev More records have finished than one call takes out; the figures run up to the last
        ///      one taken out, and processOutRecords brings them up to date.
        bool outBacklog;
        uint256 lastClaimAt;
        uint256 nextClaimAt;
    }
}
