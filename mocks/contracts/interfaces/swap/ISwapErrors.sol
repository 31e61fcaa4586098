// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Errors of Swap
/// @notice Every way Swap refuses a call.
interface ISwapErrors is ISwapTypes {
    error SwapInvalidAmount();
    error SwapExceedsMaxExchangeable(uint256 amount, uint256 max);
    error SwapBalanceTooLow(address token, uint256 balance, uint256 amount);
    error SwapAllowanceTooLow(address token, uint256 allowance, uint256 amount);
    error SwapInvalidConfig();
    /// @notice The exchange would pay out less than the user's own bound: a price moved.
    error SwapOutputBelowMin(uint256 amountOut, uint256 minOut);
}
