// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRevenueErrors} from "./revenue/IRevenueErrors.sol";
import {IRevenueEvents} from "./revenue/IRevenueEvents.sol";
import {IRevenueState} from "./revenue/IRevenueState.sol";
import {IRevenueActions} from "./revenue/IRevenueActions.sol";
import {IRevenueOwnerActions} from "./revenue/IRevenueOwnerActions.sol";

/// @title The interface of Revenue
/// @notice Revenue accrues what merge records earn (machine revenue), the VIP differential rewards
///         of inviters (dynamic revenue) and preaching gold, and pays them in ACB when a member
///         claims.
/// @dev The interface is split by concern, as Uniswap v3's pool interface is: errors, events,
///      state, member actions and owner actions each have their own file.
interface IRevenue is IRevenueErrors, IRevenueEvents, IRevenueState, IRevenueActions, IRevenueOwnerActions {}
