// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapErrors} from "./swap/ISwapErrors.sol";
import {ISwapEvents} from "./swap/ISwapEvents.sol";
import {ISwapState} from "./swap/ISwapState.sol";
import {ISwapActions} from "./swap/ISwapActions.sol";
import {ISwapOwnerActions} from "./swap/ISwapOwnerActions.sol";

/// @title The interface of Swap
/// @notice Swap exchanges tokens value for value at Main's price table on five routes, each with a
///         per-address daily limit in USD and bounded by the liquidity Swap holds.
/// @dev The interface is split by concern, as Uniswap v3's pool interface is: errors, events,
///      state, member actions and owner actions each have their own file.
interface ISwap is ISwapErrors, ISwapEvents, ISwapState, ISwapActions, ISwapOwnerActions {}
