// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Actions of sellers and buyers on MvMarket
/// @notice Listing MV for sale, buying it, and taking an order back.
interface IMvMarketActions is IMvMarketTypes {
    /// @notice Deposits `amount` MV as a new sale order at the back of the queue.
    /// @dev Requires: amount >= minOrder, allowance. Emits Listed.
    function list(uint256 amount) external returns (uint256 index);

    /// @notice Spends up to `usdtAmount` USDT on at least `minMvOut` MV from the oldest orders
    ///         first; each seller is paid directly. Only the USDT needed is taken: at most
    ///         `maxFillsPerBuy` orders are filled, and the rest of the USDT stays with the buyer.
    /// @dev Emits Filled per order and Bought.
    function buy(uint256 usdtAmount, uint256 minMvOut) external returns (uint256 mvAmount);

    /// @notice Returns the remaining MV of an active order to its seller ('MV take out').
    /// @dev Requires: the caller is the seller, the order active. Emits Withdrawn.
    function withdraw(uint256 index) external;
}
