// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Events emitted by Main
/// @notice Every change of Main's state is reported by one of these.
interface IMainEvents {
    event Synthesized(
        address indexed member,
        address indexed token,
        uint256 indexed index,
        uint256 hashrate,
        uint256 cost,
        uint256 usdValue
    );
    event AcbBurned(address indexed member, uint256 amount, uint256 totalBurned);
    event LuckyPoolSettled(address indexed winner, uint256 amount, uint256 round);
    event MaxPoolSettled(address indexed winner, uint256 amount, uint256 hashrate, uint256 round);
    event MaxRoundStarted(uint256 round, uint256 endsAt);
    /// @notice `price` is in force from now, and no change is scheduled.
    event PriceSet(address indexed token, uint256 price);
    /// @notice `newPrice` replaces `currentPrice` at `effectiveAt` (a move past the guard's step).
    event PriceChangeScheduled(address indexed token, uint256 currentPrice, uint256 newPrice, uint256 effectiveAt);
    event PriceGuardSet(uint256 stepBps, uint256 delay);
    event Rescued(address indexed token, address indexed to, uint256 amount);
    event SynthesisRuleSet(address indexed token, uint256 multiple, uint256 minimum, bool enabled);
    event PoolConfigSet(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);
    event TreasurySet(address indexed treasury);
}
