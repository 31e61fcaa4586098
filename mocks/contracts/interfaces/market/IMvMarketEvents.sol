// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketTypes} from "./IMvMarketTypes.sol";

/// @title Events emitted by MvMarket
/// @notice Every change of MvMarket's state is reported by one of these.
interface IMvMarketEvents is IMvMarketTypes {
    event Listed(uint256 indexed index, address indexed seller, uint256 amount);
    event Filled(uint256 indexed index, address indexed seller, address indexed buyer, uint256 mvAmount, uint256 usdtAmount);
    event Bought(address indexed buyer, uint256 mvAmount, uint256 usdtAmount, uint256 ordersFilled);
    event Withdrawn(uint256 indexed index, address indexed seller, uint256 amount);
    event MarketConfigSet(uint256 minOrder, uint256 maxFillsPerBuy);
    event Rescued(address indexed token, address indexed to, uint256 amount);
}
