// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Main
/// @notice Every change of Main's state is reported by one of these.
interface IMainEvents {
    /// @notice Emitted once per synthesis, when its merge record is added.
    /// @param member The payer, who owns the record
    /// @param token The token paid
    /// @param index The record's index among the member's records
    /// @param hashrate The hashrate bought, in units of 1 USD
    /// @param cost The tokens paid
    /// @param usdValue The synthesis's value in USD (18 decimals): hashrate x 1e18
    event Synthesized(
        address indexed member,
        address indexed token,
        uint256 indexed index,
        uint256 hashrate,
        uint256 cost,
        uint256 usdValue
    );

    /// @notice Emitted by a synthesis paid in ACB, whose cost is burned.
    /// @param member The payer
    /// @param amount The ACB burned by this synthesis
    /// @param totalBurned The ACB burned by all syntheses so far
    event AcbBurned(address indexed member, uint256 amount, uint256 totalBurned);

    /// @notice Emitted when the lucky pool is paid, by settleLuckyPool or by the next synthesis.
    /// @param winner The last miner when the countdown reached zero
    /// @param amount The USDT paid
    /// @param round The number of lucky pools paid so far, this one included
    event LuckyPoolSettled(address indexed winner, uint256 amount, uint256 round);

    /// @notice Emitted when a max-machine round that ended is paid, by settleMaxPool or by the next
    ///         synthesis.
    /// @param winner The payer of the round's largest synthesis
    /// @param amount The USDT paid
    /// @param hashrate The hashrate of that synthesis
    /// @param round The round paid, counted from 1
    event MaxPoolSettled(address indexed winner, uint256 amount, uint256 hashrate, uint256 round);

    /// @notice Emitted at deployment and whenever a max-machine round ends, for the next one.
    /// @param round The round that starts, counted from 1
    /// @param endsAt When it ends: rounds follow a fixed schedule, whenever the last was settled
    event MaxRoundStarted(uint256 round, uint256 endsAt);

    /// @notice Emitted when `price` is in force from now, and no change is scheduled.
    /// @param token The token priced
    /// @param price Its USD price, 18 decimals
    event PriceSet(address indexed token, uint256 price);

    /// @notice Emitted when a move past the guard's step is announced: `newPrice` replaces
    ///         `currentPrice` at `effectiveAt`, unless the owner sets another price first.
    /// @param token The token priced
    /// @param currentPrice The price in force until then
    /// @param newPrice The price from `effectiveAt`
    /// @param effectiveAt When the new price applies, in seconds since the epoch
    event PriceChangeScheduled(address indexed token, uint256 currentPrice, uint256 newPrice, uint256 effectiveAt);

    /// @notice Emitted when a price guard applies at once: at deployment, and when the owner
    ///         tightens it (a step no larger, a delay no shorter), cancelling a scheduled one.
    /// @param stepBps The largest move that applies at once, in basis points of the price in force
    /// @param delay How long a larger move waits, and the least time between two moves at once
    event PriceGuardSet(uint256 stepBps, uint256 delay);

    /// @notice Emitted when the owner loosens the price guard (a larger step or a shorter delay):
    ///         the new guard replaces the one in force at `effectiveAt`, the delay in force from
    ///         now, unless the owner sets another guard first.
    /// @param stepBps The largest move that will apply at once, in basis points of the price in force
    /// @param delay How long a larger move will wait, and the least time between two moves at once
    /// @param effectiveAt When the new guard applies, in seconds since the epoch
    event PriceGuardScheduled(uint256 stepBps, uint256 delay, uint256 effectiveAt);

    /// @notice Emitted when the owner sends out tokens held here by mistake.
    /// @param token The token sent
    /// @param to The recipient
    /// @param amount The amount sent
    event Rescued(address indexed token, address indexed to, uint256 amount);

    /// @notice Emitted when the owner changes how a token pays for synthesis.
    /// @param token The token
    /// @param multiple A hashrate paid in it must be a whole number of these
    /// @param minimum The lowest hashrate it pays for
    /// @param enabled Whether it pays for synthesis at all
    event SynthesisRuleSet(address indexed token, uint256 multiple, uint256 minimum, bool enabled);

    /// @notice Emitted when the owner enables a token after launch: it pays for synthesis from
    ///         `effectiveAt`, unless a SynthesisRuleSet that disables it comes first. Follows the
    ///         SynthesisRuleSet of the same call, which says the token is not enabled yet.
    /// @param token The token
    /// @param effectiveAt When it is enabled, in seconds since the epoch
    event SynthesisEnablingScheduled(address indexed token, uint256 effectiveAt);

    /// @notice Emitted when the pools' shares and durations are set, at deployment and by the owner.
    /// @param luckyShareBps The lucky pool's share of each synthesis's USD value, in basis points
    /// @param maxShareBps The max-machine pool's share, in basis points
    /// @param luckyDuration The lucky countdown that each synthesis restarts, in seconds
    /// @param roundDuration The length of a max-machine round, in seconds
    event PoolConfigSet(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);

    /// @notice Emitted when the treasury is set, at deployment and by the owner.
    /// @param treasury The address that receives what syntheses pay in tokens other than ACB
    event TreasurySet(address indexed treasury);
}
