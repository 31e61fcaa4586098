// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Swap takes and returns
/// @notice The routes and the struct of a route's figures.
interface ISwapTypes {
    /// @notice The five exchange routes: token in, then token out.
    enum Route {
        MvToX,
        WxbToX,
        UsdxToX,
        AcbToUsdt,
        UsdtToAcb
    }

    /// @notice A route's tokens, prices (USD, 18 decimals), daily limit and liquidity.
    struct RouteInfo {
        Route route;
        address tokenIn;
        address tokenOut;
        uint256 priceIn;
        uint256 priceOut;
        // USD with 18 decimals; zero means no daily limit.
        uint256 dailyLimitUsd;
        // The token out that Swap holds.
        uint256 liquidity;
    }
}
