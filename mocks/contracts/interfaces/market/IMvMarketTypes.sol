// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Types MvMarket returns
/// @notice An order's status and the struct of MvMarket's order views.
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
