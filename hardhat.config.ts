import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-toolbox";

import { BSC_CHAIN_ID, BSC_TESTNET_CHAIN_ID } from "./contracts-abi/product";
import { bscHardforkHistory, forkingConfig } from "./scripts/lib/chain";
import { remoteNetworks } from "./scripts/lib/remote-networks";
import { onForkRootHooks } from "./test/contracts/shared/on-fork";
// The chain tasks (time, fund, price, register, account, snapshot, owner changes): docs/operations.md §7.
import "./scripts/tasks";

// The pinned compiler comes from the npm `solc` package, so compiling never downloads anything.
const SOLC_VERSION = "0.8.28";
const SOLC_LONG_VERSION = "0.8.28+commit.7893614a";

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper();
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: SOLC_LONG_VERSION,
  };
});

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      // BNB Chain runs the Cancun instruction set since its Haber hardfork (June 2024). The
      // contracts are deployed once and called often: optimise for calls, not for size.
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 100_000 },
    },
  },
  paths: {
    sources: "./mocks/contracts",
    tests: "./test/contracts",
    // Ignition's journals: deployments/ignition/deployments/<id> (docs/operations.md §9).
    ignition: "./deployments/ignition",
  },
  networks: {
    hardhat: {
      // BNB Chain's id; LOCAL_CHAIN_ID=97 makes a `hardhat node` its testnet instead, for the test
      // of a deployment to bscTestnet (test/contracts/DeployResume.test.ts).
      chainId: process.env.LOCAL_CHAIN_ID === String(BSC_TESTNET_CHAIN_ID) ? BSC_TESTNET_CHAIN_ID : BSC_CHAIN_ID,
      hardfork: "prague",
      chains: { [BSC_CHAIN_ID]: { hardforkHistory: bscHardforkHistory } },
      forking: forkingConfig(process.env),
      // The local stack's node (scripts/lib/stack.ts) behaves as BNB Chain: a transaction that
      // reverts is still mined, and its receipt says so. Sent with the gas a wallet estimated
      // earlier (say, before a price moved), it is not refused at sending, so the app's handling
      // of a mined revert is what the browser tests exercise. In-process tests keep Hardhat's
      // default, which reports a failed transaction where it was sent.
      throwOnTransactionFailures: process.env.LOCAL_NODE_LIKE_BSC !== "1",
    },
    localhost: {
      url: process.env.LOCAL_RPC_URL ?? "http://127.0.0.1:8545",
      chainId: BSC_CHAIN_ID,
    },
    // BNB Smart Chain's testnet and mainnet, from the environment (scripts/lib/remote-networks.ts).
    ...remoteNetworks(),
  },
  // `npx hardhat ignition verify <deployment id>` (docs/operations.md §9): BscScan through
  // Etherscan's v2 API (one Etherscan.io key serves every chain it covers), and Sourcify, which
  // needs no key.
  etherscan: { apiKey: process.env.ETHERSCAN_API_KEY ?? "" },
  sourcify: { enabled: true },
  // The mocks' own bindings go to a separate folder: `typechain-types/` is generated from
  // `contracts-abi/` only (npm run typechain) and must never be overwritten by a compile.
  typechain: {
    outDir: "mocks/types",
    target: "ethers-v6",
  },
  mocha: {
    timeout: 60_000,
    // On a fork, every contract test must stay on it, checked after each and at the end.
    rootHooks: onForkRootHooks(process.env),
  },
  gasReporter: {
    enabled: false,
    offline: true,
  },
};

export default config;
