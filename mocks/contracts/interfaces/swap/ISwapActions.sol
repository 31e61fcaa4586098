// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title Actions of users on Swap
/// @notice Exchanging on a route.
interface ISwapActions is ISwapTypes {
    /// @notice Exchanges `amountIn` of the route's token in for at least `minOut` of its token out,
    ///         value for value.
    /// @dev Requires: amountIn > 0, amountIn <= maxExchangeable, balance and allowance cover it, the
    ///      amount out at least `minOut`. Emits Exchanged.
    function exchange(Route route, uint256 amountIn, uint256 minOut) external returns (uint256 amountOut);
}
