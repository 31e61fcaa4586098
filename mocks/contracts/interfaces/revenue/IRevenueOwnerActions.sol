// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Revenue's settings, which only the owner may change
/// @notice The daily rate, the preaching-gold rates and the claim interval.
interface IRevenueOwnerActions {
    /// @notice Sets what every record earns a day, from now on.
    /// @dev Requires: the owner, a rate of at most 10,000 (100%). Emits DailyRateSet.
    /// @param dailyRateBps The rate in basis points of a record's value
    function setDailyRate(uint256 dailyRateBps) external;

    /// @notice Sets what machine revenue earns the member's first three inviters when it is paid,
    ///         for revenue earned from now: revenue earned before credits gold at the rates it was
    ///         earned under.
    /// @dev Requires: the owner, rates adding up to at most 10,000 (100%). Emits PreachingRatesSet.
    /// @param ratesBps The rates of generations 1 to 3, in basis points of the machine revenue claimed
    function setPreachingRates(uint256[3] calldata ratesBps) external;

    /// @notice Sets the seconds that must pass, strictly, between two claims of a member.
    /// @dev Requires: the owner, an interval of at most one day. Emits ClaimIntervalSet.
    /// @param interval The interval in seconds
    function setClaimInterval(uint256 interval) external;
}
