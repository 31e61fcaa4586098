// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Main's settings, which only the owner may change
/// @notice Prices, synthesis rules, the pools, the treasury, the price guard and the rescue of
///         tokens sent by mistake.
interface IMainOwnerActions {
    /// @notice Sets a token's USD price. A move within the price guard's step at least a delay after
    ///         the last change of this token (and of the other side of its ratio to USDT) applies at
    ///         once; a larger move is announced and applies a delay later. A first price applies at
    ///         once before launch (see `launched`) and is announced after it.
    /// @dev Requires: the owner, a token other than zero, a price from 1e9 (a billionth of a USD) to
    ///      2^96 - 1, at most 255 tokens priced. Emits PriceSet, or PriceChangeScheduled.
    /// @param token The token to price; a new one joins the price table, disabled for synthesis
    /// @param price Its USD price, 18 decimals
    function setPrice(address token, uint256 price) external;

    /// @notice Sets how a priced token pays for synthesis. The multiple, the minimum and disabling
    ///         apply at once; enabling applies at once before launch and a price-guard delay later
    ///         after it.
    /// @dev Requires: the owner, a priced token (or one whose first price is announced), a positive
    ///      multiple, a minimum that is a multiple of it and at most the largest hashrate. Emits
    ///      SynthesisRuleSet, then SynthesisEnablingScheduled while an enabling waits.
    /// @param token The token
    /// @param multiple A hashrate paid in it must be a whole number of these
    /// @param minimum The lowest hashrate it pays for
    /// @param enabled Whether it pays for synthesis at all
    function setSynthesisRule(address token, uint256 multiple, uint256 minimum, bool enabled) external;

    /// @notice Sets the pools' shares of each synthesis and their durations, from the next synthesis.
    /// @dev Requires: the owner, shares adding up to at most 100%, a lucky countdown from one second
    ///      to one day and rounds from one second to 30 days (so no prize is held for years).
    ///      Emits PoolConfigSet.
    /// @param luckyShareBps The lucky pool's share of each synthesis's USD value, in basis points
    /// @param maxShareBps The max-machine pool's share, in basis points
    /// @param luckyDuration The lucky countdown that each synthesis restarts, in seconds
    /// @param roundDuration The length of the max-machine rounds after the one in progress, in seconds
    function setPoolConfig(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
        external;

    /// @notice Sets where syntheses paid in tokens other than ACB send their cost.
    /// @dev Requires: the owner, an address other than zero. Emits TreasurySet.
    /// @param treasury The new treasury
    function setTreasury(address treasury) external;

    /// @notice Sets the price guard: how far a price may move at once, and how long a larger move
    ///         waits after it is announced. A tighter guard (a step no larger and a delay no
    ///         shorter than the guard in force) applies at once; a looser one is announced and
    ///         applies after the delay in force, so that sellers see it coming as they see a price
    ///         change. Either replaces a looser guard still scheduled; setting the guard in force
    ///         cancels it.
    /// @dev Requires: the owner, `stepBps` at most 2,000 (20%), `delay` from one day to 30 days.
    ///      Emits PriceGuardSet when it applies at once, PriceGuardScheduled when it waits.
    /// @param stepBps The largest move that applies at once, in basis points of the price in force
    /// @param delay The least time between two moves that apply at once, and the wait of a larger one
    function setPriceGuard(uint256 stepBps, uint256 delay) external;

    /// @notice Sends tokens held here by mistake to `to`. Never the USDT the pools promise.
    /// @dev Requires: the owner, a recipient other than zero, an amount at most what is free.
    ///      Emits Rescued.
    /// @param token The token to send
    /// @param to The recipient
    /// @param amount The amount to send
    function rescue(address token, address to, uint256 amount) external;
}
