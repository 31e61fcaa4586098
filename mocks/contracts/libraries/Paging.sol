// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Paging: bounds of one page of a list, for the paged views
library Paging {
    /// @notice The end (exclusive) of the page starting at `offset` with at most `limit` items of a
    ///         list of `length`. Equals `offset` when the page is empty.
    function pageEnd(uint256 length, uint256 offset, uint256 limit) internal pure returns (uint256) {
        if (offset >= length) return offset;
        return limit > length - offset ? length : offset + limit;
    }
}
