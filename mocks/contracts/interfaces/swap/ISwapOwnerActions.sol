// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Swap's settings, which only the owner may change
/// @notice The routes' daily limits and the rescue of tokens held here.
interface ISwapOwnerActions is ISwapTypes {
    function setDailyLimit(Route route, uint256 dailyLimitUsd) external;
    /// @notice Sends tokens held here to `to`: liquidity, and what exchanges and mistakes paid in.
    function rescue(address token, address to, uint256 amount) external;
}
