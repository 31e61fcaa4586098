// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The owner of every product contract is OpenZeppelin's AccessManager, deployed as it is, unchanged
// (docs/decisions/governance.md). This import only makes Hardhat compile it, so that deploy and the
// tests have its artifact and bindings.
// solhint-disable-next-line no-unused-import
import {AccessManager} from "@openzeppelin/contracts/access/manager/AccessManager.sol";
