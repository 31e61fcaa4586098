// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMvMarket} from "../../mocks/contracts/interfaces/IMvMarket.sol";
import {IRevenue} from "../../mocks/contracts/interfaces/IRevenue.sol";

import {Handler} from "./Handler.sol";

/// @title Nothing is lost, nothing is taken: the product's invariants under random use
/// @notice forge calls the handler's actions in random sequences (foundry.toml: runs x depth) and
///         checks every invariant after every call. A failure prints the shortest sequence of calls
///         forge found that breaks it, with their arguments: a reproduction.
contract NothingLostTest {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    uint256 internal constant USD = 1e18;
    uint256 internal constant BPS = 10_000;

    Handler internal handler;

    function setUp() public {
        handler = new Handler();
    }

    /// @dev Only the handler is called: its actions are what users and the owner can do.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function targetSelectors() public view returns (FuzzSelector[] memory targets) {
        bytes4[] memory actions = new bytes4[](17);
        actions[0] = Handler.register.selector;
        actions[1] = Handler.synthesize.selector;
        actions[2] = Handler.synthesize.selector;
        actions[3] = Handler.exchange.selector;
        actions[4] = Handler.list.selector;
        actions[5] = Handler.buy.selector;
        actions[6] = Handler.withdraw.selector;
        actions[7] = Handler.withdrawAsStranger.selector;
        actions[8] = Handler.claim.selector;
        actions[9] = Handler.claim.selector;
        actions[10] = Handler.processOutRecords.selector;
        actions[11] = Handler.settleLuckyPool.selector;
        actions[12] = Handler.settleMaxPool.selector;
        actions[13] = Handler.changeSettler.selector;
        actions[14] = Handler.setPrice.selector;
        actions[15] = Handler.warp.selector;
        actions[16] = Handler.callAsWrongSender.selector;
        targets = new FuzzSelector[](1);
        targets[0] = FuzzSelector(address(handler), actions);
    }

    /// @dev forge prints these with -vv: how many calls each action made and how many the
    ///      contracts refused, summed over the runs so far, to see that the runs go deep.
    event log_named_uint(string key, uint256 val);

    function afterInvariant() public {
        _ordersAddUp();
        bytes4[] memory actions = targetSelectors()[0].selectors;
        string[17] memory names = [
            "register", "synthesize", "", "exchange", "list", "buy", "withdraw", "withdrawAsStranger", "claim", "",
            "processOutRecords", "settleLuckyPool", "settleMaxPool", "changeSettler", "setPrice", "warp", "callAsWrongSender"
        ];
        for (uint256 i = 0; i < actions.length; ++i) {
            if (bytes(names[i]).length == 0) continue;
            emit log_named_uint(string.concat(names[i], " calls"), handler.calls(actions[i]));
            emit log_named_uint(string.concat(names[i], " refused"), handler.refused(actions[i]));
        }
    }

    function invariant_nothingLost() public view {
        _tokensAddUp();
        _contractsHoldWhatTheyOwe();
        _revenueWithinItsRates();
        require(handler.breaks() == 0, handler.firstBreak());
        require(handler.revertsThatMoved() == 0, "a reverted call moved tokens");
        require(handler.strangersWithdrew() == 0, "someone other than the seller withdrew an order");
        require(handler.wrongSendersAccepted() == 0, "a call only Main or the owner may make was accepted from a member");
        require(handler.productSettlersAccepted() == 0, "a product contract was accepted as a settler");
    }

    /// @dev Per token: the holders' balances add up to the supply, and what was minted is the supply
    ///      plus what was burned.
    function _tokensAddUp() internal view {
        address[] memory holders = handler.holders();
        for (uint256 t = 0; t < 9; ++t) {
            IERC20Like token = IERC20Like(address(handler.tokens(t)));
            uint256 sum;
            for (uint256 h = 0; h < holders.length; ++h) sum += token.balanceOf(holders[h]);
            uint256 supply = token.totalSupply();
            require(sum == supply, "the holders' balances do not add up to a token's supply");
            require(handler.minted(t) == supply + handler.burned(t), "minted is not supply plus burned");
        }
    }

    /// @dev Main's USDT covers both pools; the market holds exactly the MV of its active orders.
    function _contractsHoldWhatTheyOwe() internal view {
        IERC20Like usdt = IERC20Like(address(handler.tokens(2)));
        uint256 pools = handler.main().luckyPool().amount + handler.main().maxPool().amount;
        require(usdt.balanceOf(address(handler.main())) >= pools, "Main's USDT does not cover the pools");

        IMvMarket market = IMvMarket(address(handler.market()));
        uint256 escrow = handler.escrow();
        require(escrow == market.mvForSale(), "the MV for sale is not what the model says the orders hold");
        require(IERC20Like(address(handler.tokens(0))).balanceOf(address(market)) == escrow, "the market's MV is not what its orders hold");
    }

    /// @dev Once per run, order by order: the remaining of the active orders is the MV for sale.
    function _ordersAddUp() internal view {
        IMvMarket market = IMvMarket(address(handler.market()));
        uint256 remaining;
        uint256 count = market.orderCount();
        for (uint256 i = 0; i < count; ++i) remaining += market.orderOf(i).remaining;
        require(remaining == market.mvForSale(), "the MV for sale is not the remaining of the active orders");
    }

    /// @dev Machine revenue never passes 3 times a member's power; dynamic revenue never passes the
    ///      top VIP rate of what was synthesised; each generation of preaching gold never passes its
    ///      rate of the machine revenue paid.
    function _revenueWithinItsRates() internal view {
        IRevenue revenue = IRevenue(address(handler.revenue()));
        address[10] memory actors = handler.actorList();
        uint256 dynamic;
        uint256 machinePaid;
        uint256[3] memory preaching;
        for (uint256 a = 0; a < actors.length; ++a) {
            IRevenue.Earnings memory earnings = revenue.earningsOf(actors[a]);
            uint256 cap = 3 * handler.synthesised(actors[a]) * USD;
            require(earnings.machineTotal <= cap && earnings.machineReceived <= earnings.machineTotal, "machine revenue passed 3 times the power");
            dynamic += earnings.dynamicWaiting + earnings.dynamicReceived;
            machinePaid += earnings.machineReceived;
            for (uint256 g = 0; g < 3; ++g) preaching[g] += earnings.preachingWaiting[g] + earnings.preachingReceived[g];
        }
        require(dynamic <= handler.totalSynthesisedUsd() * 1_000 / BPS, "dynamic revenue passed the top VIP rate");
        uint256[3] memory rates = revenue.preachingRatesBps();
        for (uint256 g = 0; g < 3; ++g) {
            require(preaching[g] <= machinePaid * rates[g] / BPS, "preaching gold passed its generation's rate");
        }
    }
}

interface IERC20Like {
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}
