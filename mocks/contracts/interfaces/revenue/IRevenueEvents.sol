// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Revenue
/// @notice Every change of Revenue's state is reported by one of these.
interface IRevenueEvents {
    /// @notice Emitted when a member is paid everything waiting.
    /// @param member The member who claimed
    /// @param settler The address paid
    /// @param usdValue What was paid, in USD with 18 decimals
    /// @param acbAmount The ACB paid: usdValue at acbPrice, rounded down
    /// @param acbPrice The ACB price used, in USD with 18 decimals
    event Claimed(address indexed member, address indexed settler, uint256 usdValue, uint256 acbAmount, uint256 acbPrice);

    /// @notice Emitted after Claimed when the reserve could not pay everything waiting: the rest
    ///         stays waiting, for a later claim.
    /// @param member The member who claimed
    /// @param paidUsd What was paid, in USD with 18 decimals (Claimed's usdValue)
    /// @param stillWaitingUsd What stays waiting, in USD with 18 decimals
    /// @param reserveAcb The ACB this contract held before paying
    event ClaimedInPart(address indexed member, uint256 paidUsd, uint256 stillWaitingUsd, uint256 reserveAcb);

    /// @notice Emitted at a synthesis for each inviter it earns a VIP differential reward.
    /// @param inviter The inviter credited
    /// @param payer The member who synthesised
    /// @param amount The reward, in USD with 18 decimals (kept to the nano-USD)
    event DynamicRevenueCredited(address indexed inviter, address indexed payer, uint256 amount);

    /// @notice Emitted at a claim of machine revenue for each of the member's first three inviters
    ///         it earns preaching gold.
    /// @param inviter The inviter credited
    /// @param member The member who claimed
    /// @param generation 1, 2 or 3: how far above the member the inviter is
    /// @param amount The preaching gold, in USD with 18 decimals (kept to the nano-USD)
    event PreachingGoldCredited(address indexed inviter, address indexed member, uint256 generation, uint256 amount);

    /// @notice Emitted when the daily rate is set, at deployment and by the owner.
    /// @param dailyRateBps What a record earns a day, in basis points of its value
    event DailyRateSet(uint256 dailyRateBps);

    /// @notice Emitted when the preaching-gold rates are set, at deployment and by the owner.
    /// @param ratesBps The rates of generations 1 to 3, in basis points of the machine revenue claimed
    event PreachingRatesSet(uint256[3] ratesBps);

    /// @notice Emitted when the claim interval is set, at deployment and by the owner.
    /// @param interval The seconds that must pass, strictly, between two claims of a member
    event ClaimIntervalSet(uint256 interval);

    /// @notice Emitted when more of a member's oldest records have earned their cap and stop earning.
    /// @param member The member
    /// @param outCount How many of the member's records, oldest first, are now out
    event RecordsOut(address indexed member, uint256 outCount);
}
