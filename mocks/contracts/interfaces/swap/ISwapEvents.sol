// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Events emitted by Swap
/// @notice Every change of Swap's state is reported by one of these.
interface ISwapEvents is ISwapTypes {
    /// @notice Emitted once per exchange.
    /// @param user The user who exchanged
    /// @param route The route
    /// @param amountIn The token in paid
    /// @param amountOut The token out received
    /// @param usdValue The amount in's USD value (18 decimals, rounded up): what counts against the
    ///        daily limit
    event Exchanged(address indexed user, Route indexed route, uint256 amountIn, uint256 amountOut, uint256 usdValue);

    /// @notice Emitted when a route's daily limit is set, at deployment and by the owner.
    /// @param route The route
    /// @param dailyLimitUsd What one address may exchange on it per UTC day, in USD with 18
    ///        decimals; zero for no limit
    event DailyLimitSet(Route indexed route, uint256 dailyLimitUsd);

    /// @notice Emitted when the owner sends out tokens held here.
    /// @param token The token sent
    /// @param to The recipient
    /// @param amount The amount sent
    event Rescued(address indexed token, address indexed to, uint256 amount);
}
