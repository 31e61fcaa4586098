// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRevenueTypes} from "./IRevenueTypes.sol";

/// @title State of Revenue that anyone may read
/// @notice Members' revenue, the rates and limits that produce it, and the product's addresses.
interface IRevenueState is IRevenueTypes {
    /// @notice The Main contract: the only one that may start a record earning
    /// @return Main's address
    function main() external view returns (address);

    /// @notice The Community contract, which names the settler and the inviters of a claim
    /// @return Community's address
    function community() external view returns (address);

    /// @notice The ACB token, in which claims are paid
    /// @return The ACB token's address
    function acb() external view returns (address);

    /// @notice A member's revenue figures, accrued up to now
    /// @param member The member
    /// @return The figures; all zero for an address that never synthesised nor was credited
    function earningsOf(address member) external view returns (Earnings memory);

    /// @notice How many of the member's merge records, oldest first, are out as the revenue figures
    ///         count them: those taken out, and those the next call would take out on its own
    /// @dev With a backlog (more records finished than one call takes out) this stops
    ///      `maxOutPerCall` records past those taken out; `finishedCount` counts them all.
    /// @param member The member
    /// @return The number of records out, as of now (up to the backlog limit of one call)
    function outCount(address member) external view returns (uint256);

    /// @notice How many of the member's merge records, oldest first, have earned their cap by now,
    ///         whether taken out or not
    /// @dev O(log n) in the member's records. `finishedCount - outCount` records wait for
    ///      `processOutRecords` (none when there is no backlog).
    /// @param member The member
    /// @return The number of records that no longer earn
    function finishedCount(address member) external view returns (uint256);

    /// @notice What Revenue has promised against the ACB it holds: every record's revenue up to its
    ///         cap not yet paid, and every bonus waiting. What members are owed now is at most
    ///         the promise; a shortfall means claims may be paid in part (see claim).
    /// @return The promise, the reserve and the shortfall (Backing)
    function backing() external view returns (Backing memory);

    /// @notice How much of everything Revenue has ever owed members its funds cover: what it has
    ///         paid in claims plus its reserve's worth, over what it has paid plus everything it
    ///         promises now. Below 1 (a shortfall), each member may receive that share of all they
    ///         have ever been owed, whoever claims first; the rest waits.
    /// @return coveredUsd What claims have paid, ever, plus the reserve's worth (USD, 18 decimals)
    /// @return owedUsd What claims have paid, ever, plus the promise (`backing().promisedUsd`)
    function coverage() external view returns (uint256 coveredUsd, uint256 owedUsd);

    /// @notice What a claim by `member` would pay now, in USD: everything waiting, or in a shortfall
    ///         the member's share of what they have ever been owed, less what they have received
    ///         (see `coverage`). Before the claim interval, rounding to whole accrual units and the
    ///         ACB price.
    /// @param member The member
    /// @return The USD (18 decimals) a claim would pay
    function claimableUsd(address member) external view returns (uint256);

    /// @notice The ACB price in force, at which claims are paid (Main's price table)
    /// @return The price in USD with 18 decimals
    function acbPrice() external view returns (uint256);

    /// @notice What a record earns a day
    /// @return The rate in basis points of the record's value
    function dailyRateBps() external view returns (uint256);

    /// @notice A record stops earning once it has earned this multiple of its value
    /// @return The multiple (3 by default)
    function outMultiple() external view returns (uint256);

    /// @notice The seconds that must pass, strictly, between two claims of a member
    /// @return The interval in seconds
    function claimInterval() external view returns (uint256);

    /// @notice The most records one claim, synthesis or processOutRecords call takes out
    /// @return The number of records
    function maxOutPerCall() external pure returns (uint256);

    /// @notice The most hashrate one member may have earning at once
    /// @return The hashrate, in units of 1 USD
    function maxActivePower() external pure returns (uint256);

    /// @notice What a claim of machine revenue earns the member's first three inviters
    /// @return The rates of generations 1 to 3, in basis points of the machine revenue claimed
    function preachingRatesBps() external view returns (uint256[3] memory);
}
