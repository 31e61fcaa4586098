// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title A token that can be burned
/// @notice ACB paid for synthesis is burned; the product's ACB token supports it.
interface IBurnable {
    function burn(uint256 amount) external;
}
