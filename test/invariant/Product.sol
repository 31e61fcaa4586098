// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessManager} from "@openzeppelin/contracts/access/manager/AccessManager.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

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
///         and reserves as deploy.ts and scripts/lib/deploy-defaults.ts; then, as deploy.ts hands them
///         over (scripts/lib/governance.ts), OpenZeppelin's AccessManager owns Main, Revenue,
///         Community, Swap and MvMarket: its admin (this contract, the deployer) waits
///         GOVERNANCE_DELAY between scheduling an owner call and executing it, and only Main's
///         setPrice is immediate, under PRICE_SETTER. Three differences: the deployer (this
///         contract) is not the treasury and the genesis member is the first of the ten members,
///         both for the accounting, so the root of the referral tree acts like everyone else; and
///         PRICE_SETTER has a second member, PRICE_BOT, without the admin role, so that the role's
///         reach can be tried on its own (the admin holds both roles, so its refusals prove nothing
///         about the role).
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

    /// @dev governance.ts's roles (GOVERNANCE_ROLES of contracts-abi/product.ts) and the local
    ///      chain's governance delay (its DEFAULT_DELAY_SECONDS.local): every owner call but a price
    ///      step waits this long.
    uint64 internal constant ADMIN_ROLE = 0;
    uint64 internal constant PRICE_SETTER = 1;
    uint32 public constant GOVERNANCE_DELAY = 600;
    /// @dev A member of PRICE_SETTER only (see the notice).
    address internal constant PRICE_BOT = address(0x9B1C);

    MockToken[TOKENS] public tokens;
    Community public community;
    Revenue public revenue;
    Main public main;
    Swap public swap;
    MvMarket public market;
    address[ACTORS] public actors;
    AccessManager public manager;

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
        _handOver();
    }

    /// @dev governance.ts's deployManager and handOver: the manager, with this contract (the
    ///      deployer) as its admin acting at once, becomes the owner of the five contracts (each
    ///      Ownable2Step: the manager accepts through its own execute); PRICE_SETTER gets Main's
    ///      setPrice and the admin (and here PRICE_BOT too); last the admin's own delay (an
    ///      increase applies at once).
    function _handOver() private {
        manager = new AccessManager(address(this));
        vm.label(address(manager), "AccessManager");
        vm.label(PRICE_BOT, "price bot");
        Ownable2Step[5] memory governed = [Ownable2Step(address(main)), revenue, community, swap, market];
        for (uint256 i = 0; i < governed.length; ++i) {
            governed[i].transferOwnership(address(manager));
            manager.execute(address(governed[i]), abi.encodeCall(Ownable2Step.acceptOwnership, ()));
        }
        manager.labelRole(PRICE_SETTER, "PRICE_SETTER");
        bytes4[] memory setPrice = new bytes4[](1);
        setPrice[0] = Main.setPrice.selector;
        manager.setTargetFunctionRole(address(main), setPrice, PRICE_SETTER);
        manager.grantRole(PRICE_SETTER, address(this), 0);
        manager.grantRole(PRICE_SETTER, PRICE_BOT, 0);
        manager.grantRole(ADMIN_ROLE, address(this), GOVERNANCE_DELAY);
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
