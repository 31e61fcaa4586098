// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Community} from "../../mocks/contracts/Community.sol";
import {Main} from "../../mocks/contracts/Main.sol";
import {MockToken} from "../../mocks/contracts/MockToken.sol";
import {MvMarket} from "../../mocks/contracts/MvMarket.sol";
import {Revenue} from "../../mocks/contracts/Revenue.sol";
import {Swap} from "../../mocks/contracts/Swap.sol";
import {IMvMarketTypes} from "../../mocks/contracts/interfaces/IMvMarket.sol";
import {IRevenueTypes} from "../../mocks/contracts/interfaces/IRevenue.sol";
import {ISwapTypes} from "../../mocks/contracts/interfaces/ISwap.sol";
import {InviterReward} from "../../mocks/contracts/interfaces/InviterReward.sol";

import {vm} from "./Vm.sol";

/// @title The actors of the invariant suite, and its model of what they are owed
/// @notice Deploys the product as scripts/lib/deploy.ts does (same prices, rules, routes, reserves),
///         owns it, and exposes one function per action for forge to call in random order with
///         random arguments: ten members registering, synthesising in the seven tokens, exchanging
///         on the five routes, listing, buying and withdrawing MV, claiming, settling the pools,
///         changing settlers; the owner moving prices; time moving by seconds, across the 60 s
///         claim interval and across UTC midnights, or by weeks. Arguments are bounded to what a
///         user could send, so most calls succeed and runs reach deep states. Every call that
///         reverts is checked to have moved nothing, and calls from the wrong sender to be refused.
contract Handler {
    uint256 internal constant ACTORS = 10;
    uint256 internal constant USD = 1e18;
    address internal constant TREASURY = address(0x7EA5);

    // Tokens in the order of scripts/lib/product.ts TOKEN_SYMBOLS.
    uint256 internal constant MV = 0;
    uint256 internal constant ACB = 1;
    uint256 internal constant USDT = 2;
    uint256 internal constant USDX = 3;
    uint256 internal constant X = 4;
    uint256 internal constant WXB = 5;
    uint256 internal constant USDC = 6;
    uint256 internal constant FTB = 7;
    uint256 internal constant ZYB = 8;
    uint256 internal constant TOKENS = 9;

    MockToken[TOKENS] public tokens;
    Community public community;
    Revenue public revenue;
    Main public main;
    Swap public swap;
    MvMarket public market;
    address[ACTORS] public actors;

    /// @dev The clock of the sequence: forge starts every call at the block's own time, so each
    ///      action moves to this first.
    uint256 public currentTime;

    // ---- the model
    uint256[TOKENS] public minted;
    uint256[TOKENS] public burned;
    /// @dev Hashrate each actor synthesised, ever: their power.
    mapping(address actor => uint256) public synthesised;
    /// @dev USD value of every synthesis, and the machine revenue every claim paid.
    uint256 public totalSynthesisedUsd;
    /// @dev MV the sellers' active orders hold: listed, less what was bought and taken out.
    uint256 public escrow;
    /// @dev Broken expectations, each a counter the invariant wants at zero. A handler never reverts
    ///      on one (forge would count it as a refused call and go on): it counts it, and keeps the
    ///      first reason for the report.
    uint256 public breaks;
    string public firstBreak;
    uint256 public revertsThatMoved;
    uint256 public wrongSendersAccepted;
    uint256 public strangersWithdrew;
    uint256 public productSettlersAccepted;
    /// @dev Calls per action, and how many of them the contracts refused (for the metrics).
    mapping(bytes4 action => uint256) public calls;
    mapping(bytes4 action => uint256) public refused;

    constructor() {
        currentTime = block.timestamp;
        string[TOKENS] memory symbols = ["MV", "ACB", "USDT", "USDX", "X", "WXB", "USDC", "FTB", "ZYB"];
        for (uint256 i = 0; i < TOKENS; ++i) {
            tokens[i] = new MockToken(symbols[i], symbols[i], address(this));
            vm.label(address(tokens[i]), symbols[i]);
        }
        for (uint256 i = 0; i < ACTORS; ++i) {
            actors[i] = address(uint160(0xA000 + i));
            vm.label(actors[i], string.concat("actor", _decimal(i)));
        }
        // Community and Revenue keep Main's address, which they get before Main exists: it is the
        // address of this contract's third creation from now.
        address expectedMain = vm.computeCreateAddress(address(this), vm.getNonce(address(this)) + 2);
        community = new Community(actors[0], expectedMain, address(this));
        revenue = new Revenue(Main(expectedMain), community, tokens[ACB], 100, 3, address(this));
        main = new Main(community, revenue, address(tokens[ACB]), address(tokens[USDT]), TREASURY, address(this));
        require(address(main) == expectedMain, "Main is not where Community and Revenue expect it");
        swap = new Swap(
            main,
            [address(tokens[MV]), address(tokens[WXB]), address(tokens[USDX]), address(tokens[X]), address(tokens[ACB]), address(tokens[USDT])],
            [uint256(1_000e18), 1_000e18, 1_000e18, 500e18, 0],
            address(this)
        );
        market = new MvMarket(main, tokens[MV], tokens[USDT], address(this));

        uint256[TOKENS] memory prices = [uint256(1e18), 2e18, 1e18, 1e18, 0.5e18, 0.25e18, 1e18, 0.2e18, 0.1e18];
        for (uint256 i = 0; i < TOKENS; ++i) main.setPrice(address(tokens[i]), prices[i]);
        uint256[7] memory paying = [USDT, USDC, USDX, X, ACB, FTB, ZYB];
        for (uint256 i = 0; i < paying.length; ++i) {
            uint256 multiple = i < 3 ? 100 : 20;
            main.setSynthesisRule(address(tokens[paying[i]]), multiple, multiple, true);
        }
        _mint(USDT, address(main), 1_000_000e18);
        _mint(ACB, address(revenue), 5_000_000e18);
        _mint(X, address(swap), 5_000_000e18);
        _mint(USDT, address(swap), 1_000_000e18);
        _mint(ACB, address(swap), 1_000_000e18);

        // Every actor has ticked "unlimited" for every contract: the bounds are all that protect them.
        for (uint256 a = 0; a < ACTORS; ++a) {
            vm.startPrank(actors[a]);
            for (uint256 t = 0; t < TOKENS; ++t) {
                tokens[t].approve(address(main), type(uint256).max);
                tokens[t].approve(address(swap), type(uint256).max);
                tokens[t].approve(address(market), type(uint256).max);
            }
            vm.stopPrank();
        }
    }

    modifier step(bytes4 action) {
        vm.warp(currentTime);
        calls[action] += 1;
        _;
    }

    // ---------------------------------------------------------------- member actions

    function register(uint256 actorSeed, uint256 referrerSeed) external step(this.register.selector) {
        address actor = _actor(actorSeed);
        address referrer = _actor(referrerSeed);
        vm.prank(actor);
        try community.register(referrer) {}
        catch {
            _refused(this.register.selector);
        }
    }

    function synthesize(uint256 actorSeed, uint256 tokenSeed, uint256 units, uint256 slackBps)
        external
        step(this.synthesize.selector)
    {
        address actor = _registeredActor(actorSeed);
        uint256[7] memory paying = [USDT, USDC, USDX, X, ACB, FTB, ZYB];
        uint256 token = paying[tokenSeed % paying.length];
        uint256 multiple = token == USDT || token == USDC || token == USDX ? 100 : 20;
        // Mostly small, now and then the largest a synthesis takes.
        uint256 hashrate = units % 16 == 0 ? main.maxHashrate() : multiple * (1 + units % 50);
        uint256 cost = main.costOf(address(tokens[token]), hashrate);
        // The user's bound: the cost seen, with a tolerance from 0 to 1%, or one below it.
        uint256 maxCost = slackBps % 11 == 10 ? cost - 1 : cost + cost * (slackBps % 101) / 10_000;
        if (tokens[token].balanceOf(actor) < cost) _mint(token, actor, cost);
        uint256[TOKENS] memory before = _balancesOf(actor);
        uint256 supplyBefore = tokens[token].totalSupply();
        vm.prank(actor);
        try main.synthesize(address(tokens[token]), hashrate, maxCost) {
            _check(maxCost >= cost, "a synthesis paid more than the payer's bound");
            synthesised[actor] += hashrate;
            totalSynthesisedUsd += hashrate * USD;
            // A prize (USDT) may be paid to the payer in the same call: the other tokens move alone.
            if (token != USDT) _check(before[token] == tokens[token].balanceOf(actor) + cost, "a synthesis took other than its cost");
            if (token == ACB) burned[ACB] += supplyBefore - tokens[ACB].totalSupply();
        } catch {
            _refused(this.synthesize.selector);
            _expectUnmoved(actor, before);
        }
    }

    function exchange(uint256 actorSeed, uint256 routeSeed, uint256 amountSeed, uint256 slackBps)
        external
        step(this.exchange.selector)
    {
        address actor = _actor(actorSeed);
        ISwapTypes.Route route = ISwapTypes.Route(routeSeed % 5);
        ISwapTypes.RouteInfo memory info = swap.routeInfo(route);
        uint256 tokenIn = _indexOf(info.tokenIn);
        uint256 amountIn = 1e15 + amountSeed % 800e18;
        if (tokens[tokenIn].balanceOf(actor) < amountIn) _mint(tokenIn, actor, amountIn);
        uint256 quoted = swap.quote(route, amountIn);
        uint256 minOut = slackBps % 11 == 10 ? quoted + 1 : quoted - quoted * (slackBps % 101) / 10_000;
        uint256[TOKENS] memory before = _balancesOf(actor);
        vm.prank(actor);
        try swap.exchange(route, amountIn, minOut) returns (uint256 amountOut) {
            _check(amountOut >= minOut && amountOut == quoted, "an exchange paid out other than its quote");
        } catch {
            _refused(this.exchange.selector);
            _expectUnmoved(actor, before);
        }
    }

    function list(uint256 actorSeed, uint256 amountSeed) external step(this.list.selector) {
        address actor = _actor(actorSeed);
        uint256 amount = 100e18 + amountSeed % 2_000e18;
        if (tokens[MV].balanceOf(actor) < amount) _mint(MV, actor, amount);
        uint256[TOKENS] memory before = _balancesOf(actor);
        vm.prank(actor);
        try market.list(amount) {
            escrow += amount;
        } catch {
            _refused(this.list.selector);
            _expectUnmoved(actor, before);
        }
    }

    function buy(uint256 actorSeed, uint256 usdtSeed, uint256 slackBps) external step(this.buy.selector) {
        address actor = _actor(actorSeed);
        uint256 usdtIn = 1e15 + usdtSeed % 3_000e18;
        if (tokens[USDT].balanceOf(actor) < usdtIn) _mint(USDT, actor, usdtIn);
        (uint256 mvQuoted, uint256 usdtQuoted) = market.quoteBuy(usdtIn);
        uint256 minMvOut = slackBps % 11 == 10 ? mvQuoted + 1 : mvQuoted - mvQuoted * (slackBps % 101) / 10_000;
        uint256[TOKENS] memory before = _balancesOf(actor);
        uint256 forSaleBefore = market.mvForSale();
        vm.prank(actor);
        try market.buy(usdtIn, minMvOut) returns (uint256 mvOut) {
            _check(mvOut == mvQuoted && mvOut >= minMvOut && usdtQuoted <= usdtIn, "a buy filled other than its quote");
            _check(forSaleBefore == market.mvForSale() + mvOut, "a buy took other than the MV it filled from the orders");
            escrow -= mvOut;
        } catch {
            _refused(this.buy.selector);
            _expectUnmoved(actor, before);
        }
    }

    function withdraw(uint256 orderSeed) external step(this.withdraw.selector) {
        uint256 count = market.orderCount();
        if (count == 0) return;
        IMvMarketTypes.Order memory order = market.orderOf(orderSeed % count);
        uint256[TOKENS] memory before = _balancesOf(order.seller);
        vm.prank(order.seller);
        try market.withdraw(order.index) {
            _check(tokens[MV].balanceOf(order.seller) == before[MV] + order.remaining, "a withdraw returned other than the remaining MV");
            escrow -= order.remaining;
        } catch {
            _refused(this.withdraw.selector);
            _expectUnmoved(order.seller, before);
        }
    }

    /// @notice Someone who is not the seller tries to take an order out.
    function withdrawAsStranger(uint256 orderSeed, uint256 strangerSeed) external step(this.withdrawAsStranger.selector) {
        uint256 count = market.orderCount();
        if (count == 0) return;
        uint256 index = orderSeed % count;
        address stranger = _actor(strangerSeed);
        if (stranger == market.orderOf(index).seller) return;
        uint256[TOKENS] memory before = _balancesOf(stranger);
        vm.prank(stranger);
        try market.withdraw(index) {
            strangersWithdrew += 1;
        } catch {
            _expectUnmoved(stranger, before);
        }
    }

    function claim(uint256 actorSeed, uint256 slackBps) external step(this.claim.selector) {
        address actor = _registeredActor(actorSeed);
        IRevenueTypes.Earnings memory earnings = revenue.earningsOf(actor);
        uint256 shown = earnings.totalWaiting * USD / main.priceOf(address(tokens[ACB]));
        uint256 minAcb = slackBps % 11 == 10 ? type(uint256).max : shown - shown * (slackBps % 101) / 10_000;
        address settler = community.settlerOf(actor);
        uint256[TOKENS] memory before = _balancesOf(settler);
        vm.prank(actor);
        try revenue.claim(minAcb) returns (uint256 acbAmount) {
            _check(acbAmount >= minAcb, "a claim paid less than the member's bound");
            _check(tokens[ACB].balanceOf(settler) == before[ACB] + acbAmount, "a claim paid other than to the settler");
        } catch {
            _refused(this.claim.selector);
            _expectUnmoved(settler, before);
        }
    }

    function processOutRecords(uint256 actorSeed, uint256 maxRecords) external step(this.processOutRecords.selector) {
        revenue.processOutRecords(_actor(actorSeed), 1 + maxRecords % 300);
    }

    function settleLuckyPool() external step(this.settleLuckyPool.selector) {
        try main.settleLuckyPool() {}
        catch {
            _refused(this.settleLuckyPool.selector);
        }
    }

    function settleMaxPool() external step(this.settleMaxPool.selector) {
        try main.settleMaxPool() {}
        catch {
            _refused(this.settleMaxPool.selector);
        }
    }

    /// @notice A settler that is another actor, or one of the product's contracts (always refused).
    function changeSettler(uint256 actorSeed, uint256 targetSeed) external step(this.changeSettler.selector) {
        address actor = _registeredActor(actorSeed);
        address[6] memory products =
            [address(main), address(revenue), address(community), address(swap), address(market), address(tokens[targetSeed % TOKENS])];
        bool product = targetSeed % 4 == 0;
        address settler = product ? products[(targetSeed / 4) % products.length] : _actor(targetSeed / 4);
        vm.prank(actor);
        try community.changeSettler(settler) {
            if (product) productSettlersAccepted += 1;
        } catch {
            _refused(this.changeSettler.selector);
        }
    }

    // ---------------------------------------------------------------- the owner and the clock

    /// @notice The owner moves a price by -50% to +100%: within the step at once, else a day later.
    function setPrice(uint256 tokenSeed, uint256 changeSeed) external step(this.setPrice.selector) {
        address token = address(tokens[tokenSeed % TOKENS]);
        uint256 price = main.priceOf(token);
        uint256 next = price / 2 + price * (changeSeed % 151) / 100;
        try main.setPrice(token, next) {}
        catch {
            _refused(this.setPrice.selector);
        }
    }

    /// @notice Time moves on: a second, the claim interval and either side of it, to just before or
    ///         after the next UTC midnight, an hour, a day, or up to 40 days at once.
    function warp(uint256 kind, uint256 amount) external step(this.warp.selector) {
        uint256 midnight = (currentTime / 1 days + 1) * 1 days;
        uint256[8] memory jumps = [
            uint256(1),
            59 + amount % 3,
            midnight - currentTime - 1,
            midnight - currentTime + amount % 2,
            1 hours,
            1 days,
            1 + amount % 40 days,
            600 + amount % 2
        ];
        currentTime += jumps[kind % jumps.length];
        vm.warp(currentTime);
    }

    /// @notice Calls only Main, or only the owner, may make, from an actor: each must be refused.
    function callAsWrongSender(uint256 actorSeed, uint256 which) external step(this.callAsWrongSender.selector) {
        address actor = _actor(actorSeed);
        vm.prank(actor);
        bool ok;
        if (which % 6 == 0) {
            (ok,) = address(revenue).call(abi.encodeCall(revenue.recordSynthesis, (actor, 100, new InviterReward[](0))));
        } else if (which % 6 == 1) {
            (ok,) = address(community).call(abi.encodeCall(community.recordPerformance, (actor, 100)));
        } else if (which % 6 == 2) {
            (ok,) = address(main).call(abi.encodeCall(main.setPrice, (address(tokens[X]), 1e18)));
        } else if (which % 6 == 3) {
            (ok,) = address(main).call(abi.encodeCall(main.rescue, (address(tokens[USDT]), actor, 1)));
        } else if (which % 6 == 4) {
            (ok,) = address(market).call(abi.encodeCall(market.rescue, (address(tokens[MV]), actor, 1)));
        } else {
            (ok,) = address(swap).call(abi.encodeCall(swap.rescue, (address(tokens[X]), actor, 1)));
        }
        if (ok) wrongSendersAccepted += 1;
    }

    // ---------------------------------------------------------------- views for the invariants

    function actorList() external view returns (address[ACTORS] memory) {
        return actors;
    }

    /// @notice Everyone who may hold a token: the actors, the contracts, the treasury and the owner.
    function holders() public view returns (address[] memory all) {
        all = new address[](ACTORS + 7);
        for (uint256 i = 0; i < ACTORS; ++i) all[i] = actors[i];
        all[ACTORS] = address(main);
        all[ACTORS + 1] = address(revenue);
        all[ACTORS + 2] = address(community);
        all[ACTORS + 3] = address(swap);
        all[ACTORS + 4] = address(market);
        all[ACTORS + 5] = TREASURY;
        all[ACTORS + 6] = address(this);
    }

    // ---------------------------------------------------------------- internal

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % ACTORS];
    }

    /// @dev An actor who is registered, registering them when not (under another registered actor,
    ///      else the genesis member, actor 0), so that the actions that need a member are not wasted.
    function _registeredActor(uint256 seed) internal returns (address actor) {
        actor = _actor(seed);
        if (community.isRegistered(actor)) return actor;
        address referrer = actors[(seed / ACTORS) % ACTORS];
        if (referrer == actor || !community.isRegistered(referrer)) referrer = actors[0];
        vm.prank(actor);
        community.register(referrer);
    }

    function _mint(uint256 token, address to, uint256 amount) internal {
        tokens[token].mint(to, amount);
        minted[token] += amount;
    }

    function _indexOf(address token) internal view returns (uint256) {
        for (uint256 i = 0; i < TOKENS; ++i) {
            if (address(tokens[i]) == token) return i;
        }
        revert("not a product token");
    }

    function _balancesOf(address who) internal view returns (uint256[TOKENS] memory balances) {
        for (uint256 i = 0; i < TOKENS; ++i) balances[i] = tokens[i].balanceOf(who);
    }

    /// @dev After a refused call: the caller's balances, and the contracts', are as they were.
    function _expectUnmoved(address who, uint256[TOKENS] memory before) internal {
        uint256[TOKENS] memory afterwards = _balancesOf(who);
        for (uint256 i = 0; i < TOKENS; ++i) {
            if (afterwards[i] != before[i]) revertsThatMoved += 1;
        }
    }

    function _check(bool holds, string memory expectation) internal {
        if (holds) return;
        if (breaks == 0) firstBreak = expectation;
        breaks += 1;
    }

    function _refused(bytes4 action) internal {
        refused[action] += 1;
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
