// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title State of MvMarket that anyone may read
/// @notice Orders, the queue of active orders, quotes and the market's settings.
interface IMvMarketState is IMvMarketTypes {
    function main() external view returns (address);
    function mv() external view returns (address);
    function usdt() external view returns (address);
    function orderCount() external view returns (uint256);
    /// @notice Index of the first order still in the queue (the top of the sale ranking), or
    ///         orderCount when the queue is empty.
    function queueHead() external view returns (uint256);
    /// @notice The first `limit` orders of the queue of active orders: the sale ranking.
    function queuedOrders(uint256 limit) external view returns (Order[] memory);
    /// @notice MV still for sale over all active orders.
    function mvForSale() external view returns (uint256);
    function orderOf(uint256 index) external view returns (Order memory);
    /// @notice Orders by index, from `offset`.
    function orders(uint256 offset, uint256 limit) external view returns (Order[] memory);
    function orderCountOf(address seller) external view returns (uint256);
    /// @notice The seller's orders, newest first.
    function ordersOf(address seller, uint256 offset, uint256 limit) external view returns (Order[] memory);
    /// @notice MV bought and USDT spent for `usdtAmount` now (fills capped per buy).
    function quoteBuy(uint256 usdtAmount) external view returns (uint256 mvAmount, uint256 usdtSpent);
    function minOrder() external view returns (uint256);
    function maxFillsPerBuy() external view returns (uint256);
}
