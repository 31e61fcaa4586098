// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Errors of MvMarket
/// @notice Every way MvMarket refuses a call.
interface IMvMarketErrors is IMvMarketTypes {
    /// @notice The order is smaller than the market's minimum.
    /// @param amount The MV the seller listed
    /// @param minimum The smallest order
    error MarketAmountBelowMinimum(uint256 amount, uint256 minimum);

    /// @notice No order has this index.
    /// @param index The index asked for, at or past the number of orders
    error MarketUnknownOrder(uint256 index);

    /// @notice Only the order's seller may withdraw it.
    /// @param index The order
    /// @param caller The caller
    error MarketNotSeller(uint256 index, address caller);

    /// @notice The order is sold out or withdrawn already.
    /// @param index The order
    /// @param status Its status
    error MarketOrderNotActive(uint256 index, OrderStatus status);

    /// @notice The buy would fill nothing: no MV is for sale, or the USDT is worth less than one unit
    ///         of MV.
    error MarketNothingForSale();

    /// @notice A buy of zero USDT, or an order above 2^128 - 1.
    error MarketInvalidAmount();

    /// @notice The caller holds less than the amount: MV to list, or the USDT a buy spends. Checked
    ///         before the allowance.
    /// @param token MV or USDT
    /// @param balance What the caller holds
    /// @param amount What the call takes
    error MarketBalanceTooLow(address token, uint256 balance, uint256 amount);

    /// @notice The caller has authorised the market to take less than the amount. Checked after the
    ///         balance.
    /// @param token MV or USDT
    /// @param allowance What the caller has authorised the market to take
    /// @param amount What the call takes
    error MarketAllowanceTooLow(address token, uint256 allowance, uint256 amount);

    /// @notice A constructor argument or an owner setting is out of range (a zero address, a
    ///         minimum order of zero or above 2^128 - 1, a fill limit of 0 or above 500), or MV or
    ///         USDT has no price in Main's table.
    error MarketInvalidConfig();

    /// @notice The buy would fill less MV than the buyer's own bound: the MV price moved.
    /// @param mvAmount The MV the buy would fill
    /// @param minMvOut The least the buyer agreed to receive
    error MarketOutputBelowMin(uint256 mvAmount, uint256 minMvOut);

    /// @notice A rescue would take MV that active orders hold for their sellers.
    /// @param token The token to rescue
    /// @param free What may be rescued: the balance, less the MV of active orders for MV
    /// @param amount What the owner asked for
    error MarketRescueExceedsFree(address token, uint256 free, uint256 amount);
}
