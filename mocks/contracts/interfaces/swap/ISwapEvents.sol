// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Events emitted by Swap
/// @notice Every change of Swap's state is reported by one of these.
interface ISwapEvents is ISwapTypes {
    event Exchanged(address indexed user, Route indexed route, uint256 amountIn, uint256 amountOut, uint256 usdValue);
    event DailyLimitSet(Route indexed route, uint256 dailyLimitUsd);
    event Rescued(address indexed token, address indexed to, uint256 amount);
}
