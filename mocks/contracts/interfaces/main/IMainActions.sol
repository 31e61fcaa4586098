// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Actions anyone may take on Main
/// @notice Synthesis, and settling a pool whose time is up.
interface IMainActions {
    /// @notice Pays `token` for `hashrate` units of computing power (1 unit = 1 USD), at most
    ///         `maxCost`. The cost goes to the treasury, or is burned when paid in ACB; a share of the
    ///         value (5% each by default) goes to the two pools; the team performance of the
    ///         caller's inviters grows, and they earn their VIP differential rewards. A pool whose
    ///         time is up is paid first, to the winner it had then.
    /// @dev Requires: the token enabled, hashrate a multiple of the token's multiple and at least
    ///      its minimum, the cost at most `maxCost`, balance then allowance covering the cost, the
    ///      caller registered (Community), no backlog of finished records and room under the
    ///      active-power cap (Revenue). Emits Synthesized, and AcbBurned when paid in ACB.
    /// @param token The token to pay in
    /// @param hashrate The hashrate to buy, in units of 1 USD
    /// @param maxCost The most the caller agrees to pay, in `token`: the cost they were shown, with
    ///        a tolerance
    /// @return index The new merge record's index among the caller's records
    function synthesize(address token, uint256 hashrate, uint256 maxCost) external returns (uint256 index);

    /// @notice Pays the lucky pool to the last miner once its countdown has ended. A synthesis after
    ///         the end pays it too, to the miner who was last when the countdown reached zero.
    /// @dev Requires: the countdown ended, something in the pool. Emits LuckyPoolSettled.
    function settleLuckyPool() external;

    /// @notice Pays the max-machine pool to the round's largest synthesis once the round has ended,
    ///         and starts the next round on the 24-hour schedule. A synthesis after the end does it too.
    /// @dev Requires: the round ended, with a leader. Emits MaxPoolSettled and MaxRoundStarted.
    function settleMaxPool() external;
}
