// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Swap: value-for-value exchange routes at the price table, with per-address daily limits.
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

interface ISwapErrors is ISwapTypes {
    error SwapInvalidAmount();
    error SwapExceedsMaxExchangeable(uint256 amount, uint256 max);
    error SwapBalanceTooLow(address token, uint256 balance, uint256 amount);
    error SwapAllowanceTooLow(address token, uint256 allowance, uint256 amount);
    error SwapInvalidConfig();
    /// @notice The exchange would pay out less than the user's own bound: a price moved.
    error SwapOutputBelowMin(uint256 amountOut, uint256 minOut);
}

interface ISwapEvents is ISwapTypes {
    event Exchanged(address indexed user, Route indexed route, uint256 amountIn, uint256 amountOut, uint256 usdValue);
    event DailyLimitSet(Route indexed route, uint256 dailyLimitUsd);
    event Rescued(address indexed token, address indexed to, uint256 amount);
}

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

interface ISwapActions is ISwapTypes {
    /// @notice Exchanges `amountIn` of the route's token in for at least `minOut` of its token out,
    ///         value for value.
    /// @dev Requires: amountIn > 0, amountIn <= maxExchangeable, balance and allowance cover it, the
    ///      amount out at least `minOut`. Emits Exchanged.
    function exchange(Route route, uint256 amountIn, uint256 minOut) external returns (uint256 amountOut);
}

interface ISwapOwnerActions is ISwapTypes {
    function setDailyLimit(Route route, uint256 dailyLimitUsd) external;
    /// @notice Sends tokens held here to `to`: liquidity, and what exchanges and mistakes paid in.
    function rescue(address token, address to, uint256 amount) external;
}

interface ISwap is ISwapErrors, ISwapEvents, ISwapState, ISwapActions, ISwapOwnerActions {}
