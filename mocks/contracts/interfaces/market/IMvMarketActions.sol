// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Actions of sellers and buyers on MvMarket
/// @notice Listing MV for sale, buying it, and taking an order back.
interface IMvMarketActions is IMvMarketTypes {
    /// @notice Deposits `amount` MV as a new sale order at the back of the queue.
    /// @dev Requires: amount at least minOrder and at most 2^128 - 1, balance then allowance
    ///      covering it. Emits Listed.
    /// @param amount The MV to sell
    /// @return index The new order's index
    function list(uint256 amount) external returns (uint256 index);

    /// @notice Spends up to `usdtAmount` USDT on at least `minMvOut` MV from the oldest orders
    ///         first; each seller is paid directly. Only the USDT needed is taken: at most
    ///         `maxFillsPerBuy` orders are filled, and the rest of the USDT stays with the buyer.
    /// @dev Requires: usdtAmount > 0, something filled, at least `minMvOut` MV, balance then
    ///      allowance covering the USDT spent. Emits Filled per order and Bought.
    /// @param usdtAmount The most USDT to spend
    /// @param minMvOut The least MV the buyer agrees to receive: the quote they were shown, with a
    ///        tolerance
    /// @return mvAmount The MV bought
    function buy(uint256 usdtAmount, uint256 minMvOut) external returns (uint256 mvAmount);

    /// @notice Returns the remaining MV of an active order to its seller ('MV take out').
    /// @dev Requires: the order exists, the caller is the seller, the order active. Emits Withdrawn.
    /// @param index The order
    function withdraw(uint256 index) external;
}
