// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Revenue
/// @notice Every change of Revenue's state is reported by one of these.
interface IRevenueEvents {
    event Claimed(address indexed member, address indexed settler, uint256 usdValue, uint256 acbAmount, uint256 acbPrice);
    event DynamicRevenueCredited(address indexed inviter, address indexed payer, uint256 amount);
    event PreachingGoldCredited(address indexed inviter, address indexed member, uint256 generation, uint256 amount);
    event DailyRateSet(uint256 dailyRateBps);
    event PreachingRatesSet(uint256[3] ratesBps);
    event ClaimIntervalSet(uint256 interval);
    /// @notice `outCount` of the member's oldest records have now earned their cap.
    event RecordsOut(address indexed member, uint256 outCount);
}
