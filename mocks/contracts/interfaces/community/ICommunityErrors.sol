// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Community
/// @notice Every way Community refuses a call.
interface ICommunityErrors {
    /// @notice The caller is a member already: an address registers once.
    /// @param member The caller
    error CommunityAlreadyRegistered(address member);

    /// @notice The address is not a member.
    /// @param member The address that had to be registered: the caller, or the payer Main names
    error CommunityNotRegistered(address member);

    /// @notice The referrer is not a member.
    /// @param referrer The referrer the caller named
    error CommunityUnknownReferrer(address referrer);

    /// @notice The caller named itself as its referrer.
    /// @param member The caller
    error CommunitySelfReferral(address member);

    /// @notice The settler would be the zero address, where claims would be burned.
    error CommunityZeroSettler();

    /// @notice The settler would be one of the product's own contracts, where claims would be stuck.
    /// @param settler The settler the caller named
    error CommunityProductSettler(address settler);

    /// @notice Only Main may record performance.
    /// @param caller The caller
    error CommunityNotMain(address caller);

    /// @notice A constructor argument or an owner setting is out of range: a zero address, a walk
    ///         deeper than 30 generations or of none, VIP thresholds or rates that do not strictly
    ///         rise, a rate above 100%, S level steps that do not strictly rise from one.
    error CommunityInvalidConfig();
}
