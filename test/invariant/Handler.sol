// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IAccessManager} from "@openzeppelin/contracts/access/manager/IAccessManager.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

import {ICommunityErrors} from "../../mocks/contracts/interfaces/community/ICommunityErrors.sol";
import {IMainErrors} from "../../mocks/contracts/interfaces/main/IMainErrors.sol";
import {IMvMarketErrors} from "../../mocks/contracts/interfaces/market/IMvMarketErrors.sol";
import {IMvMarketTypes} from "../../mocks/contracts/interfaces/market/IMvMarketTypes.sol";
import {IRevenueErrors} from "../../mocks/contracts/interfaces/revenue/IRevenueErrors.sol";
import {IRevenueEvents} from "../../mocks/contracts/interfaces/revenue/IRevenueEvents.sol";
import {IRevenueTypes} from "../../mocks/contracts/interfaces/revenue/IRevenueTypes.sol";
import {ISwapErrors} from "../../mocks/contracts/interfaces/swap/ISwapErrors.sol";
import {ISwapTypes} from "../../mocks/contracts/interfaces/swap/ISwapTypes.sol";
import {InviterReward} from "../../mocks/contracts/interfaces/InviterReward.sol";

import {Model} from "./Model.sol";
import {Vm, vm} from "./Vm.sol";

