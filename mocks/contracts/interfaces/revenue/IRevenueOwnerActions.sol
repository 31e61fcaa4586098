// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Revenue's settings, which only the owner may change
/// @notice The daily rate, the preaching-gold rates and the claim interval.
interface IRevenueOwnerActions {
    function setDailyRate(uint256 dailyRateBps) external;
    function setPreachingRates(uint256[3] calldata ratesBps) external;
    function setClaimInterval(uint256 interval) external;
}
