// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ICommunityErrors} from "./community/ICommunityErrors.sol";
import {ICommunityEvents} from "./community/ICommunityEvents.sol";
import {ICommunityState} from "./community/ICommunityState.sol";
import {ICommunityActions} from "./community/ICommunityActions.sol";
import {ICommunityOwnerActions} from "./community/ICommunityOwnerActions.sol";

/// @title The interface of Community
/// @notice Community keeps the referral tree: who invited whom, where each member's claims go (the
///         settler), the team performance of every inviter up to `maxGenerations` above a
///         synthesis, and the VIP and S levels that follow from it.
/// @dev The interface is split by concern, as Uniswap v3's pool interface is: errors, events,
///      state, member actions and owner actions each have their own file.
interface ICommunity is ICommunityErrors, ICommunityEvents, ICommunityState, ICommunityActions, ICommunityOwnerActions {}
