// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Actions of users on Swap
/// @notice Exchanging on a route.
interface ISwapActions is ISwapTypes {
    /// @notice Exchanges `amountIn` of the route's token in for at least `minOut` of its token out,
    ///         value for value.
    /// @dev Requires: amountIn > 0, amountIn <= maxExchangeable, balance then allowance covering it,
    ///      the amount out at least one unit and at least `minOut`. Emits Exchanged.
    /// @param route The route
    /// @param amountIn The amount of the route's token in to pay
    /// @param minOut The least of its token out the user agrees to receive: the quote they were
    ///        shown, with a tolerance
    /// @return amountOut The amount of the token out paid to the user
    function exchange(Route route, uint256 amountIn, uint256 minOut) external returns (uint256 amountOut);
}
