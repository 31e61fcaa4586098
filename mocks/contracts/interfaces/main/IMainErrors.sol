// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Main
/// @notice Every way Main refuses a call.
interface IMainErrors {
    error MainUnsupportedToken(address token);
    /// @notice The hashrate is zero, not a whole multiple, below the lowest or above the highest.
    error MainInvalidHashrate(uint256 hashrate, uint256 multiple, uint256 minimum);
    error MainAllowanceTooLow(address token, uint256 allowance, uint256 cost);
    error MainBalanceTooLow(address token, uint256 balance, uint256 cost);
    error MainPoolNotExpired(uint256 endsAt);
    error MainNothingToSettle();
    /// @notice The cost at the price in force is above the payer's own bound: the price moved.
    error MainCostAboveMax(uint256 cost, uint256 maxCost);
    /// @notice A rescue would take more than this contract holds beyond what its pools promise.
    error MainRescueExceedsFree(address token, uint256 free, uint256 amount);
    error MainUnknownRecord(address member, uint256 index);
    error MainInvalidConfig();
}
