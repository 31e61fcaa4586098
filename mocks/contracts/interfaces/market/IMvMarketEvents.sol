// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Events emitted by MvMarket
/// @notice Every change of MvMarket's state is reported by one of these.
interface IMvMarketEvents is IMvMarketTypes {
    /// @notice Emitted when a sale order joins the back of the queue.
    /// @param index The order's index
    /// @param seller The seller
    /// @param amount The MV deposited
    event Listed(uint256 indexed index, address indexed seller, uint256 amount);

    /// @notice Emitted by a buy for each order it fills, oldest first.
    /// @param index The order
    /// @param seller Its seller, paid directly
    /// @param buyer The buyer
    /// @param mvAmount The MV bought from this order
    /// @param usdtAmount The USDT paid to the seller for it
    event Filled(uint256 indexed index, address indexed seller, address indexed buyer, uint256 mvAmount, uint256 usdtAmount);

    /// @notice Emitted once per buy, after its fills.
    /// @param buyer The buyer
    /// @param mvAmount The MV bought in all
    /// @param usdtAmount The USDT spent in all
    /// @param ordersFilled How many orders the buy filled
    event Bought(address indexed buyer, uint256 mvAmount, uint256 usdtAmount, uint256 ordersFilled);

    /// @notice Emitted when a seller takes an active order back.
    /// @param index The order
    /// @param seller The seller
    /// @param amount The unsold MV returned
    event Withdrawn(uint256 indexed index, address indexed seller, uint256 amount);

    /// @notice Emitted when the market's settings are set, at deployment and by the owner.
    /// @param minOrder The smallest order, in MV
    /// @param maxFillsPerBuy The most orders one buy fills
    event MarketConfigSet(uint256 minOrder, uint256 maxFillsPerBuy);

    /// @notice Emitted when the owner sends out tokens held here by mistake.
    /// @param token The token sent
    /// @param to The recipient
    /// @param amount The amount sent
    event Rescued(address indexed token, address indexed to, uint256 amount);
}
