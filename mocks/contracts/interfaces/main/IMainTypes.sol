// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Main returns
/// @notice The structs of Main's views.
interface IMainTypes {
    /// @notice How a token may pay for synthesis, and its USD price (18 decimals).
    struct TokenRule {
        address token;
        uint256 price;
        uint256 multiple;
        uint256 minimum;
        bool enabled;
    }

    /// @notice One merge record. `out` is set once it has earned its cap (see Revenue).
    struct MergeRecord {
        uint256 index;
        address token;
        uint256 hashrate;
        uint256 cost;
        uint256 time;
        bool out;
    }

    struct LuckyPool {
        uint256 amount;
        uint256 endsAt;
        address lastMiner;
        address lastWinner;
        uint256 lastPrize;
        uint256 round;
    }

    struct MaxPool {
        uint256 amount;
        uint256 endsAt;
        address leader;
        uint256 leaderHashrate;
        address lastWinner;
        uint256 lastPrize;
        uint256 round;
    }
}
