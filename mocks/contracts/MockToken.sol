// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @title MockToken: one of the nine product tokens (MV, ACB, USDT, USDX, X, WXB, USDC, FTB, ZYB)
/// @notice A plain 18-decimal ERC-20. Burnable because synthesis paid in ACB burns it. The only test
///         knob is the owner's `mint`; the mocks exist on the local chain only.
contract MockToken is ERC20, ERC20Burnable, Ownable2Step {
    /// @notice Deploys the token with no supply.
    /// @param name_ The token's name
    /// @param symbol_ The token's symbol
    /// @param owner_ The owner, the only one who may mint
    constructor(string memory name_, string memory symbol_, address owner_) ERC20(name_, symbol_) Ownable(owner_) {}

    /// @notice Creates `amount` tokens for `to`. Local chain only: funds accounts, reserves and liquidity.
    /// @param to The recipient
    /// @param amount The amount to create
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
