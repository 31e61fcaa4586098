// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Revenue
/// @notice Every way Revenue refuses a call.
interface IRevenueErrors {
    /// @notice The claim interval has not passed since the member's last claim: a claim exactly
    ///         `claimInterval` seconds later is still too soon.
    /// @param nextClaimAt The first second at which the member may claim again
    error RevenueClaimTooSoon(uint256 nextClaimAt);

    /// @notice Nothing is waiting: no machine revenue, dynamic revenue or preaching gold.
    error RevenueNothingToClaim();

    /// @notice At the ACB price, what is waiting is worth less than one unit of ACB: a claim would pay
    ///         nothing yet mark it all received, so it is refused and everything stays waiting.
    /// @param usdValue What is waiting, in USD with 18 decimals
    /// @param acbPrice The ACB price, in USD with 18 decimals
    error RevenueClaimPaysNothing(uint256 usdValue, uint256 acbPrice);

    /// @notice The reserve cannot pay any of what is waiting: everything stays waiting.
    /// @param usdValue What is waiting, in USD with 18 decimals
    /// @param reserveAcb The ACB this contract holds
    error RevenueReserveShort(uint256 usdValue, uint256 reserveAcb);

    /// @notice Only Main may start a record earning.
    /// @param caller The caller
    error RevenueNotMain(address caller);

    /// @notice More of the member's records have finished than one call takes out: run
    ///         processOutRecords first.
    /// @param member The member with the backlog
    error RevenueOutBacklog(address member);

    /// @notice A constructor argument or an owner setting is out of range: a zero address, an out
    ///         multiple of 0 or above 100, a daily rate above 100%, preaching rates adding up to
    ///         more than 100%, a claim interval above one day.
    error RevenueInvalidConfig();

    /// @notice The claim would pay less ACB than the member's own bound: the ACB price moved.
    /// @param acbAmount The ACB the claim would pay
    /// @param minAcb The least the member agreed to receive
    error RevenueClaimBelowMin(uint256 acbAmount, uint256 minAcb);

    /// @notice The member's earning hashrate would pass the cap (records that went out do not count).
    /// @param activePower The hashrate of the member's records still earning
    /// @param cap The most hashrate a member may have earning at once
    error RevenueActivePowerCapReached(uint256 activePower, uint256 cap);
}
