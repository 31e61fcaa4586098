// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title State of Swap that anyone may read
/// @notice Routes, quotes, what a user may still exchange today, and Main's address.
interface ISwapState is ISwapTypes {
    function main() external view returns (address);
    function routeInfo(Route route) external view returns (RouteInfo memory);
    /// @notice Tokens out for `amountIn` tokens in, at the price table (rounded down).
    function quote(Route route, uint256 amountIn) external view returns (uint256 amountOut);
    /// @notice The largest amount in `user` may exchange now: what is left of today's limit (UTC),
    ///         bounded by the liquidity of the token out. The balance is checked separately.
    function maxExchangeable(Route route, address user) external view returns (uint256);
    /// @notice USD value (18 decimals) `user` exchanged today (UTC) on `route`.
    function usedToday(Route route, address user) external view returns (uint256);
}
