// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Paging: bounds of one page of a list, for the paged views
/// @notice Used by every view that returns a list in pages (offset, limit).
library Paging {
    /// @notice The end (exclusive) of the page starting at `offset` with at most `limit` items of a
    ///         list of `length`. Equals `offset` when the page is empty.
    /// @param length The length of the list
    /// @param offset The index of the page's first item
    /// @param limit The most items the page holds
    /// @return The index after the page's last item
    function pageEnd(uint256 length, uint256 offset, uint256 limit) internal pure returns (uint256) {
        if (offset >= length) return offset;
        return limit > length - offset ? length : offset + limit;
    }
}
