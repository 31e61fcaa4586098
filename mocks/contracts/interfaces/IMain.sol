// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMainErrors} from "./main/IMainErrors.sol";
import {IMainEvents} from "./main/IMainEvents.sol";
import {IMainState} from "./main/IMainState.sol";
import {IMainActions} from "./main/IMainActions.sol";
import {IMainOwnerActions} from "./main/IMainOwnerActions.sol";

/// @title The interface of Main
/// @notice Main sells hashrate: a member pays one of the priced tokens for it (synthesis), each
///         synthesis adds a merge record that earns revenue (see IRevenue), and part of its value
///         goes to the lucky pool and the max-machine pool. Main also holds the price table every
///         product contract reads.
/// @dev The interface is split by concern, as Uniswap v3's pool interface is: errors, events,
///      state, member actions and owner actions each have their own file.
interface IMain is IMainErrors, IMainEvents, IMainState, IMainActions, IMainOwnerActions {}
