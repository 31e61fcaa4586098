// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A VIP differential reward an inviter earns on a synthesis, in basis points of its USD
///         value. Community computes them while walking the tree; Revenue credits them.
struct InviterReward {
    address inviter;
    uint256 rateBps;
}
