// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Actions anyone may take on Main
/// @notice Synthesis, and settling a pool whose time is up.
interface IMainActions {
    /// @notice Pays `token` for `hashrate` units of computing power (1 unit = 1 USD), at most `maxCost`.
    /// @dev Requires: the caller registered, the token enabled, hashrate a multiple of the token's
    ///      multiple and at least its minimum, the cost at most `maxCost`, allowance and balance
    ///      covering the cost. Emits Synthesized, and AcbBurned when paid in ACB.
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
