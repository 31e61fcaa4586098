// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 stand-in
/// @notice Implements the interface of the canonical Multicall3 deployed at
///         0xcA11bde05977b3631167028862bE2a173976CA11 on BNB Chain, so the app batches reads the same
///         way locally and on mainnet. Failing calls revert with the canonical contract's messages,
///         because callers of the real contract see those.
/// @dev Reverts here are strings on purpose: they reproduce the deployed contract's behaviour.
///      Forwarding arbitrary calls is what this contract is for, hence the low-level calls.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Runs every call; reverts when any fails.
    /// @param calls The calls: target and calldata
    /// @return blockNumber The block the calls ran in
    /// @return returnData What each call returned, in order
    function aggregate(Call[] calldata calls) external payable returns (uint256 blockNumber, bytes[] memory returnData) {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            // solhint-disable-next-line gas-custom-errors
            require(success, "Multicall3: call failed");
            returnData[i] = ret;
        }
    }

    /// @notice Runs every call; reverts on a failure only when `requireSuccess`.
    /// @param requireSuccess Whether a failed call reverts the whole batch
    /// @param calls The calls: target and calldata
    /// @return returnData Each call's success and what it returned, in order
    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            // solhint-disable-next-line gas-custom-errors
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    /// @notice As tryAggregate, with the block's number and hash.
    /// @param requireSuccess Whether a failed call reverts the whole batch
    /// @param calls The calls: target and calldata
    /// @return blockNumber The block the calls ran in
    /// @return blockHash Its hash (zero: a block cannot see its own hash)
    /// @return returnData Each call's success and what it returned, in order
    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    /// @notice As tryBlockAndAggregate, reverting when any call fails.
    /// @param calls The calls: target and calldata
    /// @return blockNumber The block the calls ran in
    /// @return blockHash Its hash (zero: a block cannot see its own hash)
    /// @return returnData Each call's success and what it returned, in order
    function blockAndAggregate(Call[] calldata calls)
        external
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        (blockNumber, blockHash, returnData) = tryBlockAndAggregate(true, calls);
    }

    /// @notice Runs every call; each may be allowed to fail on its own.
    /// @param calls The calls: target, whether it may fail, and calldata
    /// @return returnData Each call's success and what it returned, in order
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call3 calldata c = calls[i];
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory ret) = c.target.call(c.callData);
            // solhint-disable-next-line gas-custom-errors
            if (!c.allowFailure) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    /// @notice As aggregate3, forwarding a value with each call; the values must add up to msg.value.
    /// @param calls The calls: target, whether it may fail, the value to send, and calldata
    /// @return returnData Each call's success and what it returned, in order
    function aggregate3Value(Call3Value[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 valueSum;
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call3Value calldata c = calls[i];
            valueSum += c.value;
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory ret) = c.target.call{value: c.value}(c.callData);
            // solhint-disable-next-line gas-custom-errors
            if (!c.allowFailure) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
        // solhint-disable-next-line gas-custom-errors
        require(msg.value == valueSum, "Multicall3: value mismatch");
    }

    /// @notice The hash of a recent block.
    /// @param blockNumber The block; one of the 256 most recent, else the hash is zero
    /// @return The block's hash
    function getBlockHash(uint256 blockNumber) external view returns (bytes32) {
        return blockhash(blockNumber);
    }

    /// @notice The current block's number.
    /// @return The block number
    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    /// @notice The current block's coinbase (its validator on BNB Chain).
    /// @return The coinbase address
    function getCurrentBlockCoinbase() external view returns (address) {
        return block.coinbase;
    }

    /// @notice The current block's difficulty: PREVRANDAO since the Merge, as in the canonical contract.
    /// @return The value of block.prevrandao
    function getCurrentBlockDifficulty() external view returns (uint256) {
        return block.prevrandao;
    }

    /// @notice The current block's gas limit.
    /// @return The gas limit
    function getCurrentBlockGasLimit() external view returns (uint256) {
        return block.gaslimit;
    }

    /// @notice The current block's timestamp.
    /// @return The timestamp, in seconds since the epoch
    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    /// @notice The native balance (BNB on BNB Chain) of an address.
    /// @param addr The address
    /// @return The balance, in wei
    function getEthBalance(address addr) external view returns (uint256) {
        return addr.balance;
    }

    /// @notice The previous block's hash.
    /// @return The hash of block number - 1
    function getLastBlockHash() external view returns (bytes32) {
        return blockhash(block.number - 1);
    }

    /// @notice The current block's base fee.
    /// @return The base fee, in wei
    function getBasefee() external view returns (uint256) {
        return block.basefee;
    }

    /// @notice The chain's id (56 on BNB Chain, and on the local chain).
    /// @return The chain id
    function getChainId() external view returns (uint256) {
        return block.chainid;
    }
}
