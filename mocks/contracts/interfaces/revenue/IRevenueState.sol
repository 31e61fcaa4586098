// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRevenueTypes} from "./IRevenueTypes.sol";

/// @title State of Revenue that anyone may read
/// @notice Members' revenue, the rates and limits that produce it, and the product's addresses.
interface IRevenueState is IRevenueTypes {
    function main() external view returns (address);
    function community() external view returns (address);
    function acb() external view returns (address);
    function earningsOf(address member) external view returns (Earnings memory);
    /// @notice How many of the member's merge records, oldest first, have earned their cap.
    function outCount(address member) external view returns (uint256);
    /// @notice Current ACB price in USD (18 decimals), at which claims are paid.
    function acbPrice() external view returns (uint256);
    function dailyRateBps() external view returns (uint256);
    /// @notice A record stops earning once it has earned this multiple of its value.
    function outMultiple() external view returns (uint256);
    function claimInterval() external view returns (uint256);
    /// @notice The most records one claim, synthesis or processOutRecords call takes out.
    function maxOutPerCall() external pure returns (uint256);
    /// @notice The most hashrate one member may have earning at once.
    function maxActivePower() external pure returns (uint256);
    function preachingRatesBps() external view returns (uint256[3] memory);
}
