// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title State of MvMarket that anyone may read
/// @notice Orders, the queue of active orders, quotes and the market's settings.
interface IMvMarketState is IMvMarketTypes {
    /// @notice The Main contract, whose price table prices MV in USDT
    /// @return Main's address
    function main() external view returns (address);

    /// @notice The MV token, which orders sell
    /// @return The MV token's address
    function mv() external view returns (address);

    /// @notice The USDT token, in which buyers pay
    /// @return The USDT token's address
    function usdt() external view returns (address);

    /// @notice How many orders were ever listed
    /// @return The number of orders; the newest has index count - 1
    function orderCount() external view returns (uint256);

    /// @notice The first order still in the queue: the top of the sale ranking
    /// @return Its index, or orderCount when the queue is empty
    function queueHead() external view returns (uint256);

    /// @notice The first `limit` orders of the queue of active orders: the sale ranking
    /// @param limit The most orders to return
    /// @return The active orders, oldest first
    function queuedOrders(uint256 limit) external view returns (Order[] memory);

    /// @notice The MV still for sale over all active orders
    /// @return The MV for sale
    function mvForSale() external view returns (uint256);

    /// @notice One order
    /// @dev Reverts with MarketUnknownOrder past the last order.
    /// @param index The order's index
    /// @return The order
    function orderOf(uint256 index) external view returns (Order memory);

    /// @notice A page of all orders, by index
    /// @param offset The first index
    /// @param limit The most orders to return
    /// @return The orders; fewer than `limit` at the end of the list
    function orders(uint256 offset, uint256 limit) external view returns (Order[] memory);

    /// @notice How many orders a seller has listed
    /// @param seller The seller
    /// @return The number of their orders, in any status
    function orderCountOf(address seller) external view returns (uint256);

    /// @notice A page of a seller's orders, newest first
    /// @param seller The seller
    /// @param offset How many of their newest orders to skip
    /// @param limit The most orders to return
    /// @return The orders; fewer than `limit` at the end of the list
    function ordersOf(address seller, uint256 offset, uint256 limit) external view returns (Order[] memory);

    /// @notice What a buy of `usdtAmount` would fill now (at most `maxFillsPerBuy` orders)
    /// @param usdtAmount The most USDT the buyer would spend
    /// @return mvAmount The MV it would buy
    /// @return usdtSpent The USDT it would take, at most `usdtAmount`
    function quoteBuy(uint256 usdtAmount) external view returns (uint256 mvAmount, uint256 usdtSpent);

    /// @notice The orders a buy of `usdtAmount` would fill now, and what it would take from and pay
    ///         each: the contract's own plan, which `buy` follows, so that a client can say before
    ///         buying whose orders (the buyer's own among them) it buys from
    /// @dev Bounded by `maxFillsPerBuy`. The totals are `quoteBuy`'s.
    /// @param usdtAmount The most USDT the buyer would spend
    /// @return fills The fills, oldest order first; none when nothing is for sale
    function previewBuy(uint256 usdtAmount) external view returns (Fill[] memory fills);

    /// @notice The smallest order
    /// @return The minimum, in MV
    function minOrder() external view returns (uint256);

    /// @notice The most orders one buy fills, which bounds its gas
    /// @return The fill limit
    function maxFillsPerBuy() external view returns (uint256);
}
