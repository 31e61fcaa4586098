// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Errors of Revenue
/// @notice Every way Revenue refuses a call.
interface IRevenueErrors {
    error RevenueClaimTooSoon(uint256 nextClaimAt);
    error RevenueNothingToClaim();
    /// @notice At the ACB price, what is waiting is worth less than one unit of ACB: a claim would pay
    ///         nothing yet mark it all received, so it is refused and everything stays waiting.
    error RevenueClaimPaysNothing(uint256 usdValue, uint256 acbPrice);
    error RevenueNotMain(address caller);
    /// @notice More of the member's records have finished than one call takes out: run
    ///         processOutRecords first.
    error RevenueOutBacklog(address member);
    error RevenueInvalidConfig();
    /// @notice The claim would pay less ACB than the member's own bound: the ACB price moved.
    error RevenueClaimBelowMin(uint256 acbAmount, uint256 minAcb);
    /// @notice The member's earning hashrate would pass the cap (records that went out do not count).
    error RevenueActivePowerCapReached(uint256 activePower, uint256 cap);
}
