// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Errors of MvMarket
/// @notice Every way MvMarket refuses a call.
interface IMvMarketErrors is IMvMarketTypes {
    error MarketAmountBelowMinimum(uint256 amount, uint256 minimum);
    error MarketUnknownOrder(uint256 index);
    error MarketNotSeller(uint256 index, address caller);
    error MarketOrderNotActive(uint256 index, OrderStatus status);
    error MarketNothingForSale();
    error MarketInvalidAmount();
    error MarketBalanceTooLow(address token, uint256 balance, uint256 amount);
    error MarketAllowanceTooLow(address token, uint256 allowance, uint256 amount);
    error MarketInvalidConfig();
    /// @notice The buy would fill less MV than the buyer's own bound: the MV price moved.
    error MarketOutputBelowMin(uint256 mvAmount, uint256 minMvOut);
    /// @notice A rescue would take MV that active orders hold for their sellers.
    error MarketRescueExceedsFree(address token, uint256 free, uint256 amount);
}
