// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMainTypes} from "./IMainTypes.sol";

/// @title State of Main that anyone may read
/// @notice The price table and synthesis rules, merge records, power, the pools and the product's
///         addresses.
interface IMainState is IMainTypes {
    /// @notice The Community contract, which keeps the referral tree
    /// @return The Community contract's address
    function community() external view returns (address);

    /// @notice The Revenue contract, which pays what merge records earn
    /// @return The Revenue contract's address
    function revenue() external view returns (address);

    /// @notice The ACB token, burned when it pays for synthesis
    /// @return The ACB token's address
    function acb() external view returns (address);

    /// @notice The USDT token, in which both pools are paid
    /// @return The USDT token's address
    function usdt() external view returns (address);

    /// @notice The address that receives what syntheses pay in tokens other than ACB
    /// @return The treasury's address
    function treasury() external view returns (address);

    /// @notice The USD price of a token in force now, a scheduled change applied once due
    /// @param token The token
    /// @return The price in USD with 18 decimals; zero when the token is not priced
    function priceOf(address token) external view returns (uint256);

    /// @notice A price change announced for `token` that has not applied yet
    /// @param token The token
    /// @return price The price it will have; zero when no change is scheduled
    /// @return effectiveAt When it applies, in seconds since the epoch; zero when none
    function pendingPrice(address token) external view returns (uint256 price, uint256 effectiveAt);

    /// @notice When a token announced for synthesis starts paying for it
    /// @param token The token
    /// @return effectiveAt When it is enabled, in seconds since the epoch; zero when no enabling is scheduled
    function pendingEnabling(address token) external view returns (uint256 effectiveAt);

    /// @notice Whether the product has launched: true from the first synthesis on. Until then a
    ///         first price and an enabling apply at once (deployment); from then on they are
    ///         announced a delay ahead, as a large price move is.
    /// @return True once anyone has synthesised
    function launched() external view returns (bool);

    /// @notice How far the owner may move a price at once, and how long a larger move waits after
    ///         it is announced: the guard in force now, a scheduled looser one applied once due
    /// @return stepBps The largest move that applies at once, in basis points of the price in force
    /// @return delay The least time between two moves that apply at once, and the wait of a larger one
    function priceGuard() external view returns (uint256 stepBps, uint256 delay);

    /// @notice A looser price guard announced by the owner that has not applied yet
    /// @return stepBps The step it will have, in basis points; zero when none is scheduled
    /// @return delay The delay it will have, in seconds; zero when none is scheduled
    /// @return effectiveAt When it applies, in seconds since the epoch; zero when none
    function pendingPriceGuard() external view returns (uint256 stepBps, uint256 delay, uint256 effectiveAt);

    /// @notice How a token pays for synthesis, and its price
    /// @param token The token
    /// @return The rule; all zero but `token` when the token was never priced
    function tokenRule(address token) external view returns (TokenRule memory);

    /// @notice The rules of every token ever priced, in the order they were first priced
    /// @return The rules, enabled for synthesis or not
    function tokenRules() external view returns (TokenRule[] memory);

    /// @notice The tokens a synthesis of `hashrate` paid in `token` costs now, rounded up
    /// @dev Reverts with MainUnsupportedToken when the token is not priced.
    /// @param token The token to pay in
    /// @param hashrate The hashrate, in units of 1 USD
    /// @return The cost in `token`
    function costOf(address token, uint256 hashrate) external view returns (uint256);

    /// @notice The largest hashrate one synthesis accepts
    /// @return The largest hashrate, in units of 1 USD
    function maxHashrate() external pure returns (uint256);

    /// @notice The total hashrate a member has synthesised: their performance
    /// @param member The member
    /// @return The hashrate of all their merge records, out or not
    function powerOf(address member) external view returns (uint256);

    /// @notice How many merge records a member has
    /// @param member The member
    /// @return The number of records; the newest has index count - 1
    function recordCount(address member) external view returns (uint256);

    /// @notice One of a member's merge records
    /// @dev Reverts with MainUnknownRecord past the member's last record.
    /// @param member The member
    /// @param index The record's index, from 0 (the oldest)
    /// @return The record, with whether it has earned its cap by now (Revenue's finishedCount)
    function recordOf(address member, uint256 index) external view returns (MergeRecord memory);

    /// @notice The two figures revenue accrual needs of a record, without asking Revenue whether it
    ///         is out
    /// @dev Reverts with MainUnknownRecord past the member's last record.
    /// @param member The member
    /// @param index The record's index, from 0 (the oldest)
    /// @return time When the record was made, in seconds since the epoch
    /// @return hashrate Its hashrate
    function recordTimeAndHashrate(address member, uint256 index) external view returns (uint256 time, uint256 hashrate);

    /// @notice A page of a member's merge records, newest first
    /// @param member The member
    /// @param offset How many of the newest records to skip
    /// @param limit The most records to return
    /// @return The records, each marked out once it has earned its cap by now (Revenue's
    ///         finishedCount); fewer than `limit` at the end of the list
    function recordsOf(address member, uint256 offset, uint256 limit) external view returns (MergeRecord[] memory);

    /// @notice The payer of the latest synthesis: the lucky pool's winner if the countdown ends now
    /// @return The last miner's address; zero before the first synthesis
    function lastMiner() external view returns (address);

    /// @notice The ACB burned by syntheses paid in ACB, ever
    /// @return The ACB burned
    function totalAcbBurned() external view returns (uint256);

    /// @notice The lucky pool: what it holds, its countdown, the last miner and the last prize paid
    /// @return The lucky pool's figures
    function luckyPool() external view returns (LuckyPool memory);

    /// @notice The max-machine pool: what it holds, the round's end and leader, the last prize paid
    /// @return The max-machine pool's figures
    function maxPool() external view returns (MaxPool memory);

    /// @notice The pools' shares of each synthesis and their durations
    /// @return luckyShareBps The lucky pool's share of each synthesis's USD value, in basis points
    /// @return maxShareBps The max-machine pool's share, in basis points
    /// @return luckyDuration The lucky countdown that each synthesis restarts, in seconds
    /// @return roundDuration The length of a max-machine round, in seconds
    function poolConfig()
        external
        view
        returns (uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);
}
