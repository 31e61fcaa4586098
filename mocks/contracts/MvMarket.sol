// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IMain} from "./interfaces/IMain.sol";
import {IMvMarket} from "./interfaces/IMvMarket.sol";
import {IMvMarketActions} from "./interfaces/market/IMvMarketActions.sol";
import {IMvMarketOwnerActions} from "./interfaces/market/IMvMarketOwnerActions.sol";
import {IMvMarketState} from "./interfaces/market/IMvMarketState.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title MvMarket mock: MV sale orders, a first-in first-out queue filled for USDT
/// @notice Implements the product's MvMarket ABI with the rules of docs/product/contracts.md §9. The queue of active
///         orders, by order index, is the sale ranking list.
/// @dev The active orders form a doubly linked list in index order: a withdraw takes its order out
///      in O(1), so a buy only ever visits orders it can fill, and no number of withdrawn orders
///      can stand between buyers and what is for sale.
contract MvMarket is IMvMarket, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    struct StoredOrder {
        address seller;
        OrderStatus status;
        uint40 listedAt;
        uint128 deposit;
        uint128 sold;
        // USDT paid to the seller.
        uint128 total;
        // Neighbours in the queue of active orders, as index + 1 (zero: none).
        uint64 previous;
        uint64 next;
    }

    /// @dev The ends of the queue (as index + 1, zero when empty) and the number of orders ever listed.
    struct Queue {
        uint64 head;
        uint64 tail;
        uint64 count;
    }

    struct Settings {
        uint128 minOrder;
        uint32 maxFillsPerBuy;
    }

    /// @dev A buy, planned before anything is written: each order's part (IMvMarketTypes.Fill)
    ///      and the totals.
    struct Plan {
        Fill[] fills;
        uint256 fillCount;
        // The first order left in the queue after the buy, as index + 1 (zero: none).
        uint256 newHead;
        uint256 mvAmount;
        uint256 usdtSpent;
    }

    /// @dev 100 MV: with at most `maxFillsPerBuy` orders filled per buy, the smallest orders still
    ///      let one buy take 5,000 MV, and a queue of dust cannot make buying costly.
    uint256 private constant DEFAULT_MIN_ORDER = 100e18;

    IMain private immutable _main;
    IERC20 private immutable _mv;
    IERC20 private immutable _usdt;

    Queue private _queue;
    uint256 private _mvForSale;
    Settings private _settings;
    mapping(uint256 index => StoredOrder) private _orders;
    mapping(address seller => uint256[]) private _sellerOrders;

    /// @notice Deploys the market with a minimum order of 100 MV and at most 50 orders filled per buy.
    /// @param main_ Main, whose price table prices MV in USDT
    /// @param mv_ The MV token, which orders sell
    /// @param usdt_ The USDT token, in which buyers pay
    /// @param owner_ The owner, who sets the minimum and the fill limit
    constructor(IMain main_, IERC20 mv_, IERC20 usdt_, address owner_) Ownable(owner_) {
        if (address(main_) == address(0) || address(mv_) == address(0) || address(usdt_) == address(0)) {
            revert MarketInvalidConfig();
        }
        _main = main_;
        _mv = mv_;
        _usdt = usdt_;
        _setMarketConfig(DEFAULT_MIN_ORDER, 50);
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IMvMarketActions
    function list(uint256 amount) external override nonReentrant returns (uint256 index) {
        uint256 minimum = _settings.minOrder;
        if (amount < minimum) revert MarketAmountBelowMinimum(amount, minimum);
        if (amount > type(uint128).max) revert MarketInvalidAmount();
        _requireFunds(_mv, msg.sender, amount);

        Queue memory queue = _queue;
        index = queue.count;
        uint64 link = queue.count + 1;
        _orders[index] = StoredOrder({
            seller: msg.sender,
            status: OrderStatus.Active,
            listedAt: uint40(block.timestamp),
            deposit: uint128(amount),
            sold: 0,
            total: 0,
            previous: queue.tail,
            next: 0
        });
        if (queue.tail == 0) queue.head = link;
        else _orders[queue.tail - 1].next = link;
        queue.tail = link;
        queue.count = link;
        _queue = queue;
        _mvForSale += amount;
        _sellerOrders[msg.sender].push(index);
        emit Listed(index, msg.sender, amount);

        _mv.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IMvMarketActions
    function buy(uint256 usdtAmount, uint256 minMvOut) external override nonReentrant returns (uint256 mvAmount) {
        if (usdtAmount == 0) revert MarketInvalidAmount();
        Plan memory plan = _planBuy(usdtAmount);
        if (plan.mvAmount == 0) revert MarketNothingForSale();
        if (plan.mvAmount < minMvOut) revert MarketOutputBelowMin(plan.mvAmount, minMvOut);
        _requireFunds(_usdt, msg.sender, plan.usdtSpent);

        for (uint256 i = 0; i < plan.fillCount; ++i) {
            Fill memory fill = plan.fills[i];
            StoredOrder storage order = _orders[fill.index];
            // Casts are safe: a fill never exceeds the order's deposit, itself a uint128, and the USDT
            // for it is at most the deposit's worth.
            order.sold += uint128(fill.mvAmount);
            order.total += SafeCast.toUint128(fill.usdtAmount);
            if (fill.soldOut) {
                order.status = OrderStatus.SoldOut;
                order.next = 0;
            }
            emit Filled(fill.index, fill.seller, msg.sender, fill.mvAmount, fill.usdtAmount);
        }
        // Orders sold out were the first ones of the queue: the queue now starts after them.
        Queue memory queue = _queue;
        if (plan.newHead != queue.head) {
            queue.head = uint64(plan.newHead);
            if (plan.newHead == 0) queue.tail = 0;
            else _orders[plan.newHead - 1].previous = 0;
            _queue = queue;
        }
        _mvForSale -= plan.mvAmount;
        mvAmount = plan.mvAmount;
        emit Bought(msg.sender, mvAmount, plan.usdtSpent, plan.fillCount);

        for (uint256 i = 0; i < plan.fillCount; ++i) {
            _usdt.safeTransferFrom(msg.sender, plan.fills[i].seller, plan.fills[i].usdtAmount);
        }
        _mv.safeTransfer(msg.sender, mvAmount);
    }

    /// @inheritdoc IMvMarketActions
    function withdraw(uint256 index) external override nonReentrant {
        if (index >= _queue.count) revert MarketUnknownOrder(index);
        StoredOrder storage order = _orders[index];
        if (order.seller != msg.sender) revert MarketNotSeller(index, msg.sender);
        if (order.status != OrderStatus.Active) revert MarketOrderNotActive(index, order.status);

        uint256 amount = order.deposit - order.sold;
        order.status = OrderStatus.Withdrawn;
        _unlink(order);
        _mvForSale -= amount;
        emit Withdrawn(index, msg.sender, amount);

        _mv.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IMvMarketState
    function main() external view override returns (address) {
        return address(_main);
    }

    /// @inheritdoc IMvMarketState
    function mv() external view override returns (address) {
        return address(_mv);
    }

    /// @inheritdoc IMvMarketState
    function usdt() external view override returns (address) {
        return address(_usdt);
    }

    /// @inheritdoc IMvMarketState
    function orderCount() external view override returns (uint256) {
        return _queue.count;
    }

    /// @inheritdoc IMvMarketState
    function queueHead() external view override returns (uint256) {
        Queue memory queue = _queue;
        return queue.head == 0 ? queue.count : queue.head - 1;
    }

    /// @inheritdoc IMvMarketState
    function mvForSale() external view override returns (uint256) {
        return _mvForSale;
    }

    /// @inheritdoc IMvMarketState
    function queuedOrders(uint256 limit) external view override returns (Order[] memory page) {
        page = new Order[](Math.min(limit, _queue.count));
        uint256 found;
        for (uint256 link = _queue.head; link != 0 && found < page.length; link = _orders[link - 1].next) {
            page[found++] = orderOf(link - 1);
        }
        // Trim the array to the orders found.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(page, found)
        }
    }

    /// @inheritdoc IMvMarketState
    function orderOf(uint256 index) public view override returns (Order memory) {
        if (index >= _queue.count) revert MarketUnknownOrder(index);
        StoredOrder memory stored = _orders[index];
        uint256 unsold = stored.deposit - stored.sold;
        return Order({
            index: index,
            seller: stored.seller,
            deposit: stored.deposit,
            remaining: stored.status == OrderStatus.Active ? unsold : 0,
            sold: stored.sold,
            total: stored.total,
            withdrawn: stored.status == OrderStatus.Withdrawn ? unsold : 0,
            listedAt: stored.listedAt,
            status: stored.status
        });
    }

    /// @inheritdoc IMvMarketState
    function orders(uint256 offset, uint256 limit) external view override returns (Order[] memory page) {
        uint256 end = Paging.pageEnd(_queue.count, offset, limit);
        page = new Order[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = orderOf(i);
        }
    }

    /// @inheritdoc IMvMarketState
    function orderCountOf(address seller) external view override returns (uint256) {
        return _sellerOrders[seller].length;
    }

    /// @inheritdoc IMvMarketState
    function ordersOf(address seller, uint256 offset, uint256 limit) external view override returns (Order[] memory page) {
        uint256[] storage indexes = _sellerOrders[seller];
        uint256 end = Paging.pageEnd(indexes.length, offset, limit);
        page = new Order[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = orderOf(indexes[indexes.length - 1 - i]);
        }
    }

    /// @inheritdoc IMvMarketState
    function quoteBuy(uint256 usdtAmount) external view override returns (uint256 mvAmount, uint256 usdtSpent) {
        Plan memory plan = _planBuy(usdtAmount);
        return (plan.mvAmount, plan.usdtSpent);
    }

    /// @inheritdoc IMvMarketState
    function previewBuy(uint256 usdtAmount) external view override returns (Fill[] memory fills) {
        Plan memory plan = _planBuy(usdtAmount);
        fills = plan.fills;
        uint256 count = plan.fillCount;
        // Trim the array to the fills planned.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(fills, count)
        }
    }

    /// @inheritdoc IMvMarketState
    function minOrder() external view override returns (uint256) {
        return _settings.minOrder;
    }

    /// @inheritdoc IMvMarketState
    function maxFillsPerBuy() external view override returns (uint256) {
        return _settings.maxFillsPerBuy;
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IMvMarketOwnerActions
    function setMarketConfig(uint256 minOrder_, uint256 maxFillsPerBuy_) external override onlyOwner {
        _setMarketConfig(minOrder_, maxFillsPerBuy_);
    }

    /// @inheritdoc IMvMarketOwnerActions
    function rescue(address token, address to, uint256 amount) external override onlyOwner nonReentrant {
        if (to == address(0)) revert MarketInvalidConfig();
        uint256 free = IERC20(token).balanceOf(address(this));
        // The MV of active orders belongs to their sellers.
        if (token == address(_mv)) free -= _mvForSale;
        if (amount > free) revert MarketRescueExceedsFree(token, free, amount);
        emit Rescued(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------- internal

    /// @dev Walks the queue of active orders from its head, oldest first, spending at most
    ///      `usdtAmount` on at most `maxFillsPerBuy` orders, which bounds the gas of a buy however
    ///      many small orders are queued.
    function _planBuy(uint256 usdtAmount) private view returns (Plan memory plan) {
        uint256 priceMv = _main.priceOf(address(_mv));
        uint256 priceUsdt = _main.priceOf(address(_usdt));
        if (priceMv == 0 || priceUsdt == 0) revert MarketInvalidConfig();
        uint256 maxFills = _settings.maxFillsPerBuy;
        plan.fills = new Fill[](maxFills);
        plan.newHead = _queue.head;
        uint256 budget = usdtAmount;

        while (plan.fillCount < maxFills && plan.newHead != 0 && budget != 0) {
            uint256 index = plan.newHead - 1;
            StoredOrder memory order = _orders[index];
            uint256 unsold = order.deposit - order.sold;
            // Sellers are never paid less than the MV price: USDT amounts round up, MV amounts down.
            uint256 costOfAll = Math.mulDiv(unsold, priceMv, priceUsdt, Math.Rounding.Ceil);
            Fill memory fill = Fill(index, order.seller, unsold, costOfAll, true);
            if (budget < costOfAll) {
                fill.mvAmount = budget * priceUsdt / priceMv;
                if (fill.mvAmount == 0) break;
                fill.usdtAmount = Math.mulDiv(fill.mvAmount, priceMv, priceUsdt, Math.Rounding.Ceil);
                fill.soldOut = false;
            } else {
                plan.newHead = order.next;
            }
            budget -= fill.usdtAmount;
            plan.mvAmount += fill.mvAmount;
            plan.fills[plan.fillCount++] = fill;
        }
        plan.usdtSpent = usdtAmount - budget;
    }

    /// @dev Takes an order out of the queue of active orders.
    function _unlink(StoredOrder storage order) private {
        (uint64 previous, uint64 next) = (order.previous, order.next);
        if (previous == 0) _queue.head = next;
        else _orders[previous - 1].next = next;
        if (next == 0) _queue.tail = previous;
        else _orders[next - 1].previous = previous;
        order.previous = 0;
        order.next = 0;
    }

    function _requireFunds(IERC20 token, address owner_, uint256 amount) private view {
        uint256 balance = token.balanceOf(owner_);
        if (balance < amount) revert MarketBalanceTooLow(address(token), balance, amount);
        uint256 allowance = token.allowance(owner_, address(this));
        if (allowance < amount) revert MarketAllowanceTooLow(address(token), allowance, amount);
    }

    function _setMarketConfig(uint256 minOrder_, uint256 maxFillsPerBuy_) private {
        if (minOrder_ == 0 || minOrder_ > type(uint128).max || maxFillsPerBuy_ == 0 || maxFillsPerBuy_ > 500) {
            revert MarketInvalidConfig();
        }
        _settings = Settings(uint128(minOrder_), uint32(maxFillsPerBuy_));
        emit MarketConfigSet(minOrder_, maxFillsPerBuy_);
    }
}
