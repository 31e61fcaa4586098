// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Main
/// @notice Every way Main refuses a call.
interface IMainErrors {
    /// @notice The token is not in the price table, or synthesis in it is disabled.
    /// @param token The token the caller named
    error MainUnsupportedToken(address token);

    /// @notice The hashrate is zero, not a whole multiple, below the lowest or above the highest.
    /// @param hashrate The hashrate asked for
    /// @param multiple The token's multiple: a hashrate must be a whole number of these
    /// @param minimum The token's lowest hashrate, itself a multiple of `multiple`
    error MainInvalidHashrate(uint256 hashrate, uint256 multiple, uint256 minimum);

    /// @notice The payer has authorised Main to take less than the cost. Checked after the balance.
    /// @param token The token paying for the synthesis
    /// @param allowance What the payer has authorised Main to take
    /// @param cost What the synthesis costs
    error MainAllowanceTooLow(address token, uint256 allowance, uint256 cost);

    /// @notice The payer holds less than the cost. Checked before the allowance, as Swap and
    ///         MvMarket do, so that a payer short of both is told about the balance everywhere.
    /// @param token The token paying for the synthesis
    /// @param balance What the payer holds
    /// @param cost What the synthesis costs
    error MainBalanceTooLow(address token, uint256 balance, uint256 cost);

    /// @notice The pool's countdown (lucky pool) or round (max-machine pool) has not ended yet.
    /// @param endsAt When it ends, in seconds since the epoch
    error MainPoolNotExpired(uint256 endsAt);

    /// @notice The ended lucky pool holds nothing, or the ended round has no synthesis to pay.
    error MainNothingToSettle();

    /// @notice The cost at the price in force is above the payer's own bound: the price moved.
    /// @param cost What the synthesis costs now
    /// @param maxCost The most the payer agreed to pay
    error MainCostAboveMax(uint256 cost, uint256 maxCost);

    /// @notice A rescue would take more than this contract holds beyond what its pools promise.
    /// @param token The token to rescue
    /// @param free What may be rescued: the balance, less the pools for USDT
    /// @param amount What the owner asked for
    error MainRescueExceedsFree(address token, uint256 free, uint256 amount);

    /// @notice The member has no merge record at this index.
    /// @param member The member whose records were read
    /// @param index The index asked for, at or past the member's record count
    error MainUnknownRecord(address member, uint256 index);

    /// @notice A constructor argument or an owner setting is out of range: a zero address, a price
    ///         outside its bounds, a 256th token, pool shares above 100% or a zero duration, a
    ///         synthesis rule whose minimum is not a positive multiple of its multiple or is above
    ///         the largest hashrate, a price guard past its limits.
    error MainInvalidConfig();
}
