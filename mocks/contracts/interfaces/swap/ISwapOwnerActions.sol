// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Swap's settings, which only the owner may change
/// @notice The routes' daily limits and the rescue of tokens held here.
interface ISwapOwnerActions is ISwapTypes {
    /// @notice Sets what one address may exchange on a route per UTC day, from now on.
    /// @dev Requires: the owner, a limit of at most 2^96 - 1. Emits DailyLimitSet.
    /// @param route The route
    /// @param dailyLimitUsd The limit in USD with 18 decimals; zero for no limit
    function setDailyLimit(Route route, uint256 dailyLimitUsd) external;

    /// @notice Sends tokens held here to `to`: liquidity, and what exchanges and mistakes paid in.
    /// @dev Requires: the owner, a recipient other than zero, at most what is held (else the token's
    ///      ERC20InsufficientBalance). Emits Rescued.
    /// @param token The token to send
    /// @param to The recipient
    /// @param amount The amount to send
    function rescue(address token, address to, uint256 amount) external;
}
