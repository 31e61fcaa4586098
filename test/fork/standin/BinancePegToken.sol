// SPDX-License-Identifier: MIT
// A stand-in for BNB Chain's Binance-Peg USD Coin (0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d),
// written for the fork test (docs/operations.md §2): not its verified source, but what a fork
// relies on. As the real one: a transparent proxy at the token's address, keeping its
// implementation and admin in the EIP-1967 slots (OpenZeppelin 3's layout), in front of a BEP20
// implementation initialised through the proxy; the same compiler (0.6.4), name, symbol and 18
// decimals; the implementation's storage starts with the initializer's flags, then balances,
// allowances, total supply, name, symbol, decimals, owner and whether it can mint.
pragma solidity 0.6.4;

contract BinancePegTokenImplementation {
    // Slot order matters (see above): do not reorder, insert or remove state variables.
    bool private _initialized;
    bool private _initializing;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _totalSupply;
    string private _name;
    string private _symbol;
    uint8 private _decimals;
    address private _owner;
    bool private _mintable;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    /// Runs once, through the proxy, in the proxy's storage.
    function initialize(string memory name_, string memory symbol_, uint8 decimals_, uint256 amount, bool mintable, address owner_) public {
        require(!_initialized, "already initialized");
        _initialized = true;
        _name = name_;
        _symbol = symbol_;
        _decimals = decimals_;
        _mintable = mintable;
        _owner = owner_;
        _totalSupply = amount;
        _balances[owner_] = amount;
        emit OwnershipTransferred(address(0), owner_);
        emit Transfer(address(0), owner_, amount);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function getOwner() external view returns (address) { return _owner; }
    function mintable() external view returns (bool) { return _mintable; }
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

    function mint(uint256 amount) external onlyOwner returns (bool) {
        require(_mintable, "this token is not mintable");
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

/// A transparent proxy: its admin may only upgrade it or read its slots; everyone else is
/// delegated to the implementation. Both addresses live in the EIP-1967 slots, never in the
/// implementation's own slots.
contract BinancePegProxy {
    // keccak256("eip1967.proxy.implementation") - 1 and keccak256("eip1967.proxy.admin") - 1.
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(address implementation_, address admin_, bytes memory initialization) public payable {
        _store(IMPLEMENTATION_SLOT, implementation_);
        _store(ADMIN_SLOT, admin_);
        emit Upgraded(implementation_);
        emit AdminChanged(address(0), admin_);
        if (initialization.length > 0) {
            (bool ok, ) = implementation_.delegatecall(initialization);
            require(ok, "initialization failed");
        }
    }

    modifier adminOnly() {
        if (msg.sender == _load(ADMIN_SLOT)) {
            _;
        } else {
            _delegate();
        }
    }

    function admin() external adminOnly returns (address) { return _load(ADMIN_SLOT); }
    function implementation() external adminOnly returns (address) { return _load(IMPLEMENTATION_SLOT); }

    function upgradeTo(address next) external adminOnly {
        _store(IMPLEMENTATION_SLOT, next);
        emit Upgraded(next);
    }

    function changeAdmin(address next) external adminOnly {
        require(next != address(0), "new admin is the zero address");
        emit AdminChanged(_load(ADMIN_SLOT), next);
        _store(ADMIN_SLOT, next);
    }

    fallback() external payable {
        require(msg.sender != _load(ADMIN_SLOT), "admin cannot fallback to proxy target");
        _delegate();
    }

    receive() external payable {
        require(msg.sender != _load(ADMIN_SLOT), "admin cannot fallback to proxy target");
        _delegate();
    }

    function _delegate() private {
        address target = _load(IMPLEMENTATION_SLOT);
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    function _load(bytes32 slot) private view returns (address value) {
        assembly { value := sload(slot) }
    }

    function _store(bytes32 slot, address value) private {
        assembly { sstore(slot, value) }
    }
}
