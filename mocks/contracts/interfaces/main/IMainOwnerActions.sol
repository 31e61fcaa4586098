// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Main's settings, which only the owner may change
/// @notice Prices, synthesis rules, the pools, the treasury, the price guard and the rescue of
///         tokens sent by mistake.
interface IMainOwnerActions {
    function setPrice(address token, uint256 price) external;
    function setSynthesisRule(address token, uint256 multiple, uint256 minimum, bool enabled) external;
    function setPoolConfig(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
        external;
    function setTreasury(address treasury) external;
    /// @notice Sets the price guard: `stepBps` at most 2,000, `delay` from one hour to 30 days.
    function setPriceGuard(uint256 stepBps, uint256 delay) external;
    /// @notice Sends tokens held here by mistake to `to`. Never the USDT the pools promise.
    function rescue(address token, address to, uint256 amount) external;
}
