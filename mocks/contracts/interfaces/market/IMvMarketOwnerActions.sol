// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MvMarket's settings, which only the owner may change
/// @notice The minimum order, the fill limit per buy and the rescue of tokens sent by mistake.
interface IMvMarketOwnerActions {
    function setMarketConfig(uint256 minOrder, uint256 maxFillsPerBuy) external;
    /// @notice Sends tokens held here by mistake to `to`. Never the MV of active orders.
    function rescue(address token, address to, uint256 amount) external;
}
