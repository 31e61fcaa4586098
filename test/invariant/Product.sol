// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Community} from "../../mocks/contracts/Community.sol";
import {Main} from "../../mocks/contracts/Main.sol";
import {MockToken} from "../../mocks/contracts/MockToken.sol";
import {MvMarket} from "../../mocks/contracts/MvMarket.sol";
import {Revenue} from "../../mocks/contracts/Revenue.sol";
import {Swap} from "../../mocks/contracts/Swap.sol";
import {IMain} from "../../mocks/contracts/interfaces/IMain.sol";

import {vm} from "./Vm.sol";

/// @title The product as scripts/lib/deploy.ts deploys it, with ten members
/// @notice Same tokens, prices, synthesis rules, routes and daily limits, revenue rate and multiple,
///         and reserves as deploy.ts and scripts/lib/deploy-defaults.ts. Two differences, both for the
///         accounting: the owner (this contract) is not the treasury, and the genesis member is the
///         first of the ten members, so the root of the referral tree acts like everyone else.
abstract contract Product {
    uint256 public constant ACTORS = 10;
    uint256 internal constant TOKENS = 9;
    uint256 internal constant USD = 1e18;
    uint256 internal constant BPS = 10_000;
    uint256 internal constant NANO = 1e9;

    // Tokens in the order of TOKEN_SYMBOLS (contracts-abi/product.ts).
    uint256 internal constant MV = 0;
    uint256 internal constant ACB = 1;
    uint256 internal constant USDT = 2;
    uint256 internal constant USDX = 3;
    uint256 internal constant X = 4;
    uint256 internal constant WXB = 5;
    uint256 internal constant USDC = 6;
    uint256 internal constant FTB = 7;
    uint256 internal constant ZYB = 8;

    /// @dev The seven tokens that pay for synthesis (SYNTHESIS_MULTIPLES), and their multiples.
    uint256 internal constant SYNTHESIS_TOKENS = 7;

    /// @dev 2026-06-01 09:30 UTC: a realistic clock, away from midnight.
    uint256 public constant START = 1_780_306_200;
    uint256 internal constant DAILY_RATE_BPS = 100;
    uint256 internal constant OUT_MULTIPLE = 3;

    address internal constant TREASURY = address(0x7EA5);

    MockToken[TOKENS] public tokens;
    Community public community;
    Revenue public revenue;
    Main public main;
    Swap public swap;
    MvMarket public market;
    address[ACTORS] public actors;

    constructor() {
        vm.warp(START);
        string[TOKENS] memory symbols = _symbols();
        for (uint256 i = 0; i < TOKENS; ++i) {
            tokens[i] = new MockToken(symbols[i], symbols[i], address(this));
            vm.label(address(tokens[i]), symbols[i]);
        }
        for (uint256 i = 0; i < ACTORS; ++i) {
            actors[i] = address(uint160(0xA000 + i));
            vm.label(actors[i], _actorName(i));
        }
        vm.label(TREASURY, "treasury");
        vm.label(address(this), "owner");

        // Community and Revenue keep Main's address, which they get before Main exists: the address
        // of this contract's creation two after the next one, as deploy.ts computes from its nonce.
        address expectedMain = vm.computeCreateAddress(address(this), vm.getNonce(address(this)) + 2);
        community = new Community(actors[0], expectedMain, address(this));
        revenue = new Revenue(IMain(expectedMain), community, tokens[ACB], DAILY_RATE_BPS, OUT_MULTIPLE, address(this));
        main = new Main(community, revenue, address(tokens[ACB]), address(tokens[USDT]), TREASURY, address(this));
        require(address(main) == expectedMain, "Main is not where Community and Revenue expect it");
        swap = new Swap(
            main,
            [address(tokens[MV]), address(tokens[WXB]), address(tokens[USDX]), address(tokens[X]), address(tokens[ACB]), address(tokens[USDT])],
            _defaultDailyLimits(),
            address(this)
        );
        market = new MvMarket(main, tokens[MV], tokens[USDT], address(this));
        vm.label(address(main), "Main");
        vm.label(address(revenue), "Revenue");
        vm.label(address(community), "Community");
        vm.label(address(swap), "Swap");
        vm.label(address(market), "MvMarket");

        uint256[TOKENS] memory prices = _defaultPrices();
        for (uint256 i = 0; i < TOKENS; ++i) main.setPrice(address(tokens[i]), prices[i]);
        for (uint256 i = 0; i < SYNTHESIS_TOKENS; ++i) {
            (uint256 token, uint256 multiple) = _synthesisToken(i);
            main.setSynthesisRule(address(tokens[token]), multiple, multiple, true);
        }

        // Every member has approved every contract without limit ("unlimited" in the wallet): the
        // bounds they send are all that protects them.
        for (uint256 a = 0; a < ACTORS; ++a) {
            for (uint256 t = 0; t < TOKENS; ++t) {
                vm.prank(actors[a]);
                tokens[t].approve(address(main), type(uint256).max);
                vm.prank(actors[a]);
                tokens[t].approve(address(swap), type(uint256).max);
                vm.prank(actors[a]);
                tokens[t].approve(address(market), type(uint256).max);
            }
        }
    }

    // ---------------------------------------------------------------- deploy.ts figures

    function _symbols() internal pure returns (string[TOKENS] memory) {
        return ["MV", "ACB", "USDT", "USDX", "X", "WXB", "USDC", "FTB", "ZYB"];
    }

    /// @dev PRICES of scripts/lib/deploy-defaults.ts, USD with 18 decimals.
    function _defaultPrices() internal pure returns (uint256[TOKENS] memory) {
        return [uint256(1e18), 2e18, 1e18, 1e18, 0.5e18, 0.25e18, 1e18, 0.2e18, 0.1e18];
    }

    /// @dev SYNTHESIS_MULTIPLES: USDT, USDC, USDX by 100; X, ACB, FTB, ZYB by 20.
    function _synthesisToken(uint256 i) internal pure returns (uint256 token, uint256 multiple) {
        uint256[SYNTHESIS_TOKENS] memory list = [USDT, USDC, USDX, X, ACB, FTB, ZYB];
        return (list[i], i < 3 ? 100 : 20);
    }

    /// @dev ROUTES' daily limits in the Route enum's order: MvToX, WxbToX, UsdxToX, AcbToUsdt, UsdtToAcb.
    function _defaultDailyLimits() internal pure returns (uint256[5] memory) {
        return [uint256(1_000e18), 1_000e18, 1_000e18, 500e18, 0];
    }

    /// @dev The token in and out of each route, as indexes into `tokens`.
    function _routeTokens(uint256 route) internal pure returns (uint256 tokenIn, uint256 tokenOut) {
        uint256[5] memory ins = [MV, WXB, USDX, ACB, USDT];
        uint256[5] memory outs = [X, X, X, USDT, ACB];
        return (ins[route], outs[route]);
    }

    function _actorName(uint256 i) internal pure returns (string memory) {
        return string.concat("actor", _decimal(i));
    }

    function _decimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        bytes memory digits;
        while (value != 0) {
            digits = abi.encodePacked(bytes1(uint8(48 + value % 10)), digits);
            value /= 10;
        }
        return string(digits);
    }
}
