// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title HookToken: an ERC-20 whose transfers call back, as tokens with transfer hooks can
/// @notice Test-only, outside the product's sources: compiled by the tests themselves
///         (shared/hookToken.ts). Once armed with `setHook`, its next transfer or burn makes the
///         call given, from the token, and passes on that call's revert.
contract HookToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    uint256 public totalSupply;

    address private _hookTarget;
    bytes private _hookData;

    function setHook(address target, bytes calldata data) external {
        _hookTarget = target;
        _hookData = data;
    }

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        totalSupply += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
        _callHook();
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        _callHook();
    }

    function _callHook() private {
        address target = _hookTarget;
        if (target == address(0)) return;
        _hookTarget = address(0);
        (bool ok, bytes memory answer) = target.call(_hookData);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(answer, 32), mload(answer))
            }
        }
    }
}
