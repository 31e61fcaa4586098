// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title A token that can be burned
/// @notice ACB paid for synthesis is burned; the product's ACB token supports it.
interface IBurnable {
    /// @notice Destroys `amount` of the caller's tokens, lowering the total supply.
    /// @param amount The amount to burn
    function burn(uint256 amount) external;
}
