// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MvMarket's settings, which only the owner may change
/// @notice The minimum order, the fill limit per buy and the rescue of tokens sent by mistake.
interface IMvMarketOwnerActions {
    /// @notice Sets the smallest order and the most orders one buy fills, from the next call.
    /// @dev Requires: the owner, a minimum from 1 to 2^128 - 1, a fill limit from 1 to 500.
    ///      Emits MarketConfigSet.
    /// @param minOrder The smallest order, in MV
    /// @param maxFillsPerBuy The most orders one buy fills
    function setMarketConfig(uint256 minOrder, uint256 maxFillsPerBuy) external;

    /// @notice Sends tokens held here by mistake to `to`. Never the MV of active orders.
    /// @dev Requires: the owner, a recipient other than zero, an amount at most what is free.
    ///      Emits Rescued.
    /// @param token The token to send
    /// @param to The recipient
    /// @param amount The amount to send
    function rescue(address token, address to, uint256 amount) external;
}