/// @title What members, the owner and the clock can do, for forge to call in random order
/// @notice One function per action, its arguments bounded to what a user could send so that most
///         calls succeed and runs reach deep states (members with records going out, long queues of
///         orders, pools settled many times, prices moved and scheduled). Each action works out
///         from the model, before the call, whether the contract must accept it or which error it
///         must refuse it with. A small share of inputs is wrong on purpose (a bound one unit too
///         tight, a claim at exactly the 60 s interval, a withdraw of an order no longer active...).
///         - Accepted: the model is updated with what the call must have done; the invariant then
///           compares every balance and every figure with it.
///         - Refused as the model expects: the parties' balances must be unmoved; the revert is
///           passed on, so forge's Reverts column counts exactly these refusals.
///         - Anything else (a valid call refused, a wrong one accepted, another error, a refusal
///           that moved tokens) is a break: counted, and reported by the invariant right after.
contract Handler is Model {
    bytes4 internal constant OK = bytes4(0);
    /// @dev Not a member, holds nothing: an outsider calling what it may not.
    address internal constant STRANGER = address(0x5742);

    bytes32 internal constant TRANSFER = keccak256("Transfer(address,address,uint256)");

    /// @dev Whether the payer of an action that pulls tokens (synthesis, exchange, listing, buy) can
    ///      pay. Every contract checks the balance first, then the allowance.
    enum Funds {
        Enough,
        // The outsider: holds nothing and has approved nothing. Refused for the balance.
        ShortOfBoth,
        // A member who revoked the contract's approval, holding enough. Refused for the allowance.
        ShortOfAllowance
    }

    /// @dev An approval revoked for the current action, given back when the action ends (a refusal
    ///      passed on undoes it anyway).
    struct Revoked {
        address holder;
        uint256 token;
        address spender;
    }

    Revoked internal _revoked;

    /// @dev What a claim pays, as the model plans it: machine revenue up to `paidUnits` (`machine`
    ///      USD), the bonuses by kind (nano-USD: dynamic, preaching 1 to 3), `usd` in all, of the
    ///      `waiting` USD it finds; and the preaching rates' version its accrual reaches
    ///      (`_accrualStop`), whose rates the machine revenue not set aside was earned under.
    struct ClaimPlan {
        uint256 paidUnits;
        uint256 machine;
        uint256[4] bonus;
        uint256 usd;
        uint256 waiting;
        uint256 version;
        bool atUnitEdge;
    }

    /// @dev When an owner's move last changed what an MV seller receives, unannounced.
    uint256 internal _lastRatioMoveAt;

    /// @dev How far a claim may pay less than its share (claimableUsd, the budget before
    ///      rounding), in wei of USD, and why: machine revenue short of the budget is paid in the
    ///      most whole accrual units whose rounded total fits it, and one unit is USD /
    ///      INDEX_PER_VALUE = 1,157,407,407.4 wei, which rounding makes at most 1,157,407,408 wei:
    ///      what it leaves is less than that. Bonuses, paid once machine revenue is whole, go in
    ///      whole nano-USD and leave under 1e9 wei. So at most 1,157,407,407 wei (this constant) is
    ///      left. The share itself is floored, from the same figures the claim reads: no more.
    uint256 internal constant UNIT_TOLERANCE = USD / INDEX_PER_VALUE;

    /// @dev What Revenue showed just before a claim: what the claimer had received and what waited
    ///      for them (USD), the reserve's worth and the promise (backing()), coverage() and
    ///      claimableUsd().
    struct ShareBefore {
        uint256 received;
        uint256 waiting;
        uint256 reserveUsd;
        uint256 promisedUsd;
        uint256 covered;
        uint256 owed;
        uint256 claimable;
    }

    /// @dev Shown by afterInvariant, to show the checks ran: claims paid a share in a shortfall;
    ///      claims behind a backlog; preaching-rate changes around which every member's whole claim was compared, and the
    ///      comparisons with gold to compare; refusals of the manager tried.
    uint256 public sharedClaims;
    /// @dev Claims made behind a backlog of finished records (their accrual stopping short of now),
    ///      and those of them stopping before the last preaching-rate change.
    uint256 public backlogClaims;
    uint256 public backlogClaimsBehindAChange;
    /// @dev Claims whose share the reserve was topped up to land on an accrual unit's edge (`_aimAtUnitEdge`).
    uint256 public unitEdgeClaims;
    /// @dev Syntheses made in bursts of more than one call takes out (`_synthesizeMany`).
    uint256 public burstSyntheses;
    uint256 public preachingChangesChecked;
    uint256 public earnedGoldCompared;
    uint256 public governanceRefusalsTried;

    /// @dev Every action: to the sequence's time first; then notes what it touched for the
    ///      invariant (a token whose Transfer the contracts emitted, every member when time moved).
    modifier step() {
        vm.warp(currentTime);
        uint256 startedAt = currentTime;
        _calls += 1;
        _dirtyTokens = 1 << (_calls % TOKENS);
        _dirtyMembers = 1 << (_calls % ACTORS);
        vm.recordLogs();
        _;
        _noteTransfers(vm.getRecordedLogs());
        if (currentTime != startedAt) _dirtyMembers = EVERYTHING;
        Revoked memory revoked = _revoked;
        if (revoked.holder != address(0)) {
            vm.prank(revoked.holder);
            tokens[revoked.token].approve(revoked.spender, type(uint256).max);
            delete _revoked;
        }
    }

    /// @dev The tokens that emitted a Transfer among `logs`: to be checked after the call.
    function _noteTransfers(Vm.Log[] memory logs) internal {
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].topics.length == 0 || logs[i].topics[0] != TRANSFER) continue;
            uint256 number = _tokenNumber[logs[i].emitter];
            _dirtyTokens |= number == 0 ? EVERYTHING : 1 << (number - 1);
        }
    }

    // ================================================================ members

    /// @notice A new member joins under a member; now and then (and always once all ten are in) a
    ///         registration that must be refused.
    function register(uint256 actorSeed, uint256 referrerSeed, uint256 mode) external step {
        (address actor, bool found) = _unregistered(actorSeed);
        address referrer = _registered(referrerSeed);
        if (!found || _oneIn(16, mode, 0)) {
            // What must be refused: a second registration, a self-referral, an unknown referrer.
            actor = _actor(actorSeed);
            uint256 kind = mode / 8 % 3;
            if (kind == 1) referrer = actor;
            else if (kind == 2) referrer = STRANGER;
        }
        bytes4 expected = OK;
        if (_members[actor].inviter != address(0)) expected = ICommunityErrors.CommunityAlreadyRegistered.selector;
        else if (referrer == actor) expected = ICommunityErrors.CommunitySelfReferral.selector;
        else if (_members[referrer].inviter == address(0)) expected = ICommunityErrors.CommunityUnknownReferrer.selector;
        vm.prank(actor);
        try community.register(referrer) {
            if (!_accepted("register", expected)) return;
            _members[actor].inviter = referrer;
            if (community.inviterOf(actor) != referrer) _break("a member was registered under another referrer");
        } catch (bytes memory reason) {
            // With everyone registered, this action exists to be refused: checked, not counted.
            if (!found) _refusedOnPurpose("register", expected, reason, actor, address(community));
            else _refused("register", expected, reason, actor, address(community));
        }
    }

    /// @notice Synthesis in one of the seven tokens, mostly small, now and then the largest one
    ///         synthesis takes (up to the active-power cap), with the member's own maxCost; now and
    ///         then by a payer short of funds (refused). One in 256 comes after a burst of 201 to
    ///         210 syntheses of the minimum (`_synthesizeMany`), for backlogs.
    function synthesize(uint256 actorSeed, uint256 tokenSeed, uint256 units, uint256 mode) external step {
        // One in 256 first makes a burst of records, more than one call takes out once they finish.
        if (_oneIn(256, mode, 7)) {
            uint256 gap = _oneIn(2, units, 2) ? 0 : 1 + _draw(units, 3) % 1 hours;
            _synthesizeMany(_registeredActor(actorSeed), MAX_OUT_PER_CALL + 1 + units % 10, gap);
        }
        uint256 token = _synthesisTokenFor(tokenSeed, mode);
        address actor = _registeredActor(_withRoom(actorSeed, token));
        bool backlog = _workOffBacklog(actor, _oneIn(8, mode, 3));
        uint256 hashrate = _chooseHashrate(actor, token, units);
        uint256 cost = _ceilDiv(hashrate * USD * USD, _priceNow(token));
        // The member's bound: the cost shown with a tolerance of 0 to 1%, or one unit too tight.
        uint256 maxCost = _oneIn(20, mode, 1) ? cost - 1 : cost + cost * (mode % 101) / BPS;
        (address payer, Funds funds) = _payer(actor, token, address(main), mode);
        _trySynthesis(payer, token, hashrate, maxCost, backlog, funds);
    }

    /// @notice `count` syntheses of the minimum by one member, `gap` seconds apart: not an action
    ///         forge calls on its own (synthesize makes such bursts now and then), but one a test can
    ///         replay to build more finished records than one call takes out (a backlog).
    function synthesizeMany(uint256 actorSeed, uint256 count, uint256 gap) external step {
        _synthesizeMany(_registeredActor(actorSeed), count, gap);
    }

    /// @dev `count` syntheses of an enabled token's minimum by `actor`, `gap` seconds apart (all in
    ///      one block when zero), each taken as the model predicts; stops at the active-power cap.
    ///      Once they finish (300 days at 1% a day), a claim or a synthesis finds more records due
    ///      than one call takes out.
    function _synthesizeMany(address actor, uint256 count, uint256 gap) internal {
        for (uint256 i = 0; i < count; ++i) {
            if (i != 0) _warpTo(currentTime + gap);
            (uint256 token, bool found) = _tokenDividing(0, i);
            if (!found) return;
            uint256 hashrate = _rules[token].minimum;
            if (_machineActive(actor) + hashrate > MAX_ACTIVE_POWER) return;
            bool backlog = _workOffBacklog(actor, false);
            _trySynthesis(actor, token, hashrate, _ceilDiv(hashrate * USD * USD, _priceNow(token)), backlog, Funds.Enough);
            burstSyntheses += 1;
        }
    }

    /// @notice A member synthesising up to exactly the active-power cap, in the largest syntheses
    ///         there are; at the cap already, one multiple more: the cap's edge, which random
    ///         amounts almost never reach (taken at the cap, refused one past it, as the model
    ///         predicts). Paid in a token whose multiple divides what the cap leaves, when one is
    ///         enabled. A refusal reverts the whole action (as every refused call does here), so
    ///         the one past the cap is an action of its own.
    function synthesizeToTheCap(uint256 actorSeed, uint256 mode) external step {
        address actor = _registeredActor(actorSeed);
        for (uint256 i = 0; i < 6; ++i) {
            (, uint256 active) = _machineNow(actor);
            uint256 room = active < MAX_ACTIVE_POWER ? MAX_ACTIVE_POWER - active : 0;
            if (room == 0 && i > 0) return;
            (uint256 token, bool found) = _tokenDividing(room, mode);
            if (!found) return;
            // The largest synthesis while more is left; then exactly what is left; at the cap, one multiple.
            uint256 hashrate = room == 0 ? _rules[token].multiple : _min(room, MAX_HASHRATE);
            bool backlog = _workOffBacklog(actor, false);
            _trySynthesis(actor, token, hashrate, _ceilDiv(hashrate * USD * USD, _priceNow(token)), backlog, Funds.Enough);
        }
    }

    /// @dev An enabled synthesis token whose multiple divides `amount` (and whose minimum it meets).
    function _tokenDividing(uint256 amount, uint256 seed) internal view returns (uint256 token, bool found) {
        for (uint256 i = 0; i < SYNTHESIS_TOKENS; ++i) {
            (token,) = _synthesisToken((seed + i) % SYNTHESIS_TOKENS);
            if (!_enabledNow(token)) continue;
            RuleModel storage rule = _rules[token];
            if (amount == 0 || (amount % rule.multiple == 0 && _min(amount, MAX_HASHRATE) >= rule.minimum)) return (token, true);
        }
    }

    /// @dev One synthesis by `payer`, with the tokens it needs (unless short on purpose), taken or
    ///      refused as the model predicts.
    function _trySynthesis(address payer, uint256 token, uint256 hashrate, uint256 maxCost, bool backlog, Funds funds) internal {
        uint256 cost = _ceilDiv(hashrate * USD * USD, _priceNow(token));
        if (funds != Funds.ShortOfBoth) _fundExactly(token, payer, cost);
        bytes4 expected = _synthesisRefusal(payer, token, hashrate, cost, maxCost, backlog, funds);
        uint256 next = _records[payer].length;
        vm.prank(payer);
        try main.synthesize(address(tokens[token]), hashrate, maxCost) returns (uint256 index) {
            if (!_accepted("synthesize", expected)) return;
            if (index != next) _break("a synthesis returned another record index than the next");
            _modelSynthesis(payer, token, hashrate, cost);
            if (_machineActive(payer) == MAX_ACTIVE_POWER) atTheCap += 1;
        } catch (bytes memory reason) {
            _refused("synthesize", expected, reason, payer, TREASURY);
        }
    }

    function _machineActive(address actor) internal view returns (uint256 active) {
        (, active) = _machineNow(actor);
    }

    /// @notice An exchange on one of the five routes, within what the route allows the member today
    ///         (now and then exactly all of it, or past it), with the member's own minOut; now and
    ///         then by a payer short of funds (refused).
    function exchange(uint256 actorSeed, uint256 routeSeed, uint256 amountSeed, uint256 mode) external step {
        uint256 route = routeSeed % 5;
        (uint256 tokenIn, uint256 tokenOut) = _routeTokens(route);
        (address actor, Funds funds) = _payer(_actor(actorSeed), tokenIn, address(swap), mode);
        uint256 priceIn = _priceNow(tokenIn);
        uint256 priceOut = _priceNow(tokenOut);
        uint256 max = _maxExchangeable(actor, route, priceIn, priceOut);
        try swap.maxExchangeable(ISwapTypes.Route(route), actor) returns (uint256 swapMax) {
            if (swapMax != max) _break("Swap's maximum exchangeable is not the model's");
        } catch {
            _break("Swap's maximum exchangeable reverted");
        }
        uint256 amountIn = _min(max, 1e15 + amountSeed % 800e18);
        if (max == 0 || _oneIn(32, mode, 0)) amountIn = max + 1 + amountSeed % 1e18;
        else if (_oneIn(4, mode, 2) && max <= 1e24) amountIn = max;
        uint256 amountOut = amountIn * priceIn / priceOut;
        uint256 minOut = _oneIn(20, mode, 1) ? amountOut + 1 : amountOut - amountOut * (mode % 101) / BPS;
        if (funds != Funds.ShortOfBoth) _fundExactly(tokenIn, actor, amountIn);
        bytes4 expected = OK;
        if (amountIn > max) expected = ISwapErrors.SwapExceedsMaxExchangeable.selector;
        else if (funds != Funds.Enough) expected = _fundsRefusal(funds, ISwapErrors.SwapBalanceTooLow.selector, ISwapErrors.SwapAllowanceTooLow.selector);
        else if (amountOut == 0) expected = ISwapErrors.SwapInvalidAmount.selector;
        else if (amountOut < minOut) expected = ISwapErrors.SwapOutputBelowMin.selector;
        vm.prank(actor);
        try swap.exchange(ISwapTypes.Route(route), amountIn, minOut) returns (uint256 paid) {
            if (!_accepted("exchange", expected)) return;
            if (paid != amountOut) _break("an exchange paid out other than the price table's value");
            _move(tokenIn, actor, address(swap), amountIn);
            _move(tokenOut, address(swap), actor, amountOut);
            _modelUsage(actor, route, amountIn, priceIn);
        } catch (bytes memory reason) {
            _refused("exchange", expected, reason, actor, address(swap));
        }
    }

    /// @notice A sale order of the minimum to 3,000 MV more; now and then one unit below the
    ///         minimum, or by a seller short of funds (refused).
    function list(uint256 actorSeed, uint256 amountSeed, uint256 mode) external step {
        (address actor, Funds funds) = _payer(_actor(actorSeed), MV, address(market), mode);
        uint256 amount = _oneIn(20, mode, 1) ? _minOrder - 1 : _minOrder + amountSeed % 3_000e18;
        _list(actor, amount, funds);
    }

    function _list(address actor, uint256 amount, Funds funds) internal {
        if (funds != Funds.ShortOfBoth) _fundExactly(MV, actor, amount);
        bytes4 expected = amount < _minOrder
            ? IMvMarketErrors.MarketAmountBelowMinimum.selector
            : _fundsRefusal(funds, IMvMarketErrors.MarketBalanceTooLow.selector, IMvMarketErrors.MarketAllowanceTooLow.selector);
        vm.prank(actor);
        try market.list(amount) returns (uint256 index) {
            if (!_accepted("list", expected)) return;
            if (index != _orders.length) _break("a listing returned another index than the next");
            _orders.push(OrderModel(actor, amount, true));
            _queue.push(index);
            escrow += amount;
            _move(MV, actor, address(market), amount);
        } catch (bytes memory reason) {
            _refused("list", expected, reason, actor, address(market));
        }
    }

    /// @notice A buy of up to 2,000 USDT from the queue, oldest orders first (now and then enough
    ///         for everything for sale, so the fill limit binds, or exactly what the oldest order
    ///         costs), with the buyer's own minMvOut; the model plans the fills itself. An empty
    ///         queue mostly gets an order first, by the next member. Now and then a buyer short of
    ///         funds (refused).
    function buy(uint256 actorSeed, uint256 usdtSeed, uint256 mode) external step {
        if (escrow == 0 && !_oneIn(16, mode, 0)) _list(_actor(actorSeed + 1), _minOrder + usdtSeed % 3_000e18, Funds.Enough);
        (address actor, Funds funds) = _payer(_actor(actorSeed), USDT, address(market), mode);
        uint256 usdtIn = _oneIn(16, mode, 2) ? 1e18 + 2 * escrow * _priceNow(MV) / _priceNow(USDT) : 1e15 + usdtSeed % 2_000e18;
        // Now and then exactly what the oldest order costs: the edge between a whole order and a part of it.
        if (_queue.length != 0 && _oneIn(16, mode, 3)) usdtIn = _ceilDiv(_orders[_queue[0]].remaining * _priceNow(MV), _priceNow(USDT));
        Plan memory plan = _planBuy(usdtIn);
        // A view that reverts is a failure too: left uncaught, it would revert this call, which
        // forge counts as one more refusal (fail_on_revert is off), and the buy would go untested.
        try market.quoteBuy(usdtIn) returns (uint256 quotedMv, uint256 quotedUsdt) {
            if (quotedMv != plan.mv || quotedUsdt != plan.usdt) _break("the market's quote is not the model's plan");
        } catch {
            _break("the market's quote of a buy reverted");
        }
        try market.previewBuy(usdtIn) returns (IMvMarketTypes.Fill[] memory preview) {
            if (!_previewIsPlan(preview, plan)) _break("the market's preview of a buy is not the model's plan");
        } catch {
            _break("the market's preview of a buy reverted");
        }
        uint256 minMvOut = _oneIn(20, mode, 1) ? plan.mv + 1 : plan.mv - plan.mv * (mode % 101) / BPS;
        // What the buy takes is the plan's cost, not usdtIn: funded to exactly that, the balance check's edge.
        if (funds != Funds.ShortOfBoth) _fundExactly(USDT, actor, plan.usdt);
        bytes4 expected = OK;
        if (plan.mv == 0) expected = IMvMarketErrors.MarketNothingForSale.selector;
        else if (plan.mv < minMvOut) expected = IMvMarketErrors.MarketOutputBelowMin.selector;
        else expected = _fundsRefusal(funds, IMvMarketErrors.MarketBalanceTooLow.selector, IMvMarketErrors.MarketAllowanceTooLow.selector);
        vm.prank(actor);
        try market.buy(usdtIn, minMvOut) returns (uint256 mvOut) {
            if (!_accepted("buy", expected)) return;
            if (mvOut != plan.mv) _break("a buy filled other than the model's plan");
            _modelBuy(actor, plan);
        } catch (bytes memory reason) {
            _refused("buy", expected, reason, actor, address(market));
        }
    }

    /// @notice The seller takes an active order out (listing one first when none is); now and then
    ///         an order no longer active, or one that does not exist (refused).
    function withdraw(uint256 orderSeed, uint256 mode) external step {
        if (_queue.length == 0) _list(_actor(orderSeed), _minOrder + _draw(orderSeed, 1) % 3_000e18, Funds.Enough);
        uint256 count = _orders.length;
        uint256 index = _queue.length != 0 && !_oneIn(16, mode, 0) ? _queue[orderSeed % _queue.length] : orderSeed % (count + 1);
        address seller = index < count ? _orders[index].seller : _actor(orderSeed);
        bytes4 expected = OK;
        if (index >= count) expected = IMvMarketErrors.MarketUnknownOrder.selector;
        else if (!_orders[index].active) expected = IMvMarketErrors.MarketOrderNotActive.selector;
        vm.prank(seller);
        try market.withdraw(index) {
            if (!_accepted("withdraw", expected)) return;
            OrderModel storage order = _orders[index];
            _move(MV, address(market), seller, order.remaining);
            escrow -= order.remaining;
            order.active = false;
            _unqueue(index);
        } catch (bytes memory reason) {
            _refused("withdraw", expected, reason, seller, address(market));
        }
    }

    /// @notice Someone other than the seller (another member, an outsider, the owner, Main) tries
    ///         to take an order out: always refused, as not the seller.
    function withdrawAsStranger(uint256 orderSeed, uint256 strangerSeed) external step {
        if (_orders.length == 0) _list(_actor(orderSeed), _minOrder + _draw(orderSeed, 1) % 3_000e18, Funds.Enough);
        uint256 index = _queue.length != 0 && strangerSeed % 4 != 0 ? _queue[orderSeed % _queue.length] : orderSeed % _orders.length;
        address seller = _orders[index].seller;
        address[4] memory strangers = [_actor(strangerSeed / 4), STRANGER, address(this), address(main)];
        address stranger = strangers[strangerSeed % 4];
        if (stranger == seller) stranger = _actor(strangerSeed / 4 + 1);
        strangerAttempts += 1;
        vm.prank(stranger);
        try market.withdraw(index) {
            strangersWithdrew += 1;
            _break(string.concat(_nameOf(stranger), " withdrew an order of ", _nameOf(seller)));
        } catch (bytes memory reason) {
            if (_selectorOf(reason) != IMvMarketErrors.MarketNotSeller.selector) _break("a stranger's withdraw was refused for another reason than not being the seller");
            if (_moved(stranger) || _moved(address(market))) _break("a stranger's refused withdraw moved tokens");
        }
    }

    /// @notice A claim by a member with something waiting: when the last claim is too recent, at
    ///         the first second the interval has passed (61 s after a 60 s interval), or now and then
    ///         at exactly the interval (refused). With the member's own minAcb. Behind a backlog of
    ///         finished records, half the time the app processes it first, half the time the claim
    ///         goes at once and pays what its accrual reaches.
    function claim(uint256 actorSeed, uint256 mode, uint256 timing) external step {
        address actor = _claimant(actorSeed);
        EarnerModel storage e = _earners[actor];
        if (e.lastClaimAt != 0 && currentTime <= e.lastClaimAt + _claimInterval) {
            _warpTo(e.lastClaimAt + _claimInterval + (_oneIn(16, timing, 0) ? 0 : 1));
        }
        bool backlog = _workOffBacklog(actor, _oneIn(2, mode, 5));
        uint256 price = _priceNow(ACB);
        ClaimPlan memory plan = _planClaim(actor, price, mode);
        uint256 acb = plan.usd * USD / price;
        uint256 minAcb = _oneIn(20, mode, 1) ? acb + 1 : acb - acb * (mode % 101) / BPS;
        bytes4 expected = _claimRefusal(actor, plan.waiting, plan.usd, acb, minAcb);
        address settler = _settlerOf(actor);
        ShareBefore memory before = _shareBefore(actor);
        vm.prank(actor);
        try revenue.claim(minAcb) returns (uint256 paid) {
            if (!_accepted("claim", expected)) return;
            if (paid != acb) _break("a claim paid other than the model's ACB");
            if (_claimedUsd() != plan.usd) _break("a claim's Claimed event shows other than the model's USD");
            _move(ACB, address(revenue), settler, acb);
            uint256 goldNano = _modelClaim(actor, plan);
            _checkClaim(actor, before, plan.usd, goldNano, price);
            if (plan.atUnitEdge) unitEdgeClaims += 1;
            if (backlog) {
                backlogClaims += 1;
                if (plan.version < _pastPreaching.length) backlogClaimsBehindAChange += 1;
            }
        } catch (bytes memory reason) {
            if (_moved(settler)) _break("a refused claim moved the settler's tokens");
            _refused("claim", expected, reason, actor, address(revenue));
        }
    }

    /// @dev What a claim by `member` pays. The operator keeps the reserve covering what Revenue has
    ///      promised, though not always in time (one claim in four): then the claim pays its share,
    ///      in the stated order, and the rest stays waiting; half of those times the operator's
    ///      top-up, too small to end the shortfall, lands the share on an accrual unit's edge
    ///      (`_aimAtUnitEdge`).
    function _planClaim(address member, uint256 price, uint256 mode) internal returns (ClaimPlan memory plan) {
        uint256 stop;
        (stop, plan.version) = _accrualStop(member);
        (uint256 units,) = _machineAt(member, stop);
        plan.waiting = _waitingOf(member, units);
        uint256 reserve = balanceModel[ACB][address(revenue)];
        uint256 promised = _promisedUsd();
        uint256 covering = _ceilDiv(promised * USD, price);
        if (reserve < covering) {
            if (!_oneIn(4, mode, 0)) _mint(ACB, address(revenue), covering - reserve + 1_000_000e18);
            else if (_oneIn(2, mode, 8)) plan.atUnitEdge = _aimAtUnitEdge(member, units, plan.waiting, price, promised);
        }
        uint256 budget = _claimBudget(member, plan.waiting, balanceModel[ACB][address(revenue)] * price / USD, promised);
        (plan.paidUnits, plan.machine, plan.bonus, plan.usd) = _claimPlan(member, units, budget);
    }

    /// @dev In a shortfall, tops the reserve up so that the claim's share (its budget) is exactly
    ///      the USD of a whole number of accrual units more than the member received, the next such
    ///      edge above the share now: toUsd(paid + k units) - toUsd(paid), and less than all the
    ///      machine revenue waiting. The most whole units whose rounded total fits the budget are
    ///      then all k of them, the budget paid to the wei; a rule that compared the units' exact
    ///      worth instead of their rounded total (one unit is 1,157,407,407.4 wei) pays one unit
    ///      fewer. Random budgets land there about once in 1.2e9. The share is
    ///      floor(T x (paid + reserve) / (paid + promise)) - received: the reserve it takes is
    ///      solved for, in ACB wei rounded up, and the top-up made only when that ACB gives exactly
    ///      this share and the shortfall lasts (true: made).
    function _aimAtUnitEdge(address member, uint256 units, uint256 waiting, uint256 price, uint256 promised) internal returns (bool) {
        uint256 held = balanceModel[ACB][address(revenue)];
        uint256 budget = _claimBudget(member, waiting, held * price / USD, promised);
        uint256 before = _toUsd(_earners[member].paidUnits);
        uint256 edgeUnits = ((before + budget + 1) * INDEX_PER_VALUE - 1) / USD + 1;
        if (edgeUnits >= units) return false;
        uint256 target = _toUsd(edgeUnits) - before;
        uint256 received = _receivedUsd(member);
        uint256 reserveUsd = _ceilDiv((target + received) * (promised + paidEver), received + waiting);
        if (reserveUsd <= paidEver) return false;
        reserveUsd -= paidEver;
        uint256 acb = _ceilDiv(reserveUsd * USD, price);
        if (acb < held || acb * price / USD >= promised) return false;
        if (_claimBudget(member, waiting, acb * price / USD, promised) != target) return false;
        if (acb > held) _mint(ACB, address(revenue), acb - held);
        return true;
    }

    /// @dev The USD of the Claimed event among the call's logs so far (whose Transfers still count
    ///      for the checks after it).
    function _claimedUsd() internal returns (uint256 usd) {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        _noteTransfers(logs);
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter != address(revenue) || logs[i].topics.length == 0 || logs[i].topics[0] != IRevenueEvents.Claimed.selector) continue;
            (usd,,) = abi.decode(logs[i].data, (uint256, uint256, uint256));
        }
    }

    /// @dev Revenue's figures just before a claim by `member`, read from Revenue.
    function _shareBefore(address member) internal view returns (ShareBefore memory before) {
        IRevenueTypes.Earnings memory earnings = revenue.earningsOf(member);
        IRevenueTypes.Backing memory backing = revenue.backing();
        before.received = _viewedReceived(earnings);
        before.waiting = earnings.totalWaiting;
        before.reserveUsd = backing.reserveUsd;
        before.promisedUsd = backing.promisedUsd;
        (before.covered, before.owed) = revenue.coverage();
        before.claimable = revenue.claimableUsd(member);
    }

    /// @dev Everything a member has received, as Revenue shows it: machine revenue and each bonus (USD).
    function _viewedReceived(IRevenueTypes.Earnings memory earnings) internal pure returns (uint256) {
        return earnings.machineReceived + earnings.dynamicReceived + earnings.preachingReceived[0] + earnings.preachingReceived[1]
            + earnings.preachingReceived[2];
    }

    /// @dev Invariant (a), claim by claim, from Revenue's own figures before and after it (the
    ///      model checks the same to the wei, from its own):
    ///      - the claim pays the member's share less what they had received: with T what they had
    ///        ever been owed (received plus waiting) and coverage() = covered / owed, in a shortfall
    ///        share = floor(T x covered / owed) - received (nothing when not above it), never more
    ///        than the reserve's worth; without one, the reserve's worth; and never more than what
    ///        waits. claimableUsd() said exactly that; the claim pays no more, and less by at most
    ///        UNIT_TOLERANCE (whole accrual units, whole nano-USD);
    ///      - it leaves the coverage as it was but for the preaching gold it credits: what is
    ///        covered (paid ever plus the reserve) moves by no more than the ACB payment's rounding
    ///        (the ACB is rounded down, so the reserve keeps 0 to ceil(price / USD) wei of USD more
    ///        than the USD paid takes from it), and what was ever owed grows by exactly the gold
    ///        credited, a new promise;
    ///      - claiming again gains nothing: right after a claim in a shortfall that lasts,
    ///        claimableUsd() is at most the rounding the claim left (UNIT_TOLERANCE) plus the ACB
    ///        rounding's, unless finished records still wait to be taken out (the claim stopped
    ///        behind a backlog: the next accrual finds revenue this one did not reach; the next
    ///        claim's own check, that it pays claimableUsd(), covers it).
    ///      It then keeps the coverage the claim used, for `_checkShareOf` at every step.
    function _checkClaim(address member, ShareBefore memory before, uint256 usd, uint256 goldNano, uint256 price) internal {
        _checkPaidShare(member, before, usd);
        uint256 acbRounding = _checkCoverageKept(before, goldNano, price);
        EarnerModel storage e = _earners[member];
        if (before.promisedUsd <= before.reserveUsd) {
            (e.coveredAtClaim, e.owedAtClaim) = (1, 1);
            return;
        }
        sharedClaims += 1;
        (e.coveredAtClaim, e.owedAtClaim) = (before.covered, before.owed);
        IRevenueTypes.Backing memory backing = revenue.backing();
        // Only a claim whose accrual reached now: one behind a backlog took out MAX_OUT_PER_CALL
        // records and stopped at the last one's cap, so the records still due (any number, one
        // too) make the next accrual reach revenue this claim did not.
        if (backing.promisedUsd > backing.reserveUsd && _outPending(member) == 0) {
            if (revenue.claimableUsd(member) > UNIT_TOLERANCE + acbRounding) _break("claiming again at once would pay more than the claim's rounding left");
        }
    }

    /// @dev `_checkClaim`'s first part: the claim paid its share, from Revenue's figures.
    function _checkPaidShare(address member, ShareBefore memory before, uint256 usd) internal {
        uint256 paid = _viewedReceived(revenue.earningsOf(member)) - before.received;
        if (paid != usd) _break("a claim added other than the model's USD to what the member received");
        uint256 share = before.reserveUsd;
        if (before.promisedUsd > before.reserveUsd) {
            uint256 entitled = (before.received + before.waiting) * before.covered / before.owed;
            share = entitled <= before.received ? 0 : _min(entitled - before.received, before.reserveUsd);
        }
        uint256 expected = _min(share, before.waiting);
        if (before.claimable != expected) _break("claimableUsd() was not the share at coverage() less what was received");
        if (paid > expected) _break("a claim paid more than the member's share at coverage() less what they had received");
        if (paid + UNIT_TOLERANCE < expected) _break("a claim paid less than its share by more than one accrual unit");
    }

    /// @dev `_checkClaim`'s second part: the claim left the coverage as it was but for the gold it
    ///      credited. Returns the ACB payment's rounding bound (wei of USD).
    function _checkCoverageKept(ShareBefore memory before, uint256 goldNano, uint256 price) internal returns (uint256 acbRounding) {
        (uint256 covered, uint256 owed) = revenue.coverage();
        acbRounding = _ceilDiv(price, USD);
        if (covered < before.covered || covered > before.covered + acbRounding) {
            _break("a claim moved what coverage() covers by more than the ACB payment's rounding");
        }
        if (owed != before.owed + goldNano * NANO) _break("a claim moved what was ever owed by other than the preaching gold it credited");
    }

    /// @notice Anyone takes out up to 300 of a member's finished records: exactly the oldest due ones
    ///         not yet out, as many as asked.
    function processOutRecords(uint256 actorSeed, uint256 maxRecords) external step {
        address member = _actor(actorSeed);
        _touch(member);
        uint256 count = 1 + maxRecords % 300;
        uint256 expected = _min(_outPending(member), count);
        try revenue.processOutRecords(member, count) returns (uint256 processed) {
            if (processed != expected) _break("processOutRecords took out other than the model's records");
            _takeOut(member, expected);
        } catch (bytes memory reason) {
            _refused("processOutRecords", OK, reason, member, address(revenue));
        }
    }

    /// @notice Settles the lucky pool, mostly at the very second its countdown ends, now and then
    ///         one second before (refused). An empty pool is refused.
    function settleLuckyPool(uint256 mode) external step {
        PoolModel storage p = _pools;
        if (p.lucky != 0 && currentTime < p.luckyEndsAt) _warpTo(p.luckyEndsAt - (_oneIn(16, mode, 0) ? 1 : 0));
        bytes4 expected = OK;
        if (block.timestamp < p.luckyEndsAt) expected = IMainErrors.MainPoolNotExpired.selector;
        else if (p.lucky == 0) expected = IMainErrors.MainNothingToSettle.selector;
        address winner = p.lastMiner;
        bool empty = p.lucky == 0;
        try main.settleLuckyPool() {
            if (!_accepted("settleLuckyPool", expected)) return;
            _move(USDT, address(main), winner, p.lucky);
            p.lucky = 0;
        } catch (bytes memory reason) {
            // An empty pool has nothing to settle: the refusal is the point, checked, not counted.
            if (empty) _refusedOnPurpose("settleLuckyPool", expected, reason, winner, address(main));
            else _refused("settleLuckyPool", expected, reason, winner, address(main));
        }
    }

    /// @notice Settles the max-machine pool, mostly at the very second its round ends, now and
    ///         then one second before (refused).
    function settleMaxPool(uint256 mode) external step {
        PoolModel storage p = _pools;
        if (p.leader != address(0) && currentTime < p.roundEndsAt) _warpTo(p.roundEndsAt - (_oneIn(16, mode, 0) ? 1 : 0));
        bytes4 expected = OK;
        if (block.timestamp < p.roundEndsAt) expected = IMainErrors.MainPoolNotExpired.selector;
        else if (p.leader == address(0)) expected = IMainErrors.MainNothingToSettle.selector;
        address winner = p.leader;
        bool leaderless = winner == address(0);
        try main.settleMaxPool() {
            if (!_accepted("settleMaxPool", expected)) return;
            _move(USDT, address(main), winner, p.max);
            p.max = 0;
            _nextMaxRound();
        } catch (bytes memory reason) {
            // A round without a leader has nothing to settle: the refusal is the point.
            if (leaderless) _refusedOnPurpose("settleMaxPool", expected, reason, winner, address(main));
            else _refused("settleMaxPool", expected, reason, winner, address(main));
        }
    }

    /// @notice A new settler: another member (or the member itself); now and then a product
    ///         contract or the AccessManager, the zero address, or an outsider who is not a member
    ///         (all refused).
    function changeSettler(uint256 actorSeed, uint256 targetSeed) external step {
        uint256 kind = _draw(targetSeed, 0) % 32;
        address member = kind == 4 ? STRANGER : _registeredActor(actorSeed);
        address settler = _actor(targetSeed / 32);
        if (kind < 3) settler = _productContract(targetSeed / 32);
        else if (kind == 3) settler = address(0);
        bytes4 expected = OK;
        if (_members[member].inviter == address(0)) expected = ICommunityErrors.CommunityNotRegistered.selector;
        else if (settler == address(0)) expected = ICommunityErrors.CommunityZeroSettler.selector;
        else if (kind < 3) expected = ICommunityErrors.CommunityProductSettler.selector;
        vm.prank(member);
        try community.changeSettler(settler) {
            if (!_accepted("changeSettler", expected)) return;
            _members[member].settler = settler;
            if (community.settlerOf(member) != settler) _break("a member's settler is not the one they chose");
        } catch (bytes memory reason) {
            _refused("changeSettler", expected, reason, member, address(community));
        }
    }

    /// @notice A member sends MV, ACB, USDT or X straight to Main, Swap or MvMarket by mistake: it
    ///         must not become anyone's but the owner's to rescue (nor be taken from what is owed).
    function mistakenTransfer(uint256 actorSeed, uint256 targetSeed, uint256 tokenSeed, uint256 amountSeed) external step {
        address actor = _actor(actorSeed);
        uint256[4] memory strayable = [MV, ACB, USDT, X];
        uint256 token = strayable[tokenSeed % 4];
        address[3] memory targets = [address(main), address(swap), address(market)];
        address target = targets[targetSeed % 3];
        uint256 amount = 1 + amountSeed % 100e18;
        if (balanceModel[token][actor] < amount) _mint(token, actor, amount);
        vm.prank(actor);
        try tokens[token].transfer(target, amount) {
            _move(token, actor, target, amount);
            if (token == MV && target == address(market)) strayMv += amount;
        } catch {
            _break("a plain token transfer was refused");
        }
    }

    // ================================================================ the owner

    /// @notice The owner moves a price: within the guard's step (applies at once if the last change
    ///         is a delay old), back to the price in force (cancels a scheduled one), or by -50% to
    ///         +100% (scheduled for a delay later); now and then zero (refused). Prices stay within a
    ///         quarter and four times deploy.ts's.
    function setPrice(uint256 tokenSeed, uint256 changeSeed) external step {
        uint256 token = tokenSeed % TOKENS;
        _applyDuePrice(token);
        (uint256 stepBps, uint256 delay) = _guardNow();
        PriceModel storage p = _prices[token];
        uint256 current = p.price;
        uint256 next = _nextPrice(token, current, changeSeed);
        bytes4 expected = next < 1e9 ? IMainErrors.MainInvalidConfig.selector : OK;
        SellerPrices memory before = _sellerPrices();
        if (!_asOwner("setPrice", address(main), abi.encodeCall(main.setPrice, (address(tokens[token]), next)), expected)) return;
        _checkSellerRatio(before, stepBps, delay);
        uint256 change = next > current ? next - current : current - next;
        // One side of the MV / USDT ratio steps at most once a delay after the other's step.
        uint256 otherSideAt = token == USDT ? _otherStepAt : _usdtStepAt;
        bool atOnce = change * BPS <= current * stepBps && block.timestamp >= p.changedAt + delay
            && block.timestamp >= otherSideAt + delay;
        if (next == current || atOnce) {
            if (next != current) {
                p.changedAt = block.timestamp;
                if (token == USDT) _usdtStepAt = block.timestamp;
                else _otherStepAt = block.timestamp;
            }
            p.price = next;
            p.pending = 0;
            p.pendingAt = 0;
        } else {
            p.pending = next;
            p.pendingAt = block.timestamp + delay;
        }
        (uint256 pending, uint256 at) = main.pendingPrice(address(tokens[token]));
        if (pending != p.pending || at != p.pendingAt) _break("the scheduled price change is not the model's");
    }

    /// @dev What an MV seller receives, read from the contracts around an owner's price move: a
    ///      move that changes it unannounced lowers it one step at most, and comes at least a delay
    ///      after the last such move (announced changes coming into force are not counted: sellers
    ///      saw them a delay ahead).
    function _checkSellerRatio(SellerPrices memory before, uint256 stepBps, uint256 delay) internal {
        SellerPrices memory afterMove = _sellerPrices();
        // now / before = (mv' / usdt') / (mv / usdt), both sides multiplied by usdt * usdt'.
        uint256 ratioNow = afterMove.mv * before.usdt;
        uint256 ratioBefore = before.mv * afterMove.usdt;
        if (ratioNow == ratioBefore) return;
        if (ratioNow * BPS < ratioBefore * (BPS - stepBps)) {
            _break("an MV seller's price fell more than one step at once");
        }
        if (_lastRatioMoveAt != 0 && block.timestamp < _lastRatioMoveAt + delay) {
            _break("an MV seller's price moved twice within a delay, unannounced");
        }
        _lastRatioMoveAt = block.timestamp;
    }

    /// @notice One of the owner's settings, each now and then out of its range (refused): the price
    ///         guard, the daily rate, the claim interval, the preaching rates, the pools, a route's
    ///         daily limit, the market's minimum and fill limit, the walk's generations, the VIP
    ///         levels, a token's synthesis rule.
    function configure(uint256 kind, uint256 seed) external step {
        uint256 which = kind % 10;
        if (which == 0) _setPriceGuard(seed);
        else if (which == 1) _setDailyRate(seed);
        else if (which == 2) _setClaimInterval(seed);
        else if (which == 3) _setPreachingRates(seed);
        else if (which == 4) _setPoolConfig(seed);
        else if (which == 5) _setDailyLimit(seed);
        else if (which == 6) _setMarketConfig(seed);
        else if (which == 7) _setMaxGenerations(seed);
        else if (which == 8) _configureLevels(seed);
        else _setSynthesisRule(seed);
    }

    /// @notice The owner rescues tokens from Main, MvMarket or Swap: up to what is free (exactly
    ///         all of it now and then), or one unit more (refused). Never the pools' USDT nor the
    ///         orders' MV.
    function rescue(uint256 kind, uint256 amountSeed) external step {
        uint256 which = kind % 3;
        if (which == 0) _rescueFromMain(kind / 3, amountSeed);
        else if (which == 1) _rescueFromMarket(kind / 3, amountSeed);
        else _rescueFromSwap(kind / 3, amountSeed);
    }

    /// @notice The owner tops up a reserve as deploy.ts funds it: Main's USDT, Revenue's ACB, Swap's
    ///         liquidity.
    function fundReserve(uint256 kind, uint256 amountSeed) external step {
        uint256 which = kind % 5;
        uint256 amount = 1e18 + amountSeed % 1_000_000e18;
        if (which == 0) _mint(USDT, address(main), amount * 10);
        else if (which == 1) _mint(ACB, address(revenue), amount);
        else _mint([X, USDT, ACB][which - 2], address(swap), amount);
    }

    // ================================================================ governance

    /// @notice What the manager must refuse, each tried on an owner change the admin could make
    ///         (`_governedChange`) and checked here, not passed on (the refusals are the point):
    ///         0) the admin calling the owner function itself, as the owner it was
    ///         (OwnableUnauthorizedAccount); 1) the admin executing a scheduled change before the
    ///         delay is over, mostly at its last second (AccessManagerNotReady), then cancelling
    ///         it; 2) a change scheduled, then cancelled within the delay: once the delay is over,
    ///         executing it is refused (AccessManagerNotScheduled); 3) the price bot, which holds
    ///         PRICE_SETTER only, executing or scheduling the change (AccessManagerUnauthorizedCall),
    ///         calling it itself, or granting itself the admin role (AccessManagerUnauthorizedAccount);
    ///         4) the admin executing the change unscheduled, or changing the manager's own settings
    ///         at once, which wait its delay too (AccessManagerNotScheduled). Waits move time.
    ///         Whatever happens, the owner settings (read from the contracts and the manager) must
    ///         not change: a cancelled or refused change never applies.
    function governance(uint256 kind, uint256 seed) external step {
        (address target, bytes memory data) = _governedChange(seed);
        bytes32 settings = _ownerSettings();
        uint256 which = kind % 5;
        if (which == 0) _tryAsOldOwner(target, data);
        else if (which == 1) _tryEarly(target, data, seed);
        else if (which == 2) _tryCancelled(target, data, seed);
        else if (which == 3) _tryAsPriceBot(target, data, seed);
        else _tryUnscheduled(target, data);
        if (_ownerSettings() != settings) _break("an owner change the manager refused or that was cancelled applied");
    }

    /// @dev An owner change the admin could make, which the handler never makes otherwise, so
    ///      that `_ownerSettings` would show it applied: a 100% daily rate, all the gold to the first
    ///      generation, a claim interval of a day less 7 s, another treasury, a route limit of 1 wei
    ///      of USD, a market minimum of 1 wei, a product contract handed to the outsider.
    function _governedChange(uint256 seed) internal view returns (address target, bytes memory data) {
        uint256 which = seed % 7;
        if (which == 0) return (address(revenue), abi.encodeCall(revenue.setDailyRate, (BPS)));
        if (which == 1) return (address(revenue), abi.encodeCall(revenue.setPreachingRates, ([BPS, 0, 0])));
        if (which == 2) return (address(revenue), abi.encodeCall(revenue.setClaimInterval, (1 days - 7)));
        if (which == 3) return (address(main), abi.encodeCall(main.setTreasury, (STRANGER)));
        if (which == 4) return (address(swap), abi.encodeCall(swap.setDailyLimit, (ISwapTypes.Route.UsdtToAcb, 1)));
        if (which == 5) return (address(market), abi.encodeCall(market.setMarketConfig, (1, 500)));
        return (_governed(seed / 7), abi.encodeCall(Ownable2Step.transferOwnership, (STRANGER)));
    }

    function _governed(uint256 seed) internal view returns (address) {
        return [address(main), address(revenue), address(community), address(swap), address(market)][seed % 5];
    }

    /// @dev What `_governedChange` would change, and who may change what: none of it moves with
    ///      time alone.
    function _ownerSettings() internal view returns (bytes32) {
        bytes memory settings = abi.encode(
            revenue.dailyRateBps(),
            revenue.preachingRatesBps(),
            revenue.claimInterval(),
            main.treasury(),
            swap.routeInfo(ISwapTypes.Route.UsdtToAcb).dailyLimitUsd,
            market.minOrder(),
            market.maxFillsPerBuy()
        );
        for (uint256 i = 0; i < 5; ++i) {
            Ownable2Step owned = Ownable2Step(_governed(i));
            settings = bytes.concat(settings, abi.encode(owned.owner(), owned.pendingOwner()));
        }
        (bool admin, uint32 delay) = manager.hasRole(ADMIN_ROLE, address(this));
        (bool botAdmin,) = manager.hasRole(ADMIN_ROLE, PRICE_BOT);
        (bool strangerSetter,) = manager.hasRole(PRICE_SETTER, STRANGER);
        uint64 rateRole = manager.getTargetFunctionRole(address(revenue), revenue.setDailyRate.selector);
        return keccak256(bytes.concat(settings, abi.encode(admin, delay, botAdmin, strangerSetter, rateRole)));
    }

    /// @dev The admin, the owner before the hand-over, calls the owner function directly.
    function _tryAsOldOwner(address target, bytes memory data) internal {
        (bool ok, bytes memory reason) = target.call(data);
        _refusedAsItMust(ok, reason, Ownable.OwnableUnauthorizedAccount.selector, "the admin's direct owner call");
    }

    /// @dev The admin schedules the change, executes it 1 to 599 s later (half the time at the
    ///      delay's last second), then cancels it.
    function _tryEarly(address target, bytes memory data, uint256 seed) internal {
        _schedule(target, data);
        uint256 early = _oneIn(2, seed, 1) ? 1 : 1 + _draw(seed, 2) % (GOVERNANCE_DELAY - 1);
        _warpTo(currentTime + GOVERNANCE_DELAY - early);
        try manager.execute(target, data) {
            _refusedAsItMust(true, "", IAccessManager.AccessManagerNotReady.selector, "executing before the delay");
        } catch (bytes memory reason) {
            _refusedAsItMust(false, reason, IAccessManager.AccessManagerNotReady.selector, "executing before the delay");
        }
        _cancel(target, data);
    }

    /// @dev The admin schedules the change and cancels it within the delay; at the delay's end or
    ///      up to a day later, executing it is refused.
    function _tryCancelled(address target, bytes memory data, uint256 seed) internal {
        _schedule(target, data);
        uint256 dueAt = currentTime + GOVERNANCE_DELAY;
        _warpTo(currentTime + _draw(seed, 1) % GOVERNANCE_DELAY);
        _cancel(target, data);
        _warpTo(dueAt + (_oneIn(2, seed, 2) ? 0 : _draw(seed, 3) % 1 days));
        try manager.execute(target, data) {
            _refusedAsItMust(true, "", IAccessManager.AccessManagerNotScheduled.selector, "executing a cancelled change");
        } catch (bytes memory reason) {
            _refusedAsItMust(false, reason, IAccessManager.AccessManagerNotScheduled.selector, "executing a cancelled change");
        }
    }

    /// @dev The price bot, which may step prices at once and nothing else, tries the change every
    ///      way, one more of the product's owner functions (those `callAsWrongSender` calls,
    ///      setPrice and the tokens' mint aside) through the manager, and to make itself admin.
    function _tryAsPriceBot(address target, bytes memory data, uint256 seed) internal {
        bytes4 unauthorized = IAccessManager.AccessManagerUnauthorizedCall.selector;
        vm.prank(PRICE_BOT);
        (bool ok, bytes memory reason) = address(manager).call(abi.encodeCall(manager.execute, (target, data)));
        _refusedAsItMust(ok, reason, unauthorized, "the price setter executing another owner call");
        uint256 w = 4 + _draw(seed, 4) % 15;
        (address other, bytes memory otherCall,) = _wrongCall(w == 18 ? 19 : w, PRICE_BOT, seed);
        vm.prank(PRICE_BOT);
        (ok, reason) = address(manager).call(abi.encodeCall(manager.execute, (other, otherCall)));
        _refusedAsItMust(ok, reason, unauthorized, "the price setter executing another owner call");
        vm.prank(PRICE_BOT);
        (ok, reason) = address(manager).call(abi.encodeCall(manager.schedule, (target, data, 0)));
        _refusedAsItMust(ok, reason, unauthorized, "the price setter scheduling another owner call");
        vm.prank(PRICE_BOT);
        (ok, reason) = target.call(data);
        _refusedAsItMust(ok, reason, Ownable.OwnableUnauthorizedAccount.selector, "the price setter's direct owner call");
        vm.prank(PRICE_BOT);
        (ok, reason) = address(manager).call(abi.encodeCall(manager.grantRole, (ADMIN_ROLE, PRICE_BOT, 0)));
        _refusedAsItMust(ok, reason, IAccessManager.AccessManagerUnauthorizedAccount.selector, "the price setter making itself admin");
    }

    /// @dev The admin executes the change without scheduling it, then changes the manager's own
    ///      settings at once: a price setter more, and setDailyRate given to PRICE_SETTER.
    function _tryUnscheduled(address target, bytes memory data) internal {
        bytes4 notScheduled = IAccessManager.AccessManagerNotScheduled.selector;
        (bool ok, bytes memory reason) = address(manager).call(abi.encodeCall(manager.execute, (target, data)));
        _refusedAsItMust(ok, reason, notScheduled, "the admin executing an unscheduled change");
        (ok, reason) = address(manager).call(abi.encodeCall(manager.grantRole, (PRICE_SETTER, STRANGER, 0)));
        _refusedAsItMust(ok, reason, notScheduled, "the admin granting a role at once");
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = revenue.setDailyRate.selector;
        (ok, reason) = address(manager).call(abi.encodeCall(manager.setTargetFunctionRole, (address(revenue), selectors, PRICE_SETTER)));
        _refusedAsItMust(ok, reason, notScheduled, "the admin giving an owner function to another role at once");
    }

    /// @dev A call the manager or a product contract had to refuse with `expected`: counted, and a
    ///      break when accepted or refused otherwise.
    function _refusedAsItMust(bool ok, bytes memory reason, bytes4 expected, string memory what) internal {
        governanceRefusalsTried += 1;
        if (ok) _break(string.concat(what, " was accepted"));
        else if (_selectorOf(reason) != expected) _break(string.concat(what, " was refused with ", _hex(_selectorOf(reason)), " instead of ", _hex(expected)));
    }

    // ================================================================ wrong senders and the clock

    /// @notice A call only Main, or only the owner, may make, from anyone else: a member, an
    ///         outsider, the treasury, a product contract, and the deployer (the owner before the
    ///         manager, and its admin), whose direct calls are refused like anyone's.
    function callAsWrongSender(uint256 senderSeed, uint256 which) external step {
        uint256 w = which % 20;
        bool mainOnly = w < 3;
        address[9] memory senders = [
            _actor(senderSeed / 9),
            STRANGER,
            TREASURY,
            address(main),
            address(revenue),
            address(community),
            address(swap),
            address(market),
            address(this)
        ];
        address sender = senders[senderSeed % 9];
        if (mainOnly && sender == address(main)) sender = address(this);
        // The tokens are mocks the deployer keeps (deploy.ts does not hand them over): it may mint.
        if (w == 18 && sender == address(this)) sender = address(main);
        (address target, bytes memory data, bytes4 expected) = _wrongCall(w, sender, senderSeed);
        wrongSenderAttempts += 1;
        vm.prank(sender);
        (bool ok, bytes memory reason) = target.call(data);
        if (ok) {
            wrongSendersAccepted += 1;
            _break(string.concat("a call only ", mainOnly ? "Main" : "the owner", " may make was accepted from ", _nameOf(sender)));
            return;
        }
        if (_selectorOf(reason) != expected) _break(string.concat("a wrong sender was refused with ", _hex(_selectorOf(reason)), " instead of ", _hex(expected)));
        if (_moved(sender) || _moved(target)) {
            revertsThatMoved += 1;
            _break("a refused call from a wrong sender moved tokens");
        }
    }

    /// @notice Time moves on: a second; 59, 60 or 61 s (the claim interval); to 23:59:59 UTC, or
    ///         00:00:00 or 00:00:01 of the next day; an hour; a day; 10 min or 10 min 1 s (the lucky
    ///         countdown); or anything up to 3, 40 or 400 days (records go out after 300 days at
    ///         1% a day).
    function warp(uint256 kind, uint256 amount) external step {
        uint256 midnight = (currentTime / 1 days + 1) * 1 days;
        uint256[10] memory jumps = [
            uint256(1),
            59 + amount % 3,
            midnight - currentTime - 1,
            midnight - currentTime + amount % 2,
            1 hours,
            1 days,
            600 + amount % 2,
            1 + amount % 40 days,
            1 + amount % 3 days,
            1 + amount % 400 days
        ];
        _warpTo(currentTime + jumps[kind % jumps.length]);
    }

    // ================================================================ model of the actions

    function _synthesisRefusal(
        address actor,
        uint256 token,
        uint256 hashrate,
        uint256 cost,
        uint256 maxCost,
        bool backlog,
        Funds funds
    ) internal view returns (bytes4) {
        RuleModel storage rule = _rules[token];
        if (!_enabledNow(token)) return IMainErrors.MainUnsupportedToken.selector;
        if (hashrate < rule.minimum || hashrate % rule.multiple != 0 || hashrate > MAX_HASHRATE) {
            return IMainErrors.MainInvalidHashrate.selector;
        }
        if (cost > maxCost) return IMainErrors.MainCostAboveMax.selector;
        // Main takes the payment before Community and Revenue see the synthesis.
        if (funds != Funds.Enough) {
            return _fundsRefusal(funds, IMainErrors.MainBalanceTooLow.selector, IMainErrors.MainAllowanceTooLow.selector);
        }
        if (backlog) return IRevenueErrors.RevenueOutBacklog.selector;
        (, uint256 active) = _machineNow(actor);
        if (active + hashrate > MAX_ACTIVE_POWER) return IRevenueErrors.RevenueActivePowerCapReached.selector;
        return OK;
    }

    /// @dev Mostly one to fifty multiples (up to 5,000 USD); one in 16 up to 5,000 multiples; one in
    ///      128 the largest a synthesis takes (a billion USD). Cut to what the active-power cap
    ///      leaves. One in 16 is instead an edge a user can type (_edgeHashrate), taken or refused as
    ///      the model predicts.
    function _chooseHashrate(address actor, uint256 token, uint256 units) internal view returns (uint256 hashrate) {
        RuleModel storage rule = _rules[token];
        (, uint256 active) = _machineNow(actor);
        uint256 room = active < MAX_ACTIVE_POWER ? MAX_ACTIVE_POWER - active : 0;
        uint256 edge = _draw(units, 1) % 64;
        if (edge < 4) return _edgeHashrate(rule, room, edge, units);
        uint256 draw = _draw(units, 0);
        hashrate = rule.multiple * (1 + units % 50);
        if (draw % 128 == 0) hashrate = MAX_HASHRATE;
        else if (draw % 16 == 0) hashrate = rule.multiple * (1 + units % 5_000);
        if (hashrate > room) hashrate = room / rule.multiple * rule.multiple;
        if (hashrate < rule.minimum) hashrate = rule.minimum;
    }

    /// @dev What users can type at the rule's edges: 0) not a multiple; 1) one multiple under the
    ///      minimum (zero when the minimum is one multiple); 2) exactly what the active-power cap
    ///      leaves, in whole multiples (the cap itself when that is a multiple), or the largest a
    ///      synthesis takes; 3) one multiple past that. Multiples are 20, 50 or 100, never 1.
    function _edgeHashrate(RuleModel storage rule, uint256 room, uint256 edge, uint256 units) internal view returns (uint256) {
        uint256 fit = _min(room, MAX_HASHRATE) / rule.multiple * rule.multiple;
        if (edge == 0) return rule.multiple * (1 + units % 50) + 1 + units % (rule.multiple - 1);
        if (edge == 1) return rule.minimum - rule.multiple;
        if (edge == 2) return fit;
        return fit + rule.multiple;
    }

    function _modelSynthesis(address actor, uint256 token, uint256 hashrate, uint256 cost) internal {
        _touch(actor);
        if (token == ACB) _burn(ACB, actor, cost);
        else _move(token, actor, TREASURY, cost);
        _modelPools(actor, hashrate);
        _modelTakeOut(actor);
        _records[actor].push(RecordModel(_indexAt(block.timestamp), hashrate));
        synthesised[actor] += hashrate;
        _modelPerformance(actor, hashrate);
        if (main.powerOf(actor) != synthesised[actor]) _break("Main's power of a member is not what they synthesised");
        (uint256 time, uint256 recorded) = main.recordTimeAndHashrate(actor, _records[actor].length - 1);
        if (time != block.timestamp || recorded != hashrate) _break("a merge record is not the synthesis made");
    }

    /// @dev Rounds that ended pay their prizes, then the synthesis's shares go to the pools as far as
    ///      the free reserve (the USDT beyond what the pools promise) goes.
    function _modelPools(address payer, uint256 hashrate) internal {
        PoolModel storage p = _pools;
        uint256 held = balanceModel[USDT][address(main)];
        uint256 promised = p.lucky + p.max;
        uint256 free = held > promised ? held - promised : 0;
        if (p.luckyEndsAt != 0 && block.timestamp >= p.luckyEndsAt && p.lucky != 0) {
            _move(USDT, address(main), p.lastMiner, p.lucky);
            p.lucky = 0;
        }
        if (block.timestamp >= p.roundEndsAt) {
            if (p.leader != address(0)) {
                _move(USDT, address(main), p.leader, p.max);
                p.max = 0;
            }
            _nextMaxRound();
        }
        uint256 usd = hashrate * USD;
        uint256 luckyShare = _min(usd * p.luckyShareBps / BPS, _min(free, MAX_POOL - p.lucky));
        uint256 maxShare = _min(usd * p.maxShareBps / BPS, _min(free - luckyShare, MAX_POOL - p.max));
        p.lucky += luckyShare;
        p.max += maxShare;
        p.lastMiner = payer;
        p.luckyEndsAt = block.timestamp + p.luckyDuration;
        if (hashrate > p.leaderHashrate) {
            p.leader = payer;
            p.leaderHashrate = hashrate;
        }
    }

    /// @dev The next max-machine round ends on the schedule: the first end after now.
    function _nextMaxRound() internal {
        PoolModel storage p = _pools;
        p.roundEndsAt += ((block.timestamp - p.roundEndsAt) / p.roundDuration + 1) * p.roundDuration;
        p.leader = address(0);
        p.leaderHashrate = 0;
    }

    /// @dev The walk up the tree: each inviter, up to the generations configured, earns the part of
    ///      their VIP rate (by team performance as of the last 00:00 UTC) not already paid below
    ///      them, then gains the hashrate as team performance (counting for levels from tomorrow);
    ///      one who reaches V1 counts for their own inviter (from tomorrow too).
    function _modelPerformance(address member, uint256 amount) internal {
        uint256 today = block.timestamp / 1 days;
        address below = member;
        address current = _members[member].inviter;
        uint256 paidBps;
        for (uint256 walked = 0; walked < _maxGenerations && current != below; ++walked) {
            MemberModel storage m = _members[current];
            uint256 rate = _vipRateOf(_settledPerformance(current));
            if (rate > paidBps) {
                uint256 nano = amount * USD * (rate - paidBps) / BPS / NANO;
                _earners[current].dynamicWaiting += nano;
                _dynamicCredited += nano;
                _touch(current);
                paidBps = rate;
            }
            uint256 before = m.performance;
            m.todayGain = _min((m.gainDay == today ? m.todayGain : 0) + amount, type(uint32).max);
            m.gainDay = today;
            m.performance = _min(m.performance + amount, type(uint40).max);
            _touch(current);
            // Reaching V1 happens once: the inviter gains a V1 direct member from tomorrow.
            if (before < _vipThresholds[0] && m.performance >= _vipThresholds[0] && m.inviter != current) {
                _countV1Direct(m.inviter, today);
            }
            below = current;
            current = m.inviter;
        }
        dynamicCap += amount * USD * _vipRates[4] / BPS;
    }

    function _countV1Direct(address inviter, uint256 today) internal {
        MemberModel storage m = _members[inviter];
        if (m.pendingDay != today) {
            m.v1Directs += m.pendingV1;
            m.pendingV1 = 0;
            m.pendingDay = today;
        }
        m.pendingV1 += 1;
        _touch(inviter);
    }

    function _maxExchangeable(address user, uint256 route, uint256 priceIn, uint256 priceOut)
        internal
        view
        returns (uint256 max)
    {
        (, uint256 tokenOut) = _routeTokens(route);
        max = balanceModel[tokenOut][address(swap)] * priceOut / priceIn;
        uint256 limit = _dailyLimits[route];
        if (limit != 0) {
            uint256 used = _usedToday(user, route);
            uint256 byLimit = (limit > used ? limit - used : 0) * USD / priceIn;
            if (byLimit < max) max = byLimit;
        }
    }

    /// @dev A route with a daily limit counts the USD value exchanged today (rounded up), from 0
    ///      again at 00:00 UTC.
    function _modelUsage(address actor, uint256 route, uint256 amountIn, uint256 priceIn) internal {
        if (_dailyLimits[route] != 0) {
            uint256 used = _usedToday(actor, route) + _ceilDiv(amountIn * priceIn, USD);
            _usage[actor][route] = Usage(block.timestamp / 1 days, used);
            if (used > _dailyLimits[route]) _break("an exchange passed the route's daily limit");
        }
        if (swap.usedToday(ISwapTypes.Route(route), actor) != _usedToday(actor, route)) _break("Swap's daily use is not the model's");
    }

    struct Fill {
        uint256 index;
        uint256 mv;
        uint256 usdt;
        bool soldOut;
    }

    struct Plan {
        Fill[] fills;
        uint256 count;
        uint256 mv;
        uint256 usdt;
    }

    /// @dev A buy fills the oldest active orders first, at most the fill limit of them; sellers are
    ///      never paid less than the MV price: USDT rounds up, MV down.
    function _planBuy(uint256 usdtIn) internal view returns (Plan memory plan) {
        uint256 priceMv = _priceNow(MV);
        uint256 priceUsdt = _priceNow(USDT);
        plan.fills = new Fill[](_maxFills);
        uint256 budget = usdtIn;
        uint256 next;
        while (plan.count < _maxFills && next < _queue.length && budget != 0) {
            uint256 index = _queue[next];
            uint256 unsold = _orders[index].remaining;
            uint256 costOfAll = _ceilDiv(unsold * priceMv, priceUsdt);
            Fill memory fill = Fill(index, unsold, costOfAll, true);
            if (budget < costOfAll) {
                fill.mv = budget * priceUsdt / priceMv;
                if (fill.mv == 0) break;
                fill.usdt = _ceilDiv(fill.mv * priceMv, priceUsdt);
                fill.soldOut = false;
            } else {
                ++next;
            }
            budget -= fill.usdt;
            plan.mv += fill.mv;
            plan.fills[plan.count++] = fill;
        }
        plan.usdt = usdtIn - budget;
    }

    /// @dev The market's previewBuy fills the orders of the model's plan, in its order, each with
    ///      its seller (the buyer's own orders among them) and amounts.
    function _previewIsPlan(IMvMarketTypes.Fill[] memory preview, Plan memory plan) internal view returns (bool) {
        if (preview.length != plan.count) return false;
        for (uint256 i = 0; i < plan.count; ++i) {
            Fill memory fill = plan.fills[i];
            IMvMarketTypes.Fill memory previewed = preview[i];
            if (
                previewed.index != fill.index || previewed.seller != _orders[fill.index].seller || previewed.mvAmount != fill.mv
                    || previewed.usdtAmount != fill.usdt || previewed.soldOut != fill.soldOut
            ) return false;
        }
        return true;
    }

    function _modelBuy(address buyer, Plan memory plan) internal {
        for (uint256 i = 0; i < plan.count; ++i) {
            Fill memory fill = plan.fills[i];
            OrderModel storage order = _orders[fill.index];
            _move(USDT, buyer, order.seller, fill.usdt);
            order.remaining -= fill.mv;
            if (fill.soldOut) {
                order.active = false;
                _unqueue(fill.index);
            }
        }
        _move(MV, address(market), buyer, plan.mv);
        escrow -= plan.mv;
    }

    function _unqueue(uint256 index) internal {
        uint256 n = _queue.length;
        uint256 i;
        while (_queue[i] != index) ++i;
        for (; i + 1 < n; ++i) _queue[i] = _queue[i + 1];
        _queue.pop();
    }

    function _claimRefusal(address actor, uint256 total, uint256 paidUsd, uint256 acb, uint256 minAcb)
        internal
        view
        returns (bytes4)
    {
        uint256 last = _earners[actor].lastClaimAt;
        if (last != 0 && block.timestamp <= last + _claimInterval) return IRevenueErrors.RevenueClaimTooSoon.selector;
        if (total == 0) return IRevenueErrors.RevenueNothingToClaim.selector;
        if (paidUsd == 0) return IRevenueErrors.RevenueReserveShort.selector;
        if (acb == 0) return IRevenueErrors.RevenueClaimPaysNothing.selector;
        if (acb < minAcb) return IRevenueErrors.RevenueClaimBelowMin.selector;
        return OK;
    }

    /// @dev What the plan pays is received, the rest stays waiting, and it adds to what claims
    ///      paid ever; each of the first three inviters (the genesis member ends the line) earns
    ///      their generation's gold of the machine revenue paid, at the rates in force when it was
    ///      earned (`_goldOnPayment`). Returns the gold credited (nano-USD).
    function _modelClaim(address actor, ClaimPlan memory plan) internal returns (uint256 creditedNano) {
        _touch(actor);
        EarnerModel storage e = _earners[actor];
        _modelTakeOut(actor);
        _setAsideEarlierGold(actor, plan.version);
        (uint256[3] memory gold, uint256[3] memory cap) = _goldOnPayment(actor, plan.paidUnits - e.paidUnits, plan.machine, plan.version);
        e.paidUnits = plan.paidUnits;
        e.lastClaimAt = block.timestamp;
        e.dynamicReceived += plan.bonus[0];
        e.dynamicWaiting -= plan.bonus[0];
        for (uint256 g = 0; g < 3; ++g) {
            e.preachingReceived[g] += plan.bonus[g + 1];
            e.preachingWaiting[g] -= plan.bonus[g + 1];
        }
        paidEver += plan.usd;
        if (plan.machine == 0) return 0;
        address below = actor;
        address current = _members[actor].inviter;
        for (uint256 g = 0; g < 3 && current != address(0) && current != below; ++g) {
            _earners[current].preachingWaiting[g] += gold[g];
            _preachingCredited[g] += gold[g];
            creditedNano += gold[g];
            preachingCap[g] += cap[g];
            _touch(current);
            if (current == actors[0]) break;
            below = current;
            current = _members[current].inviter;
        }
    }

    /// @dev More records finished than one call takes out (only after hundreds of syntheses): the
    ///      app processes them first; now and then the synthesis is sent anyway (refused).
    function _workOffBacklog(address actor, bool leaveIt) internal returns (bool backlog) {
        backlog = _outPending(actor) > MAX_OUT_PER_CALL;
        if (revenue.earningsOf(actor).outBacklog != backlog) _break("Revenue's backlog of finished records is not the model's");
        if (!backlog || leaveIt) return backlog;
        while (_outPending(actor) > MAX_OUT_PER_CALL) {
            uint256 processed = revenue.processOutRecords(actor, MAX_OUT_PER_CALL);
            if (processed != MAX_OUT_PER_CALL) _break("processOutRecords took out other than the model's records");
            _takeOut(actor, MAX_OUT_PER_CALL);
        }
        return false;
    }

    function _nextPrice(uint256 token, uint256 current, uint256 changeSeed) internal view returns (uint256 next) {
        uint256 kind = changeSeed % 4;
        uint256 r = changeSeed / 4;
        if (kind == 0) {
            (uint256 stepBps,) = _guardNow();
            uint256 delta = current * stepBps / BPS * (r % 101) / 100;
            next = r % 2 == 0 ? current + delta : current - delta;
        } else if (kind == 1) {
            next = current;
        } else {
            next = current / 2 + current * (r % 151) / 100;
        }
        uint256 base = _defaultPrices()[token];
        if (next < base / 4) next = base / 4;
        if (next > base * 4) next = base * 4;
        if (_oneIn(32, changeSeed, 0)) next = 0;
    }

    // ---------------------------------------------------------------- owner settings

    /// @dev A new guard, tighter or looser (announced, applied a delay in force later), now and
    ///      then the guard in force again (cancels an announced one), a delay at the shortest's
    ///      edge (a day, taken, or a second less), or out of range (refused). The guard in force is
    ///      the one at scheduling: a looser one announced may come into force while the call waits.
    function _setPriceGuard(uint256 seed) internal {
        uint256 stepBps = _draw(seed, 2) % 2_101;
        uint256 delay = 30 minutes + _draw(seed, 1) % 31 days;
        if (_oneIn(8, seed, 4)) delay = 1 days - _draw(seed, 5) % 2;
        if (_oneIn(6, seed, 3)) (stepBps, delay) = _guardNow();
        bool valid = stepBps <= 2_000 && delay >= 1 days && delay <= 30 days;
        if (!_asOwner("setPriceGuard", address(main), abi.encodeCall(main.setPriceGuard, (stepBps, delay)), _invalidUnless(valid, IMainErrors.MainInvalidConfig.selector))) return;
        _newGuard(stepBps, delay);
        (uint256 pendingStep, uint256 pendingDelay, uint256 pendingAt) = main.pendingPriceGuard();
        if (pendingStep != _guardPendingStepBps || pendingDelay != _guardPendingDelay || pendingAt != _guardPendingAt) {
            _break("the announced price guard is not the model's");
        }
    }

    function _setDailyRate(uint256 seed) internal {
        uint256 rate = _oneIn(10, seed, 0) ? BPS + 1 : _draw(seed, 2) % 301;
        bytes4 expected = _invalidUnless(rate <= BPS, IRevenueErrors.RevenueInvalidConfig.selector);
        if (!_asOwner("setDailyRate", address(revenue), abi.encodeCall(revenue.setDailyRate, (rate)), expected)) return;
        RateCheckpoint storage last = _rates[_rates.length - 1];
        if (last.time == block.timestamp) last.rateBps = rate;
        else _rates.push(RateCheckpoint(block.timestamp, _indexAt(block.timestamp), rate));
    }

    function _setClaimInterval(uint256 seed) internal {
        uint256 interval = _oneIn(10, seed, 0) ? 1 days + 1 : _oneIn(10, seed, 1) ? 1 days : _draw(seed, 2) % 121;
        bytes4 expected = _invalidUnless(interval <= 1 days, IRevenueErrors.RevenueInvalidConfig.selector);
        if (!_asOwner("setClaimInterval", address(revenue), abi.encodeCall(revenue.setClaimInterval, (interval)), expected)) return;
        _claimInterval = interval;
    }

    function _setPreachingRates(uint256 seed) internal {
        uint256[3] memory rates = [_draw(seed, 3) % 2_001, _draw(seed, 1) % 1_001, _draw(seed, 2) % 501];
        if (_oneIn(10, seed, 0)) rates = [uint256(6_000), 3_000, 1_001];
        bytes4 expected = _invalidUnless(rates[0] + rates[1] + rates[2] <= BPS, IRevenueErrors.RevenueInvalidConfig.selector);
        bytes memory call = abi.encodeCall(revenue.setPreachingRates, (rates));
        // Owner calls wait the delay (`_asOwner`); here the gold is compared at its end, around the change.
        _scheduleAndWait(address(revenue), call);
        // Behind a backlog, half the time the claims go at once, half the time it is worked off first.
        bool leaveBacklogs = _oneIn(2, seed, 6);
        uint256[3][ACTORS] memory goldBefore;
        if (expected == OK) goldBefore = _goldOfWholeClaims(leaveBacklogs);
        if (!_executeAsOwner("setPreachingRates", address(revenue), call, expected, address(this))) return;
        // The rates in force until now are version `_pastPreaching.length`; revenue earned from now on earns the new ones.
        _pastPreaching.push(PastPreaching(_indexAt(block.timestamp), _preachingRates));
        _preachingRates = rates;
        _checkEarnedGoldKept(goldBefore, _goldOfWholeClaims(leaveBacklogs));
    }

    /// @dev The preaching gold (wei of USD) that each member's claim of everything waiting would
    ///      credit now, by claimer and generation: every member with machine revenue waiting claims
    ///      in turn, with the reserve at twice what is promised, so that every claim is whole (each
    ///      pays what it is owed and adds at most as much to the promise). A backlog of finished
    ///      records is worked off first, or (`leaveBacklogs`) left: the claim then pays what its
    ///      accrual reaches, which stops before the change (its revenue earned under the rates
    ///      replaced, whose gold must stay theirs). Tried on a copy of the chain, thrown away after;
    ///      the gold read from Revenue's PreachingGoldCredited.
    function _goldOfWholeClaims(bool leaveBacklogs) internal returns (uint256[3][ACTORS] memory gold) {
        // The call's own events so far still count for the checks after it; the copy's do not.
        _noteTransfers(vm.getRecordedLogs());
        uint256 copy = vm.snapshotState();
        IRevenueTypes.Backing memory backing = revenue.backing();
        tokens[ACB].mint(address(revenue), _ceilDiv(2 * backing.promisedUsd * USD, backing.acbPrice));
        for (uint256 a = 0; a < ACTORS; ++a) {
            (uint256 machine,) = _waiting(actors[a]);
            if (machine == 0) continue;
            uint256 pending = _outPending(actors[a]);
            if (pending > MAX_OUT_PER_CALL && !leaveBacklogs) revenue.processOutRecords(actors[a], pending);
            vm.prank(actors[a]);
            // A member who claimed within the interval is refused, before and after alike.
            try revenue.claim(0) {} catch {}
        }
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter != address(revenue) || logs[i].topics[0] != IRevenueEvents.PreachingGoldCredited.selector) continue;
            (uint256 generation, uint256 amount) = abi.decode(logs[i].data, (uint256, uint256));
            gold[_actorNumber[address(uint160(uint256(logs[i].topics[2])))] - 1][generation - 1] += amount;
        }
        vm.revertToStateAndDelete(copy);
        vm.warp(currentTime);
    }

    /// @dev Invariant (b): a preaching-rate change does not change the gold that the machine
    ///      revenue earned before it credits. At the change's second every member's whole claim
    ///      must credit each generation what it would have credited just before, to one nano-USD:
    ///      before, the part earned under the rates then in force is valued as the USD paid less the
    ///      older part's share; after, as its own units' USD. The two differ by a few wei, which
    ///      can cross one nano-USD of gold, never more.
    function _checkEarnedGoldKept(uint256[3][ACTORS] memory before, uint256[3][ACTORS] memory afterChange) internal {
        preachingChangesChecked += 1;
        for (uint256 a = 0; a < ACTORS; ++a) {
            for (uint256 g = 0; g < 3; ++g) {
                uint256 was = before[a][g];
                uint256 kept = afterChange[a][g];
                if (was != 0) earnedGoldCompared += 1;
                if ((was > kept ? was - kept : kept - was) > NANO) {
                    _break(string.concat("a preaching-rate change changed the gold of machine revenue ", _actorName(a), " earned before it"));
                }
            }
        }
    }

    function _setPoolConfig(uint256 seed) internal {
        uint256 luckyBps = _draw(seed, 4) % 1_001;
        uint256 maxBps = _draw(seed, 1) % 1_001;
        uint256 luckyDuration = _oneIn(10, seed, 0) ? 0 : 60 + _draw(seed, 2) % 3_541;
        uint256 roundDuration = 1 hours + _draw(seed, 3) % 2 days;
        bytes4 expected = _invalidUnless(luckyDuration != 0, IMainErrors.MainInvalidConfig.selector);
        if (!_asOwner("setPoolConfig", address(main), abi.encodeCall(main.setPoolConfig, (luckyBps, maxBps, luckyDuration, roundDuration)), expected)) return;
        PoolModel storage p = _pools;
        (p.luckyShareBps, p.maxShareBps, p.luckyDuration, p.roundDuration) = (luckyBps, maxBps, luckyDuration, roundDuration);
    }

    function _setDailyLimit(uint256 seed) internal {
        uint256 route = seed % 5;
        uint256 limit = _draw(seed, 1) % 4 == 0 ? 0 : 100e18 + _draw(seed, 2) % 5_000e18;
        if (!_asOwner("setDailyLimit", address(swap), abi.encodeCall(swap.setDailyLimit, (ISwapTypes.Route(route), limit)), OK)) return;
        _dailyLimits[route] = limit;
    }

    function _setMarketConfig(uint256 seed) internal {
        uint256 minOrder = 1e18 + _draw(seed, 1) % 200e18;
        uint256 maxFills = _oneIn(10, seed, 0) ? 501 : 1 + _draw(seed, 2) % 60;
        bytes4 expected = _invalidUnless(maxFills <= 500, IMvMarketErrors.MarketInvalidConfig.selector);
        if (!_asOwner("setMarketConfig", address(market), abi.encodeCall(market.setMarketConfig, (minOrder, maxFills)), expected)) return;
        (_minOrder, _maxFills) = (minOrder, maxFills);
    }

    function _setMaxGenerations(uint256 seed) internal {
        uint256 generations = _oneIn(10, seed, 0) ? 31 : 1 + _draw(seed, 1) % 30;
        bytes4 expected = _invalidUnless(generations <= 30, ICommunityErrors.CommunityInvalidConfig.selector);
        if (!_asOwner("setMaxGenerations", address(community), abi.encodeCall(community.setMaxGenerations, (generations)), expected)) return;
        _maxGenerations = generations;
    }

    /// @dev The default levels (docs/product/contracts.md §7), or lower ones that small teams reach, or levels that do not rise
    ///      (refused).
    function _configureLevels(uint256 seed) internal {
        uint256 kind = _oneIn(8, seed, 0) ? 2 : seed % 2;
        uint256[5] memory thresholds = [uint256(10_000), 50_000, 200_000, 1_000_000, 5_000_000];
        uint256[5] memory rates = [uint256(200), 400, 600, 800, 1_000];
        if (kind == 1) {
            thresholds = [uint256(1_000), 5_000, 20_000, 100_000, 500_000];
            rates = [uint256(300), 500, 700, 900, 1_200];
        } else if (kind == 2) {
            thresholds[1] = thresholds[0];
        }
        bytes4 expected = _invalidUnless(kind != 2, ICommunityErrors.CommunityInvalidConfig.selector);
        if (!_asOwner("configureLevels", address(community), abi.encodeCall(community.configureLevels, (thresholds, rates, [uint256(1), 3, 5])), expected)) return;
        (_vipThresholds, _vipRates) = (thresholds, rates);
    }

    /// @dev Multiples of 20, 50 or 100, a minimum of one to three of them; one in five disables the
    ///      token; a minimum that is not a multiple is refused.
    function _setSynthesisRule(uint256 seed) internal {
        (uint256 token,) = _synthesisToken(seed % SYNTHESIS_TOKENS);
        uint256 multiple = [uint256(20), 50, 100][_draw(seed, 1) % 3];
        uint256 minimum = _oneIn(10, seed, 0) ? multiple + 1 : multiple * (1 + _draw(seed, 2) % 3);
        bool enabled = _draw(seed, 3) % 5 != 0;
        bytes4 expected = _invalidUnless(minimum % multiple == 0, IMainErrors.MainInvalidConfig.selector);
        if (!_asOwner("setSynthesisRule", address(main), abi.encodeCall(main.setSynthesisRule, (address(tokens[token]), multiple, minimum, enabled)), expected)) return;
        RuleModel storage rule = _rules[token];
        // Disabling applies at once; enabling a disabled token after launch waits the guard's delay;
        // an enabling already announced keeps its time.
        uint256 enableAt = 0;
        if (enabled && !_enabledNow(token)) {
            (, uint256 delay) = _guardNow();
            enableAt = rule.enabled ? rule.enableAt : _launched() ? block.timestamp + delay : 0;
        }
        _rules[token] = RuleModel(multiple, minimum, enabled, enableAt);
    }

    // ---------------------------------------------------------------- rescues

    function _rescueFromMain(uint256 kind, uint256 seed) internal {
        uint256 token = kind % 2 == 0 ? USDT : [MV, ACB, X][kind / 2 % 3];
        uint256 held = balanceModel[token][address(main)];
        uint256 promised = _pools.lucky + _pools.max;
        uint256 free = token != USDT ? held : held > promised ? held - promised : 0;
        uint256 amount = _rescueAmount(free, seed);
        address to = _oneIn(32, seed, 7) ? address(0) : address(this);
        bytes4 expected = OK;
        if (to == address(0)) expected = IMainErrors.MainInvalidConfig.selector;
        else if (amount > free) expected = IMainErrors.MainRescueExceedsFree.selector;
        if (!_asOwner("rescue from Main", address(main), abi.encodeCall(main.rescue, (address(tokens[token]), to, amount)), expected)) return;
        _move(token, address(main), to, amount);
    }

    function _rescueFromMarket(uint256 kind, uint256 seed) internal {
        uint256 token = kind % 2 == 0 ? MV : [ACB, USDT, X][kind / 2 % 3];
        uint256 held = balanceModel[token][address(market)];
        uint256 free = token == MV ? held - escrow : held;
        uint256 amount = _rescueAmount(free, seed);
        address to = _oneIn(32, seed, 7) ? address(0) : address(this);
        bytes4 expected = OK;
        if (to == address(0)) expected = IMvMarketErrors.MarketInvalidConfig.selector;
        else if (amount > free) expected = IMvMarketErrors.MarketRescueExceedsFree.selector;
        if (!_asOwner("rescue from MvMarket", address(market), abi.encodeCall(market.rescue, (address(tokens[token]), to, amount)), expected)) return;
        _move(token, address(market), to, amount);
        if (token == MV) strayMv -= amount;
    }

    function _rescueFromSwap(uint256 kind, uint256 seed) internal {
        uint256 token = [MV, WXB, USDX, X, ACB, USDT][kind % 6];
        uint256 held = balanceModel[token][address(swap)];
        uint256 amount = _oneIn(16, seed, 0) ? held + 1 : seed % (held / 20 + 1);
        address to = _oneIn(32, seed, 7) ? address(0) : address(this);
        bytes4 expected = OK;
        if (to == address(0)) expected = ISwapErrors.SwapInvalidConfig.selector;
        else if (amount > held) expected = IERC20Errors.ERC20InsufficientBalance.selector;
        if (!_asOwner("rescue from Swap", address(swap), abi.encodeCall(swap.rescue, (address(tokens[token]), to, amount)), expected)) return;
        _move(token, address(swap), to, amount);
    }

    /// @dev A part of what is free; one in eight one unit more (refused); one in sixteen all of it.
    function _rescueAmount(uint256 free, uint256 seed) internal pure returns (uint256) {
        if (_oneIn(8, seed, 0)) return free + 1;
        if (_oneIn(16, seed, 1)) return free;
        return seed % (free / 10 + 1);
    }

    // ---------------------------------------------------------------- wrong senders

    function _wrongCall(uint256 w, address sender, uint256 seed)
        internal
        view
        returns (address target, bytes memory data, bytes4 expected)
    {
        expected = Ownable.OwnableUnauthorizedAccount.selector;
        if (w < 2) {
            InviterReward[] memory rewards = new InviterReward[](w);
            if (w == 1) rewards[0] = InviterReward(sender, BPS);
            return (address(revenue), abi.encodeCall(revenue.recordSynthesis, (sender, 1e9, rewards)), IRevenueErrors.RevenueNotMain.selector);
        }
        if (w == 2) return (address(community), abi.encodeCall(community.recordPerformance, (sender, 1e9)), ICommunityErrors.CommunityNotMain.selector);
        if (w == 3) return (address(main), abi.encodeCall(main.setPrice, (address(tokens[X]), 1e18)), expected);
        if (w == 4) return (address(main), abi.encodeCall(main.setSynthesisRule, (address(tokens[USDT]), 100, 100, false)), expected);
        if (w == 5) return (address(main), abi.encodeCall(main.setPoolConfig, (5_000, 5_000, 60, 1 hours)), expected);
        if (w == 6) return (address(main), abi.encodeCall(main.setTreasury, (sender)), expected);
        if (w == 7) return (address(main), abi.encodeCall(main.setPriceGuard, (2_000, 1 days)), expected);
        if (w == 8) return (address(main), abi.encodeCall(main.rescue, (address(tokens[USDT]), sender, 1)), expected);
        if (w == 9) return (address(revenue), abi.encodeCall(revenue.setDailyRate, (BPS)), expected);
        if (w == 10) return (address(revenue), abi.encodeCall(revenue.setClaimInterval, (0)), expected);
        if (w == 11) return (address(revenue), abi.encodeCall(revenue.setPreachingRates, ([BPS, 0, 0])), expected);
        if (w == 12) return (address(community), abi.encodeCall(community.setMaxGenerations, (30)), expected);
        if (w == 13) {
            uint256[5] memory thresholds = [uint256(1), 2, 3, 4, 5];
            uint256[5] memory rates = [uint256(1_000), 2_000, 3_000, 4_000, 5_000];
            return (address(community), abi.encodeCall(community.configureLevels, (thresholds, rates, [uint256(1), 2, 3])), expected);
        }
        if (w == 14) return (address(swap), abi.encodeCall(swap.setDailyLimit, (ISwapTypes.Route.AcbToUsdt, 0)), expected);
        if (w == 15) return (address(swap), abi.encodeCall(swap.rescue, (address(tokens[X]), sender, 1)), expected);
        if (w == 16) return (address(market), abi.encodeCall(market.setMarketConfig, (1, 500)), expected);
        if (w == 17) return (address(market), abi.encodeCall(market.rescue, (address(tokens[MV]), sender, 1)), expected);
        if (w == 18) return (address(tokens[seed % TOKENS]), abi.encodeCall(tokens[0].mint, (sender, 1e30)), expected);
        address[5] memory owned = [address(main), address(revenue), address(community), address(swap), address(market)];
        return (owned[seed % 5], abi.encodeCall(main.transferOwnership, (sender)), expected);
    }

    // ---------------------------------------------------------------- payers short of funds

    /// @dev A payer short of `amount` gets what is missing, no more: they then hold exactly what the
    ///      call takes, the balance check's edge (a `<` turned `<=` refuses them).
    function _fundExactly(uint256 token, address payer, uint256 amount) internal {
        uint256 balance = balanceModel[token][payer];
        if (balance < amount) _mint(token, payer, amount - balance);
    }

    /// @dev Who pays for an action that pulls `token` for `spender`. One call in 64 comes from the
    ///      outsider, who holds nothing and has approved nothing; one in 64 from the member after
    ///      revoking the spender's approval (given back when the action ends). Otherwise the member,
    ///      whom the action funds as needed.
    function _payer(address actor, uint256 token, address spender, uint256 mode) internal returns (address, Funds) {
        uint256 draw = _draw(mode, 9) % 64;
        if (draw == 0) return (STRANGER, Funds.ShortOfBoth);
        if (draw != 1) return (actor, Funds.Enough);
        vm.prank(actor);
        tokens[token].approve(spender, 0);
        _revoked = Revoked(actor, token, spender);
        return (actor, Funds.ShortOfAllowance);
    }

    /// @dev The refusal a payer short of funds must get. Every contract checks the balance first,
    ///      then the allowance: one short of both is refused for the balance, in Main as in Swap and
    ///      MvMarket.
    function _fundsRefusal(Funds funds, bytes4 balanceTooLow, bytes4 allowanceTooLow) internal pure returns (bytes4) {
        if (funds == Funds.ShortOfBoth) return balanceTooLow;
        if (funds == Funds.ShortOfAllowance) return allowanceTooLow;
        return OK;
    }

    // ---------------------------------------------------------------- outcomes

    /// @dev A call the contract accepted: fine when the model expects it.
    function _accepted(string memory action, bytes4 expected) internal returns (bool) {
        if (expected == OK) return true;
        _break(string.concat(action, " was accepted though the model expects it refused with ", _hex(expected)));
        return false;
    }

    /// @dev A call by the owner, which is the AccessManager: Main's setPrice at once, executed by a
    ///      member of PRICE_SETTER (the admin and the price bot in turn); any other call as the admin
    ///      must make it, scheduled, the governance delay waited (time moves: the model follows the
    ///      clock, so the caller updates it for the time of execution) and executed. Accepted as the
    ///      model expects (true: the caller then updates the model), or refused, which `_refused`
    ///      checks and passes on, undoing the schedule and the wait (a break returns false).
    function _asOwner(string memory action, address target, bytes memory data, bytes4 expected) internal returns (bool) {
        if (_selectorOf(data) == main.setPrice.selector) {
            return _executeAsOwner(action, target, data, expected, _calls % 2 == 0 ? address(this) : PRICE_BOT);
        }
        _scheduleAndWait(target, data);
        return _executeAsOwner(action, target, data, expected, address(this));
    }

    /// @dev The admin schedules `data` on `target` and waits until it is due.
    function _scheduleAndWait(address target, bytes memory data) internal {
        _schedule(target, data);
        _warpTo(currentTime + GOVERNANCE_DELAY);
    }

    /// @dev The admin schedules `data` on `target`: due exactly the governance delay later. A
    ///      refusal is a break (left to revert, it would pass for an expected refusal).
    function _schedule(address target, bytes memory data) internal {
        try manager.schedule(target, data, 0) returns (bytes32 id, uint32) {
            if (manager.getSchedule(id) != block.timestamp + GOVERNANCE_DELAY) _break("an owner call was scheduled for other than the governance delay");
        } catch (bytes memory reason) {
            _break(string.concat("the admin's schedule was refused with ", _hex(_selectorOf(reason))));
        }
    }

    /// @dev The admin cancels what it scheduled of `data` on `target`.
    function _cancel(address target, bytes memory data) internal {
        try manager.cancel(address(this), target, data) {}
        catch (bytes memory reason) {
            _break(string.concat("the admin's cancel was refused with ", _hex(_selectorOf(reason))));
        }
    }

    /// @dev `caller` has the manager execute `data` on `target`: as `_asOwner` says.
    function _executeAsOwner(string memory action, address target, bytes memory data, bytes4 expected, address caller)
        internal
        returns (bool)
    {
        vm.prank(caller);
        try manager.execute(target, data) {
            return _accepted(action, expected);
        } catch (bytes memory reason) {
            _refused(action, expected, reason, caller, target);
            return false;
        }
    }

    /// @dev A call the contract refused: nothing may have moved, and the refusal must be the one the
    ///      model expects, which is then passed on for forge to count.
    function _refused(string memory action, bytes4 expected, bytes memory reason, address party, address other) internal {
        bytes4 got = _selectorOf(reason);
        if (_moved(party) || _moved(other)) {
            revertsThatMoved += 1;
            _break(string.concat("a refused ", action, " moved tokens"));
            return;
        }
        if (expected == OK) {
            _break(string.concat("a valid ", action, " was refused with ", _hex(got)));
            return;
        }
        if (got != expected) {
            _break(string.concat(action, " was refused with ", _hex(got), " instead of ", _hex(expected)));
            return;
        }
        assembly ("memory-safe") {
            revert(add(reason, 32), mload(reason))
        }
    }

    /// @dev A refusal that is the point of the action: checked like any other, but not passed on.
    function _refusedOnPurpose(string memory action, bytes4 expected, bytes memory reason, address party, address other) internal {
        bytes4 got = _selectorOf(reason);
        if (_moved(party) || _moved(other)) {
            revertsThatMoved += 1;
            _break(string.concat("a refused ", action, " moved tokens"));
        } else if (got != expected) {
            _break(string.concat(action, " was refused with ", _hex(got), " instead of ", _hex(expected)));
        }
    }

    /// @dev Whether any of the nine balances of `who` differs from the model's.
    function _moved(address who) internal view returns (bool) {
        for (uint256 t = 0; t < TOKENS; ++t) {
            if (tokens[t].balanceOf(who) != balanceModel[t][who]) return true;
        }
        return false;
    }

    function _invalidUnless(bool valid, bytes4 error) internal pure returns (bytes4) {
        return valid ? OK : error;
    }

    function _selectorOf(bytes memory reason) internal pure returns (bytes4 selector) {
        if (reason.length < 4) return bytes4(0xffffffff);
        assembly ("memory-safe") {
            selector := mload(add(reason, 32))
        }
    }

    // ---------------------------------------------------------------- who

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % ACTORS];
    }

    /// @dev A registered member, starting the search at `seed` (the genesis member always is).
    function _registered(uint256 seed) internal view returns (address) {
        for (uint256 i = 0; i < ACTORS; ++i) {
            address actor = actors[(seed + i) % ACTORS];
            if (_members[actor].inviter != address(0)) return actor;
        }
        return actors[0];
    }

    function _unregistered(uint256 seed) internal view returns (address, bool) {
        for (uint256 i = 0; i < ACTORS; ++i) {
            address actor = actors[(seed + i) % ACTORS];
            if (_members[actor].inviter == address(0)) return (actor, true);
        }
        return (actors[seed % ACTORS], false);
    }

    /// @dev The actor of `seed`, registered first (under another registered actor) when not yet,
    ///      so that the actions that need a member are not wasted.
    function _registeredActor(uint256 seed) internal returns (address actor) {
        actor = _actor(seed);
        if (_members[actor].inviter != address(0)) return actor;
        address referrer = _registered(seed / ACTORS);
        vm.prank(actor);
        community.register(referrer);
        _members[actor].inviter = referrer;
    }

    /// @dev A member with something to claim, starting the search at `seed`; else the seed's.
    function _claimant(uint256 seed) internal returns (address) {
        if (!_oneIn(16, seed, 0)) {
            for (uint256 i = 0; i < ACTORS; ++i) {
                address actor = actors[(seed + i) % ACTORS];
                if (_members[actor].inviter == address(0)) continue;
                (, uint256 total) = _waiting(actor);
                if (total != 0) return actor;
            }
        }
        return _registeredActor(seed);
    }

    /// @dev One of the seven synthesis tokens, an enabled one when the seed's is not (one in 16
    ///         keeps a disabled one: refused).
    function _synthesisTokenFor(uint256 seed, uint256 mode) internal view returns (uint256 token) {
        for (uint256 i = 0; i < SYNTHESIS_TOKENS; ++i) {
            (token,) = _synthesisToken((seed + i) % SYNTHESIS_TOKENS);
            if (_enabledNow(token) || _oneIn(16, mode, 4)) return token;
        }
    }

    /// @dev The seed's actor, or the next with room under the active-power cap for one more
    ///      synthesis of `token` (one in 16 keeps the seed's: refused when at the cap).
    function _withRoom(uint256 seed, uint256 token) internal view returns (uint256) {
        if (_oneIn(16, seed, 5)) return seed;
        for (uint256 i = 0; i < ACTORS; ++i) {
            (, uint256 active) = _machineNow(actors[(seed + i) % ACTORS]);
            if (active + _rules[token].minimum <= MAX_ACTIVE_POWER) return seed + i;
        }
        return seed;
    }

    /// @dev True one time in `n`. Drawn, not a plain modulo: forge often sends 0 and other small
    ///      numbers, which would land on the rare case far more often than one time in `n`.
    function _oneIn(uint256 n, uint256 seed, uint256 salt) internal pure returns (bool) {
        return _draw(seed, salt) % n == 0;
    }

    /// @dev Independent draws from one fuzzed seed (forge often sends small numbers, whose
    ///      quotients would all be zero).
    function _draw(uint256 seed, uint256 salt) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(seed, salt)));
    }

    /// @dev An address of the product's address book a claim must never be paid to: a product
    ///      contract, a token, or the AccessManager that owns them (its admin could move it).
    function _productContract(uint256 seed) internal view returns (address) {
        address[7] memory products = [
            address(main),
            address(revenue),
            address(community),
            address(swap),
            address(market),
            address(manager),
            address(tokens[seed / 7 % TOKENS])
        ];
        return products[seed % 7];
    }
}
