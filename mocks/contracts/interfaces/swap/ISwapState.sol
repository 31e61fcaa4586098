// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ISwapTypes} from "./ISwapTypes.sol";

/// @title State of Swap that anyone may read
/// @notice Routes, quotes, what a user may still exchange today, and Main's address.
interface ISwapState is ISwapTypes {
    /// @notice The Main contract, whose price table prices every route
    /// @return Main's address
    function main() external view returns (address);

    /// @notice A route's tokens, prices, daily limit and liquidity
    /// @dev Reverts with SwapInvalidConfig when a token of the route has no price.
    /// @param route The route
    /// @return The route's figures
    function routeInfo(Route route) external view returns (RouteInfo memory);

    /// @notice Tokens out for `amountIn` tokens in, at the price table (rounded down)
    /// @param route The route
    /// @param amountIn The amount of the route's token in
    /// @return amountOut The amount of its token out an exchange would pay now
    function quote(Route route, uint256 amountIn) external view returns (uint256 amountOut);

    /// @notice The largest amount in `user` may exchange now: what is left of today's limit (UTC),
    ///         bounded by the liquidity of the token out. The balance is checked separately.
    /// @param route The route
    /// @param user The user
    /// @return The amount of the route's token in
    function maxExchangeable(Route route, address user) external view returns (uint256);

    /// @notice What `user` has exchanged on `route` today (UTC)
    /// @param route The route
    /// @param user The user
    /// @return The USD value (18 decimals) counted against today's limit
    function usedToday(Route route, address user) external view returns (uint256);
}
