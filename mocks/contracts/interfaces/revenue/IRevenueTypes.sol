// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Revenue returns
/// @notice The structs of a member's revenue figures and of what Revenue has promised.
interface IRevenueTypes {
    /// @notice What Revenue has promised against what it holds, in USD with 18 decimals unless said.
    struct Backing {
        // Every record's revenue up to its cap, less what was paid, plus every bonus waiting: at
        // least what members are owed now.
        uint256 promisedUsd;
        // The ACB held to pay claims (18 decimals), its price, and its worth.
        uint256 reserveAcb;
        uint256 acbPrice;
        uint256 reserveUsd;
        // promisedUsd - reserveUsd when the reserve is short of the promise, else zero.
        uint256 shortfallUsd;
    }

    /// @notice Revenue figures of one member, in USD with 18 decimals.
    struct Earnings {
        // Machine revenue earned ever, what is waiting, and what was paid.
        uint256 machineTotal;
        uint256 machineWaiting;
        uint256 machineReceived;
        // VIP differential rewards.
        uint256 dynamicWaiting;
        uint256 dynamicReceived;
        // Preaching gold of generations 1 to 3.
        uint256[3] preachingWaiting;
        uint256[3] preachingReceived;
        // Everything a claim would pay now.
        uint256 totalWaiting;
        // Whole USD of the records still earning.
        uint256 activeValue;
        // How many records, oldest first, are out as these figures count them (outCount); with a
        // backlog, finishedCount counts more.
        uint256 outCount;
        // More records have finished than one call takes out; the figures run up to the last one
        // taken out, and processOutRecords brings them up to date.
        bool outBacklog;
        // In seconds since the epoch; zero before the first claim, as nextClaimAt.
        uint256 lastClaimAt;
        uint256 nextClaimAt;
    }
}
