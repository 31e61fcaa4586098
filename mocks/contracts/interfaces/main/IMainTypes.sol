// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Main returns
/// @notice The structs of Main's views.
interface IMainTypes {
    /// @notice How a token may pay for synthesis, and its USD price (18 decimals).
    struct TokenRule {
        address token;
        uint256 price;
        // A hashrate paid in this token is a whole number of these, and at least `minimum`.
        uint256 multiple;
        uint256 minimum;
        bool enabled;
    }

    /// @notice One merge record. `out` is set once it has earned its cap, whether or not Revenue has
    ///         taken it out yet (Revenue's finishedCount).
    struct MergeRecord {
        // Its place among the member's records, from 0.
        uint256 index;
        address token;
        uint256 hashrate;
        // Tokens paid.
        uint256 cost;
        // When it was made, in seconds since the epoch.
        uint256 time;
        bool out;
    }

    /// @notice The lucky pool: paid, in USDT, to the last miner once the countdown that every
    ///         synthesis restarts reaches zero.
    struct LuckyPool {
        // USDT in the pool now.
        uint256 amount;
        // When the countdown reaches zero; zero before the first synthesis.
        uint256 endsAt;
        address lastMiner;
        // The winner and prize of the last pool paid.
        address lastWinner;
        uint256 lastPrize;
        // The round in progress, counted from 1.
        uint256 round;
    }

    /// @notice The max-machine pool: paid, in USDT, to the largest synthesis of each round (24 h by
    ///         default, on a fixed schedule).
    struct MaxPool {
        // USDT in the pool now.
        uint256 amount;
        // When the round in progress ends.
        uint256 endsAt;
        // The round's largest synthesis so far: its payer and hashrate (the first of equals leads).
        address leader;
        uint256 leaderHashrate;
        // The winner and prize of the last round paid.
        address lastWinner;
        uint256 lastPrize;
        // The round in progress, counted from 1.
        uint256 round;
    }
}
