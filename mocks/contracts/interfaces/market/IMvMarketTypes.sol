// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types MvMarket returns
/// @notice An order's status, the struct of MvMarket's order views and the fills of a buy.
interface IMvMarketTypes {
    /// @notice Active: in the queue, some MV unsold. SoldOut: all of it bought. Withdrawn: the seller
    ///         took back what was unsold.
    enum OrderStatus {
        Active,
        SoldOut,
        Withdrawn
    }

    /// @notice One sale order, as the sale pages show it. MV and USDT amounts have 18 decimals.
    struct Order {
        uint256 index;
        address seller;
        // MV listed.
        uint256 deposit;
        // MV still for sale: zero unless active.
        uint256 remaining;
        // MV bought (the 'sold out' figure).
        uint256 sold;
        // USDT the seller has received for the MV sold.
        uint256 total;
        // MV returned to the seller by withdraw.
        uint256 withdrawn;
        // In seconds since the epoch.
        uint256 listedAt;
        OrderStatus status;
    }

    /// @notice One order's part of a buy, as `previewBuy` plans it and the buy's `Filled` event
    ///         reports it. MV and USDT amounts have 18 decimals.
    struct Fill {
        // The order filled.
        uint256 index;
        // Its seller, whom the buyer pays directly (possibly the buyer themself).
        address seller;
        // MV bought from the order.
        uint256 mvAmount;
        // USDT paid to its seller for it.
        uint256 usdtAmount;
        // The buy takes all the MV the order still had.
        bool soldOut;
    }
}
