// SPDX-License-Identifier: MIT
// A stand-in for BNB Chain's BEP20USDT (0x55d398326f99059fF775485246999027B3197955), written for
// the fork test (docs/operations.md §2): not its verified source, but what a fork relies on. The
// same compiler (0.5.16), name, symbol and 18 decimals, and the same storage layout: the owner in
// slot 0, then balances, allowances, total supply, decimals, symbol and name, so that a balance is
// written where the real token keeps it.
pragma solidity 0.5.16;

contract BEP20USDT {
    // Slot order matters (see above): do not reorder, insert or remove state variables.
    address private _owner;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _totalSupply;
    uint8 private _decimals;
    string private _symbol;
    string private _name;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(uint256 initialSupply) public {
        _owner = msg.sender;
        _name = "Tether USD";
        _symbol = "USDT";
        _decimals = 18;
        _totalSupply = initialSupply;
        _balances[msg.sender] = initialSupply;
        emit OwnershipTransferred(address(0), msg.sender);
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() external view returns (address) { return _owner; }
    function getOwner() external view returns (address) { return _owner; }
    function name() external view returns (string memory) { return _name; }
    function symbol() external view returns (string memory) { return _symbol; }
    function decimals() external view returns (uint8) { return _decimals; }
    function totalSupply() external view returns (uint256) { return _totalSupply; }
    function balanceOf(address account) external view returns (uint256) { return _balances[account]; }
    function allowance(address holder, address spender) external view returns (uint256) { return _allowances[holder][spender]; }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _allow(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        require(allowed >= amount, "BEP20: transfer amount exceeds allowance");
        _move(from, to, amount);
        _allow(from, msg.sender, allowed - amount);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        uint256 next = _allowances[msg.sender][spender] + added;
        require(next >= added, "BEP20: allowance overflow");
        _allow(msg.sender, spender, next);
        return true;
    }

    function decreaseAllowance(address spender, uint256 taken) external returns (bool) {
        uint256 current = _allowances[msg.sender][spender];
        require(current >= taken, "BEP20: decreased allowance below zero");
        _allow(msg.sender, spender, current - taken);
        return true;
    }

    function mint(uint256 amount) external onlyOwner returns (bool) {
        uint256 supply = _totalSupply + amount;
        require(supply >= amount, "BEP20: supply overflow");
        _totalSupply = supply;
        _balances[msg.sender] += amount;
        emit Transfer(address(0), msg.sender, amount);
        return true;
    }

    function burn(uint256 amount) external returns (bool) {
        require(_balances[msg.sender] >= amount, "BEP20: burn amount exceeds balance");
        _balances[msg.sender] -= amount;
        _totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
        return true;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }

    function _move(address from, address to, uint256 amount) private {
        require(from != address(0) && to != address(0), "BEP20: transfer with the zero address");
        require(_balances[from] >= amount, "BEP20: transfer amount exceeds balance");
        _balances[from] -= amount;
        _balances[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _allow(address holder, address spender, uint256 amount) private {
        require(holder != address(0) && spender != address(0), "BEP20: approve with the zero address");
        _allowances[holder][spender] = amount;
        emit Approval(holder, spender, amount);
    }
}
