// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Handler} from "./Handler.sol";
import {vm} from "./Vm.sol";

/// @title Nothing is lost, nothing is taken: the product's invariants under random use
/// @notice forge calls the handler's actions in random sequences (foundry.toml: runs x depth) and
///         checks the invariant after every call that was not refused. A failure prints the
///         shortest sequence of calls forge found that breaks it, with their arguments: a
///         reproduction.
contract NothingLostTest {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    Handler internal handler;

    function setUp() public {
        handler = new Handler();
    }

    /// @dev Only the handler is called: its actions are what members, the owner and time can do.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// @dev The actions, some listed more than once to be called more often: members' actions
    ///      make most of a run.
    function targetSelectors() public view returns (FuzzSelector[] memory targets) {
        bytes4[29] memory weighted = [
            Handler.register.selector,
            Handler.synthesize.selector,
            Handler.synthesizeToTheCap.selector,
            Handler.synthesize.selector,
            Handler.synthesize.selector,
            Handler.synthesize.selector,
            Handler.exchange.selector,
            Handler.exchange.selector,
            Handler.list.selector,
            Handler.list.selector,
            Handler.buy.selector,
            Handler.buy.selector,
            Handler.withdraw.selector,
            Handler.withdrawAsStranger.selector,
            Handler.claim.selector,
            Handler.claim.selector,
            Handler.claim.selector,
            Handler.processOutRecords.selector,
            Handler.settleLuckyPool.selector,
            Handler.settleMaxPool.selector,
            Handler.changeSettler.selector,
            Handler.mistakenTransfer.selector,
            Handler.setPrice.selector,
            Handler.configure.selector,
            Handler.rescue.selector,
            Handler.fundReserve.selector,
            Handler.warp.selector,
            Handler.warp.selector,
            Handler.callAsWrongSender.selector
        ];
        bytes4[] memory selectors = new bytes4[](weighted.length);
        for (uint256 i = 0; i < weighted.length; ++i) selectors[i] = weighted[i];
        targets = new FuzzSelector[](1);
        targets[0] = FuzzSelector(address(handler), selectors);
    }

    /// @notice Every invariant, each failure with its own message: what the model expected of each
    ///         call (breaks), per token the balances and the supply, the pools, the market's orders,
    ///         revenue and bonuses, prices, what Revenue has promised against its reserve; only
    ///         sellers withdrew; every wrong sender was refused;
    ///         no refused call moved a token.
    function invariant_nothingLost() public {
        vm.warp(handler.currentTime());
        require(handler.breaks() == 0, handler.firstBreak());
        require(handler.strangersWithdrew() == 0, "someone other than the seller withdrew an order");
        require(handler.wrongSendersAccepted() == 0, "a call only Main or the owner may make was accepted from someone else");
        require(handler.revertsThatMoved() == 0, "a refused call moved tokens");
        _holds(handler.checkTokens(false));
        _holds(handler.checkPools());
        _holds(handler.checkMarket(false));
        _holds(handler.checkRevenue(false));
        _holds(handler.checkPrices());
        _holds(handler.checkBacking());
    }

    /// @dev forge prints these with -vv, for the last run: how far it went.
    event log_named_uint(string key, uint256 val);

    /// @notice At the end of each run, everything: every token, every member, the whole queue,
    ///         and order by order each order.
    function afterInvariant() public {
        vm.warp(handler.currentTime());
        _holds(handler.checkTokens(true));
        _holds(handler.checkMarket(true));
        _holds(handler.checkRevenue(true));
        _holds(handler.checkEveryOrder());
        emit log_named_uint("days simulated", (handler.currentTime() - handler.START()) / 1 days);
        emit log_named_uint("orders listed", handler.market().orderCount());
        uint256 out;
        for (uint256 i = 0; i < handler.ACTORS(); ++i) out += handler.revenue().outCount(handler.actors(i));
        emit log_named_uint("records gone out at 3x", out);
        emit log_named_uint("ACB burned by synthesis", handler.main().totalAcbBurned() / 1e18);
        emit log_named_uint("stranger withdrawals tried", handler.strangerAttempts());
        emit log_named_uint("wrong-sender calls tried", handler.wrongSenderAttempts());
        emit log_named_uint("syntheses reaching the active-power cap exactly", handler.atTheCap());
    }

    /// @notice A sequence a campaign once shrank a failure to, replayed on every run: USDT moved
    ///         within its step, a synthesis, the max pool settled three days on, then MV lowered by
    ///         exactly one step (10%). Sellers then receive exactly 90% of before, which the handler
    ///         once read through a floored quotient as a hair less, "more than one step at once".
    function test_anMvMoveOfExactlyOneStepIsOneStep() public {
        address mv = address(handler.tokens(0));
        handler.setPrice(48448859021307369744473958695130530, 119809318239748110813297848841856627611364);
        vm.prank(address(0x9e8));
        handler.synthesize(5521, 300, 54027418617097926571849280709222381071586193458562898527531437829936518266879, 2e18);
        handler.settleMaxPool(259200);
        uint256 mvBefore = handler.main().priceOf(mv);
        handler.setPrice(0, 3587663829301792480756777182656572230);
        require(handler.main().priceOf(mv) * 10 == mvBefore * 9, "the replay no longer lowers MV by exactly one step");
        invariant_nothingLost();
    }

    function _holds(string memory failure) internal pure {
        require(bytes(failure).length == 0, failure);
    }
}
