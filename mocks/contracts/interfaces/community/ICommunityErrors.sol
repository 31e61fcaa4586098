// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Community
/// @notice Every way Community refuses a call.
interface ICommunityErrors {
    error CommunityAlreadyRegistered(address member);
    error CommunityNotRegistered(address member);
    error CommunityUnknownReferrer(address referrer);
    error CommunitySelfReferral(address member);
    error CommunityZeroSettler();
    /// @notice The settler would be one of the product's own contracts, where claims would be stuck.
    error CommunityProductSettler(address settler);
    error CommunityNotMain(address caller);
    error CommunityInvalidConfig();
}
