// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarketErrors} from "./market/IMvMarketErrors.sol";
import {IMvMarketEvents} from "./market/IMvMarketEvents.sol";
import {IMvMarketState} from "./market/IMvMarketState.sol";
import {IMvMarketActions} from "./market/IMvMarketActions.sol";
import {IMvMarketOwnerActions} from "./market/IMvMarketOwnerActions.sol";

/// @title The interface of MvMarket
/// @notice MvMarket holds MV sale orders. Sellers deposit MV; buyers pay USDT at Main's MV price
///         and are filled first-in first-out by order index, which makes the queue the sale ranking
///         list; a seller may take back what is unsold.
/// @dev The interface is split by concern, as Uniswap v3's pool interface is: errors, events,
///      state, member actions and owner actions each have their own file.
interface IMvMarket is IMvMarketErrors, IMvMarketEvents, IMvMarketState, IMvMarketActions, IMvMarketOwnerActions {}
