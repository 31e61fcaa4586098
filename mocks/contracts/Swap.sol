// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IMain} from "./interfaces/IMain.sol";
import {ISwap} from "./interfaces/ISwap.sol";
import {ISwapActions} from "./interfaces/swap/ISwapActions.sol";
import {ISwapOwnerActions} from "./interfaces/swap/ISwapOwnerActions.sol";
import {ISwapState} from "./interfaces/swap/ISwapState.sol";

/// @title Swap mock: the five exchange routes, value for value at Main's price table
/// @notice Implements the product's Swap ABI with the rules of docs/product/contracts.md §8. Tokens paid in stay
///         here and become liquidity; tokens paid out come from the liquidity held here.
contract Swap is ISwap, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant USD = 1e18;
    uint256 private constant ROUTES = 5;

    struct RouteSettings {
        address tokenIn;
        // USD with 18 decimals; zero means no daily limit.
        uint96 dailyLimitUsd;
        address tokenOut;
    }

    /// @dev USD value exchanged by one address on one route on `day` (UTC day number).
    struct Usage {
        uint32 day;
        uint128 usedUsd;
    }

    IMain private immutable _main;
    mapping(Route route => RouteSettings) private _routes;
    mapping(address user => mapping(Route route => Usage)) private _usage;

    /// @notice Deploys Swap with its five routes. Liquidity is what the owner sends here afterwards.
    /// @param main_ Main, whose price table prices every route
    /// @param tokens MV, WXB, USDX, X, ACB, USDT in this order
    /// @param dailyLimitsUsd The daily limit of each route in USD (18 decimals), in Route order (zero
    ///        for none)
    /// @param owner_ The owner, who sets the limits and may take the liquidity out
    constructor(IMain main_, address[6] memory tokens, uint256[ROUTES] memory dailyLimitsUsd, address owner_)
        Ownable(owner_)
    {
        if (address(main_) == address(0)) revert SwapInvalidConfig();
        for (uint256 i = 0; i < tokens.length; ++i) {
            if (tokens[i] == address(0)) revert SwapInvalidConfig();
        }
        _main = main_;
        (address mv, address wxb, address usdx, address x, address acb, address usdt) =
            (tokens[0], tokens[1], tokens[2], tokens[3], tokens[4], tokens[5]);
        _routes[Route.MvToX] = RouteSettings(mv, 0, x);
        _routes[Route.WxbToX] = RouteSettings(wxb, 0, x);
        _routes[Route.UsdxToX] = RouteSettings(usdx, 0, x);
        _routes[Route.AcbToUsdt] = RouteSettings(acb, 0, usdt);
        _routes[Route.UsdtToAcb] = RouteSettings(usdt, 0, acb);
        for (uint256 i = 0; i < ROUTES; ++i) {
            _setDailyLimit(Route(i), dailyLimitsUsd[i]);
        }
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc ISwapActions
    function exchange(Route route, uint256 amountIn, uint256 minOut)
        external
        override
        nonReentrant
        returns (uint256 amountOut)
    {
        if (amountIn == 0) revert SwapInvalidAmount();
        RouteSettings memory settings = _routes[route];
        uint256 usdValue;
        (amountOut, usdValue) = _checkedQuote(route, settings, amountIn);
        if (amountOut < minOut) revert SwapOutputBelowMin(amountOut, minOut);
        if (settings.dailyLimitUsd != 0) {
            // Cast is safe: used + usdValue <= dailyLimitUsd < 2^96, by the maximum check.
            _usage[msg.sender][route] =
                Usage(uint32(block.timestamp / 1 days), uint128(usedToday(route, msg.sender) + usdValue));
        }
        emit Exchanged(msg.sender, route, amountIn, amountOut, usdValue);

        IERC20(settings.tokenIn).safeTransferFrom(msg.sender, address(this), amountIn);
        IERC20(settings.tokenOut).safeTransfer(msg.sender, amountOut);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ISwapState
    function main() external view override returns (address) {
        return address(_main);
    }

    /// @inheritdoc ISwapState
    function routeInfo(Route route) external view override returns (RouteInfo memory info) {
        RouteSettings memory settings = _routes[route];
        (uint256 priceIn, uint256 priceOut) = _prices(settings);
        return RouteInfo({
            route: route,
            tokenIn: settings.tokenIn,
            tokenOut: settings.tokenOut,
            priceIn: priceIn,
            priceOut: priceOut,
            dailyLimitUsd: settings.dailyLimitUsd,
            liquidity: IERC20(settings.tokenOut).balanceOf(address(this))
        });
    }

    /// @inheritdoc ISwapState
    function quote(Route route, uint256 amountIn) external view override returns (uint256) {
        (uint256 priceIn, uint256 priceOut) = _prices(_routes[route]);
        return amountIn * priceIn / priceOut;
    }

    /// @inheritdoc ISwapState
    function maxExchangeable(Route route, address user) external view override returns (uint256) {
        RouteSettings memory settings = _routes[route];
        (uint256 priceIn, uint256 priceOut) = _prices(settings);
        return _maxExchangeable(route, user, settings, priceIn, priceOut);
    }

    /// @inheritdoc ISwapState
    function usedToday(Route route, address user) public view override returns (uint256) {
        Usage memory usage = _usage[user][route];
        return usage.day == block.timestamp / 1 days ? usage.usedUsd : 0;
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc ISwapOwnerActions
    function setDailyLimit(Route route, uint256 dailyLimitUsd) external override onlyOwner {
        _setDailyLimit(route, dailyLimitUsd);
    }

    /// @inheritdoc ISwapOwnerActions
    /// @dev Everything held here is liquidity the owner provides, or what exchanges paid in: no
    ///      user is owed any of it, as every exchange settles in its own transaction.
    function rescue(address token, address to, uint256 amount) external override onlyOwner nonReentrant {
        if (to == address(0)) revert SwapInvalidConfig();
        emit Rescued(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------- internal

    /// @dev The amount in whose USD value fits what is left of today's limit and whose amount out
    ///      fits the liquidity, both rounded down so that exchanging exactly this much succeeds.
    function _maxExchangeable(
        Route route,
        address user,
        RouteSettings memory settings,
        uint256 priceIn,
        uint256 priceOut
    ) private view returns (uint256 max) {
        uint256 liquidity = IERC20(settings.tokenOut).balanceOf(address(this));
        // floor(max * priceIn / priceOut) <= liquidity follows from max <= liquidity * priceOut / priceIn.
        max = liquidity * priceOut / priceIn;
        if (settings.dailyLimitUsd != 0) {
            uint256 used = usedToday(route, user);
            uint256 left = settings.dailyLimitUsd > used ? settings.dailyLimitUsd - used : 0;
            // usdValue = ceil(amountIn * priceIn / USD) must not exceed `left`.
            uint256 byLimit = left * USD / priceIn;
            if (byLimit < max) max = byLimit;
        }
    }

    /// @dev Checks an exchange against the maximum, the balance and the allowance, and prices it.
    function _checkedQuote(Route route, RouteSettings memory settings, uint256 amountIn)
        private
        view
        returns (uint256 amountOut, uint256 usdValue)
    {
        (uint256 priceIn, uint256 priceOut) = _prices(settings);
        uint256 max = _maxExchangeable(route, msg.sender, settings, priceIn, priceOut);
        if (amountIn > max) revert SwapExceedsMaxExchangeable(amountIn, max);
        IERC20 tokenIn = IERC20(settings.tokenIn);
        uint256 balance = tokenIn.balanceOf(msg.sender);
        if (balance < amountIn) revert SwapBalanceTooLow(settings.tokenIn, balance, amountIn);
        uint256 allowance = tokenIn.allowance(msg.sender, address(this));
        if (allowance < amountIn) revert SwapAllowanceTooLow(settings.tokenIn, allowance, amountIn);
        amountOut = amountIn * priceIn / priceOut;
        // Too small to be worth one unit of the token out.
        if (amountOut == 0) revert SwapInvalidAmount();
        // Rounded up, so that many small exchanges cannot add up to more than the limit.
        usdValue = Math.mulDiv(amountIn, priceIn, USD, Math.Rounding.Ceil);
    }

    function _prices(RouteSettings memory settings) private view returns (uint256 priceIn, uint256 priceOut) {
        priceIn = _main.priceOf(settings.tokenIn);
        priceOut = _main.priceOf(settings.tokenOut);
        if (priceIn == 0 || priceOut == 0) revert SwapInvalidConfig();
    }

    function _setDailyLimit(Route route, uint256 dailyLimitUsd) private {
        if (dailyLimitUsd > type(uint96).max) revert SwapInvalidConfig();
        _routes[route].dailyLimitUsd = uint96(dailyLimitUsd);
        emit DailyLimitSet(route, dailyLimitUsd);
    }
}
