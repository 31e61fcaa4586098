// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Errors of Swap
/// @notice Every way Swap refuses a call.
interface ISwapErrors is ISwapTypes {
    /// @notice The amount in is zero, or worth less than one unit of the token out.
    error SwapInvalidAmount();

    /// @notice The amount in is above what the user may exchange now on the route: the rest of
    ///         today's limit, or what the liquidity pays out.
    /// @param amount The amount in asked for
    /// @param max The most the user may exchange now (maxExchangeable)
    error SwapExceedsMaxExchangeable(uint256 amount, uint256 max);

    /// @notice The user holds less of the token in than the amount. Checked before the allowance.
    /// @param token The route's token in
    /// @param balance What the user holds
    /// @param amount The amount in
    error SwapBalanceTooLow(address token, uint256 balance, uint256 amount);

    /// @notice The user has authorised Swap to take less of the token in than the amount. Checked
    ///         after the balance.
    /// @param token The route's token in
    /// @param allowance What the user has authorised Swap to take
    /// @param amount The amount in
    error SwapAllowanceTooLow(address token, uint256 allowance, uint256 amount);

    /// @notice A constructor argument or an owner setting is out of range (a zero address, a daily
    ///         limit above 2^96 - 1), or a route's token has no price in Main's table.
    error SwapInvalidConfig();

    /// @notice The exchange would pay out less than the user's own bound: a price moved.
    /// @param amountOut What the exchange would pay out
    /// @param minOut The least the user agreed to receive
    error SwapOutputBelowMin(uint256 amountOut, uint256 minOut);
}
