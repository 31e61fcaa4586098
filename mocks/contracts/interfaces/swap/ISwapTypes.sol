// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types Swap takes and returns
/// @notice The routes and the struct of a route's figures.
interface ISwapTypes {
    enum Route {
        MvToX,
        WxbToX,
        UsdxToX,
        AcbToUsdt,
        UsdtToAcb
    }

    struct RouteInfo {
        Route route;
        address tokenIn;
        address tokenOut;
        uint256 priceIn;
        uint256 priceOut;
        /// @dev USD with 18 decimals; zero means no daily limit.
        uint256 dailyLimitUsd;
        uint256 liquidity;
    }
}
