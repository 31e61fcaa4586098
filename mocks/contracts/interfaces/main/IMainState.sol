// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMainTypes} from "./IMainTypes.sol";

/// @title State of Main that anyone may read
/// @notice The price table and synthesis rules, merge records, power, the pools and the product's
///         addresses.
interface IMainState is IMainTypes {
    function community() external view returns (address);
    function revenue() external view returns (address);
    function acb() external view returns (address);
    function usdt() external view returns (address);
    function treasury() external view returns (address);
    /// @notice USD price of a token with 18 decimals; zero when the token is not priced.
    function priceOf(address token) external view returns (uint256);
    /// @notice A price change scheduled for `token` and when it takes effect; (0, 0) when none.
    function pendingPrice(address token) external view returns (uint256 price, uint256 effectiveAt);
    /// @notice How far the owner may move a price at once (basis points, at most once per `delay`),
    ///         and how long a larger move waits after it is announced.
    function priceGuard() external view returns (uint256 stepBps, uint256 delay);
    function tokenRule(address token) external view returns (TokenRule memory);
    function tokenRules() external view returns (TokenRule[] memory);
    /// @notice Tokens to pay for `hashrate` with `token` (rounded up).
    function costOf(address token, uint256 hashrate) external view returns (uint256);
    /// @notice The largest hashrate one synthesis accepts.
    function maxHashrate() external pure returns (uint256);
    /// @notice Total hashrate the member has synthesised: their performance.
    function powerOf(address member) external view returns (uint256);
    function recordCount(address member) external view returns (uint256);
    function recordOf(address member, uint256 index) external view returns (MergeRecord memory);
    /// @notice The two figures revenue accrual needs of a record, without asking Revenue whether it is out.
    function recordTimeAndHashrate(address member, uint256 index) external view returns (uint256 time, uint256 hashrate);
    /// @notice Merge records from newest to oldest, starting `offset` records from the newest.
    function recordsOf(address member, uint256 offset, uint256 limit) external view returns (MergeRecord[] memory);
    function lastMiner() external view returns (address);
    function totalAcbBurned() external view returns (uint256);
    function luckyPool() external view returns (LuckyPool memory);
    function maxPool() external view returns (MaxPool memory);
    function poolConfig()
        external
        view
        returns (uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);
}
