// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MvMarket: MV sale orders filled first-in first-out for USDT at the MV price.
interface IMvMarketTypes {
    enum OrderStatus {
        Active,
        SoldOut,
        Withdrawn
    }

    struct Order {
        uint256 index;
        address seller;
        uint256 deposit;
        uint256 remaining;
        uint256 sold;
        /// @dev USDT the seller has received for the MV sold.
        uint256 total;
        uint256 withdrawn;
        uint256 listedAt;
        OrderStatus status;
    }
}

interface IMvMarketErrors is IMvMarketTypes {
    error MarketAmountBelowMinimum(uint256 amount, uint256 minimum);
    error MarketUnknownOrder(uint256 index);
    error MarketNotSeller(uint256 index, address caller);
    error MarketOrderNotActive(uint256 index, OrderStatus status);
    error MarketNothingForSale();
    error MarketInvalidAmount();
    error MarketBalanceTooLow(address token, uint256 balance, uint256 amount);
    error MarketAllowanceTooLow(address token, uint256 allowance, uint256 amount);
    error MarketInvalidConfig();
    /// @notice The buy would fill less MV than the buyer's own bound: the MV price moved.
    error MarketOutputBelowMin(uint256 mvAmount, uint256 minMvOut);
    /// @notice A rescue would take MV that active orders hold for their sellers.
    error MarketRescueExceedsFree(address token, uint256 free, uint256 amount);
}

interface IMvMarketEvents is IMvMarketTypes {
    event Listed(uint256 indexed index, address indexed seller, uint256 amount);
    event Filled(uint256 indexed index, address indexed seller, address indexed buyer, uint256 mvAmount, uint256 usdtAmount);
    event Bought(address indexed buyer, uint256 mvAmount, uint256 usdtAmount, uint256 ordersFilled);
    event Withdrawn(uint256 indexed index, address indexed seller, uint256 amount);
    event MarketConfigSet(uint256 minOrder, uint256 maxFillsPerBuy);
    event Rescued(address indexed token, address indexed to, uint256 amount);
}

interface IMvMarketState is IMvMarketTypes {
    function main() external view returns (address);
    function mv() external view returns (address);
    function usdt() external view returns (address);
    function orderCount() external view returns (uint256);
    /// @notice Index of the first order still in the queue (the top of the sale ranking), or
    ///         orderCount when the queue is empty.
    function queueHead() external view returns (uint256);
    /// @notice The first `limit` orders of the queue of active orders: the sale ranking.
    function queuedOrders(uint256 limit) external view returns (Order[] memory);
    /// @notice MV still for sale over all active orders.
    function mvForSale() external view returns (uint256);
    function orderOf(uint256 index) external view returns (Order memory);
    /// @notice Orders by index, from `offset`.
    function orders(uint256 offset, uint256 limit) external view returns (Order[] memory);
    function orderCountOf(address seller) external view returns (uint256);
    /// @notice The seller's orders, newest first.
    function ordersOf(address seller, uint256 offset, uint256 limit) external view returns (Order[] memory);
    /// @notice MV bought and USDT spent for `usdtAmount` now (fills capped per buy).
    function quoteBuy(uint256 usdtAmount) external view returns (uint256 mvAmount, uint256 usdtSpent);
    function minOrder() external view returns (uint256);
    function maxFillsPerBuy() external view returns (uint256);
}

interface IMvMarketActions is IMvMarketTypes {
    /// @notice Deposits `amount` MV as a new sale order at the back of the queue.
    /// @dev Requires: amount >= minOrder, allowance. Emits Listed.
    function list(uint256 amount) external returns (uint256 index);

    /// @notice Spends up to `usdtAmount` USDT on at least `minMvOut` MV from the oldest orders
    ///         first; each seller is paid directly. Only the USDT needed is taken: at most
    ///         `maxFillsPerBuy` orders are filled, and the rest of the USDT stays with the buyer.
    /// @dev Emits Filled per order and Bought.
    function buy(uint256 usdtAmount, uint256 minMvOut) external returns (uint256 mvAmount);

    /// @notice Returns the remaining MV of an active order to its seller ('MV take out').
    /// @dev Requires: the caller is the seller, the order active. Emits Withdrawn.
    function withdraw(uint256 index) external;
}

interface IMvMarketOwnerActions {
    function setMarketConfig(uint256 minOrder, uint256 maxFillsPerBuy) external;
    /// @notice Sends tokens held here by mistake to `to`. Never the MV of active orders.
    function rescue(address token, address to, uint256 amount) external;
}

interface IMvMarket is IMvMarketErrors, IMvMarketEvents, IMvMarketState, IMvMarketActions, IMvMarketOwnerActions {}
