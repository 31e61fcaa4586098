// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The few Foundry cheatcodes the invariant suite uses
/// @notice forge-std is not reachable offline; these are the cheatcodes' own signatures, answered by
///         forge at the fixed cheatcode address.
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function warp(uint256 timestamp) external;
    function prank(address sender) external;
    function label(address account, string calldata name) external;
    function computeCreateAddress(address deployer, uint256 nonce) external pure returns (address);
    function getNonce(address account) external view returns (uint64);
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);
    function snapshotState() external returns (uint256 snapshotId);
    function revertToStateAndDelete(uint256 snapshotId) external returns (bool success);
}

/// @dev The cheatcode address: uint160(uint256(keccak256("hevm cheat code"))).
Vm constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);
