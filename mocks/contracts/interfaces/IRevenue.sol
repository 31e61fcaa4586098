// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InviterReward} from "./InviterReward.sol";

/// @title Revenue: machine revenue of merge records, dynamic revenue, preaching gold, claims.
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

interface IRevenueTypes {
    /// @notice Revenue figures of one member, in USD with 18 decimals.
    struct Earnings {
        uint256 machineTotal;
        uint256 machineWaiting;
        uint256 machineReceived;
        uint256 dynamicWaiting;
        uint256 dynamicReceived;
        uint256[3] preachingWaiting;
        uint256[3] preachingReceived;
        uint256 totalWaiting;
        uint256 activeValue;
        uint256 outCount;
        /// @dev More records have finished than one call takes out; the figures run up to the last
        ///      one taken out, and processOutRecords brings them up to date.
        bool outBacklog;
        uint256 lastClaimAt;
        uint256 nextClaimAt;
    }
}

interface IRevenueState is IRevenueTypes {
    function main() external view returns (address);
    function community() external view returns (address);
    function acb() external view returns (address);
    function earningsOf(address member) external view returns (Earnings memory);
    /// @notice How many of the member's merge records, oldest first, have earned their cap.
    function outCount(address member) external view returns (uint256);
    /// @notice Current ACB price in USD (18 decimals), at which claims are paid.
    function acbPrice() external view returns (uint256);
    function dailyRateBps() external view returns (uint256);
    /// @notice A record stops earning once it has earned this multiple of its value.
    function outMultiple() external view returns (uint256);
    function claimInterval() external view returns (uint256);
    /// @notice The most records one claim, synthesis or processOutRecords call takes out.
    function maxOutPerCall() external pure returns (uint256);
    /// @notice The most hashrate one member may have earning at once.
    function maxActivePower() external pure returns (uint256);
    function preachingRatesBps() external view returns (uint256[3] memory);
}

interface IRevenueActions {
    /// @notice Pays all waiting revenue in ACB, at the current ACB price, to the caller's settler:
    ///         at least `minAcb`.
    /// @dev Requires: more than `claimInterval` seconds since the last claim, something waiting, a
    ///      payment of at least `minAcb`, and enough ACB in this contract (else the token's
    ///      ERC20InsufficientBalance). Credits preaching gold to the caller's first three inviters.
    ///      Emits Claimed.
    function claim(uint256 minAcb) external returns (uint256 acbAmount);

    /// @notice Marks out up to `maxRecords` of the member's records that have earned their cap, and
    ///         accrues their revenue. Claim and synthesis do this themselves; this bounded form lets
    ///         anyone work off a long backlog in several transactions. Emits RecordsOut.
    function processOutRecords(address member, uint256 maxRecords) external returns (uint256 processed);

    /// @notice Starts a new merge record earning and credits the VIP differential rewards. Only Main.
    function recordSynthesis(address member, uint256 hashrate, InviterReward[] calldata rewards) external;
}

interface IRevenueOwnerActions {
    function setDailyRate(uint256 dailyRateBps) external;
    function setPreachingRates(uint256[3] calldata ratesBps) external;
    function setClaimInterval(uint256 interval) external;
}

interface IRevenue is IRevenueErrors, IRevenueEvents, IRevenueState, IRevenueActions, IRevenueOwnerActions {}
