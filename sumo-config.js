// SuMo's configuration (its modules load it from the repo root). `npm run mutate` uses SuMo's
// mutation operators on the product contracts and runs each suite itself: docs/testing.md §8.
module.exports = {
  contractsDir: "mocks/contracts",
  testDir: "test/contracts",
  buildDir: "artifacts",
  skipContracts: ["MockToken.sol", "Multicall3.sol"],
  skipTests: [],
  testingTimeOutInSec: 300,
  network: "none",
  testingFramework: "hardhat",
  minimal: false,
  tce: false,
};
